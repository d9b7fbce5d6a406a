import Escaping
import Glibc
import Media
import MQTT
import Platform
import QuizContract
import Renderer

/// The controller over MQTT: subscribes to `quizkiosk/ROOM/state` (retained, QoS 1) and hands
/// every message to the store; keeps the link up (the client reconnects on its own); reports
/// the link down after `offlineAfter` seconds without the broker, so a blip does not flash the
/// offline mark; publishes the screen's presence (retained, with a last will).
public final class MQTTSource: StateSource {
    public let broker: BrokerURL
    public let room: String
    public let screen: String
    public let caFile: String?
    public var offlineAfter = 3.0
    /// Seconds between checks whether the presence changed (it is republished only then).
    public var presenceInterval = 1.0
    /// Client settings beyond the URL (tests fix the retry jitter to check the delays).
    public var tune: ((inout MQTTClient.Configuration) -> Void)?
    /// What to publish as this screen's presence; nil publishes only online/offline.
    public var presence: (() -> ScreenPresence)?
    /// Where the room's pictures go (`quizkiosk/ROOM/media/+`, subscribed only when set before
    /// `start`); the broker is then told a Maximum Packet Size that lets a picture through.
    public weak var pictures: PictureStore?
    public var description: String { broker.description }
    public var stateTopic: String { BrokerURL.stateTopic(room: room) }
    public var presenceTopic: String { BrokerURL.presenceTopic(room: room, screen: screen) }
    public var hostTopic: String { BrokerURL.hostTopic(room: room) }
    public private(set) var client: MQTTClient?

    private weak var sink: StateSink?
    private var loop: EventLoop?
    private var offlineTimer: EventLoop.Token?
    /// The sink was told the link is down; told again only after it came back up.
    private var offlineReported = false
    private var presenceTimer: EventLoop.Token?
    private var published: [UInt8]?

    /// `broker.room` must be set; `screen` is one topic level (see `BrokerURL.roomProblem`).
    public init(broker: BrokerURL, screen: String, caFile: String? = nil) throws(MQTTError) {
        guard let room = broker.room else { throw MQTTError("\(broker): the room is missing (\(broker)/ROOM)") }
        if let why = BrokerURL.roomProblem(screen) { throw MQTTError("screen id \(Escaping.quoted(screen)): \(why)") }
        self.broker = broker
        self.room = room
        self.screen = screen
        self.caFile = caFile
    }

    public func start(on loop: EventLoop, sink: StateSink) throws {
        self.loop = loop
        self.sink = sink
        let offline = ScreenPresence(screen: screen, online: false).json
        var config = MQTTClient.Configuration(
            broker: broker,
            // Unique per process: two clients with one id make the broker drop the older one.
            clientID: "quizkiosk-\(screen)-\(getpid())",
            caFile: caFile,
            will: .init(topic: presenceTopic, payload: offline, qos: 1, retain: true))
        // A message over the contract's limit is rejected by its size alone (reported by
        // onOversized); the client copies no more than the limit of it. With pictures the
        // limit is a picture's, and a state over its own limit is cut here instead.
        let withPictures = pictures != nil
        let limit = withPictures ? Limits.pictureBytes : StateDecoder.maxBytes
        config.payloadLimit = limit
        // And with MQTT 5 the broker is told not to send one at all: the limit plus room for
        // the topic and the packet's headers.
        config.maximumPacketSize = limit + 4096
        tune?(&config)
        let client = try MQTTClient(config, loop: loop)
        self.client = client
        let topic = stateTopic
        var oversized: Int?
        let room = self.room
        let hostTopic = self.hostTopic
        client.onOversized = { t, size in oversized = size }
        client.onMessage = { [weak self] t, payload, _ in
            let size = oversized ?? payload.count
            oversized = nil
            if let sha = BrokerURL.mediaDigest(topic: t, room: room) {
                guard let pictures = self?.pictures else { return }
                if size > Limits.pictureBytes {
                    pictures.reject(sha256: sha, size: size, from: t)
                } else {
                    pictures.receive(payload, sha256: sha, from: t)
                }
                return
            }
            if t == hostTopic { self?.hostPresence(payload, size: size); return }
            guard t == topic else { return }
            if size > StateDecoder.maxBytes {
                self?.sink?.reject("message is \(size) bytes, over the \(StateDecoder.maxBytes)-byte limit", from: t)
            } else {
                self?.sink?.receive(payload, from: t)
            }
        }
        client.onConnected = { [weak self] in self?.linkUp() }
        client.onDisconnected = { [weak self] _ in self?.linkDown() }
        client.subscribe(topic, qos: 1)
        client.subscribe(hostTopic, qos: 1)
        if withPictures { client.subscribe(BrokerURL.mediaFilter(room: room), qos: 1) }
        Log.info("\(description): subscribing to \(topic) as screen \(screen)")
        client.start()
        armOfflineTimer()
        presenceTimer = loop.after(presenceInterval) { [weak self] in self?.presenceTick() }
    }

    public func stop() {
        for t in [offlineTimer, presenceTimer] { if let t { loop?.cancel(t) } }
        offlineTimer = nil
        presenceTimer = nil
        client?.stop(final: .init(topic: presenceTopic, payload: ScreenPresence(screen: screen, online: false).json))
        client = nil
        sink = nil
    }

    private func linkUp() {
        if let t = offlineTimer { loop?.cancel(t) }
        offlineTimer = nil
        offlineReported = false
        sink?.controllerLink(online: true)
        published = nil
        publishPresence()
    }

    private func linkDown() { armOfflineTimer() }

    /// Every failed retry lands here; the grace runs from the first, and the sink hears "down"
    /// once per outage.
    private func armOfflineTimer() {
        guard offlineTimer == nil, !offlineReported else { return }
        offlineTimer = loop?.after(offlineAfter) { [weak self] in
            guard let self else { return }
            self.offlineTimer = nil
            if self.client?.state != .connected {
                self.offlineReported = true
                self.sink?.controllerLink(online: false)
            }
        }
    }

    /// The host's presence: a bad one is one line and changes nothing (the mark stays as it was).
    private func hostPresence(_ payload: [UInt8], size: Int) {
        guard size <= 4096 else {
            Log.warning("\(hostTopic): host presence of \(size) bytes ignored (over 4096)")
            return
        }
        do {
            sink?.hostPresence(online: try HostPresence.decode(payload)?.online)
        } catch {
            Log.warning("\(hostTopic): \(error.message); ignored")
        }
    }

    private func presenceTick() {
        presenceTimer = loop?.after(presenceInterval) { [weak self] in self?.presenceTick() }
        publishPresence()
    }

    /// Publishes the presence if it changed since it was last published (and we are connected).
    private func publishPresence() {
        guard let client, client.state == .connected else { return }
        let doc = (presence?() ?? ScreenPresence(screen: screen, online: true)).json
        guard doc != published else { return }
        if client.publish(.init(topic: presenceTopic, payload: doc, qos: 1, retain: true)) != nil { published = doc }
    }
}
