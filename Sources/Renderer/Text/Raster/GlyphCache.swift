/// Rasterized glyphs by (face, glyph, pixel size), including glyphs without ink and glyphs
/// FreeType could not render (the miss is cached too), so a repeated frame never touches
/// FreeType.
///
/// Bounded two ways, both counted in frames (`beginFrame()` marks one):
/// - by bytes: when an insert would pass `byteBudget` (8 MiB by default: the pixels plus 64
///   bytes of bookkeeping per glyph), every entry used neither in this frame nor the one before
///   is dropped; if what remains is still over half the budget, everything goes;
/// - by age: every `sweepInterval` frames, entries unused for `maxIdleFrames` frames are
///   dropped, so the glyphs of a size no longer drawn (the old resolution after a display
///   change, a question long gone) do not stay forever even when memory is not short.
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
    public let maxIdleFrames: Int
    public let sweepInterval: Int
    public private(set) var bytes = 0
    public private(set) var hits = 0
    public private(set) var misses = 0
    /// Frames begun so far; other text caches age their entries by it.
    public private(set) var frame = 0
    private var entries: [Key: Entry] = [:]

    public init(byteBudget: Int = 8 << 20, maxIdleFrames: Int = 600, sweepInterval: Int = 120) {
        self.byteBudget = byteBudget
        self.maxIdleFrames = max(1, maxIdleFrames)
        self.sweepInterval = max(1, sweepInterval)
    }

    public var count: Int { entries.count }

    public func beginFrame() {
        frame += 1
        if frame % sweepInterval == 0 { drop { $0.lastUsed >= frame - maxIdleFrames } }
    }

    public func resetStatistics() {
        hits = 0
        misses = 0
    }

    func lookup(face: FontFace, glyph: UInt32, size: Int) -> Entry {
        lookup(Key(face: face.id, glyph: glyph, size: size)) { face.render(glyph: glyph, size: size) }
    }

    /// The box for a character no font has (`FontSet.replacementID`).
    func lookupReplacement(size: Int) -> Entry {
        lookup(Key(face: FontSet.replacementID, glyph: 0, size: size)) {
            (ReplacementGlyph.advance(size: size), ReplacementGlyph.render(size: size))
        }
    }

    private func lookup(_ key: Key, render: () -> (advance: Int, bitmap: GlyphBitmap?)) -> Entry {
        if let i = entries.index(forKey: key) {
            hits += 1
            entries.values[i].lastUsed = frame
            return entries.values[i]
        }
        misses += 1
        let (advance, bitmap) = render()
        let e = Entry(advance: advance, bitmap: bitmap, lastUsed: frame)
        let cost = Self.cost(e)
        if bytes + cost > byteBudget { evict() }
        entries[key] = e
        bytes += cost
        return e
    }

    private static func cost(_ e: Entry) -> Int { e.bitmap?.byteCount ?? 32 }

    private func evict() {
        let current = frame
        drop { $0.lastUsed >= current - 1 }
        if bytes > byteBudget / 2 {
            entries.removeAll(keepingCapacity: true)
            bytes = 0
        }
    }

    private func drop(keeping keep: (Entry) -> Bool) {
        entries = entries.filter { keep($0.value) }
        bytes = entries.values.reduce(0) { $0 + Self.cost($1) }
    }

    public func contains(face: Int, glyph: UInt32, size: Int) -> Bool {
        entries[Key(face: face, glyph: glyph, size: size)] != nil
    }

    public var sizes: Set<Int> { Set(entries.keys.map(\.size)) }
}
