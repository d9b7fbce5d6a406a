import Glibc
import Platform
import Testing
import Web
import WebServer

/// What a misbehaving phone can do: each case closes that connection only, with the code
/// the contract says, while another connection keeps working.
@Suite struct WebServerAbuseTests {
    /// Runs `bad` on one connection beside a good one; returns the code the bad one's close
    /// frame had and what onClose reported.
    static func abuse(_ bytes: [UInt8]) throws -> (frame: UInt16?, reported: [UInt16]) {
        let s = try EchoServer()
        let good = try s.webSocket()
        let bad = try s.webSocket()
        bad.write(bytes)
        #expect(bad.wait { bad.ended })
        good.write(text("still here"))
        #expect(good.wait { good.texts == ["echo:still here"] })
        return (bad.closeCode, s.closed.map(\.1))
    }

    @Test(arguments: [
        (clientFrame(0x1, Array("hi".utf8), masked: false), 1002, "an unmasked frame"),
        (clientFrame(0x1, [UInt8](repeating: 0x61, count: 4097)), 1009, "a 4097-byte message"),
        ([0x81, 0xFF, 0, 0, 0, 0, 0x7F, 0xFF, 0xFF, 0xFF, 1, 2, 3, 4], 1009, "a frame declaring 2 GiB"),
        (clientFrame(0x1, Array("ok".utf8) + [0xC3, 0x28]), 1007, "invalid UTF-8"),
        (clientFrame(0x1, [0xE3, 0x81], fin: false) + clientFrame(0x0, [0x41]), 1007, "invalid UTF-8 across fragments"),
        (clientFrame(0x2, [1, 2, 3]), 1003, "a binary frame"),
        (clientFrame(0x1, Array("x".utf8), rsv: 4), 1002, "a compressed frame"),
        (clientFrame(0x9, [UInt8](repeating: 0, count: 126)), 1002, "a long ping"),
    ] as [([UInt8], UInt16, String)])
    func aBadFrameClosesThatConnectionWithItsCode(_ bytes: [UInt8], _ code: UInt16, _ what: String) throws {
        let r = try Self.abuse(bytes)
        #expect(r.frame == code, "\(what)")
        #expect(r.reported == [code], "\(what)")
    }

    /// The contract's 10 s for the head, on virtual time: open at 9.9 s, closed at 10 s.
    @Test func aRequestHeldHalfSentIsClosedAtTheHeaderDeadline() throws {
        let clock = VirtualClock()
        let s = try EchoServer(clock: clock)
        let slow = try s.client()
        slow.write("GET / HTTP/1.1\r\nHost: box\r\nX-Slow: ")
        #expect(slow.wait { s.server.connectionCount == 1 })
        #expect(s.loop.run(until: { false }, timeout: 0.05) == false)  // the bytes read, nothing more
        s.loop.advance(by: 9.9)
        #expect(s.loop.run(until: { slow.ended }, timeout: 0.05) == false, "still open at 9.9 s")
        slow.write("a")
        s.loop.advance(by: 0.1)
        #expect(slow.wait { slow.ended })
        #expect(slow.received.isEmpty, "closed without an answer")
        #expect(s.server.statistics.headerTimeouts == 1)
        #expect(s.server.connectionCount == 0)
    }

    /// A whole request in time is not held to the deadline afterwards.
    @Test func aCompleteRequestIsNotClosedByTheHeaderDeadline() throws {
        let s = try EchoServer(clock: VirtualClock())
        let c = try s.webSocket()
        s.loop.advance(by: 60)
        c.write(text("later"))
        #expect(c.wait { c.texts == ["echo:later"] })
        #expect(s.server.statistics.headerTimeouts == 0)
    }

    /// Eleven messages within a second: the first ten are delivered, the caller may say
    /// "too-fast", then the close with 1008.
    @Test func elevenMessagesInASecondAreTooFast() throws {
        let s = try EchoServer(clock: VirtualClock())
        let c = try s.webSocket()
        c.write((1...11).flatMap { text("m\($0)") })
        #expect(c.wait { c.closeCode != nil })
        #expect(s.texts.map(\.1) == (1...10).map { "m\($0)" })
        #expect(s.tooFast.count == 1)
        #expect(c.texts.last == "too-fast", "the caller's last word comes before the close")
        #expect(c.closeCode == 1008 && c.closeReason == "too fast")
        c.write(closeFrame(1008))
        #expect(c.wait { c.ended })
        #expect(s.closed.map(\.1) == [1008])
    }

    @Test func tenMessagesEverySecondAreFine() throws {
        let s = try EchoServer(clock: VirtualClock())
        let c = try s.webSocket()
        for round in 0..<3 {
            c.write((1...10).flatMap { text("r\(round)m\($0)") })
            #expect(c.wait { s.texts.count == 10 * (round + 1) })
            s.loop.advance(by: 1)
        }
        #expect(s.tooFast.isEmpty)
        #expect(c.closeCode == nil)
    }

    /// Pings count as messages: a ping flood is too fast as well.
    @Test func aPingFloodIsTooFast() throws {
        let s = try EchoServer(clock: VirtualClock())
        let c = try s.webSocket()
        c.write((0..<11).flatMap { _ in clientFrame(0x9, []) })
        #expect(c.wait { c.closeCode == 1008 })
        #expect(c.frames.filter { $0.opcode == 0xA }.count == 10)
    }

    /// A phone that stops reading: what is sent to it piles up, and past the limit it is
    /// dropped (1006: no handshake is possible with a peer that does not read).
    @Test func aPeerThatDoesNotReadIsDroppedWhenItsQueueIsFull() throws {
        let s = try EchoServer { $0.maxQueuedBytes = 64 * 1024 }
        let c = try s.webSocket()
        let other = try s.client()  // an unrelated connection, unaffected
        #expect(other.wait { s.server.connectionCount == 2 })
        c.stopReading()
        var sent = 0
        while s.server.connectionCount > 1, sent < 2000 {
            s.server.send(s.opened[0].0, text: String(repeating: "x", count: 60_000))
            sent += 1
            s.loop.runOnce(timeout: 0)
        }
        #expect(s.server.statistics.slowReadersDropped == 1)
        #expect(s.closed.map(\.1) == [1006])
        #expect(s.server.connectionCount == 1)
        withExtendedLifetime(other) {}
    }

    @Test func connectionsOverTheMaximumAreClosedAtOnce() throws {
        let s = try EchoServer { $0.maxConnections = 2 }
        let a = try s.webSocket(), b = try s.webSocket()
        let c = try s.client()
        #expect(c.wait { c.ended })
        #expect(s.server.statistics.overCapacity == 1)
        a.write(text("a"))
        #expect(a.wait { a.texts == ["echo:a"] })
        _ = b
    }
}
