import Pixels

/// The tick on the correct choice: a second cue besides its outline, for anyone who cannot
/// tell the dimmed colours from the bright one.
extension Path {
    /// A check mark filling about `size` pixels, centred at (cx, cy): two thick strokes whose
    /// quads wind the same way, so the non-zero fill joins them where they overlap.
    static func checkMark(cx: Double, cy: Double, size: Double) -> Path {
        let half = size * 0.085
        func stroke(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Path {
            let ax = cx + (x0 - 0.5) * size, ay = cy + (y0 - 0.5) * size
            let bx = cx + (x1 - 0.5) * size, by = cy + (y1 - 0.5) * size
            let dx = bx - ax, dy = by - ay
            let len = max(1e-9, (dx * dx + dy * dy).squareRoot())
            let nx = -dy / len * half, ny = dx / len * half
            // Each stroke runs past its ends by half its width so the corner is closed.
            let ex = dx / len * half, ey = dy / len * half
            return Path(polygon: [Point(ax - ex + nx, ay - ey + ny), Point(bx + ex + nx, by + ey + ny),
                                  Point(bx + ex - nx, by + ey - ny), Point(ax - ex - nx, ay - ey - ny)])
        }
        return stroke(0.16, 0.52, 0.40, 0.76).appending(stroke(0.40, 0.76, 0.86, 0.26))
    }
}
