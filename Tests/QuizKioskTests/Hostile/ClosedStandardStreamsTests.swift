import Glibc
import Platform
import TestSupport
import Testing

/// Started with descriptor 0, 1 or 2 closed (a careless supervisor, or on purpose), the kiosk
/// must not hand those numbers to what it opens: with fd 0 closed the signalfd used to become
/// fd 0, the stdin source read the signals, and SIGTERM no longer stopped the screen.
@Suite struct ClosedStandardStreamsTests {
    /// The binary started through `sh` with descriptor `fd` closed.
    func start(closing fd: Int, _ args: [String]) throws -> Subprocess {
        try Subprocess(["/bin/sh", "-c", "exec \(fd)>&-; exec \"$0\" \"$@\"", quizkioskBinary] + args,
                       stdin: .pipe, stdout: .null, stderr: .null)
    }

    @Test(arguments: [0, 1, 2])
    func sigtermStillStopsTheScreen(closedFD: Int) async throws {
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        let p = try start(closing: closedFD, ["run", "--headless", "--out", dir, "--size", "64x36", "--source", "stdin", "--fonts", bundledFonts])
        // The first frame is on disk: the kiosk is up and waiting on its sources.
        #expect(await waitUntil(timeout: 15) { access(dir + "/latest.png", F_OK) == 0 })
        p.signal(SIGTERM)
        #expect(await waitUntil(timeout: 10) { p.poll() != nil }, "SIGTERM was not swallowed")
        if p.poll() == nil { p.signal(SIGKILL) }
        #expect(p.wait() == 0)
    }
}
