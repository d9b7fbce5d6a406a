/// A path rasterized: its coverage (0...255) for every pixel of `area`, so a shape drawn
/// frame after frame (a countdown's track, a choice's mark) is rasterized once and blended
/// eight pixels at a time after that.
public struct Coverage: Sendable {
    /// The pixels the path touches, within the bounds it was rasterized for.
    public let area: Rect
    /// Row by row, `area.width` per row.
    public let alpha: [UInt8]

    public var byteCount: Int { alpha.count }
}

extension Path {
    /// The coverage of this path over the pixels of `bounds` (a canvas's) it touches; nil for
    /// none. Always the whole shape within `bounds`, whatever a canvas's clip: accumulated in
    /// floating point, coverage cut by a clip would come out a hair different, and a partial
    /// redraw must give the pixels of a full one.
    public func coverage(within bounds: Rect) -> Coverage? {
        guard let area = rasterArea(within: bounds) else { return nil }
        var alpha = [UInt8](repeating: 0, count: area.width * area.height)
        alpha.withUnsafeMutableBufferPointer { out in
            guard let base = out.baseAddress else { return }
            Scanline.rasterize(self, ox: Double(area.x), oy: Double(area.y), width: area.width, height: area.height,
                               rows: 0..<area.height) { y, row in
                (base + y * area.width).update(from: row, count: area.width)
            }
        }
        return Coverage(area: area, alpha: alpha)
    }

    /// The pixels the path can touch within `bounds`: its bounds rounded out, and one more
    /// column and row (an edge's area spills into the cell to its right).
    func rasterArea(within bounds: Rect) -> Rect? {
        guard let b = self.bounds else { return nil }
        let area = Rect(x: Int(b.minX.rounded(.down)), y: Int(b.minY.rounded(.down)),
                        width: Int(b.maxX.rounded(.up)) - Int(b.minX.rounded(.down)) + 1,
                        height: Int(b.maxY.rounded(.up)) - Int(b.minY.rounded(.down)) + 1).intersection(bounds)
        return area.isEmpty ? nil : area
    }
}

extension Canvas {
    /// Blends `color` through `coverage`, inside the clip.
    public func fill(_ coverage: Coverage, _ color: Color) {
        let area = coverage.area
        let visible = area.intersection(clip)
        guard !visible.isEmpty else { return }
        let c = color.pixel
        coverage.alpha.withUnsafeBufferPointer { a in
            guard let base = a.baseAddress else { return }
            for y in visible.minY..<visible.maxY {
                Canvas.blendRow(pixels + y * stride + visible.x, coverage: base + (y - area.y) * area.width + (visible.x - area.x),
                                count: visible.width, color: c)
            }
        }
    }
}
