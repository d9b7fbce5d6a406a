/// A cross-fade between two frames of the same size: each pixel `(a · (256 − w) + b · w) / 256`
/// per channel, for a weight `w` in 0...256.
///
/// Where the two frames are equal the result is that pixel exactly (the weights add up to 256),
/// so fading only where they differ gives the same picture as fading everything — which is how
/// an output fades only the pixels that change (`FadePlan`, within the tiles of a `TileMask`).
/// Eight pixels at a time, as in `RowBlend.swift`.
extension Canvas {
    /// The largest weight: the second frame alone.
    public static let fullWeight = 256

    /// Writes the fade of `from` into `to` at `weight` (0: `from`, 256: `to`) into this canvas,
    /// inside `rect` (clipped to all three canvases).
    public func crossFade(from a: Canvas, to b: Canvas, weight: Int, in rect: Rect) {
        let r = rect.intersection(window).intersection(a.window).intersection(b.window).intersection(clip)
        guard !r.isEmpty else { return }
        let w = UInt16(min(max(weight, 0), Canvas.fullWeight))
        for y in r.minY..<r.maxY {
            Canvas.fadeRow(a.pixels + y * a.stride + r.x, b.pixels + y * b.stride + r.x, into: pixels + y * stride + r.x,
                           count: r.width, weight: w)
        }
    }

    /// One row of the fade, eight pixels at a time.
    @inline(__always)
    static func fadeRow(_ pa: UnsafeMutablePointer<UInt32>, _ pb: UnsafeMutablePointer<UInt32>, into out: UnsafeMutablePointer<UInt32>,
                        count: Int, weight w: UInt16) {
        let wb = Lanes(repeating: w), wa = Lanes(repeating: 256 - w)
        let low = Lanes(repeating: 0xFF)
        let opaque = unsafeBitCast(SIMD8<UInt32>(repeating: 0xFF00_0000), to: Lanes.self)
        var i = 0
        while i + 8 <= count {
            let va = UnsafeRawPointer(pa + i).loadUnaligned(as: Lanes.self)
            let vb = UnsafeRawPointer(pb + i).loadUnaligned(as: Lanes.self)
            let lo = ((va & low) &* wa &+ (vb & low) &* wb) &>> 8
            let hi = ((va &>> 8) &* wa &+ (vb &>> 8) &* wb) &>> 8
            UnsafeMutableRawPointer(out + i).storeBytes(of: lo | (hi &<< 8) | opaque, as: Lanes.self)
            i += 8
        }
        while i < count {
            out[i] = mix(pa[i], pb[i], UInt32(w))
            i += 1
        }
    }

    /// One pixel of the fade (the tail of a row that is not a multiple of eight).
    @inline(__always)
    static func mix(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        let wa = 256 - w
        let rb = (((a & 0x00FF_00FF) &* wa &+ (b & 0x00FF_00FF) &* w) >> 8) & 0x00FF_00FF
        let g = (((a >> 8) & 0xFF) &* wa &+ ((b >> 8) & 0xFF) &* w) >> 8
        return 0xFF00_0000 | rb | (g << 8)
    }
}
