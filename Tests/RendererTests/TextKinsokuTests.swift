@testable import Renderer
import TestSupport
import Testing

/// Japanese line breaking at exact widths: the text is set so that without kinsoku the
/// forbidden character would start (or an opening bracket end) a line, and the lines must show
/// the rule moved the break.
@Suite struct TextKinsokuTests {
    let engine: TextEngine

    init() throws {
        engine = TextEngine(fonts: try TestFonts.load())
    }

    func lines(_ text: String, width: Int, size: Int = 48) -> [String] {
        engine.layout(text, size: size, maxWidth: width).lines.map(\.text)
    }

    func width(_ text: String, size: Int = 48) -> Int { engine.layout(text, size: size).width }

    /// "あいうえお" fills the first line exactly, so a plain greedy fill would start the second
    /// line with `char`; kinsoku takes "お" down with it instead.
    @Test(arguments: ["。", "、", "ッ", "ャ", "ー", "ょ", "ぁ", "」", "）", "！", "？", "…", "々", "ゝ"])
    func aForbiddenStarterPullsThePreviousCharacterDown(char: String) {
        let w = width("あいうえお")
        let out = lines("あいうえお\(char)かきくけこ", width: w)
        #expect(out.first == "あいうえ", "\(char): \(out)")
        #expect(out.dropFirst().allSatisfy { !$0.hasPrefix(char) }, "\(char): \(out)")
        #expect(out.joined() == "あいうえお\(char)かきくけこ")
    }

    /// An opening bracket that would end the first line moves to the second.
    @Test(arguments: ["「", "『", "（", "【", "〈"])
    func anOpeningBracketNeverEndsALine(char: String) {
        let w = width("あいうえ\(char)")
        let out = lines("あいうえ\(char)かきくけこ", width: w)
        #expect(out.first == "あいうえ", "\(char): \(out)")
        #expect(out.dropLast().allSatisfy { !$0.hasSuffix(char) }, "\(char): \(out)")
    }

    @Test func smallKanaAndTheProlongedSoundMarkAreNonstartersOnlyWhenStrict() {
        let strict = LineBreaker(strict: true), normal = LineBreaker(strict: false)
        for s in ["ッ", "ょ", "ー", "ァ"] {
            let scalars = Array(("カ" + s).unicodeScalars)
            #expect(strict.breaks(scalars)[1] == .prohibited, "strict: break before \(s)")
            #expect(normal.breaks(scalars)[1] == .allowed, "normal: no break before \(s)")
        }
        // Closing punctuation is forbidden at a line start in both styles.
        #expect(normal.breaks(Array("カ。".unicodeScalars))[1] == .prohibited)
    }

    @Test func latinBreaksAfterSpacesAndHyphensButNotInsideNumbers() {
        let b = LineBreaker()
        func opportunities(_ s: String) -> [Int] {
            let actions = b.breaks(Array(s.unicodeScalars))
            return (1..<s.unicodeScalars.count).filter { actions[$0] != .prohibited }
        }
        #expect(opportunities("one two") == [4])
        #expect(opportunities("well-known") == [5])
        #expect(opportunities("$12.50") == [])
        #expect(opportunities("(12)") == [])
    }

    @Test func breaksOnlyBetweenGraphemeClusters() {
        // At a width smaller than one cluster, every cluster gets a line of its own: none is split.
        for text in ["👨‍👩‍👧‍👦👨‍👩‍👧‍👦", "🇯🇵🇺🇸", "e\u{301}e\u{301}", "👍🏽👍🏽", "한국"] {
            let out = lines(text, width: 5)
            #expect(out == text.map { String($0) }, "\(text): \(out)")
        }
    }

    @Test func aLongWordBreaksWhereItMustAndNeverOverflows() {
        for text in ["Pneumonoultramicroscopicsilicovolcanoconiosis", "ありがとうございます。ありがとうございます。",
                     "🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉", "한국어이름한국어이름한국어이름"] {
            let block = engine.layout(text, size: 48, maxWidth: 200)
            #expect(block.lines.count > 1, "\(text)")
            #expect(block.lines.allSatisfy { $0.width <= 200 }, "\(text): \(block.lines.map(\.width))")
            #expect(block.lines.map(\.text).joined() == text)
        }
    }
}
