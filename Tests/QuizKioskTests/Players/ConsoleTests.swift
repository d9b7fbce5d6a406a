import Glibc
import MQTT
import Platform
import QuizContract
import TestSupport
import Testing

/// The host's console over real WebSockets (python3-websockets, Tests/Servers/phones.py) against
/// `quizkiosk host` with a headless screen in the room; and the host seen by the screens: its
/// presence, and the "host offline" mark when it is killed.
@Suite struct ConsoleTests {
    init() { Log.sink = { _ in } }

    static func states(_ watcher: Publisher) -> [QuizState] { watcher.received.compactMap { try? StateDecoder.decode($0.payload) } }

    /// Whether `predicates` hold for states in this order (others may come between them).
    static func inOrder(_ states: [QuizState], _ predicates: [(String, (QuizState) -> Bool)]) -> String? {
        var k = 0
        for s in states where k < predicates.count && predicates[k].1(s) { k += 1 }
        return k == predicates.count ? nil : "no \(predicates[k].0) after \(k) of them"
    }

    @Test func theConsoleOverRealWebSocketsActsAndSeesTheRoom() async throws {
        let broker = try LocalBroker()
        try broker.start()
        let host = try await PlayersHost(broker: broker)
        let watcher = try Publisher(broker.url, room: host.room, subscribe: "quizkiosk/\(host.room)/state")
        let screen = try Screen(source: "mqtt://127.0.0.1:\(broker.port)/\(host.room)", screenID: "tv-bar")
        let phones = try Phones(["console", String(host.port), host.secret, "tv-bar"])
        // The states are read as the phones act (a subscriber's socket holds only so much).
        #expect(await watcher.run(until: { phones.process.status != nil || phones.value("done") != nil }, timeout: 120))
        #expect(await phones.finish() == 0, "\(phones.process.stdout) \(phones.process.stderr) \(host.process.stderr)")
        #expect(phones.values("unexpected").isEmpty, "\(phones.values("unexpected"))")

        // Refused, and acting on nothing: a wrong secret, an action without one, a player's token.
        #expect(phones.value("wrong_secret") == #""not-host""#)
        #expect(phones.value("action_without_secret") == #""not-host""#)
        #expect(phones.value("token_as_secret") == #""not-host""#)
        // The lists: the players in join order, the screen from its retained presence.
        #expect(phones.value("players") == #"[{"player": "p1", "name": "Aiko", "score": 0, "connected": true, "answered": false}, {"player": "p2", "name": "Bo", "score": 0, "connected": true, "answered": false}]"#)
        let screens = try #require(phones.json("screens").last)
        guard case .array(let list) = screens else { Issue.record("screens: \(screens)"); return }
        #expect(list.contains { $0["id"]?.string == "tv-bar" && $0["online"] == .bool(true) && $0["shows"]?.string == "lobby" }, "\(list)")
        #expect(phones.value("kicked") == #"["kicked", 4001]"#)
        #expect(phones.value("late_join") == #""room-locked""#)
        let notice = try #require(phones.json("notice").last)
        #expect(notice["reason"]?.string == "not-now" && notice["action"]?.string == "reveal", "\(notice)")
        #expect(phones.value("taken_over") == #"[4000, "replaced"]"#)

        // Each action's state on the broker, in order.
        _ = await watcher.run(until: { Self.states(watcher).last?.phase == .reveal }, timeout: 10)
        var pausedLeft = 0.0
        let why = Self.inOrder(Self.states(watcher), [
            ("lobby", { $0.phase == .lobby && $0.lobby?.participants == 2 }),
            ("the question with a deadline (next)", { $0.phase == .question && $0.question?.endsAt != nil }),
            ("no deadline (pause)", { s in
                guard s.phase == .question, s.question?.endsAt == nil, let left = s.question?.timeLimit, left < 20 else { return false }
                pausedLeft = left
                return true
            }),
            ("10 s more, paused (add-time)", { $0.question?.endsAt == nil && abs(($0.question?.timeLimit ?? 0) - pausedLeft - 10) < 0.01 }),
            ("a deadline again (resume)", { $0.phase == .question && $0.question?.endsAt != nil && $0.question?.players == 2 }),
            ("one player fewer (kick)", { $0.phase == .question && $0.question?.players == 1 && $0.question?.answered == 1 }),
            ("the reveal", { $0.phase == .reveal && $0.question?.answerCounts == [0, 1, 0, 0] }),
            ("the standings with the new name (rename)", { $0.phase == .leaderboard && $0.leaderboard.map(\.name) == ["Aiko Y"] }),
            ("the reveal again (back)", { $0.phase == .reveal }),
        ])
        #expect(why == nil, "\(why ?? ""): \(Self.states(watcher).map { "\($0.revision ?? 0) \($0.phase.rawValue)" })")
        // The host's terminal says each step, the console's too.
        #expect(host.process.stdout.contains("] standings after question 1/6"), "\(host.process.stdout)")
        _ = screen
    }

