import Testing
@testable import Web

/// The request parser on real requests (whole and in every split) and on every rule it
/// enforces, each a malformed request with the status it must get.
@Suite struct HTTPRequestParserTests {
    /// What Chromium 120 on Android sends for the QR code's URL.
    static let chromium = """
        GET /j/482113 HTTP/1.1\r
        Host: 192.168.1.20:8080\r
        Connection: keep-alive\r
        Upgrade-Insecure-Requests: 1\r
        User-Agent: Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36\r
        Accept: text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8\r
        Accept-Encoding: gzip, deflate\r
        Accept-Language: ja-JP,ja;q=0.9,en-US;q=0.8,en;q=0.7\r
        \r

        """

    /// Firefox's WebSocket upgrade (it lists keep-alive before Upgrade, and offers deflate).
    static let firefoxUpgrade = """
        GET /ws HTTP/1.1\r
        Host: 192.168.1.20:8080\r
        User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0\r
        Accept: */*\r
        Sec-WebSocket-Version: 13\r
        Origin: http://192.168.1.20:8080\r
        Sec-WebSocket-Extensions: permessage-deflate\r
        Sec-WebSocket-Key: x3JJHMbDL1EzLkh9GBhXDw==\r
        Connection: keep-alive, Upgrade\r
        Pragma: no-cache\r
        Cache-Control: no-cache\r
        Upgrade: websocket\r
        \r

        """

    static func parse(_ text: String, limits: HTTPLimits = HTTPLimits()) -> HTTPRequestParser.Progress {
        var p = HTTPRequestParser(limits: limits)
        return p.feed(Array(text.utf8))
    }

    static func status(_ text: String, limits: HTTPLimits = HTTPLimits()) -> Int? {
        if case .refused(let r) = parse(text, limits: limits) { return r.status.code }
        return nil
    }

    static func head(_ text: String) -> HTTPRequestHead? {
        if case .complete(let h) = parse(text) { return h }
        return nil
    }

    @Test func aBrowsersRequestParsesWithEveryHeaderInOrder() throws {
        let head = try #require(Self.head(Self.chromium))
        #expect(head.method == "GET")
        #expect(head.target == "/j/482113")
        #expect(head.path == "/j/482113")
        #expect(head.minorVersion == 1)
        #expect(head.headers.count == 7)
        #expect(head.headers.first == HTTPHeader("Host", "192.168.1.20:8080"))
        #expect(head.value("accept-language") == "ja-JP,ja;q=0.9,en-US;q=0.8,en;q=0.7")
        #expect(!head.hasBody)
    }

