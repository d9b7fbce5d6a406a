import Glibc
import MQTT
import Platform
import QuizContract
import TestSupport
import Testing

/// What the terminal host says (issue 24, tried as a new user would): its keys and pipe words
/// in --help, a picture count that waits for an unreachable broker, rehearsal standings that are
/// never the quiz file's in place of a rejected --scores file.
@Suite final class HostTerminalTests {
    let directory = TempDir.make()
    init() { Log.sink = { _ in } }
    deinit { TempDir.remove(directory) }

    func write(_ name: String, _ text: String) -> String {
        let path = directory + "/" + name
        TempDir.write(path, text)
        return path
    }

    @Test func helpListsTheKeysAndTheWordsOfAPipe() {
        let help = Run(["host", "--help"])
        #expect(help.status == 0)
        for words in ["keys on a terminal: n, Space, Enter or → next", "r reveal", "l leaderboard", "q or Ctrl-D quit",
                      "from a pipe, one word a line", "n|next, r|reveal, l|leaderboard|standings, b|back, q|quit|exit",
                      "the console's URL and its QR code"] {
            #expect(help.stdout.contains(words), "\(words): \(help.stdout)")
        }
    }

    /// An unreachable broker: the picture is counted in the singular and said to wait; never
    /// "published". Reachable: "1 picture (… KiB) published" once the broker has it.
    @Test func picturesAreCountedAndSaidToWaitForTheBroker() async throws {
        let port = try LocalBroker.freePort()
        let lost = try Child(["host", repositoryRoot + "/examples/quiz-en.json", "--broker", "mqtt://127.0.0.1:\(port)/r",
                              "--players", "off", "--data", directory + "/lost"], stdinPipe: true)
        #expect(await waitUntil(timeout: 15) { lost.stdout.contains("waits to be published") }, "\(lost.stdout) \(lost.stderr)")
        lost.send("q")
        _ = await lost.wait(timeout: 20)
        #expect(lost.stdout.contains("(broker unreachable: 1 picture ("), "\(lost.stdout)")
        #expect(!lost.stdout.contains("published on quizkiosk/") && !lost.stdout.contains("pictures"), "\(lost.stdout)")

        let broker = try LocalBroker()
        try broker.start()
        let host = try Child(["host", repositoryRoot + "/examples/quiz-en.json", "--broker", "mqtt://127.0.0.1:\(broker.port)/r",
                              "--players", "off", "--data", directory + "/found"], stdinPipe: true)
        #expect(await waitUntil(timeout: 15) { host.stdout.contains("published on quizkiosk/r/media/") }, "\(host.stdout) \(host.stderr)")
        #expect(host.stdout.contains("1 picture (") && !host.stdout.contains("waits"), "\(host.stdout)")
        host.send("q")
        #expect(await host.wait(timeout: 20) == 0)
    }

    /// A rejected --scores file: the standings it gave last stay (and the terminal says so); a
    /// file rejected from the start shows none, never the quiz file's rehearsal standings.
    @Test func aRejectedScoresFileKeepsTheLastGoodStandings() async throws {
        let broker = try LocalBroker()
        try broker.start()
        let scores = write("scores.json", #"[{"name":"Ann","score":7}]"#)
        let watcher = try Publisher(broker.url, room: "s", subscribe: "quizkiosk/s/state")
        let host = try Child(["host", repositoryRoot + "/examples/quiz-en.json", "--broker", "mqtt://127.0.0.1:\(broker.port)/s",
                              "--players", "off", "--data", directory + "/s", "--scores", scores], stdinPipe: true)
        func board(after revision: Int) async -> [QuizState.Standing]? {
            var found: QuizState?
            _ = await watcher.run(until: {
                found = watcher.received.compactMap { try? StateDecoder.decode($0.payload) }
                    .last { $0.phase == .leaderboard && ($0.revision ?? 0) > revision }
                return found != nil
            }, timeout: 15)
            return found?.leaderboard
        }
        host.send("n")
        host.send("l")
        #expect(await board(after: 0)?.map(\.name) == ["Ann"], "\(host.stdout) \(host.stderr)")
        TempDir.write(scores, #"[{"name":"Ann","score":7,"previousRank":1}]"#)
        host.send("n")
        host.send("l")
        #expect(await board(after: 3)?.map(\.name) == ["Ann"], "the last good standings, not the quiz file's")
        #expect(await waitUntil(timeout: 10) { host.stdout.contains("keeping the 1 entry it gave at") }, "\(host.stdout)")
        #expect(host.stdout.contains("previousRank"), "the reason: \(host.stdout)")
        host.send("q")
        #expect(await host.wait(timeout: 20) == 0)

        // Rejected from the start: no standings at all.
        let room2 = try Publisher(broker.url, room: "t", subscribe: "quizkiosk/t/state")
        let fresh = try Child(["host", repositoryRoot + "/examples/quiz-en.json", "--broker", "mqtt://127.0.0.1:\(broker.port)/t",
                               "--players", "off", "--data", directory + "/t", "--scores", scores], stdinPipe: true)
        fresh.send("n")
        fresh.send("l")
        var shown: QuizState?
        #expect(await room2.run(until: {
            shown = room2.received.compactMap { try? StateDecoder.decode($0.payload) }.last { $0.phase == .leaderboard }
            return shown != nil
        }, timeout: 15))
        #expect(shown?.leaderboard.isEmpty == true, "not the quiz file's rehearsal standings: \(String(describing: shown?.leaderboard))")
        #expect(fresh.stderr.contains("the TV shows no rehearsal standings until it reads (not the quiz file's)"), "\(fresh.stderr)")
        fresh.send("q")
        #expect(await fresh.wait(timeout: 20) == 0)

        // With players: --scores is for rehearsals, and the host says so.
        let players = try Child(["host", repositoryRoot + "/examples/quiz-en.json", "--broker", "mqtt://127.0.0.1:\(broker.port)/u",
                                 "--players", "127.0.0.1:0", "--data", directory + "/u", "--scores", scores], stdinPipe: true)
        #expect(await waitUntil(timeout: 15) { players.stdout.contains("for rehearsals; with players the standings come from their answers") },
                "\(players.stdout)")
        players.send("q")
        _ = await players.wait(timeout: 20)
    }
}
