import CMosquitto
import Glibc
import Platform

/// Why the MQTT client could not be set up (bad configuration); trouble with the broker
/// itself is never thrown, it is retried.
public struct MQTTError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// One MQTT connection through libmosquitto, driven by our `EventLoop` on its thread: the
/// socket is watched for reading (and for writing while libmosquitto has data queued), a 1 s
/// timer runs `mosquitto_loop_misc` (keep-alive pings). No libmosquitto thread is started, so
/// callbacks run on the loop's thread and need no locks.
///
/// It connects and reconnects on its own: capped exponential backoff (0.5 s … 5 s) while the
/// broker is unreachable, a slow one (10 s … 60 s) when the broker refuses our credentials,
/// which retrying fast would not fix. Subscriptions are renewed on every connection (clean
/// sessions: a screen only needs the retained current state, not a backlog).
public final class MQTTClient {
    public struct Message: Equatable, Sendable {
        public var topic: String
        public var payload: [UInt8]
        public var qos: Int32
        public var retain: Bool
        public init(topic: String, payload: [UInt8], qos: Int32 = 1, retain: Bool = true) {
            self.topic = topic
            self.payload = payload
            self.qos = qos
            self.retain = retain
        }
    }

    public struct Configuration: Sendable {
        public var broker: BrokerURL
        public var clientID: String
        /// CA certificate file for mqtts:// (nil: the system's CA store).
        public var caFile: String?
        /// Seconds between keep-alive pings; a silent broker is noticed after 1.5× this.
        public var keepalive: Int32 = 5
        /// Published by the broker when this client disappears without saying goodbye.
        public var will: Message?
        public var retryInitial = 0.5
        public var retryCap = 5.0
        public var refusedRetryInitial = 10.0
        public var refusedRetryCap = 60.0
        /// Each retry delay is scaled by this: a random factor (`Backoff.spread`) so a room of
        /// screens does not reconnect in lockstep; tests fix it to 1 to check the delays.
        public var retryJitter: @Sendable () -> Double = Backoff.spread
        /// An attempt that gets no CONNACK in this time is abandoned and retried.
        public var connectTimeout = 10.0
        /// Payload bytes handed to `onMessage` at most; a longer message is cut to this (its
        /// real size goes to `onOversized`), so a huge retained message is never copied.
        public var payloadLimit = Int.max
        /// The largest packet we accept, told to the broker (MQTT 5's Maximum Packet Size) so
        /// it never sends a bigger one: a 250 MB retained message then costs nothing, not
        /// 250 MB at every reconnection. nil: plain MQTT 3.1.1. A broker that speaks only
        /// 3.1.1 is reconnected to with 3.1.1, and `payloadLimit` cuts on arrival.
        public var maximumPacketSize: Int?

        public init(broker: BrokerURL, clientID: String, caFile: String? = nil, will: Message? = nil) {
            self.broker = broker
            self.clientID = clientID
            self.caFile = caFile
            self.will = will
        }
    }

    public enum State: Equatable, Sendable {
        case idle, connecting, connected, waiting, stopped
    }

    /// The connection is up and subscriptions were sent (again).
    public var onConnected: (() -> Void)?
    /// The connection went down (or an attempt failed); a retry is scheduled.
    public var onDisconnected: ((String) -> Void)?
    public var onMessage: ((_ topic: String, _ payload: [UInt8], _ retained: Bool) -> Void)?
    /// A message over `payloadLimit`: called with its topic and real size before `onMessage`
    /// gets the cut payload.
    public var onOversized: ((_ topic: String, _ size: Int) -> Void)?
    /// The broker refused the connection (bad credentials, …). When set, the caller reports it
    /// (e.g. a one-shot command gives up); when nil, the client logs one error line.
    public var onRefused: ((String) -> Void)?
    /// A QoS 1 message was acknowledged by the broker (its message id).
    public var onPublished: ((Int32) -> Void)?

    public let configuration: Configuration
    public private(set) var state: State = .idle
    /// How many connection attempts failed since the last success.
    public private(set) var failedAttempts = 0
    /// Name for log lines: the broker URL without its password.
    public let label: String

    private let loop: EventLoop
    private let mosq: OpaquePointer
    private var watch: EventLoop.Token?
    private var watchedFD: Int32 = -1
    private var housekeeping: EventLoop.Token?
    private var retryTimer: EventLoop.Token?
    private var connectTimer: EventLoop.Token?
    private var backoff: Backoff
    private var refusedBackoff: Backoff
    private var subscriptions: [(topic: String, qos: Int32)] = []
    private var refusal: Int32?
    private var lastProblem: String?
    private var everConnected = false
    /// Connecting with MQTT 5 and its CONNECT properties (until a broker refuses the version).
    private var speaksMQTT5 = false
    /// The next attempt follows at once (after switching to MQTT 3.1.1).
    private var retryNow = false

