import Glibc
import Pixels
import TestSupport
import Testing

/// `quizkiosk layout`: the lines the renderer would draw, as a controller author sees them.
@Suite struct LayoutCommandTests {
    let fonts = ["--fonts", repositoryRoot + "/fonts"]

    @Test func printsOneLinePerDrawnLine() {
        let r = Run(["layout", "--text", "あいうえお。かきくけこ", "--width", "240", "--size", "48"] + fonts)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count >= 2)
        #expect(lines.joined() == "あいうえお。かきくけこ")
        #expect(!lines.contains { $0.hasPrefix("。") }, "kinsoku: \(lines)")
    }

    @Test func jsonGivesWidthsAndTheFontOfEachRun() {
        let r = Run(["layout", "--text", "クイズ大会🎉 한국어", "--width", "2000", "--json"] + fonts)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("{\"size\":48,\"maxWidth\":2000,"))
        #expect(r.stdout.contains("\"text\":\"クイズ大会\",\"font\":\"\(repositoryRoot)/fonts/BIZUDPGothic-Regular.ttf\""))
        #expect(r.stdout.contains("\"text\":\"🎉\",\"font\":\"/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf\""), "\(r.stdout)")
        #expect(r.stdout.contains("\"family\":\"Noto Color Emoji\""))
        #expect(r.stdout.contains("\"width\":"))
    }

    @Test func aFontOptionComesFirst() {
        let dejavu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let r = Run(["layout", "--text", "Quiz", "--width", "500", "--json", "--font", dejavu] + fonts)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"font\":\"\(dejavu)\""), "\(r.stdout)")
    }

    @Test func aMissingOrCorruptFontIsOneLineNamingItAndFails() {
        let missing = "/nonexistent/x.ttf"
        let r = Run(["layout", "--text", "a", "--width", "100", "--font", missing] + fonts)
        #expect(r.status == 1)
        #expect(r.stderrLines == ["quizkiosk: font \(missing): no such file"], "\(r.stderr)")
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        let bad = dir + "/bad.ttf"
        TempDir.write(bad, "not a font at all")
        for command in [["layout", "--text", "a", "--width", "100"], ["demo", "--out", dir + "/demo"]] {
            let r2 = Run(command + ["--font", bad] + fonts)
            #expect(r2.status == 1)
            #expect(r2.stderrLines.count == 1 && r2.stderr.contains("font \(bad): "), "\(r2.stderr)")
        }
    }

    @Test(arguments: [["--width", "0"], ["--width", "abc"], ["--width", "100", "--size", "-3"], ["--text", "a"]])
    func badArgumentsAreUsageErrors(args: [String]) {
        let r = Run(["layout", "--text", "x"] + args + fonts)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("quizkiosk: "))
    }
}
