import Pixels

/// The marks a scene draws besides the choices' shapes: the tick on the correct choice (a second
/// cue besides its ring, for anyone who cannot tell the dimmed colours from the bright one) and
/// the padlock of "time's up".
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

extension Path {
    /// A closed padlock filling about `size` pixels, centred at (cx, cy): the sign that
    /// answering has closed ("time's up").
    static func padlock(cx: Double, cy: Double, size s: Double) -> Path {
        func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Path {
            Path(polygon: [Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)])
        }
        let body = Path.roundedRect(Rect(x: Int((cx - 0.36 * s).rounded()), y: Int((cy - 0.06 * s).rounded()),
                                         width: Int((0.72 * s).rounded()), height: Int((0.5 * s).rounded())),
                                    radius: 0.08 * s)
        let shackle = Path.ring(cx: cx, cy: cy - 0.16 * s, outer: 0.27 * s, inner: 0.16 * s, start: Double.pi, sweep: Double.pi)
        let legs = rect(cx - 0.27 * s, cy - 0.16 * s, cx - 0.16 * s, cy - 0.04 * s)
            .appending(rect(cx + 0.16 * s, cy - 0.16 * s, cx + 0.27 * s, cy - 0.04 * s))
        // The keyhole winds the other way, so the non-zero fill leaves it open.
        let keyhole = Path.circle(cx: cx, cy: cy + 0.16 * s, radius: 0.065 * s).reversed()
        return body.appending(shackle).appending(legs).appending(keyhole)
    }
}