    public init(_ configuration: Configuration, loop: EventLoop) throws(MQTTError) {
        guard MQTTLibrary.ready else { throw MQTTError("libmosquitto could not be initialised") }
        self.configuration = configuration
        self.loop = loop
        label = configuration.broker.description
        backoff = Backoff(initial: configuration.retryInitial, cap: configuration.retryCap, jitter: configuration.retryJitter)
        refusedBackoff = Backoff(initial: configuration.refusedRetryInitial, cap: configuration.refusedRetryCap,
                                 jitter: configuration.retryJitter)
        guard let m = mosquitto_new(configuration.clientID, true, nil) else {
            throw MQTTError("\(label): cannot create an MQTT client (\(String(cString: strerror(errno))))")
        }
        mosq = m
        speaksMQTT5 = configuration.maximumPacketSize != nil
        // From here on, deinit frees `m`; every throw below is after full initialisation.
        mosquitto_user_data_set(m, Unmanaged.passUnretained(self).toOpaque())
        _ = mosquitto_int_option(m, MOSQ_OPT_TCP_NODELAY, 1)  // one small message each: latency over batching
        let broker = configuration.broker
        if let user = broker.username {
            try check(mosquitto_username_pw_set(m, user, broker.password), "set the user name")
        } else if broker.password != nil {
            throw MQTTError("\(label): a password needs a user name (mqtt://USER@host/…)")
        }
        if let will = configuration.will {
            let rc = will.payload.withUnsafeBytes { buf in
                mosquitto_will_set(m, will.topic, Int32(buf.count), buf.baseAddress, will.qos, will.retain)
            }
            try check(rc, "set the last will")
        }
        if broker.tls {
            if let ca = configuration.caFile {
                guard access(ca, R_OK) == 0 else {
                    throw MQTTError("--cafile \(ca): \(String(cString: strerror(errno)))")
                }
                try check(mosquitto_tls_set(m, ca, nil, nil, nil, nil), "use the CA file \(ca)")
            } else {
                // The system's CA directory, given as a capath: libmosquitto 2.0.11's
                // MOSQ_OPT_TLS_USE_OS_CERTS fails every reconnection with "invalid arguments"
                // (its SSL context check wants a cafile or capath once the context exists).
                let system = "/etc/ssl/certs"
                guard Files.isDirectory(system) else {
                    throw MQTTError("\(label): no --cafile and no system CA directory \(system) (install ca-certificates)")
                }
                try check(mosquitto_tls_set(m, nil, system, nil, nil, nil), "use the system's CA certificates")
            }
        }
        if let size = configuration.maximumPacketSize { try useMQTT5(maximumPacketSize: size) }
        installCallbacks()
    }

    /// MQTT 5 with a Maximum Packet Size in CONNECT. libmosquitto 2.0 has no non-blocking
    /// connect that takes properties, but its non-blocking (re)connect sends the properties
    /// stored by the last `mosquitto_connect_bind_v5`, and that call stores them before it
    /// checks the port: given port -1 it stores them and returns MOSQ_ERR_INVAL without
    /// connecting. (Tested: the 250 MB retained message test fails if they are not sent.)
    private func useMQTT5(maximumPacketSize: Int) throws(MQTTError) {
        try check(mosquitto_int_option(mosq, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V5), "use MQTT 5")
        var props: OpaquePointer?
        try check(mosquitto_property_add_int32(&props, Int32(MQTT_PROP_MAXIMUM_PACKET_SIZE.rawValue),
                                                UInt32(clamping: maximumPacketSize)), "set the maximum packet size")
        defer { mosquitto_property_free_all(&props) }
        let rc = mosquitto_connect_bind_v5(mosq, configuration.broker.host, -1, configuration.keepalive, nil, props)
        guard rc == MOSQ_ERR_INVAL.rawValue else { throw MQTTError("\(label): cannot set the CONNECT properties (\(Self.describe(rc)))") }
    }

    /// Back to MQTT 3.1.1 (a broker that refused version 5): the stored properties go first,
    /// since libmosquitto will not send them with 3.1.1.
    private func useMQTT311() {
        _ = mosquitto_connect_bind_v5(mosq, configuration.broker.host, -1, configuration.keepalive, nil, nil)
        _ = mosquitto_int_option(mosq, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V311)
        speaksMQTT5 = false
    }

