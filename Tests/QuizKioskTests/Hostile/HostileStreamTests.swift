import Glibc
import QuizContract
import TestSupport
import Testing

/// The generated hostile states as a controller would send them, one per line into a running
/// screen: it takes them all, shows the last good one, stays within its memory and stops cleanly.
@Suite struct HostileStreamTests {
    @Test func threeHundredHostileMessagesThenAGoodOne() async throws {
        let screen = try Screen(source: "stdin", width: 640, height: 360, stdinPipe: true)
        var gen = HostileStates(seed: 99)
        for _ in 0..<300 { screen.process.send(gen.message(now: Screen.fixedNow)) }
        let last = #"{"title":"after the storm","question":{"text":"Still here?","choices":["yes","no"]}}"#
        screen.process.send(last)
        #expect(await screen.waitForFrame(screen.expected(last), timeout: 120), "the last good state is on screen")
        let status = TempDir.read("/proc/\(screen.process.pid)/status")
        let peak = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
            .flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) }.map { $0 / 1024 }
        #expect(peak != nil && peak! < 150, "peak resident memory \(peak.map { "\($0) MiB" } ?? "?")")
        #expect(await screen.process.terminate() == 0, "stops cleanly: \(screen.process.stderr.suffix(500))")
        #expect(!screen.process.stderr.contains("Fatal error"))
    }
}
