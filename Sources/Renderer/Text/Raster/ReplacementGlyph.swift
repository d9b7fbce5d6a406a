/// The box drawn for a character no font has: an outlined rectangle the size of a capital,
/// visible on any background in the text's colour, so a missing glyph is noticed rather than
/// silently dropped.
enum ReplacementGlyph {
    /// Advance in 26.6 pixels.
    static func advance(size: Int) -> Int { max(1, size) * 64 * 6 / 10 }

    static func render(size: Int) -> GlyphBitmap {
        let px = max(1, size)
        let w = max(3, px / 2), h = max(4, px * 7 / 10)
        let stroke = max(1, px / 16)
        var pixels = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w where x < stroke || x >= w - stroke || y < stroke || y >= h - stroke {
                pixels[y * w + x] = 255
            }
        }
        return GlyphBitmap(width: w, height: h, pitch: w, left: max(0, px / 20), top: h, isColor: false, pixels: pixels)
    }
}
