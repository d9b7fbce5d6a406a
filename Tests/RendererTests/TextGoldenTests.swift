import Pixels
@testable import Renderer
import TestSupport
import Testing

/// What a quiz author may type, drawn at two sizes and compared pixel for pixel with references
/// that were looked at when recorded: Japanese with an emoji, a ZWJ family, a flag, a skin tone,
/// keycaps, accents (precomposed and combining), Hangul, and a wrapped paragraph that needs
/// kinsoku. The faces come from the bundled fonts and the packages `scripts/setup` installs
/// (Noto Color Emoji, Nanum for Hangul).
@Suite struct TextGoldenTests {
    static let samples = [
        "クイズ大会🎉",
        "👨‍👩‍👧‍👦 👍🏽 🇯🇵 ❤️ 1️⃣ ☕",
        "Crème brûlée, ñ, cafe\u{301} — office",
        "한국어 이름: 김민준",
        "SwiftUIで「Crème brûlée」🎉を作る 한국어",
    ]
    static let paragraph = "「ちょっと待って！」と言ったのは、ジョン・スミスさん（英国）でした。正解はどれ？🤔"

    @Test(arguments: [32, 64])
    func mixedScripts(size: Int) throws {
        let fonts = try TestFonts.load()
        let engine = TextEngine(fonts: fonts)
        let width = size * 14, margin = size / 2, gap = size / 3
        let blocks = Self.samples.map { engine.layout($0, size: size, maxWidth: width) }
        // The paragraph in a narrow box: several lines, none starting with 。、」）！？ or ッ/ょ.
        let narrow = engine.layout(Self.paragraph, size: size, maxWidth: size * 9)
        let height = blocks.reduce(0) { $0 + $1.height + gap } + narrow.height + 2 * margin
        let canvas = Canvas(width: width + 2 * margin, height: height)
        canvas.fill(Theme.standard.background)
        var y = margin
        for block in blocks {
            let r = engine.draw(block, in: canvas, rect: Rect(x: margin, y: y, width: width, height: block.height),
                                color: Theme.standard.text)
            y = r.maxY + gap
        }
        let box = Rect(x: margin, y: y, width: size * 9, height: narrow.height)
        canvas.fillRect(box, Theme.standard.panel)
        engine.draw(narrow, in: canvas, rect: box, color: Theme.standard.accent)
        Snapshot.assert(canvas, named: "text-mixed-\(size)", fonts: fonts)
    }
}
