import Glibc
import TestSupport
import Testing

/// A font path is opened like a state file: a FIFO (or any non-regular file) is refused at
/// once with one line, never waited on.
@Suite struct FontPathTests {
    @Test(arguments: ["layout", "render", "run"])
    func aFIFOAsAFontIsRefusedNotWaitedOn(command: String) async throws {
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        #expect(mkfifo(dir + "/fifo.ttf", 0o600) == 0)
        mkdir(dir + "/fonts", 0o755)
        #expect(mkfifo(dir + "/fonts/BIZUDPGothic-Regular.ttf", 0o600) == 0)
        TempDir.write(dir + "/s.json", "{}")
        let tail: [String]
        switch command {
        case "layout": tail = ["--text", "hi", "--width", "100"]
        case "render": tail = ["--state", dir + "/s.json", "--out", dir + "/f.png"]
        default: tail = ["--headless", "--out", dir + "/out", "--source", "demo"]
        }
        for fonts in [["--fonts", bundledFonts, "--font", dir + "/fifo.ttf"], ["--fonts", dir + "/fonts"]] {
            let c = try Child([command] + tail + fonts)
            let status = await c.wait(timeout: 10)
            #expect(status == 1, "\(command) \(fonts): exited \(status.map(String.init) ?? "not at all (blocked on the FIFO?)")")
            #expect(c.stderr.contains("not a regular file"), "\(c.stderr)")
        }
    }

    /// The venue's logo too: a FIFO is refused at once.
    @Test func aFIFOAsTheLogoIsRefusedNotWaitedOn() async throws {
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        #expect(mkfifo(dir + "/logo.png", 0o600) == 0)
        TempDir.write(dir + "/s.json", "{}")
        let c = try Child(["render", "--state", dir + "/s.json", "--out", dir + "/f.png", "--fonts", bundledFonts, "--logo", dir + "/logo.png"])
        #expect(await c.wait(timeout: 10) == 1, "exited \(c.status.map(String.init) ?? "not at all (blocked on the FIFO?)")")
        #expect(c.stderr.contains("not a regular file"), "\(c.stderr)")
    }
}
