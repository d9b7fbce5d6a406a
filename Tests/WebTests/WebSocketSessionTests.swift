import TestSupport
import Testing
import Web

func clientFrame(_ opcode: UInt8, _ payload: [UInt8], fin: Bool = true, rsv: UInt8 = 0, masked: Bool = true, lengthForm: Int? = nil) -> [UInt8] {
    ClientFrame.make(opcode, payload, fin: fin, rsv: rsv, masked: masked, lengthForm: lengthForm)
}
func text(_ s: String, fin: Bool = true) -> [UInt8] { ClientFrame.text(s, fin: fin) }
func continuation(_ s: String, fin: Bool = true) -> [UInt8] { ClientFrame.continuation(s, fin: fin) }
func closeFrame(_ code: UInt16, _ reason: [UInt8] = []) -> [UInt8] { ClientFrame.close(code, reason) }

/// Every rule of the server's side of RFC 6455, each a frame sequence and what must come of it.
@Suite struct WebSocketSessionTests {
    static func run(_ bytes: [UInt8], limits: WebSocketLimits = WebSocketLimits()) -> (events: [WebSocketEvent], state: WebSocketSession.State) {
        var s = WebSocketSession(limits: limits)
        var events: [WebSocketEvent] = []
        s.receive(bytes, into: &events)
        return (events, s.state)
    }

    /// The code a sequence fails with, nil when it does not fail.
    static func failure(_ bytes: [UInt8], limits: WebSocketLimits = WebSocketLimits()) -> UInt16? {
        for e in run(bytes, limits: limits).events { if case .failed(let code, _, _) = e { return code } }
        return nil
    }

    @Test func theRFCsMaskedHelloIsOneTextMessage() {
        // RFC 6455 §5.7: a single-frame masked text message containing "Hello".
        let hello: [UInt8] = [0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58]
        #expect(Self.run(hello).events == [.text("Hello")])
        #expect(Self.run(hello).state == .open)
    }

    @Test func theSameEventsArriveWhateverThePieces() {
        let stream = text("{\"type\":\"join\"}") + clientFrame(0x9, Array("p".utf8)) + text("Hé", fin: false)
            + clientFrame(0xA, []) + continuation("llo 🎉") + text(String(repeating: "x", count: 300)) + closeFrame(1000, Array("bye".utf8))
        let whole = Self.run(stream).events
        #expect(whole.count == 5)
        for piece in [1, 2, 3, 7, 13] {
            var s = WebSocketSession()
            var events: [WebSocketEvent] = []
            var i = 0
            while i < stream.count {
                s.receive(Array(stream[i..<min(stream.count, i + piece)]), into: &events)
                i += piece
            }
            #expect(events == whole, "in pieces of \(piece)")
        }
    }

    @Test func fragmentsWithControlFramesBetweenThemAreOneMessage() {
        let events = Self.run(text("Hel", fin: false) + clientFrame(0x9, [1, 2]) + continuation("lo", fin: false) + continuation("!")).events
        #expect(events == [.ping(pong: [0x8A, 0x02, 1, 2]), .text("Hello!")])
    }

    /// A character split between fragments is whole once they are joined.
    @Test func aCharacterSplitAcrossFragmentsIsValid() {
        let e = Array("é".utf8)
        #expect(Self.run(clientFrame(0x1, [e[0]], fin: false) + clientFrame(0x0, [e[1]])).events == [.text("é")])
    }

    @Test func emptyMessagesAndEmptyFragmentsAreFine() {
        #expect(Self.run(text("")).events == [.text("")])
        #expect(Self.run(text("", fin: false) + continuation("", fin: false) + continuation("a")).events == [.text("a")])
    }

    @Test func aPingGetsAPongWithItsPayloadAndAPongGetsNothing() {
        #expect(Self.run(clientFrame(0x9, Array("are you there".utf8))).events == [.ping(pong: WebSocketFrame.encode(.pong, payload: Array("are you there".utf8)))])
        #expect(Self.run(clientFrame(0xA, Array("unsolicited".utf8))).events == [])
    }

    @Test func aMessageOfExactlyTheLimitIsDeliveredAndOneByteMoreIs1009() {
        let limit = String(repeating: "a", count: 4096)
        #expect(Self.run(text(limit)).events == [.text(limit)])
        #expect(Self.failure(text(limit + "a")) == 1009)
        #expect(Self.failure(text(String(repeating: "a", count: 2048), fin: false) + continuation(String(repeating: "a", count: 2049))) == 1009)
    }

