import Kiosk
import MQTT
import QuizContract
import Platform
import TestSupport
import Testing

/// The controller link as the kiosk sees it, against a real broker on virtual time: the broker's
/// answers are waited for, the 3 s grace before the offline mark and the retry delays are
/// stepped through exactly.
@Suite(.serialized) struct MQTTSourceTests {
    init() { Log.sink = { _ in } }

    func source(_ url: BrokerURL) throws -> MQTTSource {
        var room = url
        room.room = "room1"
        let s = try MQTTSource(broker: room, screen: "tv-\(UInt32.random(in: 0...UInt32.max))")
        s.tune = { $0.retryJitter = { 1 } }
        return s
    }

    @Test func withoutABrokerTheOfflineMarkComesAfter3s() throws {
        let loop = EventLoop(clock: VirtualClock())
        let sink = RecordingSink()
        let s = try source(BrokerURL(host: "127.0.0.1", port: try LocalBroker.freePort()))
        try s.start(on: loop, sink: sink)
        defer { s.stop() }
        loop.advance(by: 2.99)
        #expect(sink.links.isEmpty, "no mark before 3 s")
        loop.advance(by: 0.02)
        #expect(sink.links == [false])
        loop.advance(by: 60)
        #expect(sink.links == [false], "said once while the retries keep failing")
        #expect((s.client?.failedAttempts ?? 0) > 10, "it kept retrying")
    }

    @Test func aBrokerThatGoesAwayIsMarkedOffline3sLaterAndABlipIsNot() throws {
        let broker = try LocalBroker()
        try broker.start()
        let loop = EventLoop(clock: VirtualClock())
        let sink = RecordingSink()
        let s = try source(broker.url)
        try s.start(on: loop, sink: sink)
        defer { s.stop() }
        #expect(loop.run(until: { sink.links == [true] }, timeout: 5))

        // Gone for good: marked offline 3 s after the connection broke.
        broker.kill()
        #expect(loop.run(until: { s.client?.state == .waiting }, timeout: 5))
        loop.advance(by: 2.9)
        #expect(sink.links == [true])
        loop.advance(by: 0.2)
        #expect(sink.links == [true, false])
        // Back: retries came 0.5 s and 1.5 s after the break; the next, at 3.5 s, gets in.
        try broker.start()
        loop.advance(by: 0.5)
        #expect(loop.run(until: { sink.links == [true, false, true] }, timeout: 5))

        // A blip shorter than the grace: no mark.
        broker.kill()
        #expect(loop.run(until: { s.client?.state == .waiting }, timeout: 5))
        try broker.start()
        loop.advance(by: 0.5)
        #expect(loop.run(until: { s.client?.state == .connected }, timeout: 5))
        loop.advance(by: 10)
        #expect(sink.links == [true, false, true, true], "up again, never marked offline")
    }

    /// The presence is looked at once a second and published (retained) only when it changed:
    /// a room of screens does not flood the broker with the same document.
    @Test func presenceIsCheckedOnceASecondAndPublishedOnlyWhenItChanged() throws {
        let broker = try LocalBroker()
        try broker.start()
        let loop = EventLoop(clock: VirtualClock())
        let s = try source(broker.url)
        var doc = ScreenPresence(screen: s.screen, online: true)
        doc.revision = 1
        var asked = 0
        s.presence = {
            asked += 1
            return doc
        }
        let watcher = try MQTTClient(.init(broker: broker.url, clientID: "watcher-\(UInt32.random(in: 0...UInt32.max))"), loop: loop)
        var got: [[UInt8]] = []
        watcher.onMessage = { _, payload, _ in got.append(payload) }
        watcher.subscribe(s.presenceTopic)
        watcher.start()
        defer { watcher.stop() }
        #expect(loop.run(until: { watcher.state == .connected }, timeout: 5))
        try s.start(on: loop, sink: RecordingSink())
        defer { s.stop() }
        #expect(loop.run(until: { got.count == 1 }, timeout: 5), "published once connected")
        let first = doc.json
        #expect(got.first == first)

        let before = asked
        loop.advance(by: 0.99)
        #expect(asked == before)
        loop.advance(by: 0.02)
        #expect(asked == before + 1, "looked at after 1 s")
        loop.advance(by: 3)
        #expect(asked == before + 4, "and every second")
        doc.revision = 2
        loop.advance(by: 1)
        #expect(loop.run(until: { got.count >= 2 }, timeout: 5))
        // One connection delivers in order: had an unchanged document been sent again, it
        // would have come before the changed one.
        #expect(got == [first, doc.json], "\(got.map { String(decoding: $0, as: UTF8.self) })")
    }

    /// The host's retained presence reaches the sink as it says: false, true, and nil when the
    /// topic is cleared; a presence that is not one is a log line and changes nothing.
    @Test func theHostsPresenceReachesTheSinkAndABadOneIsIgnored() throws {
        let broker = try LocalBroker()
        try broker.start()
        let loop = EventLoop(clock: VirtualClock())
        let sink = RecordingSink()
        var url = broker.url
        url.room = "host-room-\(UInt32.random(in: 0...UInt32.max))"
        let s = try MQTTSource(broker: url, screen: "tv-1")
        let log = LogCapture(containing: s.hostTopic)
        let host = try MQTTClient(.init(broker: broker.url, clientID: "host-\(UInt32.random(in: 0...UInt32.max))"), loop: loop)
        host.start()
        defer { host.stop() }
        #expect(loop.run(until: { host.state == .connected }, timeout: 5))
        func say(_ payload: [UInt8]) {
            _ = host.publish(.init(topic: s.hostTopic, payload: payload, qos: 1, retain: true))
        }
        say(HostPresence(online: false).json)   // retained before the screen starts: its will
        try s.start(on: loop, sink: sink)
        defer { s.stop() }
        #expect(loop.run(until: { sink.hosts == [false] }, timeout: 5), "the retained will on subscribe: \(sink.hosts)")
        say(HostPresence(online: true, since: 1_800_000_000, url: "http://10.0.0.2:8080").json)
        #expect(loop.run(until: { sink.hosts.count == 2 }, timeout: 5))
        #expect(sink.hosts.last == true)
        say(Array(#"{"online":"yes"}"#.utf8))
        say(Array("not json".utf8))
        say([])
        #expect(loop.run(until: { sink.hosts.count == 3 }, timeout: 5))
        #expect(sink.hosts == [false, true, nil], "the two bad ones changed nothing")
        #expect(log.lines(containing: "ignored").count == 2, "\(log.all)")
    }
}