    deinit {
        if let w = watch { loop.cancel(w) }
        for t in [housekeeping, retryTimer, connectTimer] { if let t { loop.cancel(t) } }
        mosquitto_destroy(mosq)
    }

    private func check(_ rc: Int32, _ what: String) throws(MQTTError) {
        guard rc == MOSQ_ERR_SUCCESS.rawValue else {
            throw MQTTError("\(label): cannot \(what): \(Self.describe(rc))")
        }
    }

    // MARK: connecting

    /// Starts connecting; from now on the client keeps itself connected until `stop()`.
    public func start() {
        guard state == .idle else { return }
        housekeeping = loop.after(1) { [weak self] in self?.tick() }
        attempt()
    }

    /// Subscribes now (when connected) and after every reconnection.
    public func subscribe(_ topic: String, qos: Int32 = 1) {
        subscriptions.append((topic, qos))
        if state == .connected { sendSubscribe(topic, qos: qos) }
    }

    private func attempt() {
        retryTimer = nil
        refusal = nil
        state = .connecting
        let b = configuration.broker
        // Non-blocking connect; the host name is resolved here, synchronously (getaddrinfo):
        // use an address or a name /etc/hosts knows where DNS may be slow.
        let rc = mosquitto_connect_async(mosq, b.host, Int32(b.port), configuration.keepalive)
        guard rc == MOSQ_ERR_SUCCESS.rawValue else {
            failed("cannot reach the broker: \(Self.describe(rc))")
            return
        }
        syncWatch()
        if let t = connectTimer { loop.cancel(t) }
        connectTimer = loop.after(configuration.connectTimeout) { [weak self] in
            guard let self, self.state == .connecting else { return }
            self.connectTimer = nil
            self.failed("no answer from the broker in \(Int(self.configuration.connectTimeout)) s")
        }
    }

    /// An attempt failed or the connection broke: close what is left and schedule the next try.
    private func failed(_ reason: String) {
        guard state == .connecting || state == .connected else { return }
        let wasConnected = state == .connected
        state = .waiting
        if let t = connectTimer { loop.cancel(t) }
        connectTimer = nil
        syncWatch()
        failedAttempts += 1
        let delay: Double
        if retryNow {
            retryNow = false
            delay = 0
        } else if let code = refusal {
            delay = refusedBackoff.next()
            let problem = "refused: \(Self.connackText(code))"
            if let onRefused {
                onRefused(Self.connackText(code))
            } else if problem != lastProblem {
                lastProblem = problem
                let hint = [4, 5, 0x86, 0x87].contains(code)
                    ? "; check the user name and password (--password-file or QUIZKIOSK_MQTT_PASSWORD)" : ""
                Log.error("\(label): the broker refused the connection: \(Self.connackText(code))\(hint); retrying every \(Int(configuration.refusedRetryInitial))–\(Int(configuration.refusedRetryCap)) s")
            } else {
                Log.debug("\(label): refused again; next attempt in \(format(delay)) s")
            }
        } else {
            delay = backoff.next()
            if wasConnected {
                lastProblem = nil
                Log.warning("\(label): connection lost (\(reason)); reconnecting")
            } else if reason != lastProblem {
                lastProblem = reason
                Log.warning("\(label): \(reason); retrying (backing off up to \(Int(configuration.retryCap)) s)")
            } else {
                Log.debug("\(label): \(reason); next attempt in \(format(delay)) s")
            }
        }
        onDisconnected?(reason)
        retryTimer = loop.after(delay) { [weak self] in
            guard let self, self.state == .waiting else { return }
            self.attempt()
        }
    }

    // MARK: the socket

    /// Keeps one watch on libmosquitto's current socket, which changes with every connection:
    /// a watch on a closed (and maybe reused) descriptor number must never outlive it.
    private func syncWatch() {
        let fd = mosquitto_socket(mosq)
        let events = Int16(POLLIN) | (mosquitto_want_write(mosq) ? Int16(POLLOUT) : 0)
        if fd != watchedFD {
            if let w = watch { loop.cancel(w) }
            watch = nil
            watchedFD = fd
            if fd >= 0 {
                watch = loop.watch(fd: fd, events: events) { [weak self] revents in self?.socketReady(revents) }
            }
        } else if let w = watch {
            loop.update(w, events: events)
        }
    }

