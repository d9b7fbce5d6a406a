import Pixels
import QuizContract
@testable import Renderer
import TestSupport
import Testing

/// Right-to-left and mixed text as the TV draws it (UAX #9 through FriBidi): glyphs read back
/// in the visual order they are drawn in — left to right by pen position — against the order
/// a reader expects. Each glyph is compared with the glyph its own face has for the character
/// expected there, so the test holds whichever installed face draws Hebrew or Arabic.
@Suite struct TextBidiTests {
    let fonts: FontSet
    let engine: TextEngine

    init() throws {
        fonts = try TestFonts.load()
        engine = TextEngine(fonts: fonts)
    }

    /// The line's glyphs left to right (by pen position, as drawn).
    static func visual(_ line: TextLine) -> [PlacedGlyph] { line.glyphs.sorted { $0.x < $1.x } }

    /// Whether `glyphs` are, one for one, the glyphs of `expected` (characters in visual order)
    /// in the faces that drew them.
    func reads(_ glyphs: [PlacedGlyph], as expected: String) -> Bool {
        let chars = Array(expected.unicodeScalars)
        guard glyphs.count == chars.count else { return false }
        return zip(glyphs, chars).allSatisfy { g, c in fonts.face(id: g.face)?.glyphIndex(c) == g.glyph }
    }

    /// What a reader sees of the line, written left to right: each glyph's character (looked
    /// up in its face) — for the failure messages.
    func seen(_ glyphs: [PlacedGlyph], candidates: String) -> String {
        String(String.UnicodeScalarView(glyphs.map { g in
            candidates.unicodeScalars.first { fonts.face(id: g.face)?.glyphIndex($0) == g.glyph } ?? "?"
        }))
    }

    /// The Hebrew choice "שנת 1989" on a reveal screen, read back from the line the frame
    /// draws: the number is 1989 (not 9891), left of the word, the word right to left, and the
    /// whole right-aligned in its box.
    @Test func aHebrewChoiceWithANumberReadsBackInOrder() throws {
        let state = QuizState(phase: .reveal, title: "חידון", locale: "he",
                              question: .init(number: 3, total: 10, text: "באיזו שנה נפלה חומת ברלין?",
                                              choices: ["שנת 1989", "שנת 1991", "צוות 42", "שנת 1961"], correct: 0,
                                              answerCounts: [5, 3, 1, 1]))
        let renderer = SceneRenderer(fonts: fonts)
        let d = renderer.describe(SceneFrame(state: state, width: 1920, height: 1080, now: 0))
        for (i, text, expected) in [(0, "שנת 1989", "1989 תנש"), (2, "צוות 42", "42 תווצ")] {
            let item = try #require(d.items.first { $0.kind == .text && $0.role == .choice && $0.index == i })
            guard case let .line(line, x, _, _) = item.drawing else { Issue.record("not a text line"); continue }
            #expect(item.text == text, "the description keeps the logical order")
            #expect(item.direction == .rightToLeft)
            let glyphs = Self.visual(line)
            #expect(reads(glyphs, as: expected), "drawn as \(seen(glyphs, candidates: expected)), expected \(expected)")
            // Right-aligned: the line ends at its box's right edge, the same for every choice of
            // a column.
            let box = try #require(d.items.first { $0.role == .choiceBox && $0.index == i })
            #expect(x + line.width > box.box.minX + box.box.width / 2, "a right-to-left choice is right-aligned (line at \(x), box \(box.box))")
        }
        let json = d.json()
        #expect(json.contains(#""text":"שנת 1989","#) && json.contains(#""truncated":false,"direction":"rtl"}"#))
    }

    @Test func numbersInsideRightToLeftTextKeepTheirOrder() {
        for (text, expected) in [("שנת 1989", "1989 תנש"), ("צוות 42", "42 תווצ"), ("1989", "1989")] {
            let line = engine.layout(text, size: 48, language: "he").lines[0]
            #expect(line.direction == .rightToLeft)
            let glyphs = Self.visual(line)
            #expect(reads(glyphs, as: expected), "\(text): drawn as \(seen(glyphs, candidates: expected))")
        }
        // Arabic letters join (their glyphs are contextual forms): the digits read 2024, left
        // of every Arabic glyph.
        let line = engine.layout("فريق 2024", size: 48).lines[0]
        let glyphs = Self.visual(line)
        let digits = glyphs.prefix(4)
        #expect(reads(Array(digits), as: "2024"), "drawn as \(seen(Array(digits), candidates: "0123456789"))")
        #expect(line.direction == .rightToLeft)
    }

    /// A paragraph with no strong character takes the room's direction.
    @Test func theRoomDecidesTextWithoutAStrongCharacter() {
        #expect(engine.layout("1989", size: 40, language: "he").lines[0].direction == .rightToLeft)
        #expect(engine.layout("1989", size: 40, language: "ar-EG").lines[0].direction == .rightToLeft)
        #expect(engine.layout("1989", size: 40, language: "de").lines[0].direction == .leftToRight)
        #expect(engine.layout("1989", size: 40).lines[0].direction == .leftToRight)
        // A strong character decides whatever the room.
        #expect(engine.layout("Quiz 1989", size: 40, language: "he").lines[0].direction == .leftToRight)
        #expect(engine.layout("שנת 1989", size: 40, language: "en").lines[0].direction == .rightToLeft)
        #expect(engine.layout("שנת", size: 40, direction: .forced(.leftToRight)).lines[0].direction == .leftToRight)
    }