    /// A frame declaring a huge length is refused from its header: its payload is never awaited.
    @Test func anOversizedFrameIsRefusedFromItsHeaderAlone() {
        var header: [UInt8] = [0x81, 0x80 | 127, 0, 0, 0, 1, 0, 0, 0, 0]  // 2^32 bytes
        header += [1, 2, 3, 4]
        let r = Self.run(header)
        #expect(r.events == [.failed(code: 1009, why: "a message over 4096 bytes", reply: WebSocketFrame.close(code: 1009, reason: "a message over 4096 bytes"))])
        #expect(r.state == .closed)
    }

    static let protocolErrors: [([UInt8], UInt16, String)] = [
        (clientFrame(0x1, Array("hi".utf8), masked: false), 1002, "an unmasked frame"),
        (clientFrame(0x1, Array("hi".utf8), rsv: 0b100), 1002, "RSV1 (a compressed frame, deflate not agreed)"),
        (clientFrame(0x1, Array("hi".utf8), rsv: 0b010), 1002, "RSV2"),
        (clientFrame(0x1, Array("hi".utf8), rsv: 0b001), 1002, "RSV3"),
        (clientFrame(0x3, []), 1002, "opcode 3"),
        (clientFrame(0x7, []), 1002, "opcode 7"),
        (clientFrame(0xB, []), 1002, "opcode B"),
        (clientFrame(0xF, []), 1002, "opcode F"),
        (clientFrame(0x2, [1, 2, 3]), 1003, "a binary frame"),
        (text("a", fin: false) + clientFrame(0x2, [1]), 1003, "binary inside a text message"),
        (continuation("a"), 1002, "a continuation without a message"),
        (text("a", fin: false) + text("b"), 1002, "a new message inside a fragmented one"),
        (clientFrame(0x9, [UInt8](repeating: 0, count: 126)), 1002, "a 126-byte ping"),
        (clientFrame(0x8, [0x03, 0xE8] + [UInt8](repeating: 0x61, count: 124)), 1002, "a 126-byte close"),
        (clientFrame(0x9, [], fin: false), 1002, "a fragmented ping"),
        (clientFrame(0xA, [], fin: false), 1002, "a fragmented pong"),
        (clientFrame(0x8, [], fin: false), 1002, "a fragmented close"),
        (clientFrame(0x1, Array("short".utf8), lengthForm: 126), 1002, "a 16-bit length for 5 bytes"),
        (clientFrame(0x1, Array("short".utf8), lengthForm: 127), 1002, "a 64-bit length for 5 bytes"),
        ([0x81, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 5, 1, 2, 3, 4], 1002, "a 64-bit length with its top bit set"),
        (clientFrame(0x8, [0x03]), 1002, "a 1-byte close payload"),
        (text(String(repeating: "a", count: 1), fin: false) + (0..<64).flatMap { _ in continuation("", fin: false) }, 1008, "65 frames in one message"),
    ]

    @Test(arguments: protocolErrors)
    func aBrokenRuleClosesWithItsCode(_ bytes: [UInt8], _ code: UInt16, _ what: String) {
        let r = Self.run(bytes)
        guard case .failed(let got, let why, let reply)? = r.events.last else {
            Issue.record("\(what): \(r.events)")
            return
        }
        #expect(got == code, "\(what): \(why)")
        #expect(reply == WebSocketFrame.close(code: code, reason: why), "the close frame says the code")
        #expect(r.state == .closed)
        #expect(r.events.count == 1 || what.contains("inside"), "\(what): \(r.events)")
    }

    /// A fault visible in the first two bytes fails without waiting for the rest of the header.
    @Test func faultsInTheFirstTwoBytesFailAtOnce() {
        #expect(Self.failure([0x81, 0x05]) == 1002, "unmasked")
        #expect(Self.failure([0xC1]) == nil, "one byte says nothing yet")
        var s = WebSocketSession()
        var events: [WebSocketEvent] = []
        s.receive([0xC1], into: &events)
        s.receive([0x85], into: &events)
        #expect(s.state == .closed, "RSV1 seen at the second byte")
        #expect(Self.failure([0x82, 0x85]) == 1003)
    }

    @Test(arguments: [
        ([0xC3, 0x28], "a lead byte then ASCII"),
        ([0xED, 0xA0, 0x80], "a surrogate"),
        ([0xF4, 0x90, 0x80, 0x80], "above U+10FFFF"),
        ([0xC0, 0xAF], "an overlong slash"),
        ([0xFF], "FF"),
    ] as [([UInt8], String)])
    func invalidUTF8InATextMessageIs1007(_ bad: [UInt8], _ what: String) {
        #expect(Self.failure(clientFrame(0x1, Array("ok ".utf8) + bad)) == 1007, "\(what)")
    }

