@testable import Renderer
import TestSupport
import Testing

/// The ellipsis is drawn from the face of the text it ends: BIZ UDPGothic's "…" sits at
/// mid-height, right after Japanese and wrong after a Latin name, which now ends in three full
/// stops of the same face.
@Suite struct TextEllipsisTests {
    let fonts: FontSet
    let engine: TextEngine

    init() throws {
        fonts = try TestFonts.load()
        engine = TextEngine(fonts: fonts)
    }

    @Test func facesKnowWhereTheirEllipsisSits() throws {
        #expect(fonts.regular.hasCentredEllipsis == true, "BIZ UDPGothic's ellipsis is Japanese style")
        #expect(fonts.bold.hasCentredEllipsis == true)
        let dejavu = try FontSet(directory: TestFonts.directory, preferring: ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"])
        #expect(dejavu.preferred[0].hasCentredEllipsis == false, "DejaVu Sans sets it on the baseline")
    }

    func cut(_ text: String, weight: FontWeight = .bold, width: Int) -> TextLine? {
        let b = engine.fit(text, weight: weight, maxSize: 40, minSize: 40, width: width, height: 100, maxLines: 1)
        return b.truncated ? b.lines.first : nil
    }

    /// The last glyphs of the line, left to right.
    func tail(_ line: TextLine, _ n: Int) -> [PlacedGlyph] { Array(line.glyphs.sorted { $0.x < $1.x }.suffix(n)) }

    @Test func aLatinNameEndsInFullStops() throws {
        let line = try #require(cut("Marie-Claire Dubois-Fontaine de la Tour d’Auvergne", width: 400))
        #expect(line.text.hasSuffix("..."), "\(line.text)")
        let stop = fonts.bold.glyphIndex(".")
        #expect(tail(line, 3).allSatisfy { $0.face == fonts.bold.id && $0.glyph == stop })
        #expect(!line.glyphs.contains { $0.glyph == fonts.bold.glyphIndex("…") && $0.face == fonts.bold.id })
        #expect(line.width <= 400)
    }

    @Test func japaneseKeepsItsCentredEllipsis() throws {
        let line = try #require(cut("寿限無寿限無五劫の擦り切れ海砂利水魚の水行末雲来末風来末", width: 300))
        #expect(line.text.hasSuffix("…"), "\(line.text)")
        let last = try #require(tail(line, 1).first)
        #expect(last.face == fonts.bold.id && last.glyph == fonts.bold.glyphIndex("…"))
    }

    /// Text in a face that has a baseline "…" of its own ends in it (a `--font` face here).
    @Test func aFaceWithItsOwnEllipsisDrawsIt() throws {
        let fonts = try FontSet(directory: TestFonts.directory, preferring: ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"])
        let engine = TextEngine(fonts: fonts)
        let b = engine.fit("Marie-Claire Dubois-Fontaine de la Tour", maxSize: 40, minSize: 40, width: 400, height: 100, maxLines: 1)
        let line = try #require(b.lines.first)
        #expect(b.truncated && line.text.hasSuffix("…"), "\(line.text)")
        let last = try #require(line.glyphs.max { $0.x < $1.x })
        #expect(last.face == fonts.preferred[0].id && last.glyph == fonts.preferred[0].glyphIndex("…"))
    }

    /// A Korean name (a machine face) ends in that face's ellipsis or its full stops, never
    /// in BIZ UDPGothic's centred one.
    @Test func aFallbackFacesTextEndsInItsOwnFace() throws {
        let line = try #require(cut("김민준 박서연 이도윤 최지우 정하은 강시우 조서준", weight: .regular, width: 300))
        let last = try #require(line.glyphs.max { $0.x < $1.x })
        #expect(last.face != fonts.regular.id, "drawn with \(fonts.face(id: last.face)?.familyName ?? "?")")
    }
}