    /// A URL with an Arabic path, alone (the join address) and inside an Arabic sentence: left
    /// to right, the Arabic segment in place between its slashes, drawn right to left.
    @Test func aURLWithAnArabicSegmentKeepsItsOrder() throws {
        let url = "https://example.com/مسابقة/join"
        for text in [url, "زوروا \(url) الآن"] {
            let line = engine.layout(text, size: 40).lines[0]
            // Left to right, each glyph as the Latin character it is ("?" for the others):
            // the Arabic segment is one stretch between its two slashes.
            var read = ""
            for c in seen(Self.visual(line), candidates: "https:/example.cmjoin ") where !(c == "?" && read.last == "?") {
                read.append(c)
            }
            if text == url {
                #expect(read == "https://example.com/?/join", "\(text): drawn as \(read)")
            } else {
                // In the Arabic sentence the URL stays one left-to-right piece (an isolate,
                // UAX #9 HL3), with the sentence's words right of it and left of it.
                #expect(read == "? https://example.com/?/join ?", "\(text): drawn as \(read)")
            }
        }
    }

    /// "باريس (Paris)": the parenthesis pair mirrored in the right-to-left paragraph, the space
    /// and the Latin word where a reader expects them: "(Paris) سيراب" drawn left to right.
    @Test func bracketsAndALatinWordInArabic() throws {
        let line = engine.layout("باريس (Paris)", size: 48).lines[0]
        #expect(line.direction == .rightToLeft)
        let glyphs = Self.visual(line)
        #expect(reads(Array(glyphs.prefix(7)), as: "(Paris)"), "drawn as \(seen(Array(glyphs.prefix(7)), candidates: "()Paris"))")
        // Then the space, then the Arabic word.
        let space = try #require(glyphs.dropFirst(7).first)
        #expect(fonts.face(id: space.face)?.glyphIndex(" ") == space.glyph)
        let word = glyphs.dropFirst(8)
        #expect(word.count >= 3 && word.allSatisfy { $0.face != fonts.regular.id }, "\(word.count) glyphs")
    }

    /// `.start` is the left in a left-to-right paragraph, the right in a right-to-left one;
    /// centred stays centred.
    @Test func naturalAlignmentFollowsTheParagraph() {
        let box = Rect(x: 100, y: 0, width: 800, height: 100)
        #expect(HorizontalAlignment.start.start(of: 200, in: box, direction: .rightToLeft) == 700)
        #expect(HorizontalAlignment.start.start(of: 200, in: box, direction: .leftToRight) == 100)
        #expect(HorizontalAlignment.end.start(of: 200, in: box, direction: .rightToLeft) == 100)
        #expect(HorizontalAlignment.center.start(of: 200, in: box, direction: .rightToLeft) == 400)
        #expect(HorizontalAlignment.left.start(of: 200, in: box, direction: .rightToLeft) == 100)
        // Drawn: the ink of a Hebrew line aligned to .start is at the right of the box.
        let canvas = Canvas(width: 1000, height: 100)
        canvas.fill(.black)
        let block = engine.layout("שלום", size: 48)
        engine.draw(block, in: canvas, rect: box, align: .start, color: .white)
        var minX = Int.max
        for y in 0..<100 { for x in 0..<1000 where canvas.pixel(x: x, y: y) & 0xFF > 0 { minX = min(minX, x) } }
        #expect(minX > 900 - block.width - 4, "ink starts at \(minX)")
    }

    /// A right-to-left text cut to fit ends with its ellipsis at its logical end: the left.
    @Test func aCutRightToLeftTextEndsAtTheLeft() throws {
        let text = "באיזו שנה נפלה חומת ברלין ומי היה ראש העיר באותה תקופה"
        let b = engine.fit(text, maxSize: 40, minSize: 40, width: 400, height: 60, maxLines: 1)
        let line = try #require(b.lines.first)
        #expect(b.truncated && line.direction == .rightToLeft && line.width <= 400)
        #expect(line.text.hasPrefix("באיזו שנה") && (line.text.hasSuffix("…") || line.text.hasSuffix("...")), "\(line.text)")
        // The leftmost glyph is the ellipsis (or its last full stop); the rightmost is ב.
        let glyphs = Self.visual(line)
        let left = try #require(glyphs.first), right = try #require(glyphs.last)
        let face = try #require(fonts.face(id: left.face))
        #expect(left.glyph == face.glyphIndex("…") || left.glyph == face.glyphIndex("."))
        #expect(fonts.face(id: right.face)?.glyphIndex("ב") == right.glyph)
    }

    /// Left-to-right text never calls FriBidi and is laid out exactly as before.
    @Test func leftToRightTextIsTrivial() {
        let p = Bidi.resolve("Crème brûlée 1989 日本語".unicodeScalars.map(\.value), base: .natural)
        #expect(p.isTrivial && p.direction == .leftToRight && p.levels.allSatisfy { $0 == 0 })
        let mixed = Bidi.resolve("abc שלום".unicodeScalars.map(\.value), base: .natural)
        #expect(!mixed.isTrivial && mixed.levels == [0, 0, 0, 0, 1, 1, 1, 1])
    }
}