    /// The first fragment's bad byte fails the message at once, before its last fragment.
    @Test func invalidUTF8FailsFastInTheFirstFragment() {
        #expect(Self.failure(clientFrame(0x1, [0x61, 0xFF], fin: false)) == 1007)
        // Only truncated: that may still be completed by the next fragment.
        #expect(Self.failure(clientFrame(0x1, [0x61, 0xE3, 0x81], fin: false)) == nil)
        #expect(Self.failure(clientFrame(0x1, [0x61, 0xE3, 0x81], fin: false) + clientFrame(0x0, [0x82])) == nil)
        #expect(Self.failure(clientFrame(0x1, [0x61, 0xE3, 0x81], fin: false) + clientFrame(0x0, [0x41])) == 1007)
        #expect(Self.failure(clientFrame(0x1, [0x61, 0xE3, 0x81])) == 1007, "a message ending inside a character")
    }

    @Test func thePeersCloseIsEchoedWithItsCode() {
        let r = Self.run(closeFrame(1000, Array("bye".utf8)))
        #expect(r.events == [.closed(code: 1000, reason: "bye", reply: WebSocketFrame.close(code: 1000))])
        #expect(r.state == .closed)
        #expect(Self.run(closeFrame(4000)).events == [.closed(code: 4000, reason: "", reply: [0x88, 0x02, 0x0F, 0xA0])])
    }

    @Test func aCloseWithoutACodeIsAnsweredWithoutOne() {
        #expect(Self.run(clientFrame(0x8, [])).events == [.closed(code: 1005, reason: "", reply: [0x88, 0x00])])
    }

    @Test(arguments: [0, 999, 1004, 1005, 1006, 1015, 1016, 2999, 5000, 65535] as [UInt16])
    func aCloseCodeAPeerMayNotSendIs1002(_ code: UInt16) {
        #expect(Self.failure(closeFrame(code)) == 1002)
    }

    @Test(arguments: [1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014, 3000, 3999, 4000, 4999] as [UInt16])
    func aCloseCodeAPeerMaySendIsEchoed(_ code: UInt16) {
        #expect(Self.run(closeFrame(code)).events == [.closed(code: code, reason: "", reply: WebSocketFrame.close(code: code))])
    }

    @Test func aCloseReasonThatIsNotUTF8Is1007() {
        #expect(Self.failure(closeFrame(1000, [0x61, 0xFF])) == 1007)
    }

    @Test func nothingIsReadAfterTheCloseOrAFailure() {
        #expect(Self.run(closeFrame(1000) + text("late")).events.count == 1)
        #expect(Self.run(clientFrame(0x2, [1]) + text("late")).events.count == 1)
    }

    /// This side closes first: the peer's data is no longer delivered, its close ends it with
    /// no second close frame sent.
    @Test func whenThisSideClosesFirstThePeersCloseEndsItWithoutAReply() throws {
        var s = WebSocketSession()
        var events: [WebSocketEvent] = []
        s.receive(text("part", fin: false), into: &events)
        let frame = s.close(code: 4000, reason: "replaced")
        #expect(frame == [0x88, 10, 0x0F, 0xA0] + Array("replaced".utf8))
        #expect(s.state == .closeSent)
        #expect(s.close(code: 1000) == nil, "once")
        s.receive(continuation(" rest") + text("more") + clientFrame(0x9, [1]) + closeFrame(1000), into: &events)
        #expect(events == [.closed(code: 1000, reason: "", reply: nil)], "the message the peer finished is not delivered; no pong")
        #expect(s.state == .closed)
    }

    @Test func serverFramesAreUnmaskedWithTheShortestLength() {
        #expect(WebSocketFrame.text("Hello") == [0x81, 0x05] + Array("Hello".utf8))
        for (length, header) in [(0, [0x81, 0]), (125, [0x81, 125]), (126, [0x81, 126, 0, 126]), (65535, [0x81, 126, 0xFF, 0xFF]),
                                 (65536, [0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0])] as [(Int, [UInt8])] {
            let frame = WebSocketFrame.encode(.text, payload: [UInt8](repeating: 0x61, count: length))
            #expect(Array(frame.prefix(header.count)) == header, "\(length)")
            #expect(frame.count == header.count + length)
        }
    }

    @Test func aClientFrameMaskedByTheWebModuleIsReadBack() {
        let frame = WebSocketFrame.masked(.text, payload: Array("Hello".utf8), key: 0x37FA_213D)
        #expect(frame == [0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58], "RFC 6455 §5.7's example")
        let long = String(repeating: "é", count: 1000)
        #expect(Self.run(WebSocketFrame.masked(.text, payload: Array(long.utf8), key: 0xDEAD_BEEF)).events == [.text(long)])
    }

    @Test func aCloseReasonIsCutToFitAtACharacterBoundary() {
        let frame = WebSocketFrame.close(code: 1008, reason: String(repeating: "あ", count: 50))
        #expect(frame[1] == 2 + 123, "41 three-byte characters fit in 123 bytes")
        #expect(String(validating: frame[4...], as: UTF8.self) == String(repeating: "あ", count: 41))
    }
}
