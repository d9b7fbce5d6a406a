import Glibc
import Platform
import Testing
import Web
@testable import WebServer

/// The plain HTTP side over real sockets: routes, statuses, the headers every page carries,
/// and one response per connection.
@Suite struct WebServerHTTPTests {
    static func get(_ s: EchoServer, _ request: String) throws -> WireClient {
        let c = try s.client()
        c.write(request)
        #expect(c.wait { c.ended }, "the server closes after one response")
        return c
    }

    @Test func aRouteIsServedWithItsTypeCachePolicyAndTheSecurityHeaders() throws {
        let s = try EchoServer()
        let c = try Self.get(s, "GET / HTTP/1.1\r\nHost: box\r\n\r\n")
        #expect(c.status == 200)
        #expect(c.header("Content-Type") == "text/html; charset=utf-8")
        #expect(c.header("Content-Length") == "\(EchoServer.page.count)")
        #expect(c.header("Cache-Control") == "no-cache")
        #expect(c.header("X-Content-Type-Options") == "nosniff")
        #expect(c.header("Connection") == "close")
        let csp = try #require(c.header("Content-Security-Policy"))
        #expect(csp.contains("script-src 'self'") && csp.contains("default-src 'self'") && !csp.contains("unsafe-inline"))
        #expect(c.header("Date")?.hasSuffix(" GMT") == true)
        #expect(c.body == EchoServer.page)
        let js = try Self.get(s, "GET /app.js?v=2 HTTP/1.1\r\nHost: box\r\n\r\n")
        #expect(js.header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(js.header("Cache-Control") == "max-age=60")
        #expect(s.server.statistics.responses == 2)
    }

    @Test func theJoinURLIsThePageAndThePrefixAloneIsNot() throws {
        let s = try EchoServer()
        #expect(try Self.get(s, "GET /j/482113 HTTP/1.1\r\nHost: box\r\n\r\n").body == EchoServer.page)
        #expect(try Self.get(s, "GET /j/ HTTP/1.1\r\nHost: box\r\n\r\n").status == 404)
    }

    @Test func headGetsTheHeadersWithoutTheBody() throws {
        let s = try EchoServer()
        let c = try Self.get(s, "HEAD / HTTP/1.1\r\nHost: box\r\n\r\n")
        #expect(c.status == 200)
        #expect(c.header("Content-Length") == "\(EchoServer.page.count)")
        #expect(c.body.isEmpty)
    }

