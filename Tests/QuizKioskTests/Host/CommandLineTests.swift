import Glibc
import MQTT
import Pixels
import Platform
import TestSupport
import Testing

/// `publish`, and the one-line errors of `run`, `host` and `publish` for bad options, URLs
/// and files (the built binary, as a user runs it).
@Suite final class CommandLineTests {
    let directory = TempDir.make()
    init() { Log.sink = { _ in } }
    deinit { TempDir.remove(directory) }

    func run(_ args: [String], environment: [String: String] = [:]) async throws -> Child {
        let c = try Child(args, environment: environment)
        #expect(await c.wait(timeout: 20) != nil, "\(args) did not finish")
        return c
    }

    func file(_ text: String) throws -> String {
        let path = directory + "/state-\(UInt32.random(in: 0...UInt32.max)).json"
        try Files.writeAtomically(Array(text.utf8), to: path)
        return path
    }

    @Test func publishValidatesThenPublishesRetained() async throws {
        let broker = try LocalBroker()
        try broker.start()
        let url = "mqtt://127.0.0.1:\(broker.port)"
        let good = #"{"quizId":"p","revision":1,"question":{"text":"OK?","choices":["yes","no"]}}"#
        let ok = try await run(["publish", "--broker", url, "--room", "r", try file(good)])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout.contains("published \(good.utf8.count) bytes to quizkiosk/r/state (retained)"), "\(ok.stdout)")
        #expect(!ok.stderr.contains("not a field"), "a state with only known fields warns about nothing: \(ok.stderr)")

