import Glibc
import Platform
import QuizContract
import Renderer
import TestSupport
import Testing

/// `run --source stdin | file:PATH | demo` as a user runs them, checked on the frames.
@Suite struct OtherSourcesTests {
    init() { Log.sink = { _ in } }

    @Test func stdinOneStatePerLineBadLinesRejectedEndOfInputKeepsTheFrame() async throws {
        let screen = try Screen(source: "stdin", stdinPipe: true)
        let a = #"{"title":"from a pipe","phase":"lobby","lobby":{"joinCode":"1234"}}"#
        screen.process.send(a)
        #expect(await screen.waitForFrame(screen.expected(a)), "\(screen.process.stderr)")
        screen.process.send(#"{"lobby":{"participants":-1}}"#)
        #expect(await screen.process.waitForLines(containing: "stdin line 2: rejected: lobby.participants: -1 is below the minimum 0"),
                "\(screen.process.stderr)")
        screen.process.closeStdin()
        #expect(await screen.process.waitForLines(containing: "end of input after 2 lines; keeping the last state"))
        #expect(screen.frame() == screen.expected(a))
        // Still running after the end of its input: it is there to take the signal.
        #expect(await screen.process.terminate() == 0)
        #expect(screen.process.lines(containing: "signal 15: shutting down").count == 1, "\(screen.process.stderr)")
    }

    @Test func aWatchedFileReplacedByRenameAndRewrittenInPlace() async throws {
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        let path = dir + "/state.json"
        let screen = try Screen(source: "file:" + path)
        #expect(await screen.process.waitForLines(containing: "no such file yet"))
        let one = #"{"question":{"text":"From a file?","choices":["yes","no"]}}"#
        try Files.writeAtomically(Array(one.utf8), to: path)
        #expect(await screen.waitForFrame(screen.expected(one)), "\(screen.process.stderr)")
        let two = #"{"phase":"reveal","question":{"text":"From a file?","choices":["yes","no"],"correct":0}}"#
        let fd = open(path, O_WRONLY | O_TRUNC)
        _ = Array(two.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        #expect(await screen.waitForFrame(screen.expected(two)), "\(screen.process.stderr)")
    }

    /// The demo moves on by itself, so its first step is looked for among the frames kept
    /// (one per state shown), not on screen, where a slow check could miss it.
    @Test func theDemoSourceStartsAtItsFirstStep() async throws {
        let screen = try Screen(source: "demo", extra: ["--keep-frames"])
        var first = DemoQuiz.steps(start: 0)[0].state
        first.revision = 1
        #expect(await waitUntil(timeout: 15) { screen.keptFrames().contains { $0.hasSuffix("-r1.png") } }, "\(screen.process.stderr)")
        let kept = screen.keptFrames().first { $0.hasSuffix("-r1.png") }
        #expect(kept.flatMap { screen.frame(named: $0) } == screen.expected(first), "\(screen.keptFrames())")
    }
}
