import Pixels
@testable import Renderer
import TestSupport
import Testing

/// Combining marks stacked on a letter rise above the face's line box: the box grows to hold
/// their ink, so a scene's clip (its box and a little room) never cuts them while the frame
/// says nothing was cut.
@Suite struct TextStackedMarksTests {
    let engine: TextEngine

    init() throws {
        engine = TextEngine(fonts: try TestFonts.load())
    }

    /// The rows of a canvas with ink.
    static func inkRows(_ canvas: Canvas) -> ClosedRange<Int>? {
        var top = Int.max, bottom = -1
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where canvas.pixel(x: x, y: y) & 0xFF > 0 {
                top = min(top, y)
                bottom = max(bottom, y)
                break
            }
        }
        return bottom < 0 ? nil : top...bottom
    }

    @Test(arguments: ["A\u{301}\u{302}\u{303}", "Ẫ\u{30A}\u{301}", "e\u{323}\u{324}\u{325}", "ที่นี่", "Z\u{30D}\u{30E}\u{304}\u{33F}"])
    func theLineBoxHoldsTheInk(text: String) throws {
        let block = engine.layout(text + " Quiz", size: 64)
        let canvas = Canvas(width: 600, height: 400)
        canvas.fill(.black)
        let drawn = engine.draw(block, in: canvas, rect: Rect(x: 20, y: 100, width: 560, height: 200), color: .white)
        let ink = try #require(Self.inkRows(canvas))
        #expect(ink.lowerBound >= drawn.minY && ink.upperBound < drawn.maxY,
                "\(text): ink rows \(ink), line box \(drawn.minY)..<\(drawn.maxY)")
    }

    /// A flood of marks (eight on a letter, as many as are kept) grows the box by an em at
    /// most; the line says its ink is clipped, so a frame reports it as cut.
    @Test func aFloodBeyondTheGrowthSaysSo() {
        let m = engine.fonts.regular.metrics(size: 64)
        let flood = engine.layout("o" + String(repeating: "\u{301}\u{302}", count: 4) + " Quiz", size: 64)
        #expect(flood.ascent == m.ascent + 64)
        #expect(flood.lines[0].inkClipped)
        let three = engine.layout("A\u{301}\u{302}\u{303}", size: 64)
        #expect(!three.lines[0].inkClipped && three.ascent > m.ascent)
    }

    /// Text without stacked marks keeps the face's line box exactly (the goldens stay).
    @Test func ordinaryTextKeepsTheFacesBox() {
        let plain = engine.layout("Crème brûlée, cafe\u{301}", size: 64)
        let m = engine.fonts.regular.metrics(size: 64)
        #expect(plain.ascent == m.ascent && plain.descent == m.descent)
        #expect(engine.layout("A\u{301}\u{302}\u{303}", size: 64).ascent > m.ascent)
    }

    /// In a scene's box: fitted (it shrinks to hold the taller box), placed, and not cut.
    @Test func aFittedTextWithStackedMarksIsNotClipped() throws {
        let text = "Z\u{30D}\u{30E}\u{304}\u{33F} A\u{301}\u{302}\u{303} Ω\u{308}\u{301}\u{342}"
        let box = Rect(x: 20, y: 20, width: 700, height: 90)
        let block = engine.fit(text, maxSize: 80, minSize: 20, width: box.width, height: box.height, maxLines: 1)
        #expect(!block.truncated && block.height <= box.height)
        let canvas = Canvas(width: 740, height: 130)
        canvas.fill(.black)
        _ = canvas.withClip(box) {
            engine.draw(block, in: canvas, rect: box, vertical: .center, color: .white)
        }
        // Drawn again without the clip: the same pixels, so the clip cut nothing.
        let free = Canvas(width: 740, height: 130)
        free.fill(.black)
        engine.draw(block, in: free, rect: box, vertical: .center, color: .white)
        var differ = 0
        for y in 0..<130 { for x in 0..<740 where canvas.pixel(x: x, y: y) != free.pixel(x: x, y: y) { differ += 1 } }
        #expect(differ == 0, "\(differ) pixels of ink outside the box")
    }
}
