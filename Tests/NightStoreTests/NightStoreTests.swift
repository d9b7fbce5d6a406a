import Glibc
@testable import NightStore
import Platform
import QuizContract
import QuizHost
import TestSupport
import Testing

@Suite struct DataDirectoryTests {
    @Test(arguments: [
        (["STATE_DIRECTORY": "/var/lib/quizkiosk", "XDG_STATE_HOME": "/x", "HOME": "/home/a"], "/var/lib/quizkiosk"),
        (["STATE_DIRECTORY": "/var/lib/a:/var/lib/b"], "/var/lib/a"),  // systemd lists several with ':'
        (["STATE_DIRECTORY": "", "XDG_STATE_HOME": "/home/a/.state/", "HOME": "/home/a"], "/home/a/.state/quizkiosk"),
        (["XDG_STATE_HOME": "relative/state", "HOME": "/home/a"], "/home/a/.local/state/quizkiosk"),  // XDG: relative is ignored
        (["HOME": "/home/a/"], "/home/a/.local/state/quizkiosk"),
        (["HOME": "/"], "/.local/state/quizkiosk"),
    ])
    func resolved(env: [String: String], expected: String) {
        #expect(DataDirectory.resolve(env) == expected)
    }

    @Test func nothingToGoOn() {
        #expect(DataDirectory.resolve([:]) == nil)
        #expect(DataDirectory.resolve(["HOME": "relative"]) == nil)
    }
}

@Suite struct NightStoreTests {
    static let quiz = QuizFile(title: "Tech Night", quizId: "tech", joinCode: nil, joinURL: nil, questions: [
        .init(text: "Q1", choices: ["a", "b", "c"], correct: 1, timeLimit: 20),
        .init(text: "Q2", choices: ["x", "y"], correct: 0, timeLimit: 30),
    ], leaderboard: [])
    static let sha = String(repeating: "3f", count: 32)

    static func join(_ s: inout HostSession, _ name: String, at now: Double) -> String {
        guard case .success(let w) = s.join(code: "111111", name: name, token: PlayerToken(text: "tok-" + name), now: now, canDraw: { _ in true }) else {
            Issue.record("\(name) could not join")
            return ""
        }
        return w.player
    }

    @Test func aRunSurvivesTheHost() throws {
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        var before: HostSession.Snapshot
        do {
            let store = try NightStore(directory: dir + "/data")
            let opened = try store.openRun(quiz: Self.quiz, quizSHA256: Self.sha, now: 1_800_000_000, joinCode: "111111")
            #expect(!opened.resumed && opened.session.quizId == "tech-1800000000" && opened.session.joinCode == "111111")
            var s = opened.session
            let a = Self.join(&s, "Aiko", at: 1_800_000_001), b = Self.join(&s, "Bo", at: 1_800_000_002)
            _ = s.apply(.next, now: 1_800_000_010)  // Q1 until …030
            _ = s.answer(player: a, question: 1, choice: 1, now: 1_800_000_011)
            store.add(s.takeChanges())
            let durable = try store.commit(now: 1_800_000_011)
            #expect(durable.map(\.player) == [a], "the commit says which answers are stored")
            _ = s.answer(player: b, question: 1, choice: 0, now: 1_800_000_012)
            _ = s.publish()
            _ = s.pause(now: 1_800_000_013)
            _ = s.publish()
            _ = s.resume(now: 1_800_000_015)  // until …032
            let last = s.publish()
            store.add(s.takeChanges())
            #expect(try store.commit(now: 1_800_000_015).map(\.player) == [b])
            #expect(try store.commit().isEmpty, "nothing pending: nothing to write")
            #expect(last.revision == 4 && last.question?.endsAt == 1_800_000_032)
            before = s.snapshot
        }
        // The host died; a new one opens the same folder with the same quiz.
        let store = try NightStore(directory: dir + "/data")
        let opened = try store.openRun(quiz: Self.quiz, quizSHA256: Self.sha, now: 1_800_000_020, joinCode: "999999")
        #expect(opened.resumed && opened.startedAt == 1_800_000_000)
        var s = opened.session
        #expect(s.snapshot == before, "everything kept")
        #expect(s.quizId == "tech-1800000000" && s.joinCode == "111111", "the same run, its own join code")
        s.servesPlayers = true
        let next = s.publish()
        #expect(next.revision == 5, "above the last one published")
        #expect(next.question?.endsAt == 1_800_000_032, "the deadline unchanged")
        #expect(next.question?.answered == 2)
        #expect(s.resume(token: "tok-Aiko") == .success(.init(player: "p1", name: "Aiko", token: "tok-Aiko")))
        // A new run on request: a new id, nobody in it.
        let fresh = try store.openRun(quiz: Self.quiz, quizSHA256: Self.sha, now: 1_800_000_100, newRun: true, joinCode: "222222")
        #expect(!fresh.resumed && fresh.session.quizId == "tech-1800000100" && fresh.session.inRoom == 0 && fresh.runId != opened.runId)
    }

