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
        for y in y0..<y1 {
            let inTop = y < rect.minY + band, inBottom = y >= rect.maxY - band
            guard inTop || inBottom else { continue }
            let cy = Double(y) + 0.5
            let dy = inTop ? max(0, top - cy) : max(0, cy - bottom)
            // Solid middle part of this row, then the two corner runs pixel by pixel.
            blendSpan(y: y, x0: rect.minX + band, x1: rect.maxX - band, c, alpha: 255)
            for x in rect.minX..<(rect.minX + band) {
                let dx = max(0, left - (Double(x) + 0.5))
                blendPixel(x: x, y: y, c, alpha: Self.coverage(dx: dx, dy: dy, radius: r))
            }
            for x in (rect.maxX - band)..<rect.maxX {
                let dx = max(0, (Double(x) + 0.5) - right)
                blendPixel(x: x, y: y, c, alpha: Self.coverage(dx: dx, dy: dy, radius: r))
            }
        }
    }

    /// Coverage of a pixel whose centre is (dx, dy) from a corner circle's centre: 1 inside,
    /// 0 outside, a linear ramp one pixel wide across the arc.
    @inline(__always)
    static func coverage(dx: Double, dy: Double, radius: Double) -> UInt32 {
        let d = (dx * dx + dy * dy).squareRoot()
        let cov = min(1, max(0, radius - d + 0.5))
        return UInt32((cov * 255).rounded())
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
