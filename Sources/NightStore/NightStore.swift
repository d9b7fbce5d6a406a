import Glibc
import Platform
import QuizContract
import QuizHost

/// The night's database (SQLite, WAL, `synchronous=FULL`) in a data folder: runs, players,
/// question clocks and every accepted answer, so a host killed at any moment resumes the same
/// run. Group commit: the host adds a loop pass's changes (`add`) and calls `commit()` once
/// per pass; what `commit()` returns is durable, and only then may the phones be told
/// (`answered`) and the states journalled by `publish()` be sent.
public final class NightStore {
    public static let fileName = "night.sqlite"
    /// A run last written longer ago than this is over: the same quiz then starts a new run.
    public static let resumeWindow = 12.0 * 3600

    public let directory: String
    public var path: String { directory + "/" + Self.fileName }
    let db: SQLiteDatabase
    private let lock: DirectoryLock?
    public private(set) var runId: Int64?
    private var pending: [HostSession.Change] = []
    private var statements: [String: SQLiteStatement] = [:]

    /// Opens (creating when needed) the store in `directory`; the host's store holds the folder's
    /// lock (one host per folder). `readOnly` (an export beside a running host) takes no lock.
    public init(directory: String, readOnly: Bool = false) throws(StoreError) {
        self.directory = directory
        if readOnly {
            guard Files.exists(directory + "/" + Self.fileName) else {
                throw StoreError(.cannotOpen, path: directory + "/" + Self.fileName, detail: "no night has been kept here")
            }
            lock = nil
        } else {
            let existed = Files.isDirectory(directory)
            do {
                try Files.makeDirectory(directory)
            } catch {
                throw StoreError(error.errno == EACCES || error.errno == EROFS ? .readOnly : .cannotOpen, path: directory, detail: error.message)
            }
            // Players' names and tokens' hashes: for this user only.
            if !existed { chmod(directory, 0o700) }
            lock = try DirectoryLock(directory: directory)
        }
        db = try SQLiteDatabase(path: directory + "/" + Self.fileName, readOnly: readOnly)
        try db.execute("PRAGMA busy_timeout = 2000")
        if !readOnly {
            // WAL: a commit is one append and one fsync; readers never block the writer.
            // FULL: the WAL is synced at every commit, so a committed answer survives a power cut
            // (NORMAL would only survive a crash of the process).
            guard try db.scalarText("PRAGMA journal_mode = WAL")?.lowercased() == "wal" else {
                throw StoreError(.other, path: path, detail: "the file system does not allow WAL")
            }
            try db.execute("PRAGMA synchronous = FULL")
        }
        try db.execute("PRAGMA foreign_keys = ON")
        let version = Int(try db.scalarText("PRAGMA user_version") ?? "0") ?? 0
        guard version <= Schema.version else {
            throw StoreError(.schema, path: path, detail: "schema version \(version), this quizkiosk knows \(Schema.version)")
        }
        if !readOnly, version < Schema.version {
            try db.execute("BEGIN IMMEDIATE; \(Schema.create) PRAGMA user_version = \(Schema.version); COMMIT")
        }
    }

    /// The result of `openRun`.
    public struct OpenedRun {
        public var session: HostSession
        /// True when an earlier run of this quiz was taken up again.
        public let resumed: Bool
        public let runId: Int64
        public let startedAt: Double
    }

