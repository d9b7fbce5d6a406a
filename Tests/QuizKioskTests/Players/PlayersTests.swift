import Glibc
import MQTT
import Platform
import QuizContract
import Renderer
import TestSupport
import Testing

/// `quizkiosk host` with its players' port, against Debian's python3-websockets: the contract's
/// messages, abuse, the HTTP routes, a kill -9 in the middle of a burst, and a whole night with
/// a screen.
@Suite struct PhonesOnTheHostTests {
    init() { Log.sink = { _ in } }

    @Test func theContractOverRealWebSockets() async throws {
        let broker = try LocalBroker()
        try broker.start()
        let host = try await PlayersHost(broker: broker)
        let phones = try Phones(["protocol", String(host.port), host.secret])
        #expect(await phones.finish() == 0, "\(phones.process.stderr) \(host.process.stderr)")
        func saw(_ key: String) -> String? { phones.value(key) }
        #expect(saw("host_state") == #""lobby""#, "the console with the printed secret")
        #expect(saw("welcome") == #"{"type": "welcome", "player": "p1", "name": "Aiko"}"#, "the code is typed with spaces")
        #expect(saw("token_length") == "32")
        #expect(saw("lobby_state") == #""lobby""#)
        #expect(saw("name_taken") == #""name-taken""#)
        #expect(saw("bad_json") == #"["bad-message", true]"#)
        #expect(saw("b_welcome") == #""p2""#, "the same connection goes on after a bad message")
        #expect(saw("question_state") == #"["question", 1, false]"#, "no correct choice before the reveal")
        #expect(saw("answered") == #"{"type": "answered", "question": 1, "choice": 1}"#)
        #expect(saw("again") == #""already-answered""#)
        #expect(saw("resumed") == #""p1""#)
        #expect(saw("resumed_answer") == "1")
        #expect(saw("replaced") == #"[4000, "replaced"]"#)
        #expect(saw("too_fast") == #"["too-fast", 1008]"#)
        #expect(saw("oversized") == "1009")
        #expect(saw("other_origin") == "403")
        #expect(saw("b_answered") == #""answered""#, "the others are still served")
        #expect(saw("results") == "[[true, true, 1, 2, 1], [false, false, 2, 2, 1]]")
        // One line per bad input, escaped.
        #expect(await host.process.waitForLines(containing: "bad message: not JSON"))
        #expect(host.process.lines(containing: "bad message").count == 1, "\(host.process.stderr)")
        #expect(host.process.lines(containing: "more than 10 messages in a second").count == 1, "\(host.process.stderr)")
    }

    @Test func theRoutesAndTheirHeaders() async throws {
        let broker = try LocalBroker()
        try broker.start()
        let host = try await PlayersHost(broker: broker)
        let phones = try Phones(["http", String(host.port)])
        #expect(await phones.finish() == 0, "\(phones.process.stderr)")
        func response(_ request: String) -> JSONValue? { phones.json(request).last }
        for page in ["GET /", "GET /j/4821", "GET /host", "GET /player.html"] {
            let r = response(page)
            #expect(r?["status"]?.int == 200, "\(page): \(phones.process.stdout)")
            #expect(r?["type"]?.string == "text/html; charset=utf-8", "\(page)")
            #expect(r?["html"] == .bool(true), "\(page)")
            let csp = r?["csp"]?.string ?? ""
            #expect(csp.contains("script-src 'self'") && csp.contains("default-src 'self'") && !csp.contains("unsafe-inline"), "\(page): \(csp)")
            #expect(r?["nosniff"]?.string == "nosniff" && r?["frame"] == .bool(true), "\(page)")
        }
        #expect(response("HEAD /")?["status"]?.int == 200)
        #expect(response("GET /nope")?["status"]?.int == 404)
        #expect(response("GET /j/")?["status"]?.int == 404, "a code is needed")
        #expect(response("POST /")?["status"]?.int == 405)
        #expect(response("POST /")?["allow"]?.string == "GET, HEAD")
        #expect(response("GET /nope")?["csp"]?.string?.isEmpty == false, "every answer has the policy")
        #expect((response("GET /ws")?["status"]?.int ?? 0) >= 400, "not without the upgrade")
    }

