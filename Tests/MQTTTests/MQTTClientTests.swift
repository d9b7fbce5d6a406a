import Glibc
import MQTT
import Platform
import Synchronization
import TestSupport
import Testing

/// The libmosquitto owner against a real broker: connect, retained delivery, reconnecting
/// after the broker is killed, refused credentials.
@Suite(.serialized) struct MQTTClientTests {
    init() { Log.sink = { _ in } }

    final class Received {
        var messages: [(String, [UInt8], Bool)] = []
    }

    func client(_ url: BrokerURL, loop: EventLoop, id: String = "t-\(UInt32.random(in: 0...UInt32.max))") throws -> MQTTClient {
        var c = MQTTClient.Configuration(broker: url, clientID: id)
        c.retryInitial = 0.1
        c.retryCap = 0.5
        return try MQTTClient(c, loop: loop)
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
        let loop = EventLoop()
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
        let loop = EventLoop()
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
        let loop = EventLoop()
        let sub = try client(broker.url, loop: loop)
        let got = Received()
        var downs = 0
        sub.onMessage = { t, p, r in got.messages.append((t, p, r)) }
        sub.onDisconnected = { _ in downs += 1 }
        sub.subscribe("a/b")
        sub.start()
        #expect(loop.run(until: { sub.state == .connected }, timeout: 5))
        broker.kill()
        #expect(loop.run(until: { downs > 0 }, timeout: 5))
        #expect(loop.run(until: { false }, timeout: 0.5) == false)
        try broker.start()
        #expect(loop.run(until: { sub.state == .connected }, timeout: 5))
        let pub = try client(broker.url, loop: loop)
        pub.onConnected = { pub.publish(.init(topic: "a/b", payload: [1, 2, 3], retain: false)) }
        pub.start()
        #expect(loop.run(until: { got.messages.count == 1 }, timeout: 5))
        pub.stop()
        sub.stop()
    }

    @Test func unreachableBrokerIsRetriedWithBackoff() throws {
        let port = try LocalBroker.freePort()
        let loop = EventLoop()
        let c = try client(BrokerURL(host: "127.0.0.1", port: port), loop: loop)
        c.start()
        #expect(loop.run(until: { c.failedAttempts >= 3 }, timeout: 5))
        #expect(c.state != .connected)
        c.stop()
    }

    @Test func refusedPasswordIsRetriedSlowlyAndLoggedOnce() throws {
        let lines = Mutex<[String]>([])
        let observer = Log.observe { l in lines.withLock { $0.append(l) } }
        defer { Log.stopObserving(observer) }
        let broker = try LocalBroker(passwords: ["screen": "right"])
        try broker.start()
        let loop = EventLoop()
        var url = broker.url
        url.username = "screen"
        url.password = "wrong"
        let c = try client(url, loop: loop)
        c.start()
        #expect(loop.run(until: { c.failedAttempts >= 1 }, timeout: 5))
        _ = loop.run(until: { false }, timeout: 1)
        #expect(c.failedAttempts == 1, "a refusal is not retried within a second")
        // Only this client's lines: other tests log in parallel.
        let errors = lines.withLock { $0 }.filter { $0.hasPrefix("<3>") && $0.contains(":\(broker.port)") }
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.contains("refused") == true)
        c.stop()

        url.password = "right"
        let ok = try client(url, loop: loop)
        ok.start()
        #expect(loop.run(until: { ok.state == .connected }, timeout: 5))
        ok.stop()
    }
}
