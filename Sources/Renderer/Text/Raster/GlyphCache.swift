/// Rasterized glyphs by (face, glyph, pixel size), including glyphs without ink and glyphs
/// FreeType could not render (the miss is cached too), so a repeated frame never touches
/// FreeType. Bounded by bytes (8 MiB by default: the pixels plus bookkeeping) and by age, with
/// the policy every text cache shares (`FrameCache`); it also counts the frames they all age by.
public final class GlyphCache {
    public struct Key: Hashable, Sendable {
        public let face: Int
        public let glyph: UInt32
        public let size: Int
    }

    public struct Entry {
        public let advance: Int  // 26.6
        public let bitmap: GlyphBitmap?
    }

    public var byteBudget: Int { store.byteBudget }
    public var bytes: Int { store.bytes }
    public var hits: Int { store.hits }
    public var misses: Int { store.misses }
    /// Frames begun so far; other text caches age their entries by it.
    public private(set) var frame = 0
    private let store: FrameCache<Key, Entry>

    public init(byteBudget: Int = 8 << 20, maxIdleFrames: Int = 600, sweepInterval: Int = 120) {
        store = FrameCache(byteBudget: byteBudget, maxIdleFrames: maxIdleFrames, sweepInterval: sweepInterval) {
            $0.bitmap?.byteCount ?? 0
        }
    }

    public var count: Int { store.count }

    public func beginFrame() { frame += 1 }

    public func resetStatistics() { store.resetStatistics() }

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
        if let e = store.value(for: key, frame: frame) { return e }
        let (advance, bitmap) = render()
        let e = Entry(advance: advance, bitmap: bitmap)
        store.insert(e, for: key, frame: frame)
        return e
    }

    public func contains(face: Int, glyph: UInt32, size: Int) -> Bool {
        store.keys.contains(Key(face: face, glyph: glyph, size: size))
    }

    public var sizes: Set<Int> { Set(store.keys.map(\.size)) }
}
