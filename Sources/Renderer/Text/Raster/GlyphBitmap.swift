/// A rasterized glyph: an 8-bit coverage mask, or premultiplied BGRA for colour glyphs.
public final class GlyphBitmap: Sendable {
    public let width: Int
    public let height: Int
    /// Bytes per row.
    public let pitch: Int
    /// Offset from the pen position to the bitmap's top-left, y growing down.
    public let left: Int
    public let top: Int
    public let isColor: Bool
    public let pixels: [UInt8]

    init(width: Int, height: Int, pitch: Int, left: Int, top: Int, isColor: Bool, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pitch = pitch
        self.left = left
        self.top = top
        self.isColor = isColor
        self.pixels = pixels
    }

    /// What the cache charges for it: the pixels plus the object's bookkeeping.
    public var byteCount: Int { pixels.count + 64 }
}
