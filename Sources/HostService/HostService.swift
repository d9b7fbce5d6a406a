import Escaping
import NightStore
import Platform
import PlayersContract
import QuizContract
import QuizHost
import WebServer

/// A quiz night on one event loop: the game (`HostSession`), the phones (a `PhoneTransport`,
/// the `WebServer` in the host), the night's database (a `NightJournal`, the `NightStore`) and
/// the TV (`publishState`, the retained MQTT state), glued by one rule:
///
/// **Nothing leaves before its commit.** Whatever a loop pass changed — joins, answers, steps,
/// the published revision — is written in one transaction at the end of that pass (group
/// commit: a timer due at once, which the loop runs after the pass's descriptors). Only after
/// the commit returns are the phones told anything of that pass (`answered`, `welcome`, …)
/// and the TV state sent. A commit that fails keeps its batch, sends nothing, and is tried
/// again shortly; what was held goes out after the commit that succeeds.
///
/// The TV gets a step at once and count changes (joins, answers) at most every `tvInterval`
/// seconds (5 a second). Phones get `state` on every change of phase (and of what the phase
/// shows: a pause, more time, a kick) and `result` at a reveal. Everything runs on the loop's
/// thread.
public final class HostService {
    public struct Options: Sendable {
        /// Seconds between TV publishes of changed counts (steps are published at once).
        public var tvInterval = 0.2
        /// The console's secret (nil: no console can connect).
        public var hostSecret: String?
        /// Seconds before a failed commit is tried again.
        public var retryAfter = 0.25
        public init() {}
    }

    public private(set) var session: HostSession
    public let options: Options
    /// Sends a state to the TV (retained on the room's state topic).
    public var publishState: (QuizState) -> Void = { _ in }
    /// A step (not only counts) was published: the terminal prints its line.
    public var onStep: ((QuizState) -> Void)?
    /// The database refused a commit (once per run of failures), and when it works again.
    public var onStoreTrouble: ((StoreError?) -> Void)?
    /// Screens of the room from their retained presence, for the console (set by the host).
    public var screens: () -> [HostView.Screen] = { [] }
    /// An action (a key or the console's) did something: called before the pass's commit, so a
    /// change it makes to the session (the rehearsal standings' re-read) goes out with the step.
    public var afterAction: ((HostAction) -> Void)?
    /// A console gave the secret (its remote address; `replaced`: another console was connected
    /// and is closed): the host's terminal says so, so a console nobody expected is noticed.
    public var onConsole: ((_ remote: String, _ replaced: Bool) -> Void)?

    /// The phones' side; set by `servePlayers` or by a test.
    public var transport: PhoneTransport?
    public private(set) var server: WebServer?

    /// Counts for the bench, tests and the status line.
    public struct Statistics: Sendable {
        public var commits = 0
        public var failedCommits = 0
        public var answersAcknowledged = 0
        public var tvPublishes = 0
        public var badMessages = 0
        public var replaced = 0
    }

    public private(set) var statistics = Statistics()
    /// Seconds from each answer's arrival to its `answered` being handed to the transport, and
    /// each commit's duration (the first 100,000): what the box itself adds, for the bench.
    public private(set) var ackLatencies: [Double] = []
    public private(set) var commitDurations: [Double] = []

    private let loop: EventLoop
    private let journal: NightJournal?
    private let wallClock: () -> Double
    private let canDraw: (String) -> Bool

    private enum Role: Equatable {
        case unknown
        case player(String)
        case host
    }

    private struct Peer {
        var role: Role
        let remote: String
    }

    /// What a pass has to say, in order, once its commit has returned.
    private enum Outgoing {
        case message(ConnectionID, BoxMessage)
        /// The player's state, made when it is sent (its `remainingMs` then).
        case state(String)
        case result(String)
        /// An accepted answer's acknowledgement, to the player's connection when it is sent
        /// (`arrived`: the monotonic clock when the answer came in).
        case ack(String, BoxMessage, arrived: Double)
        case close(ConnectionID, UInt16, String)
    }

    private var peers: [ConnectionID: Peer] = [:]
    private var connectionOf: [String: ConnectionID] = [:]
    private var hostConnection: ConnectionID?
    private var outbox: [Outgoing] = []
    private var flushScheduled = false
    private var laterTimer: EventLoop.Token?
    private var laterAt = Double.infinity
    /// A state published in a pass whose commit failed: sent after the next good commit.
    private var heldState: (state: QuizState, step: Bool)?
    private var lastTVPublish = -Double.infinity
    private var lastHostState = -Double.infinity
    private var hostStateDirty = true
    private var sentEpoch: Int
    private var sentPosition: HostSession.Position
    private var storeFailing = false

