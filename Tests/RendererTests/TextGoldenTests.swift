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

    /// Right-to-left, Thai and Devanagari as a room of each would type them, with the machine
    /// faces `scripts/setup` installs (Debian's fonts-noto-core): Arabic joined, with a number
    /// and a Latin word in brackets; Hebrew with numbers; a URL with an Arabic path; Thai
    /// stacked marks, wrapped between words in a narrow box; Hindi conjuncts. Each line is
    /// aligned to its paragraph's start (the right for Arabic and Hebrew).
    static let scripts: [(language: String, text: String)] = [
        ("ar", "ما هي عاصمة فرنسا؟ باريس (Paris)"),
        ("ar", "فريق 2024 — الجولة ٣ من ١٠"),
        ("he", "באיזו שנה נפלה חומת ברלין? שנת 1989"),
        ("he", "צוות 42: 1,250 נקודות (מקום 1)"),
        ("ar", "https://example.com/مسابقة/join"),
        ("hi", "भारत की सबसे लंबी नदी कौन सी है? गंगा, कृष्णा"),
        ("hi", "प्रश्नोत्तरी में क्षत्रिय, श्रद्धा और द्वार"),
    ]
    static let thai = "แม่น้ำสายใดยาวที่สุดในประเทศไทย ภาษาไทยไม่มีช่องว่างระหว่างคำ"

    @Test func worldScripts() throws {
        let fonts = try TestFonts.load()
        let engine = TextEngine(fonts: fonts)
        let size = 48, width = size * 18, margin = size / 2, gap = size / 3
        let blocks = Self.scripts.map { engine.layout($0.text, size: size, maxWidth: width, language: $0.language) }
        let narrow = engine.layout(Self.thai, size: size, maxWidth: size * 8, language: "th")
        let height = blocks.reduce(0) { $0 + $1.height + gap } + narrow.height + 2 * margin
        let canvas = Canvas(width: width + 2 * margin, height: height)
        canvas.fill(Theme.standard.background)
        var y = margin
        for block in blocks {
            let r = engine.draw(block, in: canvas, rect: Rect(x: margin, y: y, width: width, height: block.height), align: .start,
                                color: Theme.standard.text)
            y = r.maxY + gap
        }
        let box = Rect(x: margin, y: y, width: size * 8, height: narrow.height)
        canvas.fillRect(box, Theme.standard.panel)
        engine.draw(narrow, in: canvas, rect: box, color: Theme.standard.accent)
        Snapshot.assert(canvas, named: "text-scripts-\(size)", fonts: fonts)
    }
}