    /// The same head whatever pieces the bytes arrive in: every split into two, and byte by byte.
    @Test(arguments: [chromium, firefoxUpgrade])
    func theHeadIsTheSameInAnyPieces(_ text: String) throws {
        let bytes = Array(text.utf8)
        let whole = try #require(Self.head(text))
        for cut in 0...bytes.count {
            var p = HTTPRequestParser()
            let first = p.feed(Array(bytes[..<cut]))
            if cut < bytes.count { #expect(first == .needMore, "cut at \(cut)") }
            #expect(p.feed(Array(bytes[cut...])) == .complete(whole), "cut at \(cut)")
        }
        var p = HTTPRequestParser()
        var last = HTTPRequestParser.Progress.needMore
        for b in bytes { last = p.feed([b]) }
        #expect(last == .complete(whole))
    }

    @Test func whatFollowsTheHeadIsKeptAndTheAnswerDoesNotChange() throws {
        var p = HTTPRequestParser()
        let frame: [UInt8] = [0x81, 0x85, 1, 2, 3, 4, 5, 6, 7, 8, 9]
        let progress = p.feed(Array(Self.firefoxUpgrade.utf8) + frame)
        guard case .complete(let head) = progress else { Issue.record("\(progress)"); return }
        #expect(head.lists("Connection", token: "upgrade"))
        #expect(head.lists("Upgrade", token: "WebSocket"))
        #expect(!head.lists("Connection", token: "close"))
        #expect(Array(p.remainder) == frame)
        #expect(p.feed(Array("GET /other HTTP/1.1\r\n".utf8)) == progress, "one request per parser")
    }

    @Test func emptyLinesBeforeTheRequestLineAreSkippedAndHTTP10NeedsNoHost() throws {
        let head = try #require(Self.head("\r\n\r\nGET /a?b=c HTTP/1.0\r\n\r\n"))
        #expect(head.minorVersion == 0)
        #expect(head.path == "/a")
        #expect(head.target == "/a?b=c")
    }

    @Test func aLaterMinorVersionIsReadAsHTTP11() throws {
        #expect(Self.head("GET / HTTP/1.7\r\nHost: a\r\n\r\n")?.minorVersion == 1)
    }

    @Test func valuesLoseTheirSurroundingWhiteSpaceAndKeepTabsAndHighBytesInside() throws {
        var p = HTTPRequestParser()
        let bytes = Array("GET / HTTP/1.1\r\nHost:a\r\nX-Thing: \t one\ttwo \t\r\nX-Raw: caf".utf8) + [0xC3, 0xA9] + Array("\r\n\r\n".utf8)
        guard case .complete(let head) = p.feed(bytes) else { Issue.record("not complete"); return }
        #expect(head.value("Host") == "a")
        #expect(head.value("x-thing") == "one\ttwo")
        #expect(head.value("X-RAW") == "café")
    }

    @Test func framingHeadersSayWhatBodyFollows() {
        #expect(Self.head("POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 12\r\n\r\n")?.bodyLength == 12)
        #expect(Self.head("POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Length: 5\r\n\r\n")?.bodyLength == 5)
        #expect(Self.head("POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n")?.bodyLength == -1)
        #expect(Self.head("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n")?.hasBody == false)
    }

    static let long = String(repeating: "a", count: 2048)

    /// Each malformed request and the status it gets.
    static let refusals: [(String, Int, String)] = [
        ("GET / HTTP/1.1\nHost: a\n\n", 400, "bare LF"),
        ("GET / HTTP/1.1\r\nHost: a\n\r\n", 400, "one bare LF"),
        ("\n", 400, "a lone LF"),
        ("GET / HTTP/1.1\r\nHost: a\rb\r\n\r\n", 400, "bare CR in a value"),
        ("GET  / HTTP/1.1\r\nHost: a\r\n\r\n", 400, "two spaces"),
        (" GET / HTTP/1.1\r\nHost: a\r\n\r\n", 400, "leading space"),
        ("GET / HTTP/1.1 \r\nHost: a\r\n\r\n", 400, "trailing space"),
        ("GET /\r\n\r\n", 400, "HTTP/0.9, no version"),
        ("GET / http/1.1\r\nHost: a\r\n\r\n", 400, "lowercase version"),
        ("GET / HTTP/1.10\r\nHost: a\r\n\r\n", 400, "two-digit minor"),
        ("GET / HTTP/2.0\r\nHost: a\r\n\r\n", 505, "HTTP/2"),
        ("GET / HTTP/0.9\r\nHost: a\r\n\r\n", 505, "HTTP/0.9 by name"),
        ("GET / HTTP/3.1\r\nHost: a\r\n\r\n", 505, "HTTP/3"),
        ("GET http://a/ HTTP/1.1\r\nHost: a\r\n\r\n", 400, "absolute form"),
        ("OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n", 400, "asterisk form"),
        ("CONNECT a:443 HTTP/1.1\r\nHost: a\r\n\r\n", 400, "authority form"),
        ("GET /\u{7F} HTTP/1.1\r\nHost: a\r\n\r\n", 400, "DEL in the target"),
        ("GET /é HTTP/1.1\r\nHost: a\r\n\r\n", 400, "non-ASCII target"),
        ("G(T / HTTP/1.1\r\nHost: a\r\n\r\n", 400, "method not a token"),
        (String(repeating: "G", count: 33) + " / HTTP/1.1\r\nHost: a\r\n\r\n", 400, "a 33-byte method"),
        ("GET /" + long + " HTTP/1.1\r\nHost: a\r\n\r\n", 414, "a 2049-byte target"),
        ("GET / HTTP/1.1\r\nHost : a\r\n\r\n", 400, "space before the colon"),
        ("GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n", 400, "obs-fold"),
        ("GET / HTTP/1.1\r\n\tX: a\r\nHost: a\r\n\r\n", 400, "a line starting with a tab"),
        ("GET / HTTP/1.1\r\nHost: a\r\nNo colon here\r\n\r\n", 400, "no colon"),
        ("GET / HTTP/1.1\r\nHost: a\r\n: empty name\r\n\r\n", 400, "empty name"),
        ("GET / HTTP/1.1\r\nHost: a\r\nX(y): z\r\n\r\n", 400, "name not a token"),
        ("GET / HTTP/1.1\r\nHost: a\r\nX: a\u{0}b\r\n\r\n", 400, "NUL in a value"),
        ("GET / HTTP/1.1\r\nHost: a\r\nX: a\u{1}b\r\n\r\n", 400, "a control in a value"),
        ("GET / HTTP/1.1\r\nHost: a\r\nX: a\u{7F}\r\n\r\n", 400, "DEL in a value"),
        ("GET / HTTP/1.1\r\n\r\n", 400, "HTTP/1.1 without Host"),
        ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400, "two Hosts"),
        ("GET / HTTP/1.0\r\nHost: a\r\nhost: a\r\n\r\n", 400, "two Hosts in 1.0"),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: abc\r\n\r\n", 400, "Content-Length not a number"),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n", 400, "negative Content-Length"),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 5, 5\r\n\r\n", 400, "a Content-Length list"),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n", 400, "two different Content-Lengths"),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 1234567890123456789\r\n\r\n", 400, "a 19-digit Content-Length"),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n", 400, "both framings"),
        ("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n", 400, "Transfer-Encoding in 1.0"),
        ("GET / HTTP/1.1\r\nHost: a\r\n" + String(repeating: "X: y\r\n", count: 64) + "\r\n", 431, "65 header fields"),
        ("GET / HTTP/1.1\r\nHost: a\r\nX: " + String(repeating: "v", count: 4094) + "\r\n\r\n", 431, "a 4097-byte header line"),
        ("GET / HTTP/1.1\r\nHost: a\r\n" + String(repeating: "X: " + String(repeating: "v", count: 997) + "\r\n", count: 9) + "\r\n", 431, "a 9 KiB head"),
        (String(repeating: "\r\n", count: 4100) + "GET / HTTP/1.1\r\nHost: a\r\n\r\n", 400, "only empty lines"),
    ]

    @Test(arguments: refusals)
    func aMalformedRequestIsRefusedWithItsStatus(_ text: String, _ status: Int, _ what: String) {
        #expect(Self.status(text) == status, "\(what)")
    }

    /// Limits hold while the bytes are still coming: a client trickling an endless line is
    /// refused when it passes the limit, not when (if ever) it ends the line.
    @Test func aLineOverItsLimitIsRefusedBeforeItEnds() {
        var target = HTTPRequestParser()
        #expect(target.feed(Array("GET /".utf8)) == .needMore)
        #expect(target.feed(Array(Self.long.utf8)) == .needMore, "2048 bytes of target: still allowed")
        guard case .refused(let r) = target.feed(Array(String(repeating: "a", count: 64).utf8)) else { Issue.record("not refused"); return }
        #expect(r.status == .uriTooLong)

        var header = HTTPRequestParser()
        #expect(header.feed(Array("GET / HTTP/1.1\r\nHost: a\r\nX: ".utf8)) == .needMore)
        guard case .refused(let h) = header.feed(Array(String(repeating: "v", count: 4100).utf8)) else { Issue.record("not refused"); return }
        #expect(h.status == .headersTooLarge)
        #expect(header.bufferedBytes == 0, "a refused request holds no bytes")

        var noSpace = HTTPRequestParser()
        guard case .refused(let n) = noSpace.feed(Array(String(repeating: "G", count: 3000).utf8)) else { Issue.record("not refused"); return }
        #expect(n.status == .badRequest)
    }

    @Test func limitsCanBeTightened() {
        var limits = HTTPLimits()
        limits.headerCount = 2
        limits.target = 8
        #expect(Self.status("GET / HTTP/1.1\r\nHost: a\r\nA: b\r\nC: d\r\n\r\n", limits: limits) == 431)
        #expect(Self.status("GET /12345678 HTTP/1.1\r\nHost: a\r\n\r\n", limits: limits) == 414, "9 bytes")
        #expect(Self.status("GET /1234567 HTTP/1.1\r\nHost: a\r\n\r\n", limits: limits) == nil, "8 bytes")
    }
}
