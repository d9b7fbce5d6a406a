import Glibc
import Pixels
import Platform
import QuizContract
@testable import Renderer
import TestSupport
import Testing

/// The lobby's QR code, read back by a real decoder (zbarimg from Debian's zbar-tools) from the
/// rendered frame, and drawn as a scanner wants it: whole-pixel modules of pure colour and a
/// quiet zone of four modules.
@Suite struct SceneQRCodeTests {
    static let now = RFC3339.parse("2026-11-29T20:00:00Z") ?? 0

    static func lobby(url: String, code: String = "7342") -> QuizState {
        QuizState(phase: .lobby, title: "金曜日のクイズナイト", lobby: .init(joinCode: code, joinURL: url, participants: 18))
    }

    @Test(arguments: [
        ("https://quiz.example/join/7342", 1280, 720),
        ("https://quiz.example/join/7342", 1080, 1920),
        // A long URL needs a larger symbol with smaller modules: still read at 720p.
        ("https://quiz.example/join?room=friday-night-quiz&code=7342&lang=ja&utm_source=big-screen&utm_medium=qr&session="
            + String(repeating: "0123456789abcdef", count: 12), 1280, 720),
    ])
    func zbarReadsTheJoinURLFromTheRenderedLobby(url: String, width: Int, height: Int) throws {
        let fonts = try TestFonts.load()
        let canvas = Canvas(width: width, height: height)
        SceneRenderer(fonts: fonts).render(Self.lobby(url: url), into: canvas, now: Self.now)
        let path = "/tmp/quizkiosk-qr-\(getpid())-\(width)x\(height)-\(url.count).png"
        try PNG.write(canvas, to: path)
        defer { unlink(path) }
        let result = try #require(Spawn.run(["zbarimg", "--raw", "-q", path], stderr: path + ".err"),
                                  "zbarimg could not be started (scripts/setup installs zbar-tools)")
        #expect(result.status == 0, "zbarimg exit \(result.status); stderr in \(path).err")
        #expect(result.output == url + "\n", "zbarimg read \(result.output.debugDescription)")
        if result.status == 0 { unlink(path + ".err") }
    }

    @Test func modulesAreWholePixelsOfPureColourInsideAQuietZone() throws {
        let code = try #require(QRCode("https://quiz.example/join/7342"))
        #expect(code.size == 29, "version 3 at level M for 30 bytes")
        let canvas = Canvas(width: 611, height: 437)
        canvas.fill(Color(hex: 0x0E1626))
        let card = try #require(canvas.drawQRCode(code, in: Rect(x: 7, y: 3, width: 600, height: 431), cornerRadius: 20))
        let module = card.width / code.sizeWithQuietZone
        #expect(module == 431 / 37 && card.width == module * 37 && card.height == card.width)
        for my in -QRCode.quietZone..<(code.size + QRCode.quietZone) {
            for mx in -QRCode.quietZone..<(code.size + QRCode.quietZone) {
                // The card's rounded corners sit in the outer two quiet modules; skip those corners.
                let corner = (mx < -2 || mx >= code.size + 2) && (my < -2 || my >= code.size + 2)
                if corner { continue }
                let expected: Color = code.isDark(x: mx, y: my) ? .black : .white
                let x0 = card.x + (mx + QRCode.quietZone) * module, y0 = card.y + (my + QRCode.quietZone) * module
                for y in y0..<(y0 + module) {
                    for x in x0..<(x0 + module) where canvas.color(x: x, y: y) != expected {
                        Issue.record("module (\(mx), \(my)) pixel (\(x), \(y)) is \(canvas.color(x: x, y: y)), not \(expected)")
                        return
                    }
                }
            }
        }
    }

    @Test func textThatCannotBeEncodedGivesNoCode() {
        #expect(QRCode("") == nil)
        #expect(QRCode("https://a.example/\u{0}evil") == nil, "C would encode only up to the NUL")
        #expect(QRCode(String(repeating: "x", count: 3000)) == nil, "over version 40's capacity")
        #expect(QRCode(String(repeating: "x", count: 512)) != nil, "the contract's longest joinURL fits")
    }

    @Test func aCodeTooBigForItsSpaceIsNotDrawn() throws {
        let code = try #require(QRCode("https://quiz.example/join/7342"))
        let canvas = Canvas(width: 40, height: 40)
        #expect(canvas.drawQRCode(code, in: canvas.bounds) != nil, "37 modules fit in 40 px")
        #expect(canvas.drawQRCode(code, in: Rect(x: 0, y: 0, width: 36, height: 36)) == nil)
    }
}

/// Runs a program found on PATH and collects its standard output; its standard error goes to a
/// file (zbarimg's ImageMagick chatters there about D-Bus).
enum Spawn {
    static func run(_ argv: [String], stderr errorPath: String) -> (status: Int32, output: String)? {
        try? Subprocess.run(argv, stderr: .file(errorPath), searchPath: true)
    }
}
