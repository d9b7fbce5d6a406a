import Glibc
import Pixels
@testable import Renderer
import TestSupport
import Testing

/// HarfBuzz shaping and per-character fallback, seen through the public layout.
@Suite struct TextShapingTests {
    let fonts: FontSet
    let engine: TextEngine

    init() throws {
        fonts = try TestFonts.load()
        engine = TextEngine(fonts: fonts)
    }

    func line(_ text: String, size: Int = 48) -> TextLine {
        engine.layout(text, size: size).lines[0]
    }

    @Test func aCombiningAccentLandsOnItsBase() {
        // e + U+0301 is as wide as the precomposed é, and its ink stays within the e's advance.
        #expect(line("cafe\u{301}").width == line("café").width)
        let canvas = Canvas(width: 200, height: 100)
        canvas.fill(.black)
        let l = line("e\u{301}", size: 64)
        engine.drawLine(l, size: 64, in: canvas, x: 20, baseline: 80, color: .white)
        var minX = Int.max, maxX = -1, minY = Int.max
        for y in 0..<100 {
            for x in 0..<200 where canvas.pixel(x: x, y: y) & 0xFF > 0 {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
            }
        }
        #expect(minX >= 20 && maxX < 20 + l.width + 2, "ink \(minX)...\(maxX), advance \(l.width)")
        #expect(minY < 80 - 40, "the accent rises above the x-height (top of ink at \(minY))")
    }

    @Test func ligaturesReplaceLetterPairs() {
        // BIZ UDPGothic has fi/ffi ligatures: fewer glyphs than letters.
        #expect(line("office").glyphs.count < 6)
        #expect(line("office").text == "office")
    }

    @Test(arguments: ["👨‍👩‍👧‍👦", "🇯🇵", "👍🏽", "❤️", "1️⃣", "🎉"])
    func anEmojiSequenceIsOneColourGlyph(text: String) throws {
        let l = line(text)
        #expect(l.glyphs.count == 1, "\(text): \(l.glyphs.count) glyphs")
        let face = try #require(fonts.face(id: l.glyphs[0].face))
        #expect(face.isColor, "\(text) drawn with \(face.familyName)")
    }

    @Test func colourEmojiAreScaledToTheLineSize() throws {
        let l = line("🎉", size: 48)
        let face = try #require(fonts.face(id: l.glyphs[0].face))
        let entry = engine.cache.lookup(face: face, glyph: l.glyphs[0].glyph, size: 48)
        let bm = try #require(entry.bitmap)
        #expect(bm.isColor)
        // Noto Color Emoji's 109 px strike is 136 x 128: at 48 px, about 60 x 56.
        #expect((54...62).contains(bm.width) && (50...60).contains(bm.height), "\(bm.width)x\(bm.height)")
        #expect((50...70).contains(l.width), "advance \(l.width)")
        // Drawn, it has colour (not the text colour): some pixel is neither grey nor black.
        let canvas = Canvas(width: 100, height: 100)
        canvas.fill(.black)
        engine.drawLine(l, size: 48, in: canvas, x: 10, baseline: 70, color: .white)
        var coloured = 0
        for y in 0..<100 {
            for x in 0..<100 {
                let c = canvas.color(x: x, y: y)
                if abs(Int(c.r) - Int(c.b)) > 60 { coloured += 1 }
            }
        }
        #expect(coloured > 100)
    }

    @Test func hangulFallsBackToAMachineFontOpenedOnlyWhenNeeded() throws {
        let fonts = try TestFonts.load()
        let engine = TextEngine(fonts: fonts)
        _ = engine.layout("日本語とEnglish、Crème brûlée", size: 40)
        #expect(fonts.openedFaces.count == 2, "no machine font for text the bundled fonts cover")
        let l = engine.layout("한국어 이름", size: 40).lines[0]
        #expect(fonts.openedFaces.count > 2)
        let faces = Set(l.glyphs.map(\.face))
        #expect(!faces.contains(FontSet.replacementID))
        // The space between the words stays in the Hangul face: one run, its own spacing.
        #expect(l.runs.count == 1 && l.runs[0].text == "한국어 이름" && l.runs[0].face >= 2, "\(l.runs)")
    }

    @Test func aFontGivenWithFontComesFirst() throws {
        let dejavu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let fonts = try FontSet(directory: TestFonts.directory, preferring: [dejavu])
        let engine = TextEngine(fonts: fonts)
        let l = engine.layout("Quiz クイズ", size: 40).lines[0]
        #expect(l.runs.first == TextRun(face: 2, text: "Quiz "))
        // DejaVu has no kana: those still come from the bundled face.
        #expect(l.runs.last == TextRun(face: 0, text: "クイズ"))
        #expect(fonts.face(id: 2)?.path == dejavu)
    }

    @Test func aCharacterNoFontHasIsABoxReportedOnce() throws {
        let fonts = try TestFonts.load()
        var reports: [String] = []
        fonts.report = { reports.append($0) }
        let engine = TextEngine(fonts: fonts)
        let l = engine.layout("a\u{10FFFD}b\u{10FFFD}", size: 48).lines[0]
        #expect(l.glyphs.filter { $0.face == FontSet.replacementID }.count == 2)
        #expect(reports.count == 1, "\(reports)")
        #expect(reports.first?.contains("U+10FFFD") == true)
        // The box has ink.
        let canvas = Canvas(width: 200, height: 80)
        canvas.fill(.black)
        let box = try #require(l.glyphs.first { $0.face == FontSet.replacementID })
        engine.drawLine(l, size: 48, in: canvas, x: 0, baseline: 60, color: .white)
        let x0 = (box.x >> 6)
        var ink = 0
        for y in 0..<80 { for x in x0..<(x0 + 28) where canvas.pixel(x: x, y: y) & 0xFF > 0 { ink += 1 } }
        #expect(ink > 50)
    }

