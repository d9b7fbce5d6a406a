@testable import Renderer
import TestSupport
import Testing

/// Text from outside that used to run off its box: single grapheme clusters of any length
/// (ZWJ chains, lone jamo runs) and combining-mark floods. Every line stays within the width;
/// real clusters (flags, keycaps, families with skin tones) stay whole.
@Suite struct TextHostileTests {
    let engine: TextEngine

    init() throws { engine = TextEngine(fonts: try TestFonts.load()) }

    @Test(arguments: [
        ("32 emoji joined by ZWJ", Array(repeating: "👩", count: 32).joined(separator: "\u{200D}")),
        ("200 leading jamo", String(repeating: "ᄀ", count: 200)),
        ("A and 31 strokes", "A" + String(repeating: "\u{0336}", count: 31)),
        ("o and 180 marks", "o" + String(repeating: "\u{0336}\u{0301}\u{0302}", count: 60)),
        ("a word of 300 letters", String(repeating: "x", count: 300)),
    ] as [(String, String)])
    func everyLineFitsTheWidth(name: String, text: String) {
        let block = engine.layout(text, size: 48, maxWidth: 500)
        #expect(!block.lines.isEmpty)
        for line in block.lines { #expect(line.width <= 500, "\(name): a line \(line.width) px wide") }
    }

    @Test func aMarkFloodIsCappedPerBase() {
        let flood = "A" + String(repeating: "\u{0301}", count: 100)
        let kept = DisplayClusters.split(flood[...]).flatMap(\.unicodeScalars)
        #expect(kept.count == 1 + DisplayClusters.maxMarksPerBase)
        // A few marks, as real text has them, are all kept.
        #expect(DisplayClusters.split("e\u{0301}\u{0323}"[...]).count == 1)
    }

    @Test(arguments: ["🇯🇵", "#️⃣", "👨🏻‍👩🏻‍👧🏻‍👦🏻", "🏴󠁧󠁢󠁥󠁮󠁧󠁿", "한", "\u{1100}\u{1161}\u{11A8}"])
    func realClustersStayWhole(cluster: String) {
        #expect(DisplayClusters.split(cluster[...]).count == 1)
    }
}
