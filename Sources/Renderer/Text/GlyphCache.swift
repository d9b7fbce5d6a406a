/// Rasterized glyphs by (face, glyph, pixel size), including glyphs without ink, so a repeated
/// frame never touches FreeType.
///
/// Bounded by bytes: when an insert would pass `byteBudget`, every entry used neither in this
/// frame nor the one before (`beginFrame()` marks frames) is dropped, so the glyphs of a size
/// no longer drawn (the old resolution after a display change) go at the next pressure; if what
/// remains is still over half the budget, everything goes.
public final class GlyphCache {
    public struct Key: Hashable, Sendable {
        public let face: Int
        public let glyph: UInt32
        public let size: Int
    }

    public struct Entry {
        public let advance: Int  // 26.6
        public let bitmap: GlyphBitmap?
        var lastUsed: Int
    }

    public let byteBudget: Int
    public private(set) var bytes = 0
    public private(set) var hits = 0
    public private(set) var misses = 0
    private var entries: [Key: Entry] = [:]
    private var frame = 0

    public init(byteBudget: Int = 16 << 20) {
        self.byteBudget = byteBudget
    }

    public var count: Int { entries.count }

    public func beginFrame() { frame += 1 }

    public func resetStatistics() {
        hits = 0
        misses = 0
    }

    func lookup(face: FontFace, glyph: UInt32, size: Int) -> Entry {
        let key = Key(face: face.id, glyph: glyph, size: size)
        if var e = entries[key] {
            hits += 1
            if e.lastUsed != frame {
                e.lastUsed = frame
                entries[key] = e
            }
            return e
        }
        misses += 1
        let (advance, bitmap) = face.render(glyph: glyph, size: size)
        let e = Entry(advance: advance, bitmap: bitmap, lastUsed: frame)
        let cost = bitmap?.byteCount ?? 32
        if bytes + cost > byteBudget { evict() }
        entries[key] = e
        bytes += cost
        return e
    }

    private func evict() {
        let current = frame
        entries = entries.filter { $0.value.lastUsed >= current - 1 }
        bytes = entries.values.reduce(0) { $0 + ($1.bitmap?.byteCount ?? 32) }
        if bytes > byteBudget / 2 {
            entries.removeAll(keepingCapacity: true)
            bytes = 0
        }
    }

    public func contains(face: Int, glyph: UInt32, size: Int) -> Bool {
        entries[Key(face: face, glyph: glyph, size: size)] != nil
    }

    public var sizes: Set<Int> { Set(entries.keys.map(\.size)) }
}