    /// The run to play: the latest run of this quiz (same file bytes) written within the last 12
    /// hours, restored whole; else, or with `newRun`, a new one. `joinCode` is the new run's (the
    /// quiz file's, else random digits); a resumed run keeps its own.
    public func openRun(quiz: QuizFile, quizSHA256: String, now: Double, newRun: Bool = false, joinCode: String?,
                        resumeWithin: Double = NightStore.resumeWindow) throws(StoreError) -> OpenedRun {
        let latest = try statement("SELECT id, quiz_id, join_code, started, updated FROM runs WHERE quiz_sha256 = ?1 ORDER BY id DESC LIMIT 1")
        try latest.bind([.text(quizSHA256)])
        if try latest.step() {
            let id = latest.int(0), quizId = latest.text(1), code = latest.isNull(2) ? nil : latest.text(2)
            let started = latest.real(3), updated = latest.real(4)
            _ = try latest.step()
            if !newRun, now - updated <= resumeWithin {
                let snapshot = try load(run: id, identity: .init(quizId: quizId, joinCode: code))
                runId = id
                return OpenedRun(session: HostSession(quiz: quiz, restoring: snapshot), resumed: true, runId: id, startedAt: started)
            }
        }
        var quizId = HostSession.runId(quiz, startedAt: now)
        // Two runs started within one second would share an id, and screens would take the
        // second's first revisions for old ones.
        let same = try statement("SELECT count(*) FROM runs WHERE quiz_id = ?1")
        try same.bind([.text(quizId)])
        if try same.step(), same.int(0) > 0 { quizId += "-" + String(Int(now * 1000) % 1000) }
        _ = try same.step()
        try db.execute("BEGIN IMMEDIATE")
        do throws(StoreError) {
            try statement("INSERT INTO runs (quiz_sha256, quiz_id, join_code, started, updated) VALUES (?1, ?2, ?3, ?4, ?4)")
                .run([.text(quizSHA256), .text(quizId), joinCode.map { .text($0) } ?? .null, .real(now)])
            try db.execute("COMMIT")
        } catch {
            try? db.execute("ROLLBACK")
            throw error
        }
        let id = sqlite3LastRowId()
        runId = id
        var session = HostSession(quiz: quiz, run: .init(quizId: quizId, joinCode: joinCode))
        session.recordsChanges = true
        return OpenedRun(session: session, resumed: false, runId: id, startedAt: now)
    }

    /// Changes of the open run to be written by the next `commit()`.
    public func add(_ changes: [HostSession.Change]) {
        pending.append(contentsOf: changes)
    }

    public var pendingCount: Int { pending.count }

