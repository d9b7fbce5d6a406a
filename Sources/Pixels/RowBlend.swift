/// Blending a colour through a row of coverage bytes, eight pixels at a time.
///
/// Glyphs and filled paths both end in the same loop: one row of 8-bit coverage laid over one
/// row of pixels. Done one pixel at a time it was most of a frame's cost after the background
/// fill. Here eight pixels go through `SIMD16<UInt16>` lanes (each pixel's B|G and R|X bytes
/// as two 16-bit lanes, split into their low and high bytes), with the arithmetic of `blend`
/// exactly — `(c·a + d·(255 − a) + 128) · 257 >> 16` per channel — so every pixel is the one
/// the scalar loop gave and golden images do not move. Eight zero bytes are skipped and eight
/// full ones stored as the colour, which is most of a glyph.
///
/// Plain `SIMD` arithmetic on 16-bit lanes needs nothing beyond SSE2 (or NEON on a Raspberry
/// Pi); the widening `init(truncatingIfNeeded:)` conversions between vector types are avoided:
/// Swift's generic versions of them run element by element, far slower than the scalar loop.
extension Canvas {
    typealias Lanes = SIMD16<UInt16>

    /// Blends `color` over `count` pixels starting at `dst`, pixel `i` with coverage
    /// `coverage[i]` (0 leaves it, 255 replaces it). The caller has clipped the run.
    @inline(__always)
    static func blendRow(_ dst: UnsafeMutablePointer<UInt32>, coverage: UnsafePointer<UInt8>, count: Int, color: UInt32) {
        let colorLanes = unsafeBitCast(SIMD8<UInt32>(repeating: color), to: Lanes.self)
        let low = Lanes(repeating: 0xFF)
        let colorLow = colorLanes & low, colorHigh = colorLanes &>> 8
        let opaque = unsafeBitCast(SIMD8<UInt32>(repeating: 0xFF00_0000), to: Lanes.self)
        let half = Lanes(repeating: 128), full = Lanes(repeating: 255)
        var i = 0
        while i + 8 <= count {
            let m = UnsafeRawPointer(coverage + i).loadUnaligned(as: UInt64.self)
            if m == 0 {
                i += 8
                continue
            }
            if m == ~0 {
                (dst + i).update(repeating: color, count: 8)
                i += 8
                continue
            }
            // Each pixel's coverage in both of its lanes.
            let a32 = SIMD8<UInt32>(UInt32(truncatingIfNeeded: m) & 0xFF, UInt32(truncatingIfNeeded: m >> 8) & 0xFF,
                                    UInt32(truncatingIfNeeded: m >> 16) & 0xFF, UInt32(truncatingIfNeeded: m >> 24) & 0xFF,
                                    UInt32(truncatingIfNeeded: m >> 32) & 0xFF, UInt32(truncatingIfNeeded: m >> 40) & 0xFF,
                                    UInt32(truncatingIfNeeded: m >> 48) & 0xFF, UInt32(truncatingIfNeeded: m >> 56))
            let a = unsafeBitCast(a32 | (a32 &<< 16), to: Lanes.self)
            let inv = full &- a
            let d = UnsafeRawPointer(dst + i).loadUnaligned(as: Lanes.self)
            var lo = colorLow &* a &+ (d & low) &* inv &+ half
            lo = (lo &+ (lo &>> 8)) &>> 8
            var hi = colorHigh &* a &+ (d &>> 8) &* inv &+ half
            hi = (hi &+ (hi &>> 8)) &>> 8
            UnsafeMutableRawPointer(dst + i).storeBytes(of: lo | (hi &<< 8) | opaque, as: Lanes.self)
            i += 8
        }
        while i < count {
            let a = UInt32(coverage[i])
            if a != 0 { dst[i] = blend(dst[i], color, a) }
            i += 1
        }
    }
}