    public init(loop: EventLoop, session: HostSession, journal: NightJournal?, options: Options = Options(),
                wallClock: @escaping () -> Double = { Clock.now() }, canDraw: @escaping (String) -> Bool = { _ in true }) {
        self.loop = loop
        self.session = session
        self.journal = journal
        self.options = options
        self.wallClock = wallClock
        self.canDraw = canDraw
        sentEpoch = session.phoneEpoch
        sentPosition = session.position
    }

    // MARK: - Starting

    /// Listens for phones: the pages (`routes`) and the WebSocket, with `origins` the pages
    /// that may open it.
    public func servePlayers(_ configuration: WebServerConfiguration) throws(SystemError) -> WebServer {
        let server = try WebServer(loop: loop, configuration: configuration)
        server.onOpen = { [unowned self] conn, request in opened(conn, remote: request.remoteAddress) }
        server.onText = { [unowned self] conn, text in received(conn, text) }
        server.onClose = { [unowned self] conn, code in closed(conn, code: code) }
        server.onTooFast = { [unowned self] conn in tooFast(conn) }
        self.server = server
        transport = server
        return server
    }

    /// Publishes the first state (the run's place: a resumed run above its last revision).
    public func start() {
        scheduleFlush()
    }

    /// Runs the loop until `loop.stop()`; returns the loop's failure, if that is why it ended
    /// (a wait that fails stops the night with its error: it never spins on it).
    public func run() -> SystemError? {
        loop.run()
        return loop.failure
    }

    /// Writes what is pending and closes every phone's connection (1001: the box is going away).
    public func shutdown() {
        flush()
        server?.shutdown()
    }

    // MARK: - The host's own actions (the terminal's keys, the console)

    /// A console action; returns why nothing happened when it does not apply.
    @discardableResult
    public func perform(_ action: HostAction) -> HostRefusal? {
        let why = session.perform(action, now: wallClock(), canDraw: canDraw)
        hostStateDirty = true
        if why == nil { afterAction?(action) }
        scheduleFlush()
        return why
    }

    /// Changes the session outside the game's rules (the rehearsal standings of `--scores`).
    public func update(_ change: (inout HostSession) -> Void) {
        change(&session)
        scheduleFlush()
    }

    /// The room's screens changed (their retained presence): the console is told.
    public func screensChanged() {
        hostStateDirty = true
        if hostConnection != nil { scheduleFlush() }
    }

    /// Player ids with a connection now.
    public var connectedPlayers: Set<String> { Set(connectionOf.keys) }

    // MARK: - The phones' side (the transport's callbacks)

    public func opened(_ conn: ConnectionID, remote: String) {
        peers[conn] = Peer(role: .unknown, remote: remote)
    }

    public func closed(_ conn: ConnectionID, code: UInt16) {
        guard let peer = peers.removeValue(forKey: conn) else { return }
        switch peer.role {
        case .player(let id):
            if connectionOf[id] == conn {
                connectionOf[id] = nil
                hostStateDirty = true
                if hostConnection != nil { scheduleFlush() }
            }
        case .host:
            if hostConnection == conn { hostConnection = nil }
        case .unknown: break
        }
    }

    /// More than 10 messages in a second: the last word before the server closes (1008). Sent
    /// at once: the connection is gone after this call.
    public func tooFast(_ conn: ConnectionID) {
        // The server's own line says it (one line per bad input).
        transport?.deliver(BoxMessage.rejected(.tooFast, locale: session.locale).text(), to: conn)
    }

