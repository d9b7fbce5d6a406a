import Glibc

/// A closed polygon path (several contours) in pixel coordinates, filled with the non-zero
/// winding rule and exact-area anti-aliasing. Curves are flattened into segments by the
/// builders below; everything the scenes draw besides text and rectangles is a Path
/// (choice shapes, the countdown ring, QR finder patterns stay in rectangles).
public struct Path: Sendable, Hashable {
    public struct Point: Sendable, Hashable {
        public var x: Double
        public var y: Double
        public init(_ x: Double, _ y: Double) {
            self.x = x
            self.y = y
        }
    }

    public private(set) var contours: [[Point]] = []

    /// The shape's size and each contour's ends, not every point: a countdown ring has hundreds
    /// and the path cache hashes its track at every frame of a sweep. Equal paths still hash
    /// equal; `==` compares every point.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(contours.count)
        for c in contours {
            hasher.combine(c.count)
            if let first = c.first, let last = c.last {
                hasher.combine(first)
                hasher.combine(last)
            }
        }
    }

    public init() {}

    public init(polygon: [Point]) {
        contours = [polygon]
    }

    public func appending(_ other: Path) -> Path {
        var p = self
        p.contours += other.contours
        return p
    }

    public func reversed() -> Path {
        var p = self
        p.contours = contours.map { $0.reversed() }
        return p
    }

    public var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        var it = contours.joined().makeIterator()
        guard let first = it.next() else { return nil }
        var b = (minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
        while let p = it.next() {
            b = (min(b.minX, p.x), min(b.minY, p.y), max(b.maxX, p.x), max(b.maxY, p.y))
        }
        return b
    }

    /// A regular polygon (or star when `innerRatio` is set) centred at (cx, cy).
    public static func regularPolygon(cx: Double, cy: Double, radius: Double, sides: Int,
                                      rotation: Double = -Double.pi / 2, innerRatio: Double? = nil) -> Path {
        let n = max(3, sides)
        var pts: [Point] = []
        for i in 0..<n {
            let a = rotation + Double(i) * 2 * Double.pi / Double(n)
            pts.append(Point(cx + radius * cos(a), cy + radius * sin(a)))
            if let inner = innerRatio {
                let b = a + Double.pi / Double(n)
                pts.append(Point(cx + radius * inner * cos(b), cy + radius * inner * sin(b)))
            }
        }
        return Path(polygon: pts)
    }

    public static func circle(cx: Double, cy: Double, radius: Double) -> Path {
        // Segment count keeps the chord error well under a tenth of a pixel at any size.
        let n = max(16, Int((2 * Double.pi * radius / 3).rounded(.up)))
        return regularPolygon(cx: cx, cy: cy, radius: radius, sides: n, rotation: 0)
    }

    /// An arc band (ring segment) from `start` sweeping `sweep` radians clockwise on screen.
    public static func ring(cx: Double, cy: Double, outer: Double, inner: Double,
                            start: Double, sweep: Double) -> Path {
        let steps = max(8, Int((abs(sweep) * outer / 3).rounded(.up)))
        var pts: [Point] = []
        for i in 0...steps {
            let a = start + sweep * Double(i) / Double(steps)
            pts.append(Point(cx + outer * cos(a), cy + outer * sin(a)))
        }
        for i in stride(from: steps, through: 0, by: -1) {
            let a = start + sweep * Double(i) / Double(steps)
            pts.append(Point(cx + inner * cos(a), cy + inner * sin(a)))
        }
        return Path(polygon: pts)
    }

    public static func roundedRect(_ r: Rect, radius: Double) -> Path {
        let rad = max(0, min(radius, Double(min(r.width, r.height)) / 2))
        let x0 = Double(r.minX), y0 = Double(r.minY), x1 = Double(r.maxX), y1 = Double(r.maxY)
        guard rad > 0 else { return Path(polygon: [Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)]) }
        var pts: [Point] = []
        let steps = max(2, Int((Double.pi / 2 * rad / 3).rounded(.up)))
        let corners = [(x1 - rad, y0 + rad, -Double.pi / 2), (x1 - rad, y1 - rad, 0.0),
                       (x0 + rad, y1 - rad, Double.pi / 2), (x0 + rad, y0 + rad, Double.pi)]
        for (cx, cy, a0) in corners {
            for i in 0...steps {
                let a = a0 + Double.pi / 2 * Double(i) / Double(steps)
                pts.append(Point(cx + rad * cos(a), cy + rad * sin(a)))
            }
        }
        return Path(polygon: pts)
    }
}

extension Canvas {
    /// Fills `path` with `color`: the exact area of each pixel inside the polygon (non-zero
    /// winding), rasterized over the whole shape whatever the clip (`Coverage`), blended
    /// inside the clip eight pixels at a time (`Scanline`, `RowBlend`).
    public func fill(_ path: Path, _ color: Color) {
        guard let area = path.rasterArea(within: bounds) else { return }
        let visible = area.intersection(clip)
        guard !visible.isEmpty else { return }
        let c = color.pixel
        let skip = visible.x - area.x
        Scanline.rasterize(path, ox: Double(area.x), oy: Double(area.y), width: area.width, height: area.height,
                           rows: (visible.minY - area.y)..<(visible.maxY - area.y)) { y, coverage in
            Canvas.blendRow(pixels + (area.y + y) * stride + visible.x, coverage: coverage + skip, count: visible.width, color: c)
        }
    }
}
