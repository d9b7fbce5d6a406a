import MQTT
import Platform

/// What the controller side keeps on the broker: one retained message per topic (the room's
/// state; later the quiz's pictures), each published at QoS 1 and followed until the broker
/// acknowledges it. After every (re)connection the latest message of every topic is sent again:
/// a broker without persistence forgets retained messages when it restarts, and a message
/// published while the link was down was never sent. The `host` and `publish` commands are
/// thin terminals around this.
public final class RetainedPublisher {
    public let client: MQTTClient
    /// Why the broker refused the connection, once it has (bad credentials, …).
    public private(set) var refused: String?
    /// Called when the latest message of a topic has been acknowledged.
    public var onAcknowledged: ((_ topic: String) -> Void)?
    /// The link came up (messages were sent again) or went down.
    public var onLink: ((_ up: Bool) -> Void)?

    private struct Entry {
        var payload: [UInt8]
        /// Grows with every `retain` of the topic: an acknowledgement of an older version
        /// does not count for a newer one.
        var version: Int
        var acknowledged: Int
    }

    private var topics: [String: Entry] = [:]
    /// Topics in the order they were first retained: sent again in that order.
    private var order: [String] = []
    private var inFlight: [Int32: (topic: String, version: Int)] = [:]

    public init(_ configuration: MQTTClient.Configuration, loop: EventLoop) throws(MQTTError) {
        client = try MQTTClient(configuration, loop: loop)
        client.onConnected = { [unowned self] in
            // A new connection may be to a broker that forgot everything: nothing counts as
            // acknowledged until this connection's acknowledgements arrive.
            inFlight.removeAll()
            for t in order { topics[t]?.acknowledged = 0 }
            for t in order { send(t) }
            onLink?(true)
        }
        client.onDisconnected = { [unowned self] _ in onLink?(false) }
        client.onPublished = { [unowned self] mid in acknowledge(mid) }
        client.onRefused = { [unowned self] why in refused = why }
    }

    public func start() { client.start() }

    public var isConnected: Bool { client.state == .connected }

    /// Makes `payload` what `topic` retains (an empty payload clears the topic). Sent at once
    /// when connected, else on the next connection; returns whether it was sent now.
    @discardableResult
    public func retain(_ payload: [UInt8], on topic: String) -> Bool {
        if topics[topic] == nil { order.append(topic) }
        var e = topics[topic] ?? Entry(payload: [], version: 0, acknowledged: 0)
        e.payload = payload
        e.version += 1
        topics[topic] = e
        return send(topic)
    }

    /// Whether the broker has acknowledged the latest message of `topic`.
    public func isAcknowledged(_ topic: String) -> Bool {
        guard let e = topics[topic] else { return false }
        return e.acknowledged >= e.version
    }

    /// Whether every topic's latest message is acknowledged.
    public var allAcknowledged: Bool { order.allSatisfy(isAcknowledged) }

    /// Runs `loop` until every latest message is acknowledged, the broker refuses us, or
    /// `timeout` seconds pass; whether all were acknowledged.
    public func flush(on loop: EventLoop, timeout: Double) -> Bool {
        _ = loop.run(until: { allAcknowledged || refused != nil }, timeout: timeout)
        return allAcknowledged
    }

    public func stop() { client.stop() }

    @discardableResult
    private func send(_ topic: String) -> Bool {
        guard let e = topics[topic], let mid = client.publish(.init(topic: topic, payload: e.payload, qos: 1, retain: true)) else {
            return false
        }
        inFlight[mid] = (topic, e.version)
        return true
    }

    private func acknowledge(_ mid: Int32) {
        guard let (topic, version) = inFlight.removeValue(forKey: mid), var e = topics[topic] else { return }
        e.acknowledged = max(e.acknowledged, version)
        topics[topic] = e
        if e.acknowledged >= e.version { onAcknowledged?(topic) }
    }
}