    /// Writes every added change in one transaction and returns the answers among them, now
    /// durable (synced to the disk): the phones' `answered`. On failure nothing of the batch
    /// is written, the batch stays pending (the next commit tries again) and the error is thrown.
    @discardableResult
    public func commit(now: Double = Clock.now()) throws(StoreError) -> [HostSession.Answer] {
        guard !pending.isEmpty else { return [] }
        guard let run = runId else { throw StoreError(.other, path: path, detail: "commit before a run was opened") }
        var progress: HostSession.Progress?
        var clocks: [Int: QuestionClock] = [:]
        var players: [Int: HostSession.Player] = [:]
        var answers: [HostSession.Answer] = []
        for c in pending {
            switch c {
            case .progress(let p): progress = p
            case .clock(let q, let clock): clocks[q] = clock
            case .player(let p): players[p.number] = p
            case .answer(let a): answers.append(a)
            }
        }
        try db.execute("BEGIN IMMEDIATE")
        do throws(StoreError) {
            let r = Int64(run)
            let upsertPlayer = try statement("INSERT OR REPLACE INTO players (run, number, token_hash, name, kicked, joined) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
            for p in players.values.sorted(by: { $0.number < $1.number }) {
                try upsertPlayer.run([.int(r), .int(Int64(p.number)), .text(p.tokenHash), .text(p.name), .int(p.kicked ? 1 : 0), .real(p.joinedAt)])
            }
            let upsertStep = try statement("""
                INSERT OR REPLACE INTO steps (run, question, opened, ends_at, paused_since, paused_left, paused_for)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                """)
            for (q, c) in clocks.sorted(by: { $0.key < $1.key }) {
                try upsertStep.run([.int(r), .int(Int64(q)), .real(c.openedAt), .real(c.endsAt), c.pausedSince.map { .real($0) } ?? .null,
                                    c.pausedLeft.map { .real($0) } ?? .null, .real(c.pausedFor)])
            }
            let insertAnswer = try statement("INSERT INTO answers (run, question, player, choice, t, points, arrived) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")
            for a in answers {
                try insertAnswer.run([.int(r), .int(Int64(a.question)), .int(Self.number(a.player)), .int(Int64(a.choice)), .real(a.t),
                                      .int(Int64(a.points)), .real(a.arrivedAt)])
            }
            if let p = progress {
                try statement("""
                    UPDATE runs SET position = ?2, history = ?3, revision = ?4, locked = ?5, last_shown = ?6, board_previous = ?7,
                    updated = ?8 WHERE id = ?1
                    """).run([.int(r), .text(p.position.code), .text(p.history.map(\.code).joined(separator: " ")),
                              .int(Int64(p.publishedRevision)), .int(p.locked ? 1 : 0), .text(Self.ranks(p.lastShown)),
                              .text(Self.ranks(p.boardPrevious)), .real(now)])
            } else {
                try statement("UPDATE runs SET updated = ?2 WHERE id = ?1").run([.int(r), .real(now)])
            }
            try db.execute("COMMIT")
        } catch {
            try? db.execute("ROLLBACK")
            throw error
        }
        pending = []
        return answers
    }

    /// The latest run of this quiz as a session (for `--export`), or nil when it has none.
    public func latestRun(quiz: QuizFile, quizSHA256: String) throws(StoreError) -> HostSession? {
        let latest = try statement("SELECT id, quiz_id, join_code FROM runs WHERE quiz_sha256 = ?1 ORDER BY id DESC LIMIT 1")
        try latest.bind([.text(quizSHA256)])
        guard try latest.step() else { return nil }
        let id = latest.int(0), identity = HostSession.RunIdentity(quizId: latest.text(1), joinCode: latest.isNull(2) ? nil : latest.text(2))
        _ = try latest.step()
        return HostSession(quiz: quiz, restoring: try load(run: id, identity: identity))
    }

    /// The CSV of the latest run of this quiz (`ResultsCSV`), or nil when it has none.
    public func exportCSV(quiz: QuizFile, quizSHA256: String) throws(StoreError) -> String? {
        try latestRun(quiz: quiz, quizSHA256: quizSHA256).map(ResultsCSV.make)
    }

    // MARK: reading a run back

    private func load(run id: Int64, identity: HostSession.RunIdentity) throws(StoreError) -> HostSession.Snapshot {
        let row = try statement("SELECT position, history, revision, locked, last_shown, board_previous FROM runs WHERE id = ?1")
        try row.bind([.int(id)])
        guard try row.step() else { throw StoreError(.corrupt, path: path, detail: "run \(id) vanished") }
        let progress = HostSession.Progress(
            position: HostSession.Position(code: row.text(0)) ?? .lobby,
            history: row.text(1).split(separator: " ").compactMap { HostSession.Position(code: String($0)) },
            publishedRevision: Int(row.int(2)), locked: row.int(3) != 0,
            lastShown: Self.ranks(row.text(4)), boardPrevious: Self.ranks(row.text(5)))
        _ = try row.step()

        var players: [HostSession.Player] = []
        let p = try statement("SELECT number, token_hash, name, kicked, joined FROM players WHERE run = ?1 ORDER BY number")
        try p.bind([.int(id)])
        while try p.step() {
            players.append(.init(number: Int(p.int(0)), name: p.text(2), tokenHash: p.text(1), kicked: p.int(3) != 0, joinedAt: p.real(4)))
        }
        var clocks: [Int: QuestionClock] = [:]
        let s = try statement("SELECT question, opened, ends_at, paused_since, paused_for FROM steps WHERE run = ?1")
        try s.bind([.int(id)])
        while try s.step() {
            clocks[Int(s.int(0))] = QuestionClock(openedAt: s.real(1), endsAt: s.real(2), pausedSince: s.optionalReal(3), pausedFor: s.real(4))
        }
        var answers: [HostSession.Answer] = []
        let a = try statement("SELECT question, player, choice, t, points, arrived FROM answers WHERE run = ?1 ORDER BY question, player")
        try a.bind([.int(id)])
        while try a.step() {
            answers.append(.init(player: "p\(a.int(1))", question: Int(a.int(0)), choice: Int(a.int(2)), t: a.real(3),
                                 points: Int(a.int(4)), arrivedAt: a.real(5)))
        }
        return .init(run: identity, progress: progress, clocks: clocks, players: players, answers: answers)
    }

    // MARK: helpers

    private func statement(_ sql: String) throws(StoreError) -> SQLiteStatement {
        if let s = statements[sql] { return s }
        let s = try db.prepare(sql)
        statements[sql] = s
        return s
    }

    private func sqlite3LastRowId() -> Int64 { db.lastInsertRowId }

    /// "p7" → 7.
    static func number(_ player: String) -> Int64 { Int64(player.dropFirst()) ?? 0 }

    /// Ranks by player as stored: "p1=1 p4=2".
    static func ranks(_ r: [String: Int]) -> String {
        r.sorted { number($0.key) < number($1.key) }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    }

    static func ranks(_ text: String) -> [String: Int] {
        var out: [String: Int] = [:]
        for item in text.split(separator: " ") {
            let kv = item.split(separator: "=")
            if kv.count == 2, let v = Int(kv[1]) { out[String(kv[0])] = v }
        }
        return out
    }

    /// For tests: caps the file at `pages` pages, so that a write fails as on a full disk.
    func limitPages(_ pages: Int) throws(StoreError) {
        _ = try db.scalarText("PRAGMA max_page_count = \(pages)")
    }
}
