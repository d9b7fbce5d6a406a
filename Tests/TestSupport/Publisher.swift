import MQTT
import Platform

/// A controller in the test process: its own loop and MQTT connection; every publish waits
/// for the broker's acknowledgement, so when it returns the state is retained on the broker.
/// Its loop runs only while the test is in one of its calls, which may be seconds apart (the
/// test waits for a screen, or waits for a thread while other tests compute): hence the long
/// keep-alive, and each call first makes sure the connection is still there.
public final class Publisher {
    public let loop = EventLoop()
    public let client: MQTTClient
    public let topic: String
    private var acked: Set<Int32> = []
    public private(set) var received: [(topic: String, payload: [UInt8])] = []

    public init(_ url: BrokerURL, room: String, subscribe: String? = nil, caFile: String? = nil) throws {
        var c = MQTTClient.Configuration(broker: url, clientID: "test-pub-\(UInt32.random(in: 0...UInt32.max))", caFile: caFile)
        c.retryInitial = 0.1
        c.retryCap = 0.5
        c.keepalive = 60
        client = try MQTTClient(c, loop: loop)
        topic = BrokerURL.stateTopic(room: room)
        client.onPublished = { [unowned self] mid in self.acked.insert(mid) }
        client.onMessage = { [unowned self] t, p, _ in self.received.append((t, p)) }
        if let subscribe { client.subscribe(subscribe) }
        client.start()
        _ = loop.run(until: { self.client.state == .connected }, timeout: 10)
    }

    public var connected: Bool { client.state == .connected }

    @discardableResult
    public func publish(_ payload: [UInt8], retain: Bool = true) -> Bool {
        guard catchUp(), let mid = client.publish(.init(topic: topic, payload: payload, qos: 1, retain: retain)) else { return false }
        return loop.run(until: { self.acked.contains(mid) }, timeout: 10)
    }

    /// Handles what came while the loop was not running, and waits for the connection if the
    /// broker dropped it meanwhile.
    private func catchUp() -> Bool {
        loop.runOnce(timeout: 0)
        return loop.run(until: { self.client.state == .connected }, timeout: 10)
    }

    @discardableResult
    public func publish(_ json: String) -> Bool { publish(Array(json.utf8)) }

    /// Publishes on another topic of the room (a picture on its media topic), retained.
    @discardableResult
    public func publish(_ payload: [UInt8], on other: String) -> Bool {
        guard catchUp(), let mid = client.publish(.init(topic: other, payload: payload, qos: 1, retain: true)) else { return false }
        return loop.run(until: { self.acked.contains(mid) }, timeout: 10)
    }

    /// Publishes all, as fast as the connection takes them, then waits for every acknowledgement.
    public func publishAll(_ payloads: [[UInt8]]) -> Bool {
        guard catchUp() else { return false }
        var mids: [Int32] = []
        for p in payloads {
            guard let mid = client.publish(.init(topic: topic, payload: p, qos: 1, retain: true)) else { return false }
            mids.append(mid)
            loop.runOnce(timeout: 0)
        }
        return loop.run(until: { mids.allSatisfy { self.acked.contains($0) } }, timeout: 30)
    }

    /// Runs the loop (to receive) until `condition` holds: a turn of the loop that does not wait
    /// every 10 ms, the task (not the thread) sleeping in between (see `waitUntil`).
    public func run(until condition: () -> Bool, timeout: Double = 10) async -> Bool {
        await waitUntil(timeout: timeout) {
            loop.runOnce(timeout: 0)
            return condition()
        }
    }

    deinit { client.stop() }
}