    @Test func anotherQuizOrALaterNightIsANewRun() throws {
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        let store = try NightStore(directory: dir)
        let first = try store.openRun(quiz: Self.quiz, quizSHA256: Self.sha, now: 1_800_000_000, joinCode: nil)
        var s = first.session
        _ = Self.join(&s, "A", at: 1_800_000_000)
        store.add(s.takeChanges())
        try store.commit(now: 1_800_000_000)
        let edited = try store.openRun(quiz: Self.quiz, quizSHA256: String(repeating: "00", count: 32), now: 1_800_000_001, joinCode: nil)
        #expect(!edited.resumed, "an edited file is another quiz")
        let sameSecond = try store.openRun(quiz: Self.quiz, quizSHA256: Self.sha, now: 1_800_000_001.5, newRun: true, joinCode: nil)
        #expect(sameSecond.session.quizId != edited.session.quizId, "two runs never share a quizId")
        let nextWeek = try store.openRun(quiz: Self.quiz, quizSHA256: Self.sha, now: 1_800_000_000 + 13 * 3600, joinCode: nil)
        #expect(!nextWeek.resumed, "12 hours after its last write a run is over")
    }

    /// "Ack only after commit": a commit that fails (here the file may not grow, as on a full
    /// disk) returns nothing, says so in one line, and keeps the batch for the next commit.
    @Test func aFailedCommitAcknowledgesNothing() throws {
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        let store = try NightStore(directory: dir)
        var s = try store.openRun(quiz: Self.quiz, quizSHA256: Self.sha, now: 1_800_000_000, joinCode: nil).session
        for k in 0..<1000 { _ = Self.join(&s, "Player \(k)", at: 1_800_000_000) }
        store.add(s.takeChanges())
        try store.commit()
        _ = s.apply(.next, now: 1_800_000_001)
        for k in 1...1000 { _ = s.answer(player: "p\(k)", question: 1, choice: 1, now: 1_800_000_002) }
        store.add(s.takeChanges())
        let pages = Int(try #require(try store.db.scalarText("PRAGMA page_count")))!
        try store.limitPages(pages)
        do {
            let acked = try store.commit()
            Issue.record("committed \(acked.count) answers into a full file: \(String(describing: try? store.db.scalarText("PRAGMA page_count")))")
        } catch {
            #expect(error.kind == .diskFull)
            #expect(error.message.hasPrefix("night store \(dir)/night.sqlite: the disk is full (") && !error.message.contains("\n"))
        }
        #expect(store.pendingCount == 1002, "the answers, the clock, the run")
        try store.limitPages(1 << 30)
        #expect(try store.commit().count == 1000, "the next commit writes them")
        #expect(try store.latestRun(quiz: Self.quiz, quizSHA256: Self.sha)?.allAnswers.count == 1000)
    }

    @Test func oneHostPerFolder() throws {
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        let first = try NightStore(directory: dir)
        #expect(throws: StoreError(.locked, path: dir, detail: "night.lock is held")) { try NightStore(directory: dir) }
        _ = try first.openRun(quiz: Self.quiz, quizSHA256: Self.sha, now: 1_800_000_000, joinCode: nil)
        let reader = try NightStore(directory: dir, readOnly: true)
        #expect(try reader.latestRun(quiz: Self.quiz, quizSHA256: Self.sha) != nil, "an export reads beside the host")
    }

    @Test func aDamagedFileIsNamed() throws {
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        TempDir.write(dir + "/night.sqlite", String(repeating: "not a database ", count: 400))
        do {
            _ = try NightStore(directory: dir)
            Issue.record("opened a damaged file")
        } catch {
            #expect(error.kind == .corrupt && error.message == "night store \(dir)/night.sqlite: the database file is damaged or not a database (file is not a database)")
        }
        #expect(throws: StoreError.self) { try NightStore(directory: "/proc/version/night") }
        #expect(throws: StoreError(.cannotOpen, path: dir + "/none/night.sqlite", detail: "no night has been kept here")) {
            try NightStore(directory: dir + "/none", readOnly: true)
        }
    }

    @Test func aNewerSchemaIsRefused() throws {
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        do {
            let s = try NightStore(directory: dir)
            try s.db.execute("PRAGMA user_version = 9")
        }
        #expect(throws: StoreError(.schema, path: dir + "/night.sqlite", detail: "schema version 9, this quizkiosk knows 1")) {
            try NightStore(directory: dir)
        }
    }

    @Test func theExport() throws {
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        let store = try NightStore(directory: dir)
        var s = try store.openRun(quiz: Self.quiz, quizSHA256: Self.sha, now: 1_800_000_000, joinCode: nil).session
        let a = Self.join(&s, "=cmd", at: 1_800_000_000), b = Self.join(&s, "Bo, Jr.", at: 1_800_000_000)
        _ = s.apply(.next, now: 1_800_000_000)
        _ = s.answer(player: a, question: 1, choice: 1, now: 1_800_000_010)
        _ = s.answer(player: b, question: 1, choice: 1, now: 1_800_000_000.2)
        store.add(s.takeChanges())
        try store.commit()
        let lines = [
            "rank,player,Q1 choice,Q1 points,Q2 choice,Q2 points,total",
            #"1,"Bo, Jr.",b,1000,,0,1000"#,
            "2,'=cmd,b,750,,0,750",
        ]
        #expect(try NightStore(directory: dir, readOnly: true).exportCSV(quiz: Self.quiz, quizSHA256: Self.sha)
                == lines.map { $0 + "\r\n" }.joined())
        #expect(try store.exportCSV(quiz: Self.quiz, quizSHA256: String(repeating: "0", count: 64)) == nil)
    }
}

