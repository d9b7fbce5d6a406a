import Glibc
import Pixels
import QuizContract
@testable import QuizKiosk
@testable import QuizKioskBench
import Renderer
import TestSupport
import Testing

@Suite final class RenderCommandTests {
    let dir = TempDir.make()
    deinit { TempDir.remove(dir) }

    func state(_ json: String, name: String = "state.json") -> String {
        let path = dir + "/" + name
        TempDir.write(path, json)
        return path
    }

    @Test func rendersAStateToAPNGOfTheRequestedSize() throws {
        let s = state(#"{"question":{"text":"SwiftUIで外部ディスプレイに対応するには？","choices":["A","B"]}}"#)
        let out = dir + "/frame.png"
        let r = Run(["render", "--state", s, "--size", "1280x720", "--out", out])
        #expect(r.status == 0, "\(r.stderr)")
        let png = try PNG.read(out)
        #expect(png.width == 1280 && png.height == 720)
    }

    @Test func sameStateAndTimeGiveTheSamePixelsAsTheLibrary() throws {
        let json = #"{"title":"T","question":{"number":1,"total":2,"text":"Q?","choices":["a","b","c"],"timeLimit":10,"endsAt":"2026-11-29T20:00:05Z"}}"#
        let out = dir + "/cli.png"
        let r = Run(["render", "--state", state(json), "--size", "640x360", "--out", out, "--now", "2026-11-29T20:00:00Z",
                     "--fonts", repositoryRoot + "/fonts"])
        #expect(r.status == 0, "\(r.stderr)")
        let lib = Canvas(width: 640, height: 360)
        let fonts = try FontSet(directory: repositoryRoot + "/fonts")
        SceneRenderer(fonts: fonts).render(try StateDecoder.decode(Array(json.utf8)), into: lib, now: RFC3339.parse("2026-11-29T20:00:00Z") ?? 0)
        #expect(try PNG.read(out).rgbBytes() == lib.rgbBytes())
    }

    @Test(arguments: [
        ("{\"question\": {\"text\": \"q\",}}", "line 1, column 27: expected a string key"),
        ("{\n  \"title\": \"x\"\n  \"phase\": \"idle\"\n}", "line 3, column 3: expected ',' or '}' in an object"),
        ("{\"question\":{\"text\":\"q\",\"choices\":[\"a\",2]}}", "question.choices[1]: must be a string, got a number"),
        ("{\"schema\":9}", "schema: version 9 is not supported"),
        ("[]", "not a JSON object"),
        ("\u{FEFF}\u{FEFF}{}", "not JSON: line 1, column 1"),
    ] as [(String, String)])
    func badStateFilesGiveOneLineNamingTheFileAndTheProblem(json: String, expected: String) {
        let s = state(json, name: "bad.json")
        let r = Run(["render", "--state", s, "--out", dir + "/x.png"])
        #expect(r.status == 1)
        #expect(r.stderrLines.count == 1, "\(r.stderr)")
        #expect(r.stderr.contains(s + ": "), "\(r.stderr)")
        #expect(r.stderr.contains(expected), "\(r.stderr)")
        #expect(access(dir + "/x.png", F_OK) != 0, "no image for a rejected state")
    }

    /// The contract: an empty or blank state is "no current state", the idle screen; a
    /// leading byte order mark (Windows editors) is not an error.
    @Test(arguments: ["", "  \n\t\r\n", "\u{FEFF}{}", "\u{FEFF}"])
    func blankAndBOMStatesRenderTheIdleScreen(json: String) throws {
        let out = dir + "/idle-\(json.utf8.count).png"
        let r = Run(["render", "--state", state(json, name: "s\(json.utf8.count).json"), "--size", "320x180", "--out", out,
                     "--fonts", bundledFonts, "--now", "2026-11-29T20:00:00Z"])
        #expect(r.status == 0, "\(r.stderr)")
        let idle = Run(["render", "--state", state("{}", name: "idle.json"), "--size", "320x180", "--out", dir + "/ref.png",
                        "--fonts", bundledFonts, "--now", "2026-11-29T20:00:00Z"])
        #expect(idle.status == 0)
        #expect(try PNG.read(out).rgbBytes() == PNG.read(dir + "/ref.png").rgbBytes())
    }

    @Test func notUTF8AndOversizedFilesAreRejected() {
        let bad = dir + "/latin1.json"
        TempDir.write(bad, [0x7B, 0x22, 0x74, 0x22, 0x3A, 0x22, 0xE9, 0x22, 0x7D])
        let r = Run(["render", "--state", bad, "--out", dir + "/x.png"])
        #expect(r.status == 1 && r.stderr.contains("not UTF-8"))
        let big = dir + "/big.json"
        TempDir.write(big, "{\"title\":\"" + String(repeating: "x", count: 70_000) + "\"}")
        let r2 = Run(["render", "--state", big, "--out", dir + "/x.png"])
        #expect(r2.status == 1 && r2.stderr.contains("over the 65536-byte limit"), "\(r2.stderr)")
    }

    @Test func aMissingStateFileIsNamed() {
        let r = Run(["render", "--state", dir + "/nope.json", "--out", dir + "/x.png"])
        #expect(r.status == 1)
        #expect(r.stderr == "quizkiosk: \(dir)/nope.json: No such file or directory\n")
    }

    @Test(arguments: ["0x0", "-1920x1080", "1920x-5", "8193x100", "100x9000", "1920", "axb", "1920x1080x3", ""])
    func badSizesAreClearErrors(size: String) {
        let r = Run(["render", "--state", state("{}"), "--size", size, "--out", dir + "/x.png"])
        #expect(r.status == 2)
        #expect(r.stderrLines.first?.contains("--size \(size):") == true, "\(r.stderr)")
    }

    @Test func unknownFlagsGiveTheUsageLine() {
        let r = Run(["render", "--state", state("{}"), "--out", dir + "/x.png", "--colour", "red"])
        #expect(r.status == 2)
        #expect(r.stderrLines.first == "quizkiosk: unknown option --colour")
        #expect(r.stderrLines.last?.hasPrefix("usage: quizkiosk") == true)
        let r2 = Run(["frobnicate"])
        #expect(r2.status == 2 && r2.stderr.contains("unknown command frobnicate"))
        let r3 = Run(["render", "--out"])
        #expect(r3.status == 2 && r3.stderr.contains("--out needs a value"))
    }

    @Test func missingOrCorruptFontsNameThePath() {
        let r = Run(["render", "--state", state("{}"), "--out", dir + "/x.png", "--fonts", dir + "/nofonts"])
        #expect(r.status == 1)
        #expect(r.stderr == "quizkiosk: font \(dir)/nofonts/BIZUDPGothic-Regular.ttf: no such file\n")
        let fonts = dir + "/badfonts"
        mkdir(fonts, 0o755)
        TempDir.write(fonts + "/BIZUDPGothic-Regular.ttf", "garbage")
        let r2 = Run(["render", "--state", state("{}"), "--out", dir + "/x.png", "--fonts", fonts])
        #expect(r2.status == 1)
        #expect(r2.stderr.hasPrefix("quizkiosk: font \(fonts)/BIZUDPGothic-Regular.ttf: not a font file"), "\(r2.stderr)")
    }

    @Test func anUnwritableOutputIsAnError() {
        let r = Run(["render", "--state", state("{}"), "--out", "/nonexistent-dir/x.png"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("/nonexistent-dir/x.png"), "\(r.stderr)")
    }

    @Test func randomBytesNeverCrashTheRenderer() {
        // Deterministic junk: truncations and mutations of a valid state, each rendered.
        let valid = Array(#"{"phase":"question","title":"T","question":{"text":"あいう","choices":["a","b"],"endsAt":"2026-01-01T00:00:00Z"}}"#.utf8)
        var rng = SoakRandom(seed: 42)  // the soak bench's generator: the same SplitMix sequence
        for i in 0..<40 {
            var bytes = Array(valid.prefix(Int(rng.next() % UInt64(valid.count + 1))))
            for _ in 0..<Int(rng.next() % 4) where !bytes.isEmpty {
                bytes[Int(rng.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: rng.next())
            }
            let path = dir + "/fuzz\(i).json"
            TempDir.write(path, bytes)
            let r = Run(["render", "--state", path, "--size", "320x180", "--out", dir + "/fuzz.png"])
            #expect(r.status == 0 || r.status == 1, "crash on input \(bytes): \(r.stderr)")
            #expect(r.stderrLines.count <= 1)
        }
    }

    @Test func demoRendersEveryStepAndPrintsThePaths() throws {
        let out = dir + "/demo"
        let r = Run(["demo", "--out", out, "--size", "640x360"])
        #expect(r.status == 0, "\(r.stderr)")
        let paths = r.stdout.split(separator: "\n").dropFirst().map { $0.trimmingPrefix(" ") }.map(String.init)
        #expect(paths.count == 12)  // idle, lobby, four questions and their reveals, the standings, the end
        for p in paths {
            let img = try PNG.read(p.trimmingSpaces())
            #expect(img.width == 640)
        }
    }
}
