import Glibc
import TestSupport
import Testing

/// Hostile input, through the binary as a user (or an attacker) would give it: controller
/// values that try to forge log lines, broker URLs whose password would be printed, and the
/// command-line mistakes that used to mislead.
@Suite struct ForgedLinesAndArgumentsTests {
    @Test func aControllerValueCannotStartANewJournalEntry() async throws {
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        let screen = try Child(["run", "--headless", "--out", dir, "--size", "64x36", "--source", "stdin", "--fonts", bundledFonts],
                               stdinPipe: true)
        screen.send(#"{"question":{"text":"x","endsAt":"\r\n<0>forged \u001b[2J"}}"#)
        #expect(await screen.waitForLines(containing: "rejected"), "\(screen.stderr)")
        await screen.terminate()
        let lines = screen.stderrLines
        #expect(lines.contains { $0.contains("forged") && $0.contains("rejected") }, "\(screen.stderr)")
        #expect(!lines.contains { $0.hasPrefix("<0>") || $0.hasPrefix("<1>") || $0.hasPrefix("<2>") }, "no line at an emergency priority")
        #expect(!screen.stderr.contains("\u{1B}"), "no escape sequence reaches the terminal")
    }

    @Test func renderErrorsEscapeWhatTheFileSaid() async {
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        TempDir.write(dir + "/s.json", #"{"phase":"\u001b]0;pwned\u0007\n<0>x"}"#)
        let r = Run(["render", "--state", dir + "/s.json", "--out", dir + "/f.png", "--fonts", bundledFonts])
        #expect(r.status == 1)
        #expect(r.stderrLines.count == 1, "\(r.stderr)")
        #expect(!r.stderr.contains("\u{1B}") && !r.stderr.contains("\u{07}"))
    }

    @Test(arguments: ["mqtt://tv:top/secret@host/r", "mqtt://tv:top:secret@host:99999/r", "mqtt://tv:s3cret@h:x/r"])
    func aPasswordIsNeverPrintedWhateverElseIsWrong(url: String) async {
        let r = Run(["publish", "--broker", url, "--room", "r", "--clear", "--timeout", "1"])
        #expect(r.status != 0)
        #expect(!r.stderr.contains("secret") && !r.stderr.contains("s3cret"), "\(r.stderr)")
        #expect(!r.stderr.contains("the port must be a number") || url.contains("99999") || url.contains(":x/"), "\(r.stderr)")
    }

    @Test func anUnescapedSlashInThePasswordSaysHowToEscapeIt() async {
        let r = Run(["publish", "--broker", "mqtt://tv:top/secret@host/r", "--room", "r", "--clear"])
        #expect(r.stderr.contains("%2F"), "\(r.stderr)")
    }

    @Test func anOptionMissingItsValueIsNamed() async {
        let r = Run(["render", "--state", "--out", "x.png"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--state needs a value"), "\(r.stderr)")
    }

    @Test(arguments: ["render", "run", "publish", "host", "layout", "displays", "doctor", "demo"])
    func helpOfEachCommandIsItsUsage(command: String) async {
        let r = Run([command, "--help"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("  \(command)"), "\(r.stdout)")
        #expect(!r.stdout.contains("commands:"), "only that command's usage")
    }
}
