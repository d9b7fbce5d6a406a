@testable import Renderer
import TestSupport
import Testing

/// Thai is written without spaces between words; a line may break only between words, which
/// libthai's dictionary finds. Sentences broken at many widths: every line is a sequence of
/// whole words.
@Suite struct TextThaiTests {
    let engine: TextEngine

    init() throws {
        engine = TextEngine(fonts: try TestFonts.load())
    }

    /// Quiz sentences with their words (as libthai's dictionary segments them, read and
    /// checked: "แม่น้ำ|สาย|ใด|ยาว|ที่สุด|ใน|ประเทศ|ไทย" is river | (classifier) | which | long |
    /// most | in | country | Thai).
    static let sentences = [
        "แม่น้ำ|สาย|ใด|ยาว|ที่สุด|ใน|ประเทศ|ไทย",
        "ภาษา|ไทย|ไม่|มี|ช่องว่าง|ระหว่าง|คำ",
        "กรุงเทพ|มหา|นคร|เป็น|เมืองหลวง|ของ|ประเทศ|ไทย",
        "นัก|ฟุตบอล|คน|ใด|ยิง|ประตู|ได้|มาก|ที่สุด|ใน|ฟุตบอล|โลก",
        "ดวง|อาทิตย์|ขึ้น|ทาง|ทิศ|ตะวัน|ออก|ทุก|วัน",
        "สัตว์|ชนิด|ใด|ที่|วิ่ง|เร็ว|ที่สุด|ใน|โลก",
    ]

    @Test(arguments: sentences)
    func aThaiLineIsNeverCutInsideAWord(segmented: String) {
        let words = segmented.split(separator: "|").map(String.init)
        let text = words.joined()
        var boundaries: Set<Int> = [0]
        var n = 0
        for w in words {
            n += w.count
            boundaries.insert(n)
        }
        // Each word fits a line from this width on (its advance rounded up, and a pixel for the
        // marks placed differently in context).
        let widest = words.map { (engine.layout($0, size: 48).lines[0].advance + 63) / 64 + 1 }.max() ?? 0
        let full = engine.layout(text, size: 48).width
        var multiline = 0
        for width in stride(from: widest, through: full, by: 17) {
            let lines = engine.layout(text, size: 48, maxWidth: width).lines
            #expect(lines.map(\.text).joined() == text)
            var at = 0
            for line in lines {
                at += line.text.count
                #expect(boundaries.contains(at), "width \(width): \(lines.map(\.text)) cuts a word")
                #expect(line.width <= width)
            }
            if lines.count > 1 { multiline += 1 }
        }
        #expect(multiline > 3, "the widths tried must break the sentence")
    }

    /// Lao, Khmer and Myanmar have no segmenter here: a line may break before any letter that
    /// starts a cluster (never after a virama or coeng, which joins the next letter to it).
    @Test func otherComplexScriptsBreakBetweenClusters() {
        let words = ComplexWords()
        let breaker = LineBreaker()
        for text in ["ພາສາລາວ", "ភាសាខ្មែរ", "မြန်မာဘာသာ"] {
            let scalars = Array(text.unicodeScalars)
            var actions = breaker.breaks(scalars)
            #expect((1..<scalars.count).allSatisfy { actions[$0] == .prohibited }, "UAX #14 alone: one unbreakable word")
            words.addBreaks(scalars, to: &actions)
            let allowed = (1..<scalars.count).filter { actions[$0] == .allowed }
            #expect(!allowed.isEmpty, "\(text)")
            for i in allowed {
                #expect(scalars[i - 1].properties.canonicalCombiningClass != .virama, "\(text): a break after a virama")
                #expect(LineBreaker.property(scalars[i]).cls == .SA, "\(text): a break before a mark")
            }
        }
    }

    /// Thai next to Latin and digits: the usual rules around it.
    @Test func thaiAmongOtherText() {
        let text = "ควิซ Quiz 2024 ประจำสัปดาห์"
        let width = engine.layout("ควิซ Quiz 2024", size: 48).width + 4
        let lines = engine.layout(text, size: 48, maxWidth: width).lines.map(\.text)
        #expect(lines == ["ควิซ Quiz 2024", "ประจำสัปดาห์"], "\(lines)")
    }
}
