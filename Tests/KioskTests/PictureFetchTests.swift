import Glibc
import Kiosk
import Media
import Pictures
import Pixels
import Platform
import QuizContract
import TestSupport
import Testing

/// A picture's `url` over HTTPS, from a local server whose certificate a throwaway CA signed:
/// fetched only when the bytes did not come over MQTT, verified by its digest, cached (a
/// second screen on the same cache asks nothing), and every way a URL can fail — 404, a
/// redirect to http, a slow server, a certificate nobody vouches for, not an image, too big,
/// another picture's bytes — gives the placeholder and one line, without holding up the loop.
@Suite struct PictureFetchTests {
    typealias Fixture = PictureStoreTests.Fixture

    static let photo = TestMedia.bytes("photo.webp")
    static let sha = SHA256.hex(photo)

    @Test(.enabled(if: access("/usr/bin/openssl", X_OK) == 0 && access("/usr/bin/python3", X_OK) == 0))
    func fetchedVerifiedAndCachedSoTheNextScreenAsksNothing() async throws {
        let server = try await LocalHTTPS()
        #expect(server.port > 0)
        let f = try Fixture(fetch: PictureFetch.Settings(caFile: server.ca))
        let state = f.state(Self.sha, url: server.url("/ok/photo.webp"))
        f.store.show(state)
        #expect(await f.run { f.ready(Self.sha) }, "\(f.store.problem(Self.sha) ?? "")")
        #expect(server.requests == ["/ok/photo.webp"])
        // A screen started again on the same cache folder: no request.
        let g = try Fixture(fetch: PictureFetch.Settings(caFile: server.ca), cacheDir: f.cacheDir)
        g.store.show(state)
        #expect(await g.run { g.ready(Self.sha) })
        #expect(server.requests == ["/ok/photo.webp"])
    }

    @Test(.enabled(if: access("/usr/bin/openssl", X_OK) == 0 && access("/usr/bin/python3", X_OK) == 0))
    func bytesFromTheBrokerAreNeverFetched() async throws {
        let server = try await LocalHTTPS()
        let f = try Fixture(fetch: PictureFetch.Settings(caFile: server.ca))
        f.store.receive(Self.photo, sha256: Self.sha, from: "quizkiosk/r/media/\(Self.sha)")
        f.store.show(f.state(Self.sha, url: server.url("/ok/photo.webp")))
        #expect(await f.run { f.ready(Self.sha) })
        #expect(server.requests.isEmpty)
    }

    /// A libcurl that does not take an option (here a CA path over its 8 MB input limit) does
    /// not fetch with less protection: the fetch is refused, in one line naming the option.
    @Test func anOptionLibcurlRefusesRefusesTheFetch() async throws {
        let f = try Fixture(fetch: PictureFetch.Settings(caFile: String(repeating: "a", count: 8_000_001)))
        f.store.show(f.state(Self.sha, url: "https://127.0.0.1:9/ok/photo.webp"))
        #expect(await f.run { f.settled(Self.sha) })
        let problem = try #require(f.store.problem(Self.sha))
        #expect(problem.contains("this libcurl refused CURLOPT_CAINFO"), "\(problem)")
    }

    static let failures: [(path: String, bytes: [UInt8], trusted: Bool, expected: String)] = [
        ("/404", photo, true, "HTTP 404"),
        ("/redirect-http/photo.webp", photo, true, "only https:// is followed"),
        ("/slow", photo, true, "too slow"),
        ("/ok/photo.webp", photo, false, "certificate cannot be verified"),
        ("/html", Array("<html><body>not found</body></html>".utf8), true, "not an image"),
        ("/big", photo, true, "over the 8388608-byte limit"),
        ("/ok/alpha.png", photo, true, "hash"),
    ]

    @Test(.enabled(if: access("/usr/bin/openssl", X_OK) == 0 && access("/usr/bin/python3", X_OK) == 0),
          arguments: failures.indices)
    func everyBadURLGivesThePlaceholderAndOneLine(_ k: Int) async throws {
        let (path, bytes, trusted, expected) = Self.failures[k]
        let server = try await LocalHTTPS()
        var settings = PictureFetch.Settings(caFile: trusted ? server.ca : nil)
        // Short for the slow server only: a loaded machine may take seconds for the others' TLS.
        if path == "/slow" { settings.timeout = 2 }
        let f = try Fixture(fetch: settings)
        let capture = LogCapture(containing: "127.0.0.1:\(server.port)")
        let sha = SHA256.hex(bytes)
        f.store.show(f.state(sha, url: server.url(path)))
        #expect(await f.run(until: { f.store.problem(sha) != nil }, timeout: 20), "\(path)")
        #expect(!f.ready(sha))
        #expect(capture.all.count == 1 && capture.all.first?.contains(expected) == true, "\(path): \(capture.all)")
        // The fetch (seconds, for the slow one) ran on its own thread: no turn of the loop,
        // lookups included, waited for it.
        #expect(f.longestTurn < 0.5, "a turn of the loop took \(f.longestTurn) s during \(path)")
    }

    /// A URL with a user name and password: its line names the URL with `***` in their place.
    @Test(.enabled(if: access("/usr/bin/openssl", X_OK) == 0 && access("/usr/bin/python3", X_OK) == 0))
    func aFailedURLIsLoggedWithoutItsPassword() async throws {
        let server = try await LocalHTTPS()
        let f = try Fixture(fetch: PictureFetch.Settings(caFile: server.ca))
        let capture = LogCapture(containing: "127.0.0.1:\(server.port)")
        f.store.show(f.state(Self.sha, url: "https://quiz:s3cret@127.0.0.1:\(server.port)/404"))
        #expect(await f.run(until: { f.store.problem(Self.sha) != nil }, timeout: 20))
        #expect(capture.all.count == 1, "\(capture.all)")
        #expect(capture.all.allSatisfy { $0.contains("https://***@127.0.0.1:\(server.port)/404") && !$0.contains("s3cret") && !$0.contains("quiz:") },
                "\(capture.all)")
    }

    @Test(.enabled(if: access("/usr/bin/openssl", X_OK) == 0 && access("/usr/bin/python3", X_OK) == 0))
    func aRedirectToHTTPSIsFollowed() async throws {
        let server = try await LocalHTTPS()
        let f = try Fixture(fetch: PictureFetch.Settings(caFile: server.ca))
        f.store.show(f.state(Self.sha, url: server.url("/redirect-https/photo.webp")))
        #expect(await f.run { f.ready(Self.sha) }, "\(f.store.problem(Self.sha) ?? "")")
        #expect(server.requests == ["/redirect-https/photo.webp", "/ok/photo.webp"])
    }
}
