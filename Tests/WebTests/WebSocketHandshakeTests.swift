import Testing
@testable import Web

@Suite struct WebSocketHandshakeTests {
    static func head(_ extra: [HTTPHeader], method: String = "GET", minor: Int = 1, dropping: Set<String> = []) -> HTTPRequestHead {
        let base = [
            HTTPHeader("Host", "box:8080"),
            HTTPHeader("Upgrade", "websocket"),
            HTTPHeader("Connection", "Upgrade"),
            HTTPHeader("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
            HTTPHeader("Sec-WebSocket-Version", "13"),
        ].filter { !dropping.contains($0.name) }
        return HTTPRequestHead(method: method, target: "/ws", minorVersion: minor, headers: base + extra)
    }

    static func refusal(_ head: HTTPRequestHead) -> HTTPRefusal? {
        if case .failure(let r) = WebSocketHandshake.check(head) { return r }
        return nil
    }

    @Test func theRFCsExampleKeyGetsTheRFCsAcceptValue() {
        #expect(WebSocketHandshake.accept(key: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        #expect(WebSocketHandshake.check(Self.head([])) == .success("s3pPLMBiTxaQ9kYGzzhZRbK+xOo="))
    }

    @Test func firefoxsUpgradeIsAcceptedAndItsDeflateOfferIgnored() throws {
        var p = HTTPRequestParser()
        guard case .complete(let head) = p.feed(Array(HTTPRequestParserTests.firefoxUpgrade.utf8)) else { Issue.record("no head"); return }
        let accept = try WebSocketHandshake.check(head).get()
        #expect(accept == WebSocketHandshake.accept(key: "x3JJHMbDL1EzLkh9GBhXDw=="))
        let response = WebSocketHandshake.response(accept: accept)
        #expect(!response.headers.contains { $0.name.lowercased() == "sec-websocket-extensions" }, "no extension is agreed")
        #expect(!response.headers.contains { $0.name.lowercased() == "sec-websocket-protocol" })
    }

    @Test func headerNamesAndTokensAreCaseInsensitiveAndListsAreRead() {
        let h = HTTPRequestHead(method: "GET", target: "/ws", minorVersion: 1, headers: [
            HTTPHeader("host", "a"), HTTPHeader("upgrade", "WebSocket"), HTTPHeader("connection", "keep-alive"),
            HTTPHeader("CONNECTION", " UPGRADE "), HTTPHeader("sec-websocket-key", "AAAAAAAAAAAAAAAAAAAAAA=="),
            HTTPHeader("sec-websocket-version", "13"),
        ])
        #expect((try? WebSocketHandshake.check(h).get()) != nil)
    }

    @Test(arguments: [
        (head([], method: "POST"), 405, "not a GET"),
        (head([], minor: 0), 400, "HTTP/1.0"),
        (head([], dropping: ["Upgrade"]), 426, "no Upgrade"),
        (head([HTTPHeader("Upgrade", "h2c")], dropping: ["Upgrade"]), 426, "Upgrade to something else"),
        (head([], dropping: ["Connection"]), 400, "no Connection: Upgrade"),
        (head([HTTPHeader("Connection", "keep-alive")], dropping: ["Connection"]), 400, "Connection without Upgrade"),
        (head([], dropping: ["Sec-WebSocket-Version"]), 426, "no version"),
        (head([HTTPHeader("Sec-WebSocket-Version", "8")], dropping: ["Sec-WebSocket-Version"]), 426, "version 8"),
        (head([HTTPHeader("Sec-WebSocket-Version", "13")]), 426, "the version twice"),
        (head([], dropping: ["Sec-WebSocket-Key"]), 400, "no key"),
        (head([HTTPHeader("Sec-WebSocket-Key", "AAAA")], dropping: ["Sec-WebSocket-Key"]), 400, "a 3-byte key"),
        (head([HTTPHeader("Sec-WebSocket-Key", "AAAAAAAAAAAAAAAAAAAAAAAA")], dropping: ["Sec-WebSocket-Key"]), 400, "an 18-byte key"),
        (head([HTTPHeader("Sec-WebSocket-Key", "not base64 at all!!!!!==")], dropping: ["Sec-WebSocket-Key"]), 400, "not base64"),
        (head([HTTPHeader("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==")]), 400, "two keys"),
    ])
    func aBadUpgradeGetsItsStatus(_ head: HTTPRequestHead, _ status: Int, _ what: String) {
        #expect(Self.refusal(head)?.status.code == status, "\(what)")
    }

    @Test func aWrongVersionIsToldTheOneSpoken() {
        let r = Self.refusal(Self.head([HTTPHeader("Sec-WebSocket-Version", "8")], dropping: ["Sec-WebSocket-Version"]))
        #expect(r?.headers == [HTTPHeader("Sec-WebSocket-Version", "13")])
    }
}