    public func received(_ conn: ConnectionID, _ text: String) {
        guard var peer = peers[conn] else { return }
        let message: PhoneMessage
        do {
            message = try PhoneMessageDecoder.decode(text)
        } catch {
            statistics.badMessages += 1
            Log.info("players: \(peer.remote) \(conn): bad message: \(Self.bounded(error.message))")
            reject(conn, .badMessage)
            return
        }
        let now = wallClock()
        switch message {
        case let .join(code, name):
            switch session.join(code: code, name: name, token: PlayerToken.generate(), now: now, canDraw: canDraw) {
            case .success(let welcome):
                bind(conn, &peer, to: welcome.player)
                Log.debug("players: \(peer.remote) \(conn): \(welcome.player) \(Escaping.quoted(welcome.name)) joined")
                welcomed(conn, welcome)
            case .failure(let r):
                reject(conn, r)
            }
        case .resume(let token):
            switch session.resume(token: token) {
            case .success(let welcome):
                if let old = connectionOf[welcome.player], old != conn {
                    // The same phone again (a reload, a second tab): the newer connection is
                    // the player, the older one is told why it ends.
                    statistics.replaced += 1
                    peers[old]?.role = .unknown
                    outbox.append(.close(old, 4000, "replaced"))
                }
                bind(conn, &peer, to: welcome.player)
                welcomed(conn, welcome)
            case .failure(let r):
                reject(conn, r)
            }
        case let .answer(question, choice):
            guard case .player(let id) = peer.role else { return reject(conn, .badToken) }
            switch session.answer(player: id, question: question, choice: choice, now: now) {
            case .success(let a):
                outbox.append(.ack(id, a.acknowledgement, arrived: Clock.monotonic()))
                hostStateDirty = true
            case .failure(let r):
                reject(conn, r)
            }
        case .host(let secret):
            guard let mine = options.hostSecret, secretsMatch(secret, mine) else {
                Log.info("players: \(peer.remote) \(conn): a console message with a wrong secret; refused")
                return reject(conn, .notHost)
            }
            let replaced = hostConnection.map { $0 != conn } ?? false
            if let old = hostConnection, old != conn {
                peers[old]?.role = .unknown
                outbox.append(.close(old, 4000, "replaced"))
            }
            if hostConnection != conn { onConsole?(peer.remote, replaced) }
            unbind(conn, &peer)
            peer.role = .host
            peers[conn] = peer
            hostConnection = conn
            hostStateDirty = true
            lastHostState = -Double.infinity
        case .action(let action):
            guard peer.role == .host else { return reject(conn, .notHost) }
            if let why = session.perform(action, now: now, canDraw: canDraw) {
                // The host's log, and the console that asked: a button that did nothing says why.
                Log.info("players: console: \(action.name): \(why)")
                outbox.append(.message(conn, .hostNotice(action: action.name, reason: why.reason.rawValue, message: why.message)))
            } else {
                afterAction?(action)
            }
            hostStateDirty = true
            lastHostState = -Double.infinity
        }
        scheduleFlush()
    }

    private func welcomed(_ conn: ConnectionID, _ welcome: HostSession.Welcome) {
        outbox.append(.message(conn, welcome.message))
        outbox.append(.state(welcome.player))
        if case .reveal = session.position { outbox.append(.result(welcome.player)) }
        hostStateDirty = true
    }

    private func reject(_ conn: ConnectionID, _ reason: Rejection) {
        outbox.append(.message(conn, .rejected(reason, locale: session.locale)))
        scheduleFlush()
    }

    private func bind(_ conn: ConnectionID, _ peer: inout Peer, to player: String) {
        unbind(conn, &peer)
        peer.role = .player(player)
        peers[conn] = peer
        connectionOf[player] = conn
    }

    private func unbind(_ conn: ConnectionID, _ peer: inout Peer) {
        if case .player(let old) = peer.role, connectionOf[old] == conn { connectionOf[old] = nil }
        if peer.role == .host, hostConnection == conn { hostConnection = nil }
        peer.role = .unknown
        peers[conn] = peer
    }

    // MARK: - The pass's end: commit, then send

    private func scheduleFlush() {
        guard !flushScheduled else { return }
        flushScheduled = true
        loop.after(0) { [weak self] in self?.flush() }
    }

    /// A flush at `time` (loop clock) unless one is due earlier.
    private func flushLater(at time: Double) {
        guard time < laterAt else { return }
        if let t = laterTimer { loop.cancel(t) }
        laterAt = time
        laterTimer = loop.after(max(0, time - loop.now)) { [weak self] in
            guard let self else { return }
            laterTimer = nil
            laterAt = .infinity
            flush()
        }
    }

    /// Commits what the pass changed, then sends what it said. Public for a test that drives
    /// a pass by hand; the loop calls it at the end of each pass that changed something.
    public func flush() {
        flushScheduled = false
        let now = wallClock()
        var published: (state: QuizState, step: Bool)?
        if session.stepPending || (session.needsPublish && loop.now - lastTVPublish >= options.tvInterval - 1e-9) {
            let step = session.stepPending
            published = (session.publish(), step)
            lastTVPublish = loop.now
        } else if session.needsPublish {
            flushLater(at: lastTVPublish + options.tvInterval)
        }
        let changes = session.takeChanges()
        if let journal {
            if !changes.isEmpty { journal.add(changes) }
            do {
                let began = Clock.monotonic()
                let durable = try journal.commit(now: now)
                if !changes.isEmpty || !durable.isEmpty, commitDurations.count < 100_000 { commitDurations.append(Clock.monotonic() - began) }
                statistics.commits += durable.isEmpty && changes.isEmpty ? 0 : 1
                if storeFailing {
                    storeFailing = false
                    onStoreTrouble?(nil)
                }
            } catch {
                statistics.failedCommits += 1
                if let p = published { heldState = (p.state, p.step || (heldState?.step ?? false)) }
                if !storeFailing {
                    storeFailing = true
                    Log.error("players: \(error); nothing is acknowledged until it works again (retrying)")
                    onStoreTrouble?(error)
                }
                flushLater(at: loop.now + options.retryAfter)
                return
            }
        }
        // Durable now: the TV state, then the phones.
        if let held = heldState, published == nil {
            published = held
        } else if let held = heldState, let p = published {
            published = (p.state, p.step || held.step)
        }
        heldState = nil
        if let (state, step) = published {
            statistics.tvPublishes += 1
            publishState(state)
            if step { onStep?(state) }
        }
        sendOutbox(now: now)
        sendPhaseChanges(now: now)
        sendHostState(now: now)
    }