    private func socketReady(_ revents: Int16) {
        let fd = watchedFD
        if revents & Int16(POLLOUT) != 0 {
            settle(mosquitto_loop_write(mosq, 1))
        }
        if revents & (Int16(POLLIN) | Int16(POLLHUP) | Int16(POLLERR) | Int16(POLLNVAL)) != 0 {
            // Drain what is already here in one go, so a burst of states becomes one frame
            // (the kiosk draws after this handler returns). Bounded: the loop must stay live.
            var rounds = 0
            repeat {
                let rc = mosquitto_loop_read(mosq, 1)
                settle(rc)
                rounds += 1
                if rc != MOSQ_ERR_SUCCESS.rawValue || mosquitto_socket(mosq) != fd { break }
            } while rounds < 4096 && Self.bytesWaiting(fd) > 0
        }
        syncWatch()
    }

    private static func bytesWaiting(_ fd: Int32) -> Int32 {
        var n: Int32 = 0
        return ioctl(fd, UInt(FIONREAD), &n) == 0 ? n : 0
    }

    /// After a libmosquitto call: notice a connection that went away without a callback.
    private func settle(_ rc: Int32) {
        if rc != MOSQ_ERR_SUCCESS.rawValue, mosquitto_socket(mosq) < 0 {
            failed(state == .connecting ? "cannot reach the broker: \(Self.describe(rc))" : Self.describe(rc))
        }
    }

    private func tick() {
        housekeeping = loop.after(1) { [weak self] in self?.tick() }
        guard state == .connected || state == .connecting else { return }
        settle(mosquitto_loop_misc(mosq))
        syncWatch()
    }

    // MARK: publishing

    /// Queues a message and returns its message id (the PUBACK of a QoS 1 message names it);
    /// nil when not connected or refused (the caller keeps it for the next connection).
    @discardableResult
    public func publish(_ message: Message) -> Int32? {
        guard state == .connected else { return nil }
        var mid: Int32 = 0
        let rc = message.payload.withUnsafeBytes { buf in
            mosquitto_publish(mosq, &mid, message.topic, Int32(buf.count), buf.baseAddress, message.qos, message.retain)
        }
        settle(rc)
        syncWatch()
        guard rc == MOSQ_ERR_SUCCESS.rawValue else {
            if state == .connected { Log.warning("\(label): cannot publish on \(message.topic): \(Self.describe(rc))") }
            return nil
        }
        return mid
    }

    /// Says goodbye: publishes `final` (e.g. "offline" presence) if connected, disconnects
    /// cleanly (so the broker does not send the last will) and waits up to `timeout` seconds for
    /// it all to be written. Then the client is stopped for good.
    public func stop(final: Message? = nil, timeout: Double = 1.0) {
        if state == .connected {
            if let final { publish(final) }
            state = .stopped  // the disconnect callback that follows is ours, not a lost link
            _ = mosquitto_disconnect(mosq)
            // Real time, not the loop's: this waits on the socket itself, the loop no longer runs.
            let end = Clock.monotonic() + timeout
            while mosquitto_socket(mosq) >= 0, mosquitto_want_write(mosq) {
                let left = end - Clock.monotonic()
                if left <= 0 { break }
                var p = pollfd(fd: mosquitto_socket(mosq), events: Int16(POLLOUT), revents: 0)
                guard poll(&p, 1, Int32(left * 1000) + 1) > 0 else { break }
                if mosquitto_loop_write(mosq, 1) != MOSQ_ERR_SUCCESS.rawValue { break }
            }
        }
        state = .stopped
        for t in [housekeeping, retryTimer, connectTimer] { if let t { loop.cancel(t) } }
        housekeeping = nil
        retryTimer = nil
        connectTimer = nil
        if let w = watch { loop.cancel(w) }
        watch = nil
        watchedFD = -1
    }

    // MARK: callbacks (on the loop's thread, from inside loop_read/loop_write/loop_misc)

    private func installCallbacks() {
        mosquitto_connect_callback_set(mosq) { _, obj, rc in
            MQTTClient.from(obj)?.connected(rc)
        }
        mosquitto_disconnect_callback_set(mosq) { _, obj, rc in
            MQTTClient.from(obj)?.disconnected(rc)
        }
        mosquitto_message_callback_set(mosq) { _, obj, msg in
            guard let client = MQTTClient.from(obj), let m = msg?.pointee, let topic = m.topic else { return }
            let size = Int(max(0, m.payloadlen))
            let count = min(size, client.configuration.payloadLimit)
            let payload = count > 0 && m.payload != nil
                ? Array(UnsafeRawBufferPointer(start: m.payload, count: count)) : []
            let t = String(cString: topic)
            if size > count { client.onOversized?(t, size) }
            client.onMessage?(t, payload, m.retain)
        }
        mosquitto_publish_callback_set(mosq) { _, obj, mid in
            MQTTClient.from(obj)?.onPublished?(mid)
        }
        mosquitto_subscribe_callback_set(mosq) { _, obj, _, count, granted in
            guard let client = MQTTClient.from(obj), let granted else { return }
            for k in 0..<Int(count) where granted[k] == 0x80 {
                Log.error("\(client.label): the broker refused a subscription (not allowed by its access control list?)")
            }
        }
    }

