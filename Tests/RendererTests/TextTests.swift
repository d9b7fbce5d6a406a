import Glibc
@testable import Renderer
import TestSupport
import Testing

@Suite struct TextTests {
    let fonts: FontSet
    let engine: TextEngine

    init() throws {
        fonts = try TestFonts.load()
        engine = TextEngine(fonts: fonts)
    }

    func lines(_ text: String, size: Int = 48, width: Int) -> [String] {
        engine.layout(text, size: size, weight: .regular, maxWidth: width).lines.map(\.text)
    }

    @Test func latinWrapsAtSpacesAndNeverOverflows() {
        let text = "The quick brown fox jumps over the lazy dog near the riverbank"
        let block = engine.layout(text, size: 48, maxWidth: 500)
        #expect(block.lines.count > 1)
        for line in block.lines {
            #expect(line.width <= 500)
            #expect(!line.text.hasPrefix(" ") && !line.text.hasSuffix(" "))
        }
        #expect(block.lines.map(\.text).joined(separator: " ") == text)
    }

    /// Without a hyphenation dictionary (no language given) a word longer than the line is cut
    /// at the last letter that fits, unmarked: nothing says which language it is, and a code
    /// must not gain a hyphen (see `TextHyphenationTests` for a room's language).
    @Test func aWordLongerThanTheLineIsBrokenBetweenCharacters() {
        let block = engine.layout("Supercalifragilisticexpialidocious", size: 48, maxWidth: 300)
        #expect(block.lines.count > 1)
        #expect(block.lines.allSatisfy { $0.width <= 300 && !$0.hyphenated })
        #expect(block.lines.map(\.text).joined() == "Supercalifragilisticexpialidocious")
    }

    @Test func japaneseBreaksBetweenCharacters() {
        let text = "日本で一番高い山は富士山ですが二番目に高い山はどれでしょう"
        let block = engine.layout(text, size: 48, maxWidth: 480)
        #expect(block.lines.count >= 3)
        #expect(block.lines.allSatisfy { $0.width <= 480 })
        #expect(block.lines.map(\.text).joined() == text)
    }

    /// Finds a width at which `text` would put `char` at the start of a line without kinsoku,
    /// and checks that no line starts (or ends) with a forbidden character at any width.
    @Test(arguments: ["。", "ッ", "ー", "、", "」", "ょ", "？"])
    func noLineStartsWithClosingPunctuationOrSmallKana(char: String) {
        let text = "あいうえおかきくけこ\(char)さしすせそたちつてと\(char)なにぬねの"
        for width in stride(from: 150, through: 900, by: 7) {
            for line in lines(text, width: width).dropFirst() {
                #expect(!line.hasPrefix(char), "width \(width): a line starts with \(char)")
            }
        }
    }

    @Test(arguments: ["「", "『", "（"])
    func noLineEndsWithAnOpeningBracket(char: String) {
        let text = "あいうえおかきくけこ\(char)さしすせそ」たちつてと\(char)なにぬねの"
        for width in stride(from: 150, through: 900, by: 7) {
            for line in lines(text, width: width).dropLast() {
                #expect(!line.hasSuffix(char), "width \(width): a line ends with \(char)")
            }
        }
    }

    @Test func mixedJapaneseAndLatinMayBreakAtTheScriptBoundary() {
        let out = lines("SwiftUIで外部ディスプレイに対応するには？", width: 400)
        #expect(out.count >= 2)
        #expect(out.joined() == "SwiftUIで外部ディスプレイに対応するには？")
        #expect(!out.contains { $0.hasPrefix("？") })
    }

    @Test func newlinesStartNewLines() {
        #expect(lines("one\ntwo", width: 10000) == ["one", "two"])
    }

    @Test func textThatDoesNotFitShrinksToTheFloorThenEndsWithAnEllipsis() {
        let short = engine.fit("Short", maxSize: 48, minSize: 30, width: 1000, height: 100)
        #expect(short.size == 48 && !short.truncated)

        let medium = String(repeating: "word ", count: 40)
        let shrunk = engine.fit(medium, maxSize: 48, minSize: 20, width: 1000, height: 300)
        #expect(shrunk.size < 48 && shrunk.size >= 20)
        #expect(!shrunk.truncated)
        #expect(shrunk.height <= 300)

        let long = String(repeating: "とても長い問題文です。", count: 60)
        let cut = engine.fit(long, maxSize: 48, minSize: 30, width: 1000, height: 200)
        #expect(cut.size == 30)
        #expect(cut.truncated)
        #expect(cut.height <= 200)
        #expect(cut.lines.last?.text.hasSuffix("…") == true)
        #expect(cut.lines.allSatisfy { $0.width <= 1000 })
    }

    @Test func maxLinesIsRespected() {
        let b = engine.fit("one two three four five six seven eight nine ten", maxSize: 40, minSize: 40, width: 200,
                           height: 10000, maxLines: 2)
        #expect(b.lines.count == 2)
        #expect(b.truncated)
    }

