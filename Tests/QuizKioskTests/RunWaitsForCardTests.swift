import Display
import Glibc
import TestSupport
import Testing

/// `run` on a display where there is no DRM card (this machine has no /dev/dri): it waits for
/// one instead of exiting, so that at boot it does not race udev loading the GPU driver and
/// systemd's restart is not used as a poll loop.
@Suite(.disabled(if: !DeviceList.cards().isEmpty, "this machine has a DRM card"))
struct RunWaitsForCardTests {
    @Test func withoutACardRunWaitsAndStopsCleanly() async throws {
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        TempDir.write(dir + "/s.json", #"{"question":{"text":"Q?"}}"#)
        let screen = try Child(["run", "--state", dir + "/s.json", "--fonts", bundledFonts, "--hold-vt"])
        #expect(await screen.waitForLines(containing: "no DRM card yet"), "\(screen.stderr)")
        // Standard input is /dev/null here: --hold-vt says so and leaves it.
        #expect(screen.lines(containing: "--hold-vt: standard input is not a virtual terminal").count == 1, "\(screen.stderr)")
        #expect(screen.status == nil, "run exited: \(screen.stderr)")
        #expect(await screen.terminate() == 0, "\(screen.stderr)")
    }

    @Test func aBadFirmwareWaitIsOneLineAndExit2() async throws {
        let c = try Child(["run", "--state", "/nonexistent.json", "--firmware-wait", "soon"])
        #expect(await c.wait() == 2)
        #expect(c.stderrLines.first == "quizkiosk: --firmware-wait soon: expected seconds from 0 to 3600", "\(c.stderr)")
    }
}
