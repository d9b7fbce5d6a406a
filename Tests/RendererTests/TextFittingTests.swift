import Locales
@testable import Renderer
import TestSupport
import Testing

/// The one shrink-to-fit loop and what the scenes ask of it: groups at one size, cuts that keep
/// as much as fits, balanced last lines, tabular figures.
@Suite struct TextFittingTests {
    let engine: TextEngine

    init() throws {
        engine = TextEngine(fonts: try TestFonts.load())
    }

    /// One size for the group — the largest at which every member fits — not each its own.
    @Test func aGroupSharesTheLargestSizeAtWhichAllFit() {
        let texts = ["Saturn", "Jupiter", "A longer answer than those"]
        let group = engine.fitGroup(texts, weight: .bold, maxSize: 48, minSize: 24, width: 500, height: 70, maxLines: 1)
        #expect(Set(group.map(\.size)).count == 1)
        let alone = texts.map { engine.fit($0, weight: .bold, maxSize: 48, minSize: 24, width: 500, height: 70, maxLines: 1).size }
        #expect(group[0].size == alone.min(), "group at \(group[0].size), members alone at \(alone)")
        #expect(alone[0] > group[0].size, "the short ones would have been larger alone")
        #expect(group.allSatisfy { !$0.truncated && $0.width <= 500 })
        // At the floor only the ones that still do not fit are cut.
        let floor = engine.fitGroup(["short", String(repeating: "word ", count: 40)], maxSize: 40, minSize: 30, width: 300, height: 60, maxLines: 1)
        #expect(floor.map(\.size) == [30, 30] && floor.map(\.truncated) == [false, true])
    }

    /// A cut line holds as much of what follows as fits, not only up to the last word break.
    /// Latin text in BIZ UDPGothic ends in three full stops of its own face, not in the face's
    /// centred Japanese "…" (see `TextEllipsisTests`).
    @Test func aCutFillsItsLineToTheEdge() {
        let name = "Marie-Claire Dubois-Fontaine de la Tour d’Auvergne"
        let width = engine.layout("Marie-Claire Dubois-Fontai", size: 40, weight: .bold).width + 2
        let b = engine.fit(name, weight: .bold, maxSize: 40, minSize: 40, width: width, height: 100, maxLines: 1)
        #expect(b.truncated && b.lines.count == 1 && b.width <= width)
        #expect(b.lines[0].text.hasPrefix("Marie-Claire Dubois-Fo") && b.lines[0].text.hasSuffix("..."), "\(b.lines[0].text)")
        // Two lines: the second continues where the first ended.
        let two = engine.fit(name, weight: .bold, maxSize: 40, minSize: 40, width: width, height: 1000, maxLines: 2)
        #expect(two.lines.count == 2 && two.truncated)
        #expect(two.lines[1].text.count > 8, "\(two.lines.map(\.text))")
    }

    @Test func aURLLosesItsMiddleNotItsEnd() {
        let url = "https://quiz.example.com/join/a-very-long-path/QK-ABCDEFGHIJKLMNOP?utm_source=tv"
        let b = engine.fit(url, maxSize: 30, minSize: 30, width: 500, height: 60, maxLines: 1, cut: .middle)
        let line = b.lines[0].text
        #expect(b.truncated && b.width <= 500)
        #expect(line.hasPrefix("https://quiz.e") && line.hasSuffix("utm_source=tv") && line.contains("..."), "\(line)")
    }

    /// "い。" alone under a full line is rebalanced, keeping the lines' count and kinsoku.
    @Test func aLoneShortLastLineIsRebalanced() {
        let text = "江戸幕府の第八代将軍で、享保の改革を行い、目安箱を設置したのは誰でしょうか。はい。"
        let size = 48
        let width = engine.layout(String(text.dropLast(2)), size: size).width + 10
        let greedy = engine.layout(text, size: size, maxWidth: width)
        #expect(greedy.lines.count == 2 && (greedy.lines.last?.width ?? 0) * 3 < greedy.width, "\(greedy.lines.map(\.text))")
        let balanced = engine.layout(text, size: size, maxWidth: width, balance: true)
        #expect(balanced.lines.count == 2)
        #expect(balanced.lines.map(\.text).joined() == text)
        #expect((balanced.lines.last?.width ?? 0) * 3 >= balanced.width, "\(balanced.lines.map(\.text))")
        #expect(!balanced.lines.contains { $0.text.hasPrefix("。") || $0.text.hasPrefix("、") })
        // Balancing never cuts a word the full width did not.
        let words = engine.layout("WindowGroup をニつ作る", size: 60, maxWidth: engine.layout("WindowGroup をニつ作", size: 60).width + 2,
                                  balance: true)
        #expect(words.lines.first?.text == "WindowGroup", "\(words.lines.map(\.text))")
    }

    /// Right-aligned scores do not wobble: every digit takes the widest digit's advance.
    @Test func numbersHaveTabularFigures() {
        let ones = engine.layoutNumber("1,111", size: 44, weight: .bold), eights = engine.layoutNumber("8,888", size: 44, weight: .bold)
        #expect(ones.width == eights.width)
        #expect(engine.layout("1111", size: 44, weight: .bold).width < engine.layout("8888", size: 44, weight: .bold).width,
                "the font's own figures are proportional (else this test shows nothing)")
        // Each digit's cell starts at the same place in both.
        let a = ones.lines[0].glyphs.map(\.x), b = eights.lines[0].glyphs.map(\.x)
        #expect(a.count == b.count)
        #expect(engine.layoutNumber("999,999,999", size: 44).lines[0].text == "999,999,999")
    }

    @Test func digitsAreGroupedAndPercentagesAddUp() {
        let en = Labels(RoomLocale(.en)), ja = Labels(RoomLocale(.ja))
        #expect(en.number(999_999_999) == "999,999,999")
        #expect(ja.number(1250) == "1,250")
        #expect(en.number(999) == "999")
        #expect(en.number(-12345) == "−12,345")
        #expect(Percentages.of([17, 3, 0, 6, 2, 1]).reduce(0, +) == 100)
        #expect(Percentages.of([0, 0]) == [0, 0])
        #expect(Percentages.of([5, 0]) == [100, 0])
    }

    /// A cluster wider than the box (a long ZWJ chain drawn as boxes or one glyph) shrinks, then
    /// is cut: no line is wider than its box.
    @Test func aClusterWiderThanTheBoxStaysInside() {
        for text in [String(repeating: "👨‍👩‍👧‍👦", count: 12), "ᄀ" + String(repeating: "\u{1160}", count: 60),
                     String(repeating: "W", count: 80)] {
            let b = engine.fit(text, maxSize: 96, minSize: 24, width: 300, height: 200, maxLines: 2)
            #expect(b.lines.allSatisfy { $0.width <= 300 }, "\(b.lines.map(\.width))")
        }
    }
}
