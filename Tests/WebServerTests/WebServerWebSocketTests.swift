import Glibc
import Platform
import Testing
import Web
import WebServer

/// WebSocket connections over real sockets: messages both ways, the close handshake from
/// either side, and every way a connection ends reported once.
@Suite struct WebServerWebSocketTests {
    @Test func aMessageIsDeliveredAndItsReplySent() throws {
        let s = try EchoServer()
        let c = try s.webSocket()
        c.write(text("hello"))
        #expect(c.wait { c.texts == ["echo:hello"] })
        #expect(s.texts.map(\.1) == ["hello"])
        let request = try #require(s.opened.first?.1)
        #expect(request.remoteAddress.hasPrefix("127.0.0.1:"))
        #expect(request.origin == nil)
        #expect(request.target == "/ws")
        #expect(request.value("sec-websocket-version") == "13")
        #expect(s.server.webSocketCount == 1)
    }

    @Test func framesSentWithTheUpgradeRequestComeAfterOnOpen() throws {
        let s = try EchoServer()
        var order: [String] = []
        s.server.onOpen = { _, _ in order.append("open") }
        s.server.onText = { c, t in
            order.append(t)
            s.server.send(c, text: t)
        }
        let c = try s.client()
        #expect(c.upgrade(then: text("one") + text("two")) == 101)
        #expect(c.wait { c.texts == ["one", "two"] })
        #expect(order == ["open", "one", "two"])
    }

    @Test func aBroadcastIsFramedOnceAndReachesEveryOpenConnection() throws {
        let s = try EchoServer()
        let clients = try (0..<3).map { _ in try s.webSocket() }
        let ids = s.opened.map(\.0) + [ConnectionID(9999)]
        #expect(s.server.send("{\"type\":\"state\"}", to: ids) == 3)
        #expect(clients[0].wait { clients.allSatisfy { $0.texts == ["{\"type\":\"state\"}"] } })
    }

    @Test func thePeersCloseIsEchoedThenTheSocketClosesAndOnCloseHasItsCode() throws {
        let s = try EchoServer()
        let c = try s.webSocket()
        c.write(closeFrame(1000, Array("bye".utf8)))
        #expect(c.wait { c.ended })
        #expect(c.closeCode == 1000)
        #expect(s.closed.map(\.1) == [1000])
        // The server closed its side first (RFC 6455 §7.1.1) and waits for the client's.
        #expect(s.server.connectionCount == 1)
        c.hangUp()
        #expect(c.wait { s.server.connectionCount == 0 })
    }

    /// The caller's close (a replaced connection): the close frame, nothing more delivered,
    /// and onClose with the caller's code once the peer answers.
    @Test func theCallersCloseWaitsForThePeersAnswer() throws {
        let s = try EchoServer()
        let c = try s.webSocket()
        c.write(text("please close"))
        #expect(c.wait { c.closeCode != nil })
        #expect(c.closeCode == 4000 && c.closeReason == "replaced")
        #expect(s.closed.isEmpty, "not before the handshake ends")
        #expect(s.server.send(s.opened[0].0, text: "late") == false)
        c.write(text("ignored") + closeFrame(4000))
        #expect(c.wait { c.ended })
        #expect(s.closed.map(\.1) == [4000])
        #expect(s.texts.map(\.1) == ["please close"], "nothing after the close is delivered")
    }

    @Test func aPeerThatNeverAnswersTheCloseIsClosedAfterTheTimeout() throws {
        let clock = VirtualClock()
        let s = try EchoServer(clock: clock)
        let c = try s.webSocket()
        s.server.close(s.opened[0].0, code: 4000, reason: "replaced")
        #expect(c.wait { c.closeCode == 4000 })
        s.loop.advance(by: 4.9)
        #expect(s.closed.isEmpty)
        s.loop.advance(by: 0.1)
        #expect(s.closed.map(\.1) == [4000])
        #expect(c.wait { c.ended }, "then lingers briefly for the peer's FIN")
    }

    @Test func aLostConnectionIs1006() throws {
        let s = try EchoServer()
        let c = try s.webSocket()
        c.hangUp()
        #expect(c.wait { !s.closed.isEmpty })
        #expect(s.closed.map(\.1) == [1006])
        #expect(s.server.connectionCount == 0)
    }

    @Test func aPingIsAnsweredWithItsPayload() throws {
        let s = try EchoServer()
        let c = try s.webSocket()
        c.write(clientFrame(0x9, Array("t=1".utf8)))
        #expect(c.wait { c.frames.contains { $0.opcode == 0xA } })
        #expect(c.frames.first { $0.opcode == 0xA }?.payload == Array("t=1".utf8))
    }

    @Test func shutdownClosesEveryWebSocketWith1001() throws {
        let s = try EchoServer()
        let a = try s.webSocket(), b = try s.webSocket()
        s.server.shutdown()
        #expect(a.wait { a.closeCode == 1001 && b.closeCode == 1001 })
        a.write(closeFrame(1001))
        b.write(closeFrame(1001))
        #expect(a.wait { s.closed.count == 2 })
        #expect(Set(s.closed.map(\.1)) == [1001])
        #expect(throws: Never.self) { try? s.client() }  // the port is closed: connect fails (no crash)
    }

    /// Many connections opened and ended every way: nothing left behind on the loop.
    @Test func connectionsLeaveNoWatchOrTimerBehind() throws {
        let s = try EchoServer()
        let baseline = (s.loop.watchCount, s.loop.timerCount)
        for i in 0..<30 {
            let c = try s.webSocket()
            switch i % 3 {
            case 0: c.write(closeFrame(1000))
            case 1: c.write(clientFrame(0x1, [0xFF]))
            default: c.hangUp()
            }
            if i % 3 != 2 { #expect(c.wait { c.ended }) }
        }
        #expect(s.loop.run(until: { s.server.connectionCount == 0 }, timeout: 10))
        #expect(s.closed.count == 30)
        #expect(s.loop.watchCount == baseline.0)
        #expect(s.loop.timerCount == baseline.1)
        #expect(Set(s.closed.map(\.0.value)).count == 30, "a connection's number is never reused")
    }
}
