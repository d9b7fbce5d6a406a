import Glibc

/// The countdown's arc: a ring band cut to the angles from `start` through `start + sweep`
/// (radians, clockwise on screen), drawn as the band's own coverage times an angular cut.
///
/// Rasterized as a polygon, an arc is a new shape at every frame of a sweep: its points move
/// with the sweep, every pixel along it may come out a hair different, and the whole ring has
/// to be drawn again sixty times a second. Cut from the band instead, each pixel's coverage
/// depends only on that pixel, the band (rasterized once and kept) and the two end rays:
/// between two sweeps only the pixels between the two ends change (`changed(to:)`), a wedge
/// a few pixels wide, and a redraw of just that wedge gives the pixels a full one gives. The
/// arc's inner and outer edges are the track's own, so no halo of either shows at its edges.
public struct RingArc: Sendable, Hashable {
    public let cx: Double
    public let cy: Double
    public let outer: Double
    public let inner: Double
    public let start: Double
    /// 0...2π; a whole turn is the band itself (the countdown's track).
    public let sweep: Double

    public init(cx: Double, cy: Double, outer: Double, inner: Double, start: Double = -Double.pi / 2, sweep: Double = 2 * Double.pi) {
        self.cx = cx
        self.cy = cy
        self.outer = outer
        self.inner = inner
        self.start = start
        self.sweep = sweep.isNaN ? 0 : min(max(sweep, 0), 2 * Double.pi)
    }

    /// The whole band the arc is cut from, as a polygon: built only to be rasterized, which a
    /// renderer does once for all the frames that show the ring (`Band` is its key).
    public var band: Path { .ring(cx: cx, cy: cy, outer: outer, inner: inner, start: 0, sweep: 2 * Double.pi) }

    /// What the band's coverage depends on.
    public struct Band: Hashable, Sendable {
        let cx, cy, outer, inner: Double
    }

    public var bandKey: Band { Band(cx: cx, cy: cy, outer: outer, inner: inner) }

    /// The pixels the arc covers (its sector's bounds, rounded out); empty for no sweep.
    public var box: Rect {
        guard sweep > 0 else { return Rect(x: Int(cx), y: Int(cy), width: 0, height: 0) }
        return sectorBox(from: start, to: start + sweep, grow: 0)
    }

    /// Every pixel the arc can write: its sector's bounds and the pixels either end's
    /// anti-aliasing reaches.
    public var reach: Rect { sectorBox(from: start, to: start + sweep, grow: 2) }

    /// The pixels whose coverage differs between this arc and `other`, the same band with
    /// another sweep: the sector between the two ends, and the pixel either side of each end
    /// its anti-aliasing reaches. nil when `other` is not this band from this start.
    public func changed(to other: RingArc) -> Rect? {
        guard cx == other.cx, cy == other.cy, outer == other.outer, inner == other.inner, start == other.start else { return nil }
        guard sweep != other.sweep else { return Rect(x: Int(cx), y: Int(cy), width: 0, height: 0) }
        return sectorBox(from: start + min(sweep, other.sweep), to: start + max(sweep, other.sweep), grow: 2)
    }

    /// The bounds of the band's sector from angle `a0` to `a1` (a0 ≤ a1), grown by `grow`
    /// pixels: its four corners and the outer edge's extremes at each quarter turn in between.
    private func sectorBox(from a0: Double, to a1: Double, grow: Double) -> Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ a: Double, _ r: Double) {
            let x = cx + r * cos(a), y = cy + r * sin(a)
            minX = min(minX, x)
            minY = min(minY, y)
            maxX = max(maxX, x)
            maxY = max(maxY, y)
        }
        for a in [a0, a1] {
            add(a, outer)
            add(a, inner)
        }
        let quarter = Double.pi / 2
        var k = (a0 / quarter).rounded(.up)
        while k * quarter < a1 {
            add(k * quarter, outer)
            k += 1
        }
        let x0 = Int((minX - grow).rounded(.down)), y0 = Int((minY - grow).rounded(.down))
        return Rect(x: x0, y: y0, width: Int((maxX + grow).rounded(.up)) - x0, height: Int((maxY + grow).rounded(.up)) - y0)
    }

    /// How much of the pixel whose centre is (`x`, `y`) from the ring's centre lies within the
    /// arc's angles, 0...1: inside or outside by the two half-planes of its end rays (their
    /// intersection for a sweep up to half a turn, their union beyond), ramped over the pixel
    /// nearest either ray by the distance to it.
    struct Cut {
        let us: (x: Double, y: Double)
        let ue: (x: Double, y: Double)
        let wide: Bool
        let whole: Bool

        init(_ arc: RingArc) {
            us = (cos(arc.start), sin(arc.start))
            ue = (cos(arc.start + arc.sweep), sin(arc.start + arc.sweep))
            wide = arc.sweep > Double.pi
            whole = arc.sweep >= 2 * Double.pi
        }

        @inline(__always)
        func coverage(_ x: Double, _ y: Double) -> Double {
            if whole { return 1 }
            // Signed distances to the lines of the two rays, positive on the arc's side.
            let ds = us.x * y - us.y * x
            let de = ue.y * x - ue.x * y
            let inside = wide ? (ds >= 0 || de >= 0) : (ds >= 0 && de >= 0)
            // Only the ray itself bounds the arc, not its line's other half through the centre.
            let d1 = us.x * x + us.y * y > 0 ? abs(ds) : Double.infinity
            let d2 = ue.x * x + ue.y * y > 0 ? abs(de) : Double.infinity
            let d = min(d1, d2)
            if d >= 0.5 { return inside ? 1 : 0 }
            return inside ? 0.5 + d : 0.5 - d
        }
    }
}

extension Canvas {
    /// Blends `color` through `band` (the arc's band, rasterized: `arc.band.coverage(within:)`)
    /// cut to the arc's angles, inside the clip.
    public func fill(_ arc: RingArc, band: Coverage, _ color: Color) {
        guard arc.sweep > 0 else { return }
        guard arc.sweep < 2 * Double.pi else { return fill(band, color) }
        let area = band.area
        let visible = area.intersection(clip).intersection(arc.reach)
        guard !visible.isEmpty else { return }
        let cut = RingArc.Cut(arc)
        let c = color.pixel
        var row = [UInt8](repeating: 0, count: visible.width)
        band.alpha.withUnsafeBufferPointer { alpha in
            row.withUnsafeMutableBufferPointer { out in
                guard let a = alpha.baseAddress, let o = out.baseAddress else { return }
                for y in visible.minY..<visible.maxY {
                    let src = a + (y - area.y) * area.width + (visible.x - area.x)
                    let py = Double(y) + 0.5 - arc.cy
                    var i = 0
                    while i < visible.width {
                        // The ring's hole and the corners of its box: eight pixels the band misses at once.
                        if i + 8 <= visible.width, UnsafeRawPointer(src + i).loadUnaligned(as: UInt64.self) == 0 {
                            UnsafeMutableRawPointer(o + i).storeBytes(of: 0, as: UInt64.self)
                            i += 8
                            continue
                        }
                        let b = src[i]
                        // Each pixel from its own coordinates, never stepped along the row: a redraw of a
                        // wedge must compute what a whole redraw computes for it.
                        o[i] = b == 0 ? 0 : UInt8(Double(b) * cut.coverage(Double(visible.x + i) + 0.5 - arc.cx, py) + 0.5)
                        i += 1
                    }
                    Canvas.blendRow(pixels + y * stride + visible.x, coverage: o, count: visible.width, color: c)
                }
            }
        }
    }
}
