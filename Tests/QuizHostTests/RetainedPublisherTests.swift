import MQTT
import Platform
import QuizHost
import TestSupport
import Testing

/// The controller's publishing against a real mosquitto: what it retains reaches the broker
/// (acknowledged), survives the broker being killed and restarted without persistence (sent
/// again on reconnection), and a refused password is reported rather than waited out.
@Suite(.serialized) struct RetainedPublisherTests {
    init() { Log.sink = { _ in } }

    func publisher(_ url: BrokerURL, loop: EventLoop) throws -> RetainedPublisher {
        var c = MQTTClient.Configuration(broker: url, clientID: "rp-\(UInt32.random(in: 0...UInt32.max))")
        c.retryInitial = 0.1
        c.retryCap = 0.3
        return try RetainedPublisher(c, loop: loop)
    }

    /// What the broker retains on `topic` now, read by a fresh subscriber.
    func retained(_ broker: LocalBroker, _ topic: String) async throws -> [UInt8]? {
        let watcher = try Publisher(broker.url, room: "r", subscribe: topic)
        guard await watcher.run(until: { !watcher.received.isEmpty }, timeout: 10) else { return nil }
        return watcher.received.last?.payload
    }

    @Test func aMessageRetainedBeforeTheConnectionIsSentAndAcknowledged() async throws {
        let broker = try LocalBroker()
        try broker.start()
        let loop = EventLoop()
        let p = try publisher(broker.url, loop: loop)
        var acked: [String] = []
        p.onAcknowledged = { acked.append($0) }
        #expect(p.retain(Array("one".utf8), on: "quizkiosk/r/state") == false, "not connected yet: kept for the connection")
        #expect(!p.allAcknowledged)
        p.start()
        #expect(p.flush(on: loop, timeout: 10))
        #expect(acked == ["quizkiosk/r/state"])
        #expect(p.retain(Array("two".utf8), on: "quizkiosk/r/state"))
        #expect(!p.isAcknowledged("quizkiosk/r/state"), "a newer message is not covered by the older one's ack")
        #expect(p.flush(on: loop, timeout: 10))
        #expect(try await retained(broker, "quizkiosk/r/state") == Array("two".utf8))
        p.stop()
    }

    @Test func everyTopicIsSentAgainAfterTheBrokerRestartsWithoutPersistence() async throws {
        let broker = try LocalBroker()
        try broker.start()
        let loop = EventLoop()
        let p = try publisher(broker.url, loop: loop)
        var links: [Bool] = []
        p.onLink = { links.append($0) }
        p.retain(Array("state".utf8), on: "quizkiosk/r/state")
        p.retain(Array("picture".utf8), on: "quizkiosk/r/media/x")
        p.start()
        #expect(p.flush(on: loop, timeout: 10))
        broker.kill()
        #expect(loop.run(until: { links.last == false }, timeout: 10), "the link loss is seen")
        try broker.start()
        #expect(try await retained(broker, "quizkiosk/r/state") == nil, "the restarted broker has forgotten")
        #expect(loop.run(until: { links.last == true }, timeout: 10), "reconnected")
        #expect(p.flush(on: loop, timeout: 10))
        #expect(try await retained(broker, "quizkiosk/r/state") == Array("state".utf8))
        #expect(try await retained(broker, "quizkiosk/r/media/x") == Array("picture".utf8))
        p.stop()
    }

    @Test func aRefusedPasswordEndsTheFlushWithTheReason() async throws {
        let broker = try LocalBroker(passwords: ["host": "right"])
        try broker.start()
        let loop = EventLoop()
        var url = broker.url
        url.username = "host"
        url.password = "wrong"
        let p = try publisher(url, loop: loop)
        p.retain(Array("x".utf8), on: "quizkiosk/r/state")
        p.start()
        let start = Clock.monotonic()
        #expect(!p.flush(on: loop, timeout: 20))
        #expect(p.refused != nil)
        #expect(Clock.monotonic() - start < 10, "the refusal ends the wait, not the timeout")
        p.stop()
    }
}
