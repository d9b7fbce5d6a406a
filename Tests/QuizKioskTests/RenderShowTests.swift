import CommandLineKit
import Glibc
import Pixels
import QuizContract
@testable import QuizKiosk
import Renderer
import TestSupport
import Testing

/// `render --describe` and the venue's settings on `render`, `demo`, `run` and the settings
/// file: what a user types, and what they get back when it is wrong.
@Suite final class RenderShowTests {
    let dir = TempDir.make()
    deinit { TempDir.remove(dir) }

    func state(_ json: String, name: String = "state.json") -> String {
        let path = dir + "/" + name
        TempDir.write(path, json)
        return path
    }

    static let reveal = #"{"phase":"reveal","title":"Pub","question":{"number":2,"total":5,"text":"Which planet?","choices":["Venus","Mars"],"correct":0,"answerCounts":[5,0]}}"#

    @Test func describeWritesWhatWasDrawn() throws {
        let out = dir + "/f.png", json = dir + "/f.json"
        let r = Run(["render", "--state", state(Self.reveal), "--size", "1280x720", "--out", out, "--describe", json,
                     "--fonts", repositoryRoot + "/fonts"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "\(out)\n\(json)\n")
        let text = TempDir.read(json)
        #expect(text.hasPrefix(#"{"width":1280,"height":720,"safeArea":[0,0,1280,720],"items":["#), "\(text.prefix(80))")
        #expect(text.contains(#""kind":"text","role":"headline","index":0,"text":"Correct: Venus""#))
        #expect(text.contains(#""kind":"shape","role":"choice-box","index":1,"box":["#))
        guard case let .object(root)? = try? JSONParser.parse(Array(text.utf8)) else {
            Issue.record("not JSON: \(text.prefix(200))")
            return
        }
        #expect(root.count == 4)
        // The same description the library gives for the same frame.
        let fonts = try FontSet(directory: repositoryRoot + "/fonts")
        let r2 = SceneRenderer(fonts: fonts)
        let frame = SceneFrame(state: try StateDecoder.decode(Array(Self.reveal.utf8)), width: 1280, height: 720, now: 0)
        #expect(text == r2.describe(frame).json() + "\n")
    }

    @Test func theVenuesLookChangesTheFrame() throws {
        let logo = dir + "/logo.png"
        try PNG.write(TestLogo.image(), to: logo)
        let json = dir + "/v.json"
        let r = Run(["render", "--state", state(Self.reveal), "--size", "1920x1080", "--out", dir + "/v.png", "--describe", json,
                     "--text-scale", "1.25", "--overscan", "2.5%", "--accent", "#7FDBFF", "--background", "1B1035", "--logo", logo,
                     "--fonts", repositoryRoot + "/fonts"])
        #expect(r.status == 0, "\(r.stderr)")
        let text = TempDir.read(json)
        #expect(text.contains(#""safeArea":[48,27,1824,1026]"#))
        #expect(text.contains(#""kind":"image","role":"logo","box":["#))
        #expect(text.contains(##""kind":"shape","role":"background","box":[0,0,1920,1080],"color":"#1B1035""##))
        #expect(text.contains(#""role":"progress","text":"2 / 5","px":48,"#), "40 units × 1.25 × 0.95")
        let png = try PNG.read(dir + "/v.png")
        #expect(png.color(x: 2, y: 2) == Color(hex: 0x1B1035))
    }

    @Test(arguments: [
        (["--text-scale", "9"], "quizkiosk: --text-scale 9: expected a number from 0.5 to 3.0 (1 is the standard size)"),
        (["--text-scale", "big"], "quizkiosk: --text-scale big: expected a number from 0.5 to 3.0 (1 is the standard size)"),
        (["--accent", "yellow"], "quizkiosk: --accent yellow: expected a colour as #RRGGBB"),
        (["--accent", "#777777"], "quizkiosk: theme refused: the accent on the background (#777777 on #0e1626) is 4.04:1, under the 7:1 every text needs"),
        (["--background", "#FFFFFF"], "quizkiosk: theme refused: text on the background (#ffffff on #ffffff) is 1.0:1, under the 7:1 every text needs"),
        (["--logo", "/nonexistent/logo.png"], "quizkiosk: --logo /nonexistent/logo.png: "),
    ] as [([String], String)])
    func badSettingsAreOneLineAndNoFrame(extra: [String], expected: String) {
        let out = dir + "/bad.png"
        let r = Run(["render", "--state", state("{}"), "--out", out, "--fonts", repositoryRoot + "/fonts"] + extra)
        #expect(r.status == 1)
        #expect(r.stderrLines.count == 1, "\(r.stderr)")
        #expect(r.stderr.hasPrefix(expected), "\(r.stderr)")
        #expect(access(out, F_OK) != 0, "no image with bad settings")
    }

    /// --overscan is one setting for the picture and the display: the same words everywhere.
    @Test func aBadOverscanIsAUsageError() {
        let r = Run(["render", "--state", state("{}"), "--out", dir + "/bad.png", "--fonts", repositoryRoot + "/fonts", "--overscan", "30"])
        #expect(r.status == 2)
        #expect(r.stderrLines.first == "quizkiosk: --overscan 30: expected auto, off or a percentage of each edge from 0% to 20%, e.g. 5%", "\(r.stderr)")
    }

    @Test func aLogoThatIsNotAPNGIsNamed() {
        let logo = dir + "/logo.png"
        TempDir.write(logo, "not a png")
        let r = Run(["render", "--state", state("{}"), "--out", dir + "/x.png", "--logo", logo, "--fonts", repositoryRoot + "/fonts"])
        #expect(r.status == 1 && r.stderrLines.count == 1)
        #expect(r.stderr.hasPrefix("quizkiosk: --logo \(logo): "), "\(r.stderr)")
    }

    /// The settings file takes the same names, and `run` refuses a theme before it starts.
    @Test func runReadsTheLookFromTheSettingsFileAndRefusesABadTheme() throws {
        let conf = dir + "/quizkiosk.conf"
        TempDir.write(conf, "text-scale = 1.2\noverscan = 3\naccent = #FFD23F\nbackground = #101010\n")
        let args = try ConfigFile.expand(["--config", conf], options: RunCommand.options, flags: RunCommand.flags)
        #expect(args == ["--text-scale", "1.2", "--overscan", "3", "--accent", "#FFD23F", "--background", "#101010"])
        let parsed = try Arguments(args, options: RunCommand.options, flags: RunCommand.flags)
        let (theme, settings) = try ShowOptions.look(parsed)
        #expect(settings.textScale == 1.2 && settings.overscan == 3 && theme.background == Color(hex: 0x101010))

        TempDir.write(conf, "accent = #555555\n")
        let r = Run(["run", "--headless", "--out", dir + "/screen", "--source", "demo", "--config", conf, "--fonts", repositoryRoot + "/fonts"])
        #expect(r.status == 1)
        #expect(r.stderrLines.count == 1 && r.stderr.hasPrefix("quizkiosk: theme refused: the accent on the background (#555555"), "\(r.stderr)")
    }

    @Test func demoTakesTheLook() throws {
        let out = dir + "/demo"
        let r = Run(["demo", "--out", out, "--size", "640x360", "--background", "#202020", "--fonts", repositoryRoot + "/fonts"])
        #expect(r.status == 0, "\(r.stderr)")
        let first = try PNG.read(out + "/01-idle.png")
        #expect(first.color(x: 1, y: 1) == Color(hex: 0x202020))
    }
}