    /// kill -9 while 150 phones answer within 2 s: every answer a phone was told was stored is
    /// in the night after the restart, and each phone comes back by resume with it.
    @Test func aKillDuringABurstLosesNoAcknowledgedAnswer() async throws {
        let broker = try LocalBroker()
        try broker.start()
        let host = try await PlayersHost(broker: broker)
        let watcher = try Publisher(broker.url, room: host.room, subscribe: "quizkiosk/\(host.room)/state")
        let phones = try Phones(["burst", String(host.port), "150", "2.0"])
        #expect(await phones.wait(for: "joined"), "\(phones.process.stderr)")
        host.key("n")
        #expect(await phones.wait(for: "ack", count: 30), "\(phones.process.stdout) \(phones.process.stderr)")
        host.process.kill()
        #expect(await phones.finish() == 0, "\(phones.process.stderr)")
        let acks = phones.json("ack")
        #expect(acks.count >= 30 && acks.count < 150, "killed in the middle: \(acks.count) acknowledged")
        #expect(phones.values("lost").count > 0, "some phones lost the host before their answer was acknowledged")
        _ = await watcher.run(until: { false }, timeout: 0.5)
        let before = watcher.received.compactMap { try? StateDecoder.decode($0.payload) }
        let lastRevision = before.compactMap(\.revision).max() ?? 0

        // The night as stored, read beside no host: every acknowledged answer is in it.
        let csv = TempDir.file("night") + ".csv"
        defer { unlink(csv) }
        let export = Run(["host", PlayersHost.quiz, "--export", csv, "--data", host.data])
        #expect(export.status == 0, "\(export.stderr)")
        let rows = TempDir.read(csv).split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let choices = ["Jupiter", "Saturn", "Uranus", "Neptune"]
        var byName: [String: [String]] = [:]
        for r in rows.dropFirst() where r.count > 3 { byName[r[1]] = r }
        for a in acks {
            guard let name = a[4]?.string, let choice = a[3]?.int else { continue }
            #expect(byName[name]?[2] == choices[choice], "\(name)'s acknowledged answer is stored")
        }
        #expect(byName.count == 150, "every player is kept")

        // The host again: the same run, above the last revision, each phone back with its answer.
        try await host.restart()
        let tokens = acks.prefix(20).compactMap { $0[1]?.string }
        let back = try Phones(["resume", String(host.port)] + tokens)
        #expect(await back.finish() == 0, "\(back.process.stderr)")
        let resumed = back.json("resumed")
        #expect(resumed.count == tokens.count)
        for (a, r) in zip(acks.prefix(20), resumed) {
            #expect(r[0] == a[0] && r[1] == a[3] && r[2]?.string == "question" && r[3]?.int == 1, "\(r) for \(a)")
        }
        #expect(await watcher.run(until: {
            watcher.received.compactMap { try? StateDecoder.decode($0.payload) }.contains { ($0.revision ?? 0) > lastRevision }
        }), "a new revision above \(lastRevision)")
        let after = watcher.received.compactMap { try? StateDecoder.decode($0.payload) }.last { ($0.revision ?? 0) > lastRevision }
        #expect(after?.quizId == before.last?.quizId, "the same run")
        #expect(after?.question?.endsAt == before.last { $0.phase == .question }?.question?.endsAt, "the deadline unchanged")
        #expect((after?.question?.answered ?? 0) >= acks.count)
    }

    /// A quiz file without a join code gets six random digits for its run, kept when the host
    /// is started again; the QR code's URL is the players' port's, with the code.
    @Test func aRunsJoinCodeIsItsOwnAndKept() async throws {
        let broker = try LocalBroker()
        try broker.start()
        let quiz = TempDir.file("quiz") + ".json"
        TempDir.write(quiz, #"{"title":"No code","questions":[{"text":"Q","choices":["a","b"],"correct":0}]}"#)
        defer { unlink(quiz) }
        let host = try await PlayersHost(broker: broker, quiz: quiz)
        let code = try #require(host.joinCode)
        #expect(code.count == 6 && code.allSatisfy(\.isNumber), "\(host.process.stdout)")
        let watcher = try Publisher(broker.url, room: host.room, subscribe: "quizkiosk/\(host.room)/state")
        #expect(await watcher.run(until: {
            watcher.received.last.flatMap { try? StateDecoder.decode($0.payload) }?.lobby?.joinURL == "http://127.0.0.1:\(host.port)/j/\(code)"
        }), "\(watcher.received.last.map { String(decoding: $0.payload, as: UTF8.self) } ?? "")")
        try await host.restart()
        #expect(host.joinCode == code, "the same run, the same code")
        #expect(host.process.stdout.contains("resumed"))
        #expect(await watcher.run(until: {
            watcher.received.last.flatMap { try? StateDecoder.decode($0.payload) }?.lobby?.joinURL == "http://127.0.0.1:\(host.port)/j/\(code)"
        }), "the new port, the same code")
    }

    /// A whole night on one box: a broker, the host, a headless screen and three phones. The
    /// screen shows "2 / 3 answered", the reveal's bars and the standings the phones were told.
    @Test func aNightWithAScreenAndThreePhones() async throws {
        let broker = try LocalBroker()
        try broker.start()
        let host = try await PlayersHost(broker: broker, room: "night")
        let watcher = try Publisher(broker.url, room: "night", subscribe: "quizkiosk/night/state")
        let screen = try Screen(source: "mqtt://127.0.0.1:\(broker.port)/night", width: 640, height: 360, now: Clock.now().rounded())
        let phones = try Phones(["e2e", String(host.port)])
        #expect(await phones.wait(for: "joined"), "\(phones.process.stderr)")
        func latest(_ ok: @escaping (QuizState) -> Bool) async -> QuizState? {
            var found: QuizState?
            _ = await watcher.run(until: {
                found = watcher.received.last.flatMap { try? StateDecoder.decode($0.payload) }
                return found.map(ok) ?? false
            }, timeout: 15)
            return found.flatMap { ok($0) ? $0 : nil }
        }
        #expect(await latest { $0.lobby?.participants == 3 } != nil, "the lobby counts the players")
        host.key("n")
        #expect(await phones.wait(for: "answered"), "\(phones.process.stderr)")
        let question = try #require(await latest { $0.question?.answered == 2 && $0.question?.players == 3 })
        #expect(await screen.waitForFrame(screen.expected(question)), "the screen shows the counts")
        let fonts = try FontSet(directory: bundledFonts)
        let drawn = SceneRenderer(fonts: fonts).describe(SceneFrame(state: question, width: 640, height: 360, now: screen.now))
        #expect(drawn.items.contains { $0.text == "2 / 3 answered" }, "\(drawn.items.compactMap(\.text))")

        host.key("r")
        #expect(await phones.wait(for: "result", count: 3), "\(phones.process.stdout) \(phones.process.stderr)")
        let reveal = try #require(await latest { $0.phase == .reveal })
        #expect(reveal.question?.answerCounts == [1, 1, 0, 0], "Aiko Saturn, Bo Jupiter")
        #expect(await screen.waitForFrame(screen.expected(reveal)), "the reveal's bars on the screen")

        host.key("l")
        let board = try #require(await latest { $0.phase == .leaderboard })
        #expect(await screen.waitForFrame(screen.expected(board)), "the standings on the screen")
        let told = phones.json("result")
        for r in told {
            guard let name = r["name"]?.string, let rank = r["rank"]?.int, let score = r["score"]?.int else { continue }
            let k = board.leaderboard.firstIndex { $0.name == name }
            #expect(k.map { board.leaderboard[$0].score } == score, "\(name): the TV's score is the one its phone was told")
            #expect(rank == 1 + board.leaderboard.filter { $0.score > score }.count, "\(name): the rank its phone was told is the TV's (fair ranks)")
            #expect(r["of"]?.int == 3)
        }
        #expect(told.first { $0["name"]?.string == "Aiko" }?["correct"] == .bool(true))
        #expect(board.leaderboard.map(\.name).first == "Aiko")
        #expect(await phones.finish() == 0)
    }
}
