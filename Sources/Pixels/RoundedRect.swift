import Glibc

extension Canvas {
    /// Fills a rectangle with anti-aliased rounded corners. Straight edges sit on whole pixels
    /// and are drawn as solid spans; only the corner pixels compute coverage, from the distance
    /// of the pixel centre to the corner's circle.
    ///
    /// `holes` are left untouched in the solid rows between the corners: a later opaque shape
    /// covers them (see `fillRect(_:_:excluding:)`).
    public func fillRoundedRect(_ rect: Rect, radius: Double, _ color: Color, excluding holes: [Rect] = []) {
        guard !rect.isEmpty else { return }
        let r = max(0, min(radius, Double(min(rect.width, rect.height)) / 2))
        let band = Int(r.rounded(.up))
        if band == 0 {
            fillRect(rect, color, excluding: holes)
            return
        }
        let c = color.pixel
        // The rows between the corners are one solid rectangle.
        fillRect(Rect(x: rect.minX, y: rect.minY + band, width: rect.width, height: rect.height - 2 * band), color, excluding: holes)
        // Rows clipped first so a huge rectangle costs only the rows on screen.
        let y0 = max(rect.minY, clip.minY), y1 = min(rect.maxY, clip.maxY)
        guard y0 < y1 else { return }
        let left = Double(rect.minX) + r, right = Double(rect.maxX) - r
        let top = Double(rect.minY) + r, bottom = Double(rect.maxY) - r
        // In a corner's row, coverage only grows from the outer edge inward (the distance to
        // the circle's centre only shrinks, and every step of `coverage` keeps that order, in
        // floating point too): the pixels outside the circle, found by bisection, are left
        // alone, then come the few of its anti-aliased edge, then fully covered ones, filled.
        // Each pixel gets the coverage it got computed one by one, so the same colour.
        let lx0 = max(rect.minX, clip.minX), lx1 = min(rect.minX + band, clip.maxX)
        let rx0 = max(rect.maxX - band, clip.minX), rx1 = min(rect.maxX, clip.maxX)
        for y in y0..<y1 {
            let inTop = y < rect.minY + band, inBottom = y >= rect.maxY - band
            guard inTop || inBottom else { continue }
            let cy = Double(y) + 0.5
            let dy = inTop ? max(0, top - cy) : max(0, cy - bottom)
            // Solid middle part of this row, then the two corner runs.
            blendSpan(y: y, x0: rect.minX + band, x1: rect.maxX - band, c, alpha: 255)
            let row = pixels + y * stride
            if lx0 < lx1 {
                // Columns left to right: coverage grows.
                Self.cornerRun(row, from: lx0, to: lx1, inward: 1, c) { x in
                    Self.coverage(dx: max(0, left - (Double(x) + 0.5)), dy: dy, radius: r)
                }
            }
            if rx0 < rx1 {
                // Right to left: coverage grows.
                Self.cornerRun(row, from: rx1 - 1, to: rx0 - 1, inward: -1, c) { x in
                    Self.coverage(dx: max(0, (Double(x) + 0.5) - right), dy: dy, radius: r)
                }
            }
        }
    }

    /// The pixels `from` up to (not including) `to` of `row`, stepping `inward` (±1), blended
    /// with coverage `cov(x)`, which never decreases along the way.
    @inline(__always)
    static func cornerRun(_ row: UnsafeMutablePointer<UInt32>, from: Int, to: Int, inward: Int, _ color: UInt32,
                          _ cov: (Int) -> UInt32) {
        // The first step with any coverage: bisection over the steps 0..<n.
        let n = (to - from) * inward
        var lo = 0, hi = n
        while lo < hi {
            let mid = (lo + hi) / 2
            if cov(from + mid * inward) == 0 { lo = mid + 1 } else { hi = mid }
        }
        var k = lo
        while k < n {
            let x = from + k * inward
            let a = cov(x)
            if a >= 255 { break }
            row[x] = blend(row[x], color, a)
            k += 1
        }
        guard k < n else { return }
        // The rest is covered: the colour.
        let x = from + k * inward, last = to - inward
        fill(row + min(x, last), color, count: n - k)
    }

    /// Coverage of a pixel whose centre is (dx, dy) from a corner circle's centre: 1 inside,
    /// 0 outside, a linear ramp one pixel wide across the arc.
    @inline(__always)
    static func coverage(dx: Double, dy: Double, radius: Double) -> UInt32 {
        let d = (dx * dx + dy * dy).squareRoot()
        let cov = min(1, max(0, radius - d + 0.5))
        return roundedHalfAway(cov * 255)
    }

    /// `UInt32(v.rounded())` for `v` in 0...255, without libm's `round` (a call on a baseline
    /// x86-64 build): the whole part truncated, then the fraction, exact for such `v`, compared.
    @inline(__always)
    static func roundedHalfAway(_ v: Double) -> UInt32 {
        let whole = UInt32(v)
        return v - Double(whole) >= 0.5 ? whole + 1 : whole
    }

    /// An outline of a rounded rectangle `thickness` pixels wide, drawn inside `rect`.
    public func strokeRoundedRect(_ rect: Rect, radius: Double, thickness: Int, _ color: Color) {
        guard thickness > 0, !rect.isEmpty else { return }
        let path = Path.roundedRect(rect, radius: radius)
            .appending(Path.roundedRect(rect.insetBy(dx: thickness, dy: thickness),
                                        radius: max(0, radius - Double(thickness))).reversed())
        fill(path, color)
    }
}
