import Glibc
import MQTT
import Platform
import TestSupport
import Testing

/// The libmosquitto owner against a real broker: connect, retained delivery, reconnecting
/// after the broker is killed, refused credentials. The loops run on virtual time: what the
/// broker does is waited for (with a deadline), the retry delays are stepped through exactly.
@Suite(.serialized) struct MQTTClientTests {
    init() { Log.sink = { _ in } }

    final class Received {
        var messages: [(String, [UInt8], Bool)] = []
    }

    /// The product's retry policy, without the random spread, so each delay is exact.
    func client(_ url: BrokerURL, loop: EventLoop, id: String = "t-\(UInt32.random(in: 0...UInt32.max))") throws -> MQTTClient {
        var c = MQTTClient.Configuration(broker: url, clientID: id)
        c.retryJitter = { 1 }
        return try MQTTClient(c, loop: loop)
    }

    /// Records when each connection or attempt failed (virtual time).
    final class Failures {
        var at: [Double] = []
        init(_ c: MQTTClient, loop: EventLoop) { c.onDisconnected = { [unowned self] _ in self.at.append(loop.now) } }
    }

    /// Steps virtual time to just before `delay` after the last failure (no new attempt yet) and
    /// just past it (the attempt started: connecting, or failed again at once).
    func expectNextAttempt(after delay: Double, _ c: MQTTClient, _ failures: Failures, loop: EventLoop,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        let failed = c.failedAttempts
        let due = (failures.at.last ?? 0) + delay
        loop.advance(by: due - 0.01 - loop.now)
        #expect(c.state == .waiting && c.failedAttempts == failed, "no attempt before \(delay) s", sourceLocation: sourceLocation)
        loop.advance(by: 0.02)
        #expect(c.state == .connecting || c.state == .connected || c.failedAttempts > failed, "an attempt at \(delay) s",
                sourceLocation: sourceLocation)
    }

    /// Publishes one retained message with its own client and waits for the broker's ack.
    func publishRetained(_ broker: LocalBroker, _ topic: String, _ payload: [UInt8], loop: EventLoop,
                         timeout: Double = 5, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let pub = try client(broker.url, loop: loop)
        var acked = false
        pub.onPublished = { _ in acked = true }
        pub.onConnected = { pub.publish(.init(topic: topic, payload: payload)) }
        pub.start()
        #expect(loop.run(until: { acked }, timeout: timeout), sourceLocation: sourceLocation)
        pub.stop()
    }

    @Test func retainedMessageReachesALateSubscriber() throws {
        let broker = try LocalBroker()
        try broker.start()
        let loop = EventLoop(clock: VirtualClock())
        try publishRetained(broker, "quizkiosk/r/state", Array("hello".utf8), loop: loop)

        let sub = try client(broker.url, loop: loop)
        let got = Received()
        sub.onMessage = { t, p, r in got.messages.append((t, p, r)) }
        sub.subscribe("quizkiosk/r/state")
        sub.start()
        #expect(loop.run(until: { !got.messages.isEmpty }, timeout: 5))
        #expect(got.messages.first?.1 == Array("hello".utf8))
        #expect(got.messages.first?.2 == true)
        sub.stop()
    }

    /// A huge retained message is cut at the limit (never copied whole) and its size reported.
    @Test func anOversizedMessageIsCutAndReported() throws {
        let broker = try LocalBroker()
        try broker.start()
        let loop = EventLoop(clock: VirtualClock())
        try publishRetained(broker, "big/state", [UInt8](repeating: 0x20, count: 5_000_000), loop: loop, timeout: 10)

        var config = MQTTClient.Configuration(broker: broker.url, clientID: "t-big")
        config.payloadLimit = 65_537
        let sub = try MQTTClient(config, loop: loop)
        var sizes: [Int] = []
        var lengths: [Int] = []
        sub.onOversized = { _, size in sizes.append(size) }
        sub.onMessage = { _, p, _ in lengths.append(p.count) }
        sub.subscribe("big/state")
        sub.start()
        #expect(loop.run(until: { !lengths.isEmpty }, timeout: 10))
        #expect(sizes == [5_000_000])
        #expect(lengths == [65_537])
        sub.stop()
    }

    @Test func reconnectsAfterTheBrokerIsKilled() throws {
        let broker = try LocalBroker()
        try broker.start()
        let loop = EventLoop(clock: VirtualClock())
        let sub = try client(broker.url, loop: loop)
        let got = Received()
        let failures = Failures(sub, loop: loop)
        sub.onMessage = { t, p, r in got.messages.append((t, p, r)) }
        sub.subscribe("a/b")
        sub.start()
        #expect(loop.run(until: { sub.state == .connected }, timeout: 5))
        broker.kill()
        #expect(loop.run(until: { failures.at.count == 1 }, timeout: 5), "the closed socket is noticed")
        #expect(sub.state == .waiting)
        // Still down: the attempt 0.5 s later fails too, and the next waits 1 s.
        expectNextAttempt(after: 0.5, sub, failures, loop: loop)
        #expect(loop.run(until: { failures.at.count == 2 }, timeout: 5))
        try broker.start()
        expectNextAttempt(after: 1, sub, failures, loop: loop)
        #expect(loop.run(until: { sub.state == .connected }, timeout: 5))
        // Subscribed again on the new connection.
        let pub = try client(broker.url, loop: loop)
        pub.onConnected = { pub.publish(.init(topic: "a/b", payload: [1, 2, 3], retain: false)) }
        pub.start()
        #expect(loop.run(until: { got.messages.count == 1 }, timeout: 5))
        pub.stop()
        sub.stop()
    }

    /// 0.5 s, 1 s, 2 s, 4 s, then every 5 s while nobody listens at the broker's port.
    @Test func unreachableBrokerIsRetriedWithBackoff() throws {
        let port = try LocalBroker.freePort()
        let loop = EventLoop(clock: VirtualClock())
        let c = try client(BrokerURL(host: "127.0.0.1", port: port), loop: loop)
        let failures = Failures(c, loop: loop)
        c.start()
        for (n, delay) in [0.5, 1, 2, 4, 5, 5].enumerated() {
            #expect(loop.run(until: { c.failedAttempts == n + 1 }, timeout: 5), "attempt \(n + 1) fails")
            expectNextAttempt(after: delay, c, failures, loop: loop)
        }
        #expect(c.state != .connected)
        c.stop()
    }

    /// A broker that takes the connection and never answers (hung, or not a broker at all):
    /// the attempt is given up after 10 s and retried like any other failure.
    @Test func anAttemptWithoutAnAnswerIsAbandonedAfter10s() throws {
        // A listening socket nobody accepts on: the kernel completes the TCP handshake, and
        // the CONNECT packet is never read.
        let listener = FileDescriptor(adopting: socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0))
        var addr = LocalBroker.loopback(port: 0)
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &addr) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener.rawValue, $0, len) == 0 && getsockname(listener.rawValue, $0, &len) == 0 }
        }
        try #require(bound && listen(listener.rawValue, 4) == 0)
        let loop = EventLoop(clock: VirtualClock())
        let c = try client(BrokerURL(host: "127.0.0.1", port: Int(UInt16(bigEndian: addr.sin_port))), loop: loop)
        let failures = Failures(c, loop: loop)
        c.start()
        #expect(c.state == .connecting)
        loop.advance(by: 9.99)
        #expect(c.state == .connecting && failures.at.isEmpty, "still waiting for the answer")
        loop.advance(by: 0.02)
        #expect(c.state == .waiting && failures.at.count == 1, "given up at 10 s")
        expectNextAttempt(after: 0.5, c, failures, loop: loop)
        c.stop()
    }

    @Test func refusedPasswordIsRetriedSlowlyAndLoggedOnce() throws {
        let broker = try LocalBroker(passwords: ["screen": "right"])
        let log = LogCapture(containing: ":\(broker.port)")
        try broker.start()
        let loop = EventLoop(clock: VirtualClock())
        var url = broker.url
        url.username = "screen"
        url.password = "wrong"
        let c = try client(url, loop: loop)
        let failures = Failures(c, loop: loop)
        c.start()
        #expect(loop.run(until: { c.failedAttempts == 1 }, timeout: 5))
        // Retrying fast would not fix a password: 10 s, then 20 s.
        expectNextAttempt(after: 10, c, failures, loop: loop)
        #expect(loop.run(until: { c.failedAttempts == 2 }, timeout: 5))
        expectNextAttempt(after: 20, c, failures, loop: loop)
        #expect(loop.run(until: { c.failedAttempts == 3 }, timeout: 5))
        let errors = log.all.filter { $0.hasPrefix("<3>") }
        #expect(errors.count == 1, "three refusals, one line: \(errors)")
        #expect(errors.first?.contains("refused") == true)
        // The broker now takes that password (changed on the broker's side): the next slow
        // attempt, 40 s later, gets in.
        try broker.setPasswords(["screen": "wrong"])
        expectNextAttempt(after: 40, c, failures, loop: loop)
        #expect(loop.run(until: { c.state == .connected }, timeout: 5))
        c.stop()
    }
}