        // A typo is published (screens ignore unknown fields) but named, one line each.
        let typo = try await run(["publish", "--broker", url, "--room", "r",
                                  try file(#"{"question":{"text":"Q","choices":["a","b"],"corect":0},"leaderboard":[{"name":"A","score":1,"rank":1}]}"#)])
        #expect(typo.status == 0, "\(typo.stderr)")
        #expect(typo.stderrLines.filter { $0.contains("not a field") }.count == 2, "\(typo.stderr)")
        #expect(typo.stderr.contains(#""question.corect": not a field of quiz state v1"#), "\(typo.stderr)")
        #expect(typo.stderr.contains(#""leaderboard[0].rank": not a field"#), "\(typo.stderr)")

        let bad = try await run(["publish", "--broker", url + "/r", try file(#"{"question":{"text":"Q","choices":["a",2]}}"#)])
        #expect(bad.status == 1)
        #expect(bad.stderrLines.count == 1 && bad.stderr.contains("question.choices[1]: must be a string, got a number (not published"), "\(bad.stderr)")

        let watcher = try Publisher(broker.url, room: "r", subscribe: "quizkiosk/r/state")
        #expect(await watcher.run(until: { watcher.received.count == 1 }))
        #expect(watcher.received.first?.payload.contains(Array("corect".utf8)) == true, "the one with a typo was published, the invalid one not")

        let raw = try await run(["publish", "--broker", url, "--room", "r", "--raw", try file("not json")])
        #expect(raw.status == 0)
        #expect(await watcher.run(until: { watcher.received.last?.payload == Array("not json".utf8) }))
        let clear = try await run(["publish", "--broker", url, "--room", "r", "--clear"])
        #expect(clear.status == 0 && clear.stdout.contains("cleared quizkiosk/r/state"))
        #expect(await watcher.run(until: { watcher.received.last?.payload == [] }))
    }

    @Test func publishRefusedAndUnreachableAreOneLineAndAFailure() async throws {
        let broker = try LocalBroker(passwords: ["host": "right"])
        try broker.start()
        let state = try file(#"{"title":"x"}"#)
        let refused = try await run(["publish", "--broker", "mqtt://host@127.0.0.1:\(broker.port)/r", state],
                              environment: ["QUIZKIOSK_MQTT_PASSWORD": "wrong"])
        #expect(refused.status == 1)
        #expect(refused.stderrLines.count == 1 && refused.stderr.contains("refused the connection: not authorised"), "\(refused.stderr)")
        let accepted = try await run(["publish", "--broker", "mqtt://host@127.0.0.1:\(broker.port)/r", state],
                               environment: ["QUIZKIOSK_MQTT_PASSWORD": "right"])
        #expect(accepted.status == 0, "\(accepted.stderr)")

        let port = try LocalBroker.freePort()
        let unreachable = try await run(["publish", "--broker", "mqtt://127.0.0.1:\(port)/r", "--timeout", "1", state])
        #expect(unreachable.status == 1)
        #expect(unreachable.stderrLines.last?.contains("not published: no acknowledgement from the broker within 1 s") == true, "\(unreachable.stderr)")
    }

    @Test(arguments: [
        (["run", "--headless", "--out", "/tmp/x", "--source", "bogus"], "--source bogus: expected mqtt://"),
        (["run", "--headless", "--out", "/tmp/x", "--source", "mqtt://h"], "the room is missing"),
        (["run", "--headless", "--out", "/tmp/x", "--source", "mqtt://h:70000/r"], "the port must be a number from 1 to 65535"),
        (["run", "--headless", "--out", "/tmp/x", "--source", "mqtt://h/r", "--password-file", "/nonexistent/pw"], "--password-file /nonexistent/pw: No such file"),
        (["run", "--headless", "--out", "/tmp/x", "--source", "mqtt://h/r", "--password-file", "/dev/zero"], "--password-file /dev/zero: over the 4096-byte limit"),
        (["run", "--headless", "--out", "/tmp/x", "--source", "mqtt://h/r", "--screen-id", "a/b"], "--screen-id a/b: must not contain '/'"),
        (["run", "--headless", "--out", "/tmp/x", "--source", "mqtt://h/r", "--cafile", "/etc/hostname"], "--cafile is for"),
        (["run", "--headless", "--out", "/tmp/x", "--source", "file:/nonexistent-dir/s.json"], "/nonexistent-dir"),
        (["run", "--headless", "--out", "/tmp/x", "--now", "yesterday"], "--now yesterday: expected an RFC 3339 time"),
        (["host", "--broker", "mqtt://h/r"], "host needs a quiz file"),
        (["host", "/nonexistent.json", "--broker", "mqtt://h/r"], "/nonexistent.json: No such file"),
        (["host", "q.json", "--broker", "mqtt://h"], "--room is required"),
        (["host", "q.json", "--broker", "mqtt://h/a", "--room", "b"], "--room b and the room in --broker (a) differ"),
        (["host", "q.json", "--broker", "mqtt://h/r", "--players", "80800"], "--players 80800: the port must be a number"),
        (["host", "q.json", "--broker", "mqtt://h/r", "--players", "box:8080"], "box is not an IPv4 address"),
        (["host", "q.json", "--broker", "mqtt://h/r", "--max-players", "0"], "--max-players 0: expected 1…100000"),
        (["host", "q.json", "--broker", "mqtt://h/r", "--public-url", "ftp://x"], "--public-url ftp://x: expected http://"),
        (["host", "q.json", "--broker", "mqtt://h/r", "--players", "off", "--public-url", "http://x"], "--public-url is for the players' port"),
        (["host", "/nonexistent.json", "--export", "/tmp/x.csv"], "/nonexistent.json: No such file"),
        (["publish", "--broker", "mqtt://:pw@h/r", "s.json"], "the user name is empty"),
        (["publish", "--room", "r", "s.json"], "--broker is required"),
    ])
    func badOptionsAreOneLine(args: [String], expected: String) async throws {
        let c = try await run(args)
        #expect(c.status == 1 || c.status == 2)
        #expect(c.stderrLines.first?.contains(expected) == true, "\(c.stderr)")
        #expect(!c.stderr.contains("Fatal error"))
    }

    /// `echo q | quizkiosk host …`: the quit comes before the connection; the host still waits
    /// for the first state's acknowledgement and exits 0 (it used to race, exiting 1).
    @Test func anImmediateQuitStillDeliversTheFirstState() async throws {
        let broker = try LocalBroker()
        try broker.start()
        for _ in 0..<3 {
            let data = TempDir.make()
            defer { TempDir.remove(data) }
            let c = try Child(["host", repositoryRoot + "/examples/quiz-en.json", "--broker", "mqtt://127.0.0.1:\(broker.port)", "--room", "q",
                               "--players", "off", "--data", data], stdinPipe: true)
            c.send("q")
            c.closeStdin()
            #expect(await c.wait(timeout: 15) == 0, "\(c.stderr)")
            #expect(c.stdout.contains("the screens keep showing revision 1"), "\(c.stdout)")
        }
    }

    @Test func aSilentBrokerIsSaidToGiveNoAnswer() async throws {
        // A TCP listener that accepts and never speaks MQTT.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var addr = LocalBroker.loopback(port: 0)
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &addr) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) == 0 && getsockname(fd, $0, &len) == 0 }
        }
        try #require(bound && listen(fd, 8) == 0)
        let port = Int(UInt16(bigEndian: addr.sin_port))
        let c = try await run(["publish", "--broker", "mqtt://127.0.0.1:\(port)/r", "--timeout", "3", "--clear"])
        #expect(c.status == 1)
        #expect(!c.stderr.contains("Unknown error"), "\(c.stderr)")
        #expect(c.stderr.contains("no acknowledgement from the broker within 3 s"), "\(c.stderr)")
    }

    @Test func aQuizFileMistakeNamesTheField() async throws {
        let quiz = try file(#"{"title":"T","questions":[{"text":"Q","choices":["a","b"],"correct":5}]}"#)
        let c = try await run(["host", quiz, "--broker", "mqtt://127.0.0.1:1/r"])
        #expect(c.status == 1)
        #expect(c.stderrLines == ["quizkiosk: \(quiz): questions[0].correct: 5 is not the index of a choice (0 to 1; the first choice is 0)"])
    }

    @Test func aPasswordInTheURLWorksButIsWarnedAbout() async throws {
        let broker = try LocalBroker(passwords: ["host": "pw"])
        try broker.start()
        let c = try await run(["publish", "--broker", "mqtt://host:pw@127.0.0.1:\(broker.port)/r", "--clear"])
        #expect(c.status == 0, "\(c.stderr)")
        #expect(c.stderr.contains("the password in the URL is visible to every user of this machine"))
        #expect(!c.stderr.contains(":pw@"))
    }
}

@Suite struct BenchSmokeTests {
    /// The benchmarks left the kiosk's binary: `quizkiosk bench` says where they went, in one
    /// line, and the benches' child is no command of quizkiosk's.
    @Test func quizkioskBenchPointsAtQuizkioskBench() {
        let r = Run(["bench", "--soak", "--updates", "1000"])
        #expect(r.status == 2)
        #expect(r.stderrLines.count == 1, "\(r.stderr)")
        #expect(r.stderr.contains("quizkiosk-bench"), "\(r.stderr)")
        #expect(r.stdout.isEmpty, "nothing was measured: \(r.stdout)")
        let child = Run(["bench-child", "--size", "320x180"])
        #expect(child.status == 2)
        #expect(child.stderr.hasPrefix("quizkiosk: unknown command bench-child"), "\(child.stderr)")
        #expect(!Run(["help"]).stdout.contains("bench"), "quizkiosk's usage lists no bench")
    }

    /// quizkiosk-bench's own command line: its usage on --help, a bad option one line and the
    /// usage line (exit 2), as quizkiosk's commands do.
    @Test func quizkioskBenchHasItsOwnUsage() {
        let help = Run(["--help"], executable: quizkioskBenchBinary)
        #expect(help.status == 0, "\(help.stderr)")
        for mode in ["--memory", "--mqtt", "--soak", "--players N", "--loop"] {
            #expect(help.stdout.contains("  \(mode) "), "\(mode): \(help.stdout)")
        }
        let bad = Run(["--soak", "--bogus"], executable: quizkioskBenchBinary)
        #expect(bad.status == 2)
        #expect(bad.stderrLines == ["quizkiosk-bench: unknown option --bogus",
                                    "usage: quizkiosk-bench [--memory | --mqtt | --soak | --players N | --loop] [options] (--help: more)"],
                "\(bad.stderr)")
    }

    /// The latency benchmark runs end to end (few updates, small frames: figures come from a
    /// release build, see README).
    @Test func benchMQTTRunsAndReportsBothLatencies() async throws {
        let c = try Child([quizkioskBenchBinary, "--mqtt", "--updates", "10", "--size", "320x180", "--fonts", repositoryRoot + "/fonts"],
                          program: true)
        #expect(await c.wait(timeout: 60) == 0, "\(c.stderr)")
        #expect(c.stdout.contains("frame rendered (what DRM would flip): p50 "), "\(c.stdout)")
        #expect(c.stdout.contains("latest.png written (PNG encode + rename): p50 "))
    }

    /// The players' bench runs end to end with a few phones (its figures come from a release
    /// build at 2000, see docs/players.md), its host the quizkiosk built beside it.
    @Test func benchPlayersRunsAndReportsEveryFigure() async throws {
        let c = try Child([quizkioskBenchBinary, "--players", "20", "--processes", "2", "--fonts", bundledFonts], program: true)
        #expect(await c.wait(timeout: 90) == 0, "\(c.stdout) \(c.stderr)")
        for figure in ["acknowledged 20 of 20", "answer → answered: p50 ", "the host's own part: 20 answers acknowledged", "answer → TV count: p50 ",
                       "host CPU for the burst", "host memory per connected phone", "the TV meanwhile (1920×1080 at 60 Hz",
                       "every answer acknowledged and counted: met"] {
            #expect(c.stdout.contains(figure), "\(figure): \(c.stdout)")
        }
    }
}