    @Test(arguments: [
        ("GET /nothing-here HTTP/1.1\r\nHost: box\r\n\r\n", 404),
        ("GET /index.html HTTP/1.1\r\nHost: box\r\n\r\n", 404),
        ("POST / HTTP/1.1\r\nHost: box\r\nContent-Length: 3\r\n\r\nabc", 405),
        ("DELETE /ws HTTP/1.1\r\nHost: box\r\n\r\n", 405),
        ("OPTIONS / HTTP/1.1\r\nHost: box\r\n\r\n", 405),
        ("BREW /pot HTTP/1.1\r\nHost: box\r\n\r\n", 501),
        ("GET / HTTP/1.1\r\nHost: box\r\nContent-Length: 5\r\n\r\nhello", 400),
        ("GET / HTTP/1.1\r\nHost: box\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\n\r\n", 400),
        ("GET / HTTP/2.0\r\nHost: box\r\n\r\n", 505),
        ("GET /ws HTTP/1.1\r\nHost: box\r\n\r\n", 426),
        ("GET / HTTP/1.1\r\nHost: box\r\nX: " + String(repeating: "a", count: 5000) + "\r\n\r\n", 431),
        ("GET /" + String(repeating: "a", count: 3000) + " HTTP/1.1\r\nHost: box\r\n\r\n", 414),
    ])
    func aBadRequestGetsItsStatusAndTheConnectionCloses(_ request: String, _ status: Int) throws {
        let s = try EchoServer()
        let c = try Self.get(s, request)
        #expect(c.status == status, "\(c.head ?? c.text)")
        #expect(c.header("Content-Security-Policy") != nil, "error pages carry the policy too")
        if status == 405 { #expect(c.header("Allow") == (request.contains(" /ws ") ? "GET" : "GET, HEAD")) }
        if status == 426 { #expect(c.header("Upgrade") == "websocket") }
        // The server shut its side and lingers for the client's: closing it ends the connection.
        c.hangUp()
        #expect(c.wait { s.server.connectionCount == 0 })
    }

    /// A client that shuts its sending side right after the request still gets the answer.
    @Test func aHalfClosedClientStillGetsItsResponse() throws {
        let s = try EchoServer()
        let c = try s.client()
        c.write("GET / HTTP/1.1\r\nHost: box\r\n\r\n")
        _ = Glibc.shutdown(c.socket.rawValue, Int32(SHUT_WR))
        #expect(c.wait { c.ended })
        #expect(c.body == EchoServer.page)
    }

    @Test func aBrowsersPageAndItsWebSocketMayComeFromTheBoxOnly() throws {
        let s = try EchoServer()
        #expect(try s.client().upgrade(origin: "http://box.local:8080") == 101)
        #expect(try s.client().upgrade(origin: "HTTP://Box.Local:8080") == 101, "origins compare ignoring case")
        #expect(try s.client().upgrade(origin: "http://192.168.1.20:8080") == 101)
        #expect(try s.client().upgrade() == 101, "no Origin: a native app")
        let evil = try s.client()
        #expect(evil.upgrade(origin: "http://evil.example") == 403)
        #expect(evil.wait { evil.ended })
        #expect(try s.client().upgrade(origin: "http://box.local:8081") == 403)
        #expect(try s.client().upgrade(origin: "null") == 403, "a sandboxed or file page")
        #expect(s.opened.count == 4)
    }

    /// A client offering compression gets plain frames: the 101 lists no extension.
    @Test func theUpgradeAnswerAcceptsTheKeyAndNoExtension() throws {
        let s = try EchoServer()
        let c = try s.client()
        #expect(c.upgrade(extra: "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\nSec-WebSocket-Protocol: chat\r\n") == 101)
        #expect(c.header("Sec-WebSocket-Accept") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        #expect(c.header("Sec-WebSocket-Extensions") == nil)
        #expect(c.header("Sec-WebSocket-Protocol") == nil)
    }

    @Test(arguments: ["8080", "0.0.0.0:8080", "127.0.0.1:0", "[::1]:8080", "[::]:0"])
    func listenAddressesParse(_ text: String) throws {
        let a = try ListenAddress(parsing: text)
        #expect(a.description == (text.contains(":") ? text : "0.0.0.0:" + text))
    }

    @Test(arguments: ["", "box:8080", "8080x", "65536", "127.0.0.1:", "1.2.3:80", "[::1]8080", "[zz]:80", ":80", "-1"])
    func badListenAddressesAreRefused(_ text: String) {
        #expect(throws: ListenAddressError.self) { try ListenAddress(parsing: text) }
    }

    @Test(arguments: [
        ("http://192.168.1.20:8080", "http://192.168.1.20:8080"),
        ("http://Box.Local:80/j/1", "http://box.local"),
        ("https://quiz.example:443/", "https://quiz.example"),
        ("https://quiz.example:8443?x", "https://quiz.example:8443"),
        ("http://user@box:8080/", "http://box:8080"),
        ("http://box:8080", "http://box:8080"),
    ])
    func theOriginOfAPublicURL(_ url: String, _ origin: String) {
        #expect(WebServerConfiguration.origin(of: url) == origin)
    }

    @Test func theOriginOfSomethingElseIsNone() {
        #expect(WebServerConfiguration.origin(of: "ftp://box") == nil)
        #expect(WebServerConfiguration.origin(of: "http://") == nil)
    }

    @Test func aPortInUseIsAnErrorAtStart() throws {
        let s = try EchoServer()
        var config = WebServerConfiguration(address: try ListenAddress(parsing: "127.0.0.1:\(s.port)"))
        config.routes = [:]
        #expect(throws: SystemError.self) { try WebServer(loop: s.loop, configuration: config) }
    }

    @Test func theOpenFileLimitIsRaisedToTheHardLimit() {
        var r = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &r)
        #expect(OpenFileLimit.raise() == Int(clamping: r.rlim_max))
    }
}
