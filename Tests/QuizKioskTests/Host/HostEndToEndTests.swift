import Glibc
import MQTT
import Platform
import QuizContract
import Renderer
import TestSupport
import Testing

/// The host command drives a whole quiz (keys typed into it one by one) while a headless screen
/// shows it through a real broker: each step's published state is captured, and the screen's
/// frame must equal the library's rendering of exactly that state at the screen's clock.
@Suite struct HostEndToEndTests {
    init() { Log.sink = { _ in } }

    @Test func theHostDrivesAWholeQuizThroughEveryPhaseOnAHeadlessScreen() async throws {
        let broker = try LocalBroker()
        try broker.start()
        // The screen's clock frozen at the start, so question frames show the countdown at a
        // known instant (the host's endsAt is real time: about "20" is what the room sees).
        let screen = try Screen(source: "mqtt://127.0.0.1:\(broker.port)/finals", width: 640, height: 360,
                                now: Clock.now().rounded(), extra: ["--keep-frames"])
        let watcher = try Publisher(broker.url, room: "finals", subscribe: "quizkiosk/finals/state")
        let data = TempDir.make()
        defer { TempDir.remove(data) }
        let host = try Child(["host", repositoryRoot + "/examples/quiz-en.json", "--broker", "mqtt://127.0.0.1:\(broker.port)",
                              "--room", "finals", "--players", "off", "--data", data], stdinPipe: true)

        var phases: [QuizState.Phase] = []
        func step(_ key: String?, _ phase: QuizState.Phase, revision: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
            if let key { host.send(key) }
            var state: QuizState?
            let published = await watcher.run(until: {
                guard let last = watcher.received.last, let s = try? StateDecoder.decode(last.payload) else { return false }
                state = s
                return s.revision == revision
            }, timeout: 10)
            #expect(published, "revision \(revision) after key \(key ?? "-"): \(host.stdout) \(host.stderr)", sourceLocation: sourceLocation)
            guard let state else { return }
            #expect(state.phase == phase, "revision \(revision)", sourceLocation: sourceLocation)
            #expect(await screen.waitForFrame(screen.expected(state)), "revision \(revision) (\(phase)) on screen", sourceLocation: sourceLocation)
            phases.append(state.phase)
        }

        await step(nil, .lobby, revision: 1)
        await step("n", .question, revision: 2)
        await step("r", .reveal, revision: 3)
        await step("l", .leaderboard, revision: 4)
        await step("n", .question, revision: 5)
        await step("b", .leaderboard, revision: 6)  // back: the standings again
        await step("next", .question, revision: 7)  // words work too
        await step("n", .reveal, revision: 8)  // next during a question reveals
        var revision = 8
        for _ in 3...6 {
            revision += 1
            await step("n", .question, revision: revision)
            revision += 1
            await step("r", .reveal, revision: revision)
        }
        await step("n", .ended, revision: 17)
        #expect(Set(phases) == [.lobby, .question, .reveal, .leaderboard, .ended])

        host.send("q")
        #expect(await host.wait(timeout: 10) == 0, "\(host.stderr)")
        #expect(host.stdout.contains("the screens keep showing revision 17"), "\(host.stdout)")
        #expect(host.stdout.contains("[2] question 1/6: Which planet is this?"))
        // One kept frame per state shown: the idle start and the 17 states.
        #expect(screen.keptFrames().count == 18, "\(screen.keptFrames())")
        #expect(screen.keptFrames().last?.hasSuffix("-r17.png") == true)
    }

    @Test func aHostThatStartsBeforeTheBrokerPublishesWhenItComes() async throws {
        let broker = try LocalBroker()
        let data = TempDir.make()
        defer { TempDir.remove(data) }
        let host = try Child(["host", repositoryRoot + "/examples/quiz-ja.json", "--broker", "mqtt://127.0.0.1:\(broker.port)/r2",
                              "--players", "off", "--data", data], stdinPipe: true)
        #expect(await host.waitForLines(containing: "cannot reach the broker"), "it tried, and failed, first: \(host.stderr)")
        try broker.start()
        let watcher = try Publisher(broker.url, room: "r2", subscribe: "quizkiosk/r2/state")
        #expect(await watcher.run(until: {
            watcher.received.last.flatMap { try? StateDecoder.decode($0.payload) }?.phase == .lobby
        }, timeout: 15), "\(host.stderr)")
        host.closeStdin()  // end of input quits
        #expect(await host.wait(timeout: 10) == 0, "\(host.stderr)")
    }
}
