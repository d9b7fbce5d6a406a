import HostService
import NightStore
import Platform
import PlayersContract
import QuizContract
import QuizHost
import TestSupport
import Testing
import WebServer

/// One ordered record of what the service did to the outside: commits and what it sent.
final class EventLog {
    enum Event: Equatable {
        case commit(answers: Int)
        case failedCommit
        case sent(ConnectionID, String)
        case closed(ConnectionID, UInt16)
        case tv(QuizState)
    }

    var events: [Event] = []
    /// When each TV state was published (the loop's clock).
    var tvTimes: [Double] = []

    func sent(to conn: ConnectionID) -> [String] {
        events.compactMap { if case let .sent(c, t) = $0, c == conn { return t } else { return nil } }
    }

    /// The messages sent to `conn`, decoded as JSON objects' `type` and the rest.
    func messages(to conn: ConnectionID) -> [[String: JSONValue]] {
        sent(to: conn).compactMap { text in
            guard case .object(let members)? = try? JSONParser.parse(Array(text.utf8)) else { return nil }
            return Dictionary(members.map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })
        }
    }

    func types(to conn: ConnectionID) -> [String] {
        messages(to: conn).compactMap { if case .string(let t)? = $0["type"] { return t } else { return nil } }
    }

    var tvStates: [QuizState] { events.compactMap { if case .tv(let s) = $0 { return s } else { return nil } } }

    func index(of predicate: (Event) -> Bool) -> Int? { events.firstIndex(where: predicate) }
}

/// The night's database, with every commit recorded in the log (and a switch to make it fail
/// as a full disk would).
final class RecordingJournal: NightJournal {
    let store: NightStore
    let log: EventLog
    var failing = false

    init(_ store: NightStore, log: EventLog) {
        self.store = store
        self.log = log
    }

    func add(_ changes: [HostSession.Change]) { store.add(changes) }

    func commit(now: Double) throws(StoreError) -> [HostSession.Answer] {
        if failing {
            log.events.append(.failedCommit)
            throw StoreError(.diskFull, path: store.path, detail: "database or disk is full (test)")
        }
        let answers = try store.commit(now: now)
        if store.pendingCount == 0 { log.events.append(.commit(answers: answers.count)) }
        return answers
    }
}

final class RecordingTransport: PhoneTransport {
    let log: EventLog
    var open: Set<ConnectionID> = []

    init(_ log: EventLog) { self.log = log }

    func deliver(_ text: String, to conn: ConnectionID) -> Bool {
        guard open.contains(conn) else { return false }
        log.events.append(.sent(conn, text))
        return true
    }

    func deliver(_ text: String, toAll conns: [ConnectionID]) {
        for c in conns { _ = deliver(text, to: c) }
    }

    func end(_ conn: ConnectionID, code: UInt16, reason: String) {
        guard open.remove(conn) != nil else { return }
        log.events.append(.closed(conn, code))
    }
}

/// A service on virtual time with a real night store in a temporary folder, phones as
/// connection numbers: every rule of the glue tested without a socket.
final class Night {
    static let start = 1_800_000_000.0
    static let quiz = QuizFile(title: "Tech Night", quizId: "tech", joinCode: "482113", joinURL: nil, questions: [
        .init(text: "Which planet is the largest?", choices: ["Mars", "Jupiter", "Venus"], correct: 1, timeLimit: 20),
        .init(text: "Tea or coffee?", choices: ["Tea", "Coffee"], correct: nil, timeLimit: 10),
    ], leaderboard: [])
    static let sha = String(repeating: "ab", count: 32)

    let clock = VirtualClock()
    let loop: EventLoop
    let log = EventLog()
    let directory: String
    var store: NightStore!
    var journal: RecordingJournal!
    var service: HostService!
    var transport: RecordingTransport!
    var resumed = false
    private var nextConn: UInt64 = 0
    /// Where this night's log lines come from (a marker for `LogCapture`).
    let remote = "10.0.0.\(UInt8.random(in: 1...254)):\(UInt16.random(in: 1000...60000))"

    init(maxPlayers: Int = 2000, directory: String? = nil, secret: String? = "s3cret-console") throws {
        loop = EventLoop(clock: clock)
        self.directory = directory ?? TempDir.make()
        (store, journal, service, transport, resumed) = try Self.open(loop: loop, clock: clock, log: log, directory: self.directory,
                                                                         maxPlayers: maxPlayers, secret: secret, offset: 0)
    }

    static func open(loop: EventLoop, clock: VirtualClock, log: EventLog, directory: String, maxPlayers: Int, secret: String?,
                     offset: Double) throws -> (NightStore, RecordingJournal, HostService, RecordingTransport, Bool) {
        let store = try NightStore(directory: directory + "/data")
        let opened = try store.openRun(quiz: quiz, quizSHA256: sha, now: start + offset + clock.now, joinCode: quiz.joinCode)
        var session = opened.session
        session.servesPlayers = true
        session.maxPlayers = maxPlayers
        let journal = RecordingJournal(store, log: log)
        var options = HostService.Options()
        options.hostSecret = secret
        let service = HostService(loop: loop, session: session, journal: journal, options: options,
                                  wallClock: { start + offset + clock.now })
        let transport = RecordingTransport(log)
        service.transport = transport
        service.publishState = {
            log.events.append(.tv($0))
            log.tvTimes.append(clock.now)
        }
        return (store, journal, service, transport, opened.resumed)
    }

    deinit { TempDir.remove(directory) }

    /// The box's wall clock now.
    var now: Double { Self.start + clock.now }

    func connect() -> ConnectionID {
        nextConn += 1
        let c = ConnectionID(nextConn)
        transport.open.insert(c)
        service.opened(c, remote: remote)
        return c
    }

    func send(_ conn: ConnectionID, _ text: String) { service.received(conn, text) }

    /// The end of the loop pass: the service's commit and sends.
    func endPass() { loop.advance(by: 0) }

    func advance(_ seconds: Double) { loop.advance(by: seconds) }

    /// A phone that joined; returns its connection and token.
    func join(_ name: String) -> (ConnectionID, String) {
        let c = connect()
        send(c, #"{"type":"join","code":"482113","name":"\#(name)"}"#)
        endPass()
        let token = log.messages(to: c).first { if case .string("welcome")? = $0["type"] { return true } else { return false } }
            .flatMap { if case .string(let t)? = $0["token"] { return t } else { return nil } } ?? ""
        #expect(!token.isEmpty, "\(name) joined: \(log.sent(to: c))")
        return (c, token)
    }

    /// The host died (kill -9: nothing more is written) and a new one opened the same folder
    /// `seconds` later.
    func restart(after seconds: Double) throws {
        // The old store's handles are closed when it goes (its lock too, as the kernel would).
        (store, journal, service, transport) = (nil, nil, nil, nil)
        advance(seconds)
        (store, journal, service, transport, resumed) = try Self.open(loop: loop, clock: clock, log: log, directory: directory,
                                                                       maxPlayers: 2000, secret: "s3cret-console", offset: 0)
    }
}

extension JSONValue {
    var int: Int? {
        if case .number(let n, _) = self { return Int(n) }
        return nil
    }
}