    private func sendOutbox(now: Double) {
        guard !outbox.isEmpty, let transport else {
            outbox.removeAll()
            return
        }
        let items = outbox
        outbox.removeAll(keepingCapacity: true)
        var table: HostSession.Ranking?
        func ranking() -> HostSession.Ranking {
            if let table { return table }
            let t = session.ranking()
            table = t
            return t
        }
        for item in items {
            switch item {
            case let .message(conn, m):
                transport.deliver(m.text(), to: conn)
            case let .state(player):
                guard let conn = connectionOf[player], let view = session.phoneView(for: player, now: now, ranking: ranking()) else { continue }
                transport.deliver(BoxMessage.state(view).text(), to: conn)
            case let .result(player):
                guard let conn = connectionOf[player], let r = session.result(for: player, ranking: ranking()) else { continue }
                transport.deliver(BoxMessage.result(r).text(), to: conn)
            case let .ack(player, m, arrived):
                statistics.answersAcknowledged += 1
                if ackLatencies.count < 100_000 { ackLatencies.append(Clock.monotonic() - arrived) }
                if let conn = connectionOf[player] { transport.deliver(m.text(), to: conn) }
            case let .close(conn, code, reason):
                transport.end(conn, code: code, reason: reason)
            }
        }
    }

    /// Every connected player's new state when the phase (or what it shows) moved; each one's
    /// result when a reveal began; a kicked player's phone told and closed.
    private func sendPhaseChanges(now: Double) {
        guard session.phoneEpoch != sentEpoch || session.position != sentPosition else { return }
        let enteredReveal: Bool
        if case .reveal = session.position, session.position != sentPosition { enteredReveal = true } else { enteredReveal = false }
        sentEpoch = session.phoneEpoch
        sentPosition = session.position
        hostStateDirty = true
        guard let transport else { return }
        let table = session.ranking()
        for (player, conn) in connectionOf.sorted(by: { $0.value.value < $1.value.value }) {
            guard let view = session.phoneView(for: player, now: now, ranking: table) else {
                // Not in the room any more: the host removed this player.
                transport.deliver(BoxMessage.rejected(.kicked, locale: session.locale).text(), to: conn)
                transport.end(conn, code: 4001, reason: "kicked")
                connectionOf[player] = nil
                peers[conn]?.role = .unknown
                continue
            }
            transport.deliver(BoxMessage.state(view).text(), to: conn)
            if enteredReveal, let r = session.result(for: player, ranking: table) {
                transport.deliver(BoxMessage.result(r).text(), to: conn)
            }
        }
    }

    private func sendHostState(now: Double) {
        guard hostStateDirty, let conn = hostConnection, let transport else { return }
        guard loop.now - lastHostState >= options.tvInterval - 1e-9 else { return flushLater(at: lastHostState + options.tvInterval) }
        hostStateDirty = false
        lastHostState = loop.now
        let view = session.hostView(now: now, connected: connectedPlayers, screens: screens())
        transport.deliver(BoxMessage.hostState(view).text(), to: conn)
    }

    /// One line on what the box added to the answers' acknowledgements (nil before any).
    public var latencyReport: String? {
        guard !ackLatencies.isEmpty else { return nil }
        func p(_ v: [Double], _ q: Double) -> String {
            let s = v.sorted()
            let x = s[min(s.count - 1, max(0, Int((Double(s.count) * q).rounded(.up)) - 1))]
            return String(Double(Int(x * 10_000)) / 10) + " ms"
        }
        return "players: \(ackLatencies.count) answers acknowledged, arrival → answered sent p50 \(p(ackLatencies, 0.5)), "
            + "p99 \(p(ackLatencies, 0.99)), max \(p(ackLatencies, 1)); \(commitDurations.count) commits, p50 \(p(commitDurations, 0.5)), "
            + "p99 \(p(commitDurations, 0.99)), max \(p(commitDurations, 1))"
    }

    /// A log line's outside part, cut: one bad message is one line of bounded length.
    static func bounded(_ text: String, max: Int = 200) -> String {
        text.unicodeScalars.count <= max ? text : String(String.UnicodeScalarView(text.unicodeScalars.prefix(max))) + "…"
    }
}