    private static func from(_ obj: UnsafeMutableRawPointer?) -> MQTTClient? {
        obj.map { Unmanaged<MQTTClient>.fromOpaque($0).takeUnretainedValue() }
    }

    private func connected(_ rc: Int32) {
        // A broker that knows only MQTT 3.1.1 answers a version 5 CONNECT with "unacceptable
        // protocol version" (1; 0x84 from one that speaks 5 but will not): try again with 3.1.1.
        if speaksMQTT5 && (rc == 1 || rc == 0x84) {
            Log.warning("\(label): the broker does not take MQTT 5; using 3.1.1 (a message over the limit is then cut on arrival)")
            useMQTT311()
            retryNow = true
            refusal = nil
            return
        }
        guard rc == 0 else {
            // The broker said no; it closes the connection next, and `failed` picks the slow retry.
            refusal = rc
            return
        }
        if let t = connectTimer { loop.cancel(t) }
        connectTimer = nil
        state = .connected
        let reconnect = everConnected
        everConnected = true
        failedAttempts = 0
        backoff.reset()
        refusedBackoff.reset()
        lastProblem = nil
        Log.info("\(label): \(reconnect ? "reconnected" : "connected")")
        for s in subscriptions { sendSubscribe(s.topic, qos: s.qos) }
        onConnected?()
    }

    private func disconnected(_ rc: Int32) {
        if state == .stopped { return }
        if refusal != nil {
            failed("refused")
        } else {
            // The same words whether an attempt fails at once or in the handshake, so a problem
            // that repeats is logged once.
            failed(state == .connecting ? "cannot reach the broker: \(Self.describe(rc))" : Self.describe(rc))
        }
    }

    private func sendSubscribe(_ topic: String, qos: Int32) {
        let rc = mosquitto_subscribe(mosq, nil, topic, qos)
        if rc != MOSQ_ERR_SUCCESS.rawValue { Log.warning("\(label): cannot subscribe to \(topic): \(Self.describe(rc))") }
    }

    // MARK: text

    static func describe(_ rc: Int32) -> String {
        if rc == MOSQ_ERR_ERRNO.rawValue { return String(cString: strerror(errno)) }
        if rc == MOSQ_ERR_CONN_LOST.rawValue { return "the broker closed the connection" }
        // libmosquitto gives up on a peer that accepted the connection but never answered
        // (its keepalive ran out) with these; "Unknown error." would say nothing.
        if rc == MOSQ_ERR_KEEPALIVE.rawValue || rc == MOSQ_ERR_UNKNOWN.rawValue {
            return "no answer (is it an MQTT broker, and the port right?)"
        }
        if rc == MOSQ_ERR_TLS.rawValue {
            return "the TLS handshake failed (is the broker's certificate signed by the CA in --cafile, and made for this host name?)"
        }
        return String(cString: mosquitto_strerror(rc))
    }

    static func connackText(_ code: Int32) -> String {
        switch code {
        case 1: return "unacceptable protocol version"
        case 2: return "client id rejected"
        case 3: return "server unavailable"
        case 4: return "bad user name or password"
        case 5: return "not authorised"
        // MQTT 5 reason codes.
        case 0x84: return "unacceptable protocol version"
        case 0x85: return "client id rejected"
        case 0x86: return "bad user name or password"
        case 0x87: return "not authorised"
        case 0x88, 0x89: return "server unavailable or busy"
        default: return String(cString: mosquitto_connack_string(code))
        }
    }

    private func format(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}

/// libmosquitto's one-time global set-up, done on first use.
enum MQTTLibrary {
    static let ready: Bool = {
        // libmosquitto writes with write(2): a broker that vanishes mid-write must be an error
        // return (EPIPE), not SIGPIPE killing the screen.
        signal(SIGPIPE, SIG_IGN)
        return mosquitto_lib_init() == MOSQ_ERR_SUCCESS.rawValue
    }()
}