    @Test func kerningTightensPairsTheFontKerns() throws {
        // "AV" kerned is narrower than "A" + "V" measured apart. The bundled BIZ UDPGothic has
        // neither a kern table nor GPOS (Japanese faces rarely kern), so this is DejaVu Sans
        // (fonts-dejavu-core, installed by scripts/setup), which kerns; the guard that skipped
        // the test when the face did not kern made it pass having tested nothing.
        let fonts = try FontSet(directory: TestFonts.directory, preferring: ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"])
        let face = try #require(fonts.face(id: 2))
        try #require(face.hasKerning)
        let engine = TextEngine(fonts: fonts)
        let av = engine.layout("AV", size: 96).width
        let a = engine.layout("A", size: 96).width, v = engine.layout("V", size: 96).width
        #expect(av < a + v)
    }

    @Test func repeatedLookupReturnsTheCachedGlyph() {
        let cache = GlyphCache()
        let g = fonts.regular.glyphIndex("あ")
        cache.beginFrame()
        let first = cache.lookup(face: fonts.regular, glyph: g, size: 48)
        let second = cache.lookup(face: fonts.regular, glyph: g, size: 48)
        #expect(cache.misses == 1 && cache.hits == 1)
        #expect(first.bitmap === second.bitmap)
        // A glyph without ink (space) is cached too: the miss is not repeated.
        let space = fonts.regular.glyphIndex(" ")
        _ = cache.lookup(face: fonts.regular, glyph: space, size: 48)
        _ = cache.lookup(face: fonts.regular, glyph: space, size: 48)
        #expect(cache.misses == 2)
    }

    @Test func anOldSizesGlyphsAreDroppedUnderPressure() {
        let cache = GlyphCache(byteBudget: 64 * 1024)
        let glyphs = "あいうえおかきくけこさしすせそ".unicodeScalars.map { fonts.regular.glyphIndex($0) }
        cache.beginFrame()
        for g in glyphs { _ = cache.lookup(face: fonts.regular, glyph: g, size: 40) }
        #expect(cache.sizes == [40])
        // Two frames later the display changed: only size 80 is drawn now.
        cache.beginFrame()
        cache.beginFrame()
        for _ in 0..<3 {
            for g in glyphs { _ = cache.lookup(face: fonts.regular, glyph: g, size: 80) }
            cache.beginFrame()
        }
        #expect(!cache.sizes.contains(40))
        #expect(cache.bytes <= 64 * 1024)
    }

    @Test func anOldSizesGlyphsAgeOutWithoutPressure() {
        // A budget nothing comes near: only age can drop the old size.
        let cache = GlyphCache(byteBudget: 64 << 20, maxIdleFrames: 30, sweepInterval: 10)
        let glyphs = "あいうえお".unicodeScalars.map { fonts.regular.glyphIndex($0) }
        cache.beginFrame()
        for g in glyphs { _ = cache.lookup(face: fonts.regular, glyph: g, size: 40) }
        let first = cache.lookup(face: fonts.regular, glyph: glyphs[0], size: 40).bitmap
        for _ in 0..<20 {
            cache.beginFrame()
            for g in glyphs { _ = cache.lookup(face: fonts.regular, glyph: g, size: 80) }
        }
        #expect(cache.sizes == [40, 80], "20 frames is not yet old")
        for _ in 0..<40 {
            cache.beginFrame()
            for g in glyphs { _ = cache.lookup(face: fonts.regular, glyph: g, size: 80) }
        }
        #expect(cache.sizes == [80], "the old display size's glyphs were dropped")
        // Asked again, the old size is rendered anew, not served from a stale entry.
        let misses = cache.misses
        let again = cache.lookup(face: fonts.regular, glyph: glyphs[0], size: 40).bitmap
        #expect(cache.misses == misses + 1 && again !== first)
    }

    @Test func missingAndCorruptFontsAreErrorsNamingThePath() throws {
        #expect(throws: FontError.self) { try FontSet(directory: "/nonexistent") }
        do {
            _ = try FontSet(directory: "/nonexistent")
        } catch {
            #expect(error.path == "/nonexistent/BIZUDPGothic-Regular.ttf")
            #expect(error.reason == "no such file")
        }
        let dir = "/tmp/quizkiosk-badfont-\(getpid())"
        mkdir(dir, 0o755)
        defer {
            unlink(dir + "/BIZUDPGothic-Regular.ttf")
            rmdir(dir)
        }
        let fd = open(dir + "/BIZUDPGothic-Regular.ttf", O_CREAT | O_WRONLY | O_TRUNC, 0o644)
        _ = write(fd, "not a font", 10)
        close(fd)
        do {
            _ = try FontSet(directory: dir)
            Issue.record("a corrupt font was accepted")
        } catch {
            #expect(error.path == dir + "/BIZUDPGothic-Regular.ttf")
            #expect(error.description.contains("not a font file"))
        }
    }
}
