import CommandLineKit
import Escaping
import Platform

/// The `quizkiosk-bench` command line: the benchmarks behind the README's figures. A developer
/// tool apart from `quizkiosk`, so the kiosk's binary (and the Debian package) carries none of
/// their code; the players' bench runs the `quizkiosk` built beside it.
enum BenchCLI {
    static let usage = """
        usage: quizkiosk-bench [mode] [options]   (scripts/bench: a release build of both, then this)

        modes:
          [--frames N] [--cold-runs N] [--countdown-seconds S] [--profile WxH [--fade]] [--fonts DIR]
                        time frames of the question scene, motion and pictures (beside Pillow when
                        python3 has it); --profile: one size's frames alone (--fade: the first
                        frames of the question → leaderboard fade), for a profiler
          --memory [--sizes WxH,...] [--step SECONDS] [--fonts DIR]
                        what the screen holds: a child per size runs the headless kiosk through the
                        demo; anonymous memory and peak beside the goals
          --mqtt [--updates N] [--size WxH] [--fonts DIR]
                        publish-to-frame latency through a private mosquitto
          --soak [--updates N] [--fonts DIR]
                        100,000 varied updates through the stdin source with size changes: memory,
                        file descriptors, last frame
          --players N [--processes K] [--spread S] [--script FILE] [--no-screen] [--fonts DIR]
                        N simulated phones on a host (the quizkiosk beside this program) over real
                        WebSockets (loopback, a private mosquitto): all join, then all answer one
                        question within a second; ack and TV-count latency, the host's CPU and
                        memory per phone, beside the goals
          --loop [--sockets N] [--passes K]
                        the event loop's wakeup with N idle sockets watched (epoll beside poll),
                        memory per WebSocket connection, a burst of N messages answered
          --help        this text

        Figures come from a release build (swift build -c release; scripts/bench does it).
        """

    static func run(_ args: [String]) -> Int32 {
        do {
            // The cold-frame and memory children (hidden): this program spawns itself.
            if args.first == "bench-child" { return try BenchCommand.child(Array(args.dropFirst())) }
            if args.contains("--mqtt") { return try MQTTBench.run(args) }
            if args.contains("--soak") { return try SoakBench.run(args) }
            if args.contains("--loop") { return try LoopBench.run(args) }
            if args.contains("--players") { return try PlayersBench.run(args) }
            return try BenchCommand.run(args)
        } catch let e as UsageError where e.isHelp {
            Console.out(usage)
            return 0
        } catch let e as UsageError {
            printError("quizkiosk-bench: \(e.message)")
            printError("usage: quizkiosk-bench [--memory | --mqtt | --soak | --players N | --loop] [options] (--help: more)")
            return 2
        } catch {
            printError("quizkiosk-bench: \(error)")
            return 1
        }
    }

    /// One line on stderr, escaped as quizkiosk's are (it may quote a path or a value given).
    static func printError(_ line: String) {
        Console.err(Escaping.escaped(line))
    }
}
