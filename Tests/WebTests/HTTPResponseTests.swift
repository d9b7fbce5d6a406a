import Testing
import Web

@Suite struct HTTPResponseTests {
    @Test func aResponseIsItsStatusLineHeadersLengthAndBody() {
        let r = HTTPResponse(.notFound, headers: [HTTPHeader("Content-Type", "text/plain; charset=utf-8")], body: Array("nope".utf8))
        #expect(String(decoding: r.serialized(), as: UTF8.self)
            == "HTTP/1.1 404 Not Found\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 4\r\n\r\nnope")
        #expect(String(decoding: r.serialized(includeBody: false), as: UTF8.self)
            == "HTTP/1.1 404 Not Found\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 4\r\n\r\n", "HEAD: the length it would have")
    }

    @Test func aSwitchingProtocolsAnswerHasNoLength() {
        let text = String(decoding: WebSocketHandshake.response(accept: "abc=").serialized(), as: UTF8.self)
        #expect(text == "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: abc=\r\n\r\n")
    }

    @Test func nothingAValueHoldsCanStartANewLine() {
        let r = HTTPResponse(.ok, headers: [HTTPHeader("X-A", "one\r\nSet-Cookie: evil\u{0}")])
        let text = String(decoding: r.serialized(), as: UTF8.self)
        #expect(text == "HTTP/1.1 200 OK\r\nX-A: one  Set-Cookie: evil \r\nContent-Length: 0\r\n\r\n")
    }

    @Test(arguments: [
        (0, "Thu, 01 Jan 1970 00:00:00 GMT"),
        (784_111_777, "Sun, 06 Nov 1994 08:49:37 GMT"),  // RFC 9110's example
        (951_782_400, "Tue, 29 Feb 2000 00:00:00 GMT"),
        (1_709_251_199, "Thu, 29 Feb 2024 23:59:59 GMT"),
        (4_102_444_800, "Fri, 01 Jan 2100 00:00:00 GMT"),
        (-1, "Wed, 31 Dec 1969 23:59:59 GMT"),
    ])
    func datesAreIMFFixdate(_ seconds: Int, _ text: String) {
        #expect(HTTPDate.format(epochSeconds: seconds) == text)
    }
}
