import HostService
import Testing
import WebServer

/// What the QR code says and which pages may open the WebSocket.
@Suite struct PlayersAddressTests {
    static let interfaces = ["127.0.0.1", "192.168.1.20", "10.0.0.5"]

    @Test func theDefaultIsTheFirstAddressThatIsNotLoopback() throws {
        let a = PlayersAddress(given: nil, listen: try ListenAddress(parsing: "0.0.0.0:8080"), port: 8080, interfaces: Self.interfaces)
        #expect(a.publicURL == "http://192.168.1.20:8080")
        #expect(a.allowedOrigins == ["http://192.168.1.20:8080", "http://127.0.0.1:8080", "http://10.0.0.5:8080", "http://localhost:8080"])
        #expect(!a.isLoopbackOnly)
    }

    @Test func oneAddressListenedOnIsTheOneShown() throws {
        let a = PlayersAddress(given: nil, listen: try ListenAddress(parsing: "10.0.0.5:80"), port: 80, interfaces: Self.interfaces)
        #expect(a.publicURL == "http://10.0.0.5", "port 80 is not written")
        #expect(a.allowedOrigins.first == "http://10.0.0.5")
        let loop = PlayersAddress(given: nil, listen: try ListenAddress(parsing: "127.0.0.1:0"), port: 41234, interfaces: Self.interfaces)
        #expect(loop.publicURL == "http://127.0.0.1:41234" && loop.isLoopbackOnly)
        let none = PlayersAddress(given: nil, listen: try ListenAddress(parsing: "8080"), port: 8080, interfaces: ["127.0.0.1"])
        #expect(none.publicURL == "http://127.0.0.1:8080" && none.isLoopbackOnly)
    }

    @Test func aGivenURLIsWhatTheCodeSaysAndAnOriginTheBoxAccepts() throws {
        let a = PlayersAddress(given: "https://Quiz.Example/", listen: try ListenAddress(parsing: "0.0.0.0:8080"), port: 8080,
                               interfaces: Self.interfaces)
        #expect(a.publicURL == "https://Quiz.Example")
        #expect(a.allowedOrigins.first == "https://quiz.example")
        #expect(a.allowedOrigins.contains("http://192.168.1.20:8080"), "the box's own addresses still work")
    }

    @Test(arguments: [
        ("http://box.local:8080", nil),
        ("https://quiz.example/night", nil),
        ("ftp://x", "expected http://HOST[:PORT] or https://…"),
        ("http://", "the URL has no host"),
        ("http://x/?a=1", "the URL may not have a query or a fragment"),
        ("http://x y", "the URL may hold only printable ASCII (no spaces)"),
    ] as [(String, String?)])
    func publicURLsAreChecked(_ url: String, _ why: String?) {
        #expect(PlayersAddress.checkPublicURL(url) == why)
    }
}
