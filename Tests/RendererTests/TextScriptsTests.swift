@testable import Renderer
import TestSupport
import Testing

/// The scripts of the screen's rooms, each in runs of its own script and face, shaped by
/// HarfBuzz with its script and the room's language: Devanagari conjuncts, Arabic joining,
/// Chinese Han in Chinese forms in a Chinese room, Korean in NanumGothic. The faces are the
/// machine's (`scripts/setup` installs fonts-noto-core, fonts-noto-cjk, fonts-nanum).
@Suite struct TextScriptsTests {
    let fonts: FontSet
    let engine: TextEngine

    init() throws {
        fonts = try TestFonts.load()
        engine = TextEngine(fonts: fonts)
    }

    func family(_ id: Int) -> String { fonts.face(id: id)?.familyName ?? "box" }

    /// क्ष (KA, VIRAMA, SSA) is one conjunct glyph, not three; the run is one Devanagari face.
    @Test func devanagariConjunctsAreShaped() {
        let line = engine.layout("क्षत्रिय", size: 48, language: "hi").lines[0]
        #expect(line.glyphs.count < "क्षत्रिय".unicodeScalars.count, "\(line.glyphs.count) glyphs")
        #expect(Set(line.glyphs.map { family($0.face) }) == ["Noto Sans Devanagari"])
        // Among Latin and digits: one run per script, the Hindi word whole.
        let mixed = engine.layout("Quiz: क्षत्रिय 2024", size: 48, language: "hi").lines[0]
        #expect(mixed.runs.map(\.text).contains { $0.hasPrefix("क्षत्रिय") }, "\(mixed.runs)")
        #expect(mixed.runs.first?.text == "Quiz: ")
    }

    /// Arabic letters take their joined forms: the glyphs of "مسابقة" are not the letters'
    /// isolated glyphs, and the word's punctuation stays in its face (one run).
    @Test func arabicJoins() throws {
        let word = "مسابقة"
        let line = engine.layout(word + "؟", size: 48).lines[0]
        let face = try #require(fonts.face(id: line.glyphs[0].face))
        #expect(face.familyName == "Noto Sans Arabic")
        let isolated = Set(word.unicodeScalars.map(face.glyphIndex))
        let joined = line.glyphs.map(\.glyph)
        #expect(joined.filter { isolated.contains($0) }.count <= 1, "contextual forms: \(joined) vs \(isolated)")
        #expect(line.runs.count == 1, "\(line.runs)")
    }

    /// Han in a Chinese room is drawn in Chinese forms (Noto Sans CJK SC or TC); elsewhere in
    /// BIZ UDPGothic's Japanese ones, as before. Hangul in NanumGothic.
    @Test func chineseRoomsDrawHanInChineseForms() {
        let text = "中国的首都是哪里？"
        #expect(Set(engine.layout(text, size: 48, language: "zh-Hans").lines[0].glyphs.map { family($0.face) }) == ["Noto Sans CJK SC"])
        #expect(Set(engine.layout(text, size: 48, language: "zh-TW").lines[0].glyphs.map { family($0.face) }) == ["Noto Sans CJK TC"])
        #expect(Set(engine.layout(text, size: 48, language: "zh-Hant-HK").lines[0].glyphs.map { family($0.face) }) == ["Noto Sans CJK TC"])
        #expect(engine.layout("首都", size: 48).lines[0].glyphs.allSatisfy { $0.face == fonts.regular.id })
        #expect(engine.layout("首都", size: 48, language: "ja").lines[0].glyphs.allSatisfy { $0.face == fonts.regular.id })
        #expect(Set(engine.layout("한국어 퀴즈", size: 48, language: "ko").lines[0].glyphs.map { family($0.face) }) == ["NanumGothic"])
    }

    /// One fontconfig query per script, not per character: the face found for the first Thai
    /// letter draws the others.
    @Test func aScriptsFaceIsFoundOnce() throws {
        let fonts = try TestFonts.load()
        let engine = TextEngine(fonts: fonts)
        _ = engine.layout("แม่น้ำสายใดยาวที่สุดในประเทศไทย", size: 48)
        #expect(fonts.systemQueries == 1, "\(fonts.systemQueries) queries")
    }
}