    /// Issue 24: kill -9 of the host with a headless screen running: within 10 s the screen's
    /// frame has the "Host offline" mark (the broker sends the host's last will when its
    /// connection drops), the state kept; the host started again: the mark goes, the run goes on.
    @Test func aKilledHostIsMarkedOfflineOnTheScreenAndComesBack() async throws {
        let broker = try LocalBroker()
        try broker.start()
        let host = try await PlayersHost(broker: broker)
        let watcher = try Publisher(broker.url, room: host.room, subscribe: "quizkiosk/\(host.room)/state")
        let presence = try Publisher(broker.url, room: host.room, subscribe: "quizkiosk/\(host.room)/host")
        let screen = try Screen(source: "mqtt://127.0.0.1:\(broker.port)/\(host.room)", width: 640, height: 360)
        func lastPresence() -> HostPresence? { presence.received.last.flatMap { try? HostPresence.decode($0.payload) } }

        host.key("n")
        var question: QuizState?
        #expect(await watcher.run(until: {
            question = Self.states(watcher).last { $0.phase == .question }
            return question != nil
        }, timeout: 15))
        let shown = try #require(question)
        #expect(await screen.waitForFrame(screen.expected(shown)), "the question, no mark")
        #expect(await presence.run(until: { lastPresence()?.online == true }))
        let online = try #require(lastPresence())
        #expect(online.url == "http://127.0.0.1:\(host.port)", "the players' public URL: \(String(describing: online.url))")
        #expect(abs(Double(online.since ?? 0) - Clock.now()) < 120, "since: the host's start")

        let killed = Clock.monotonic()
        host.process.kill()
        #expect(await screen.waitForFrame(screen.expected(shown, hostOffline: true), timeout: 10), "the mark within 10 s")
        let took = Clock.monotonic() - killed
        #expect(took < 10, "\(took) s")
        #expect(await presence.run(until: { lastPresence()?.online == false }), "the will, retained")

        let secret = host.secret
        try await host.restart()
        #expect(host.secret == secret, "the console's secret kept in the data folder: the same URL after the restart")
        #expect(host.process.stdout.contains("host console: http://127.0.0.1:\(host.port)/host#\(secret)"))
        var resumed: QuizState?
        #expect(await watcher.run(until: {
            resumed = Self.states(watcher).last { ($0.revision ?? 0) > (shown.revision ?? 0) }
            return resumed != nil
        }, timeout: 15))
        let again = try #require(resumed)
        #expect(again.quizId == shown.quizId && again.phase == .question && again.question?.endsAt == shown.question?.endsAt,
                "the same run, the same question and deadline")
        #expect(await screen.waitForFrame(screen.expected(again)), "the mark gone, the run resumed")
        #expect(await presence.run(until: { lastPresence()?.online == true }))
    }
}