    /// A controller sending thousands of new private-use characters: no fontconfig query per
    /// character, one report line per run, and a bounded number of them in all.
    @Test func manyUnknownCharactersStayCheapAndQuiet() throws {
        let fonts = try TestFonts.load()
        var reports = 0
        fonts.report = { _ in reports += 1 }
        let engine = TextEngine(fonts: fonts)
        let text = String(String.UnicodeScalarView((0xE000..<0xE000 + 3000).compactMap(Unicode.Scalar.init)))
        let l = engine.layout(text, size: 24).lines
        #expect(l.flatMap(\.glyphs).allSatisfy { $0.face == FontSet.replacementID })
        #expect(fonts.systemQueries == 0, "private-use characters are not looked up in fontconfig")
        #expect(reports == 1, "one run, one line")
        // 3,000 runs (each character between two letters): still only the first few hundred.
        let runs = String(String.UnicodeScalarView((0xF0000..<0xF0000 + 3000).compactMap(Unicode.Scalar.init).flatMap { [$0, "a"] }))
        _ = engine.layout(runs, size: 24)
        #expect(reports == FontSet.missingReportLimit)
    }

    /// A script no font draws is one line on stderr per script — naming it and the Debian
    /// package with a font for it — not a line per character.
    @Test func aScriptNoFontDrawsIsReportedOnceWithItsPackage() throws {
        let fonts = try FontSet(directory: TestFonts.directory, preferring: [], systemFallback: false)
        var reports: [String] = []
        fonts.report = { reports.append($0) }
        let engine = TextEngine(fonts: fonts)
        _ = engine.layout("แม่น้ำสายใดยาวที่สุด ในประเทศไทย", size: 40, maxWidth: 200)
        _ = engine.layout("ภาษาไทย", size: 32)
        _ = engine.layout("भारत की सबसे लंबी नदी", size: 40)
        #expect(reports.count == 2, "\(reports)")
        #expect(reports.first?.contains("Thai") == true && reports.first?.contains("fonts-noto-core") == true, "\(reports)")
        #expect(reports.last?.contains("Devanagari") == true, "\(reports)")
    }

    @Test func withoutMachineFontsHangulIsBoxesNotACrash() throws {
        let fonts = try FontSet(directory: TestFonts.directory, preferring: [], systemFallback: false)
        fonts.report = { _ in }
        let l = TextEngine(fonts: fonts).layout("한국", size: 40).lines[0]
        #expect(l.glyphs.allSatisfy { $0.face == FontSet.replacementID })
        #expect(l.width > 0)
    }

    @Test func aMissingOrCorruptFontFileIsAnErrorNamingIt() throws {
        do {
            _ = try FontSet(directory: TestFonts.directory, preferring: ["/nonexistent/font.ttf"])
            Issue.record("a missing font was accepted")
        } catch {
            #expect(error.path == "/nonexistent/font.ttf" && error.reason == "no such file")
        }
        let path = "/tmp/quizkiosk-corrupt-\(getpid()).ttf"
        let fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
        _ = write(fd, "OTTO not really", 15)
        close(fd)
        defer { unlink(path) }
        do {
            _ = try FontSet(directory: TestFonts.directory, preferring: [path])
            Issue.record("a corrupt font was accepted")
        } catch {
            #expect(error.path == path)
            #expect(error.description.hasPrefix("font \(path): "))
        }
    }

    @Test func advancesFollowTheSizeWhenSizesAlternate() throws {
        // One FreeType face serves every size; HarfBuzz must never keep another size's advances.
        let engine = TextEngine(fonts: fonts)
        let text = "AVATAR ワールド office"
        let w48 = engine.layout(text, size: 48).width
        let w96 = engine.layout(text, size: 96).width
        _ = engine.fonts.regular.render(glyph: 5, size: 17)
        let w24 = engine.layout(text, size: 24).width
        #expect(abs(w96 - 2 * w48) <= 2 && abs(w48 - 2 * w24) <= 2, "\(w24) \(w48) \(w96)")
        let again = TextEngine(fonts: try TestFonts.load()).layout(text, size: 48).width
        #expect(again == w48)
    }

    @Test func repeatedLayoutComesFromTheCache() {
        let engine = TextEngine(fonts: fonts)
        let a = engine.fit("同じ問題文 🎉", maxSize: 48, minSize: 24, width: 400, height: 200)
        let misses = engine.layoutMisses
        let b = engine.fit("同じ問題文 🎉", maxSize: 48, minSize: 24, width: 400, height: 200)
        #expect(engine.layoutMisses == misses && engine.layoutHits >= 1)
        #expect(a.lines.map(\.text) == b.lines.map(\.text) && a.size == b.size)
    }

    @Test func scalingKeepsFlatColourAndAveragesDetail() {
        let flat = [UInt8](repeating: 200, count: 10 * 10)
        let s = BitmapScaler.scale(flat, width: 10, height: 10, channels: 1, by: 0.37)
        #expect(s.width == 4 && s.height == 4)
        #expect(s.pixels.allSatisfy { $0 == 200 })
        var checker = [UInt8](repeating: 0, count: 64 * 64)
        for y in 0..<64 { for x in 0..<64 where (x + y) % 2 == 0 { checker[y * 64 + x] = 255 } }
        let small = BitmapScaler.scale(checker, width: 64, height: 64, channels: 1, by: 0.25)
        #expect(small.pixels.allSatisfy { (115...140).contains($0) }, "a shrunk checkerboard is an even grey")
        let big = BitmapScaler.scale(flat, width: 10, height: 10, channels: 1, by: 2.5)
        #expect(big.width == 25 && big.pixels.allSatisfy { $0 == 200 })
    }
}