/// kill -9 of a process in the middle of committing answers: every answer it reported as
/// stored (it prints each after the commit that stored it) is in the database. With the report
/// sent before the commit (NIGHT_PROBE_REPORT_EARLY=1 in the test's environment, which the
/// probe inherits) this test fails.
@Suite(.serialized) struct NightStoreKillTests {
    static let probe: String = {
        let dir = String(quizkioskBinary[..<quizkioskBinary.lastIndex(of: "/")!])
        return dir + "/NightStoreProbe"
    }()

    static let quiz = QuizFile(title: "Probe", quizId: "probe", joinCode: "1", joinURL: nil,
                               questions: (0..<100).map { .init(text: "Q\($0 + 1)", choices: ["a", "b", "c", "d"], correct: $0 % 4, timeLimit: 3600) },
                               leaderboard: [])

    @Test func noReportedAnswerIsLost() async throws {
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        var reported = Set<String>()
        var random = SystemRandomNumberGenerator()
        for round in 0..<10 {
            let child = try Child([Self.probe, "commit-loop", dir], program: true)
            let target = Int.random(in: 20...600, using: &random)
            // Checked every millisecond, so the kill lands within a loop pass of the report. A
            // blocking loop, not Task.sleep: with every suite running on the two cores' cooperative
            // threads an awaiting test may resume only after the probe has answered everything.
            // The deadline only bounds a failing run (a loaded machine may start the probe slowly).
            let start = Clock.monotonic()
            var exited: Int32?
            while Self.newlines(child.outPath) < target, Clock.monotonic() - start < 120 {
                exited = child.poll()
                if exited != nil { break }
                usleep(1000)
            }
            child.kill()
            let lines = Self.lines(child.stdout)
            #expect(lines.count >= target, """
                round \(round): \(lines.count) of \(target) lines after \(Int(Clock.monotonic() - start)) s, \
                exit status \(exited.map(String.init) ?? "none"): \(child.stderr)
                """)
            reported.formUnion(lines)
        }
        let session = try #require(try NightStore(directory: dir, readOnly: true)
            .latestRun(quiz: Self.quiz, quizSHA256: String(repeating: "ab", count: 32)))
        let stored = Set(session.allAnswers.map { "\($0.player) \($0.question)" })
        let lost = reported.subtracting(stored)
        #expect(lost.isEmpty, "\(lost.count) of \(reported.count) reported answers lost, e.g. \(lost.sorted().prefix(5))")
        #expect(session.allPlayers.count == 2000, "every round resumed the one run")
    }

    static func newlines(_ path: String) -> Int {
        ((try? Files.read(path)) ?? []).reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    /// The complete lines of the probe's output (a kill may cut the last one).
    static func lines(_ text: String) -> [String] {
        var parts = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        parts.removeLast()  // what follows the last newline: empty, or a cut line
        return parts
    }
}

@Suite struct HostSecretTests {
    @Test func keptAcrossRestartsForThisUserOnly() throws {
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        let first: String
        do {
            first = try NightStore(directory: dir).hostSecret()
        }
        #expect(first.count == 32)
        #expect(try NightStore(directory: dir).hostSecret(generate: { "other" }) == first, "a restarted host keeps it")
        var st = stat()
        #expect(stat(dir + "/host-secret", &st) == 0 && st.st_mode & 0o777 == 0o600)
        #expect(secretsMatch(first, first) && !secretsMatch(first + "x", first) && !secretsMatch("", first)
                && !secretsMatch(String(first.dropLast()) + "?", first))
    }
}

@Suite struct NightStoreExportTests {
    /// After the host quit (its -wal and -shm files gone), an export still reads the night.
    @Test func anExportAfterTheHostQuit() throws {
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        do {
            let store = try NightStore(directory: dir)
            var s = try store.openRun(quiz: NightStoreTests.quiz, quizSHA256: NightStoreTests.sha, now: 1_800_000_000, joinCode: nil).session
            _ = NightStoreTests.join(&s, "Aiko", at: 1_800_000_000)
            store.add(s.takeChanges())
            try store.commit()
        }
        #expect(!Files.exists(dir + "/night.sqlite-wal"), "a clean close checkpoints the WAL away")
        let csv = try NightStore(directory: dir, readOnly: true).exportCSV(quiz: NightStoreTests.quiz, quizSHA256: NightStoreTests.sha)
        #expect(csv?.contains("1,Aiko,,0,,0,0") == true)
    }
}
