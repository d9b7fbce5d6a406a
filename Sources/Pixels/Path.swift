import Glibc

/// A closed polygon path (several contours) in pixel coordinates, filled with the non-zero
/// winding rule and exact-area anti-aliasing. Curves are flattened into segments by the
/// builders below; everything the scenes draw besides text and rectangles is a Path
/// (choice shapes, the countdown ring, QR finder patterns stay in rectangles).
public struct Path: Sendable, Equatable {
    public struct Point: Sendable, Equatable {
        public var x: Double
        public var y: Double
        public init(_ x: Double, _ y: Double) {
            self.x = x
            self.y = y
        }
    }

    public private(set) var contours: [[Point]] = []

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
    /// Fills `path` with `color`. Coverage is the exact area of each pixel inside the polygon,
    /// accumulated per scanline as signed area deltas and integrated left to right (the
    /// technique of font-rs / stb_truetype's v2 rasterizer).
    ///
    /// The coverage is always computed over the whole shape (within the canvas) and only then
    /// limited to the clip: accumulated in floating point, it would come out a hair different
    /// for a box cut by the clip, and a partial redraw must give the pixels of a full one.
    public func fill(_ path: Path, _ color: Color) {
        guard let b = path.bounds else { return }
        let area = Rect(x: Int(b.minX.rounded(.down)), y: Int(b.minY.rounded(.down)),
                        width: Int(b.maxX.rounded(.up)) - Int(b.minX.rounded(.down)) + 1,
                        height: Int(b.maxY.rounded(.up)) - Int(b.minY.rounded(.down)) + 1).intersection(bounds)
        let visible = area.intersection(clip)
        guard !visible.isEmpty else { return }
        var acc = CoverageAccumulator(width: area.width, height: area.height)
        let ox = Double(area.x), oy = Double(area.y)
        for contour in path.contours where contour.count >= 3 {
            for i in 0..<contour.count {
                let p = contour[i], q = contour[(i + 1) % contour.count]
                acc.line(x0: p.x - ox, y0: p.y - oy, x1: q.x - ox, y1: q.y - oy)
            }
        }
        let c = color.pixel
        let skip = visible.x - area.x
        acc.resolveRows(from: visible.minY - area.y, to: visible.maxY - area.y) { y, coverage in
            Canvas.blendRow(pixels + (area.y + y) * stride + visible.x, coverage: coverage + skip, count: visible.width, color: c)
        }
    }
}

/// Signed-area accumulation buffer for one shape's bounding box. Each row has one spare cell
/// on the right so a segment touching the right edge never indexes past the row.
struct CoverageAccumulator {
    let width: Int
    let height: Int
    private var cells: [Float]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = [Float](repeating: 0, count: (width + 2) * height)
    }

    /// Adds the signed area under one polygon edge. Points left of the box are clamped to x = 0
    /// (their area still counts for everything to their right); points right of it land in the
    /// spare column, which is never resolved.
    mutating func line(x0 ax: Double, y0 ay: Double, x1 bx: Double, y1 by: Double) {
        guard ay != by else { return }
        let dir: Float = ay < by ? 1 : -1
        var (x0, y0, x1, y1) = ay < by ? (ax, ay, bx, by) : (bx, by, ax, ay)
        let fw = Double(width)
        let dxdy = (x1 - x0) / (y1 - y0)
        // Trim to the rows of the box.
        if y0 < 0 { x0 -= y0 * dxdy; y0 = 0 }
        if y1 > Double(height) { x1 -= (y1 - Double(height)) * dxdy; y1 = Double(height) }
        guard y0 < y1 else { return }
        let rowStride = width + 2
        var x = x0
        var row = Int(y0)
        while row < height, Double(row) < y1 {
            let top = max(Double(row), y0), bottom = min(Double(row + 1), y1)
            let dy = bottom - top
            let xNext = x + dxdy * dy
            let d = Float(dy) * dir
            // Clamp into [0, width]: area left of the box is carried in column 0.
            let xa = min(max(min(x, xNext), 0), fw), xb = min(max(max(x, xNext), 0), fw)
            let base = row * rowStride
            let ia = Int(xa), ib = Int(xb.rounded(.up))
            if ib <= ia + 1 {
                // The edge stays within one cell: split its area between that cell and the next.
                let mid = Float((xa + xb) / 2 - Double(ia))
                cells[base + ia] += d * (1 - mid)
                cells[base + ia + 1] += d * mid
            } else {
                // The edge crosses several cells: a triangle in the first, trapezoids in between.
                let inv = Float(1 / (xb - xa))
                let fa = Float(xa - Double(ia))
                let a0 = 0.5 * inv * (1 - fa) * (1 - fa)
                let fb = Float(xb - Double(ib) + 1)
                let aEnd = 0.5 * inv * fb * fb
                cells[base + ia] += d * a0
                if ib == ia + 2 {
                    cells[base + ia + 1] += d * (1 - a0 - aEnd)
                } else {
                    let a1 = inv * (1.5 - fa)
                    cells[base + ia + 1] += d * (a1 - a0)
                    var i = ia + 2
                    while i < ib - 1 {
                        cells[base + i] += d * inv
                        i += 1
                    }
                    let a2 = a1 + Float(ib - ia - 3) * inv
                    cells[base + ib - 1] += d * (1 - a2 - aEnd)
                }
                cells[base + ib] += d * aEnd
            }
            x = xNext
            row += 1
        }
    }

    /// Integrates each row into coverages 0...255 and hands the row over (to be blended eight
    /// pixels at a time; a pixel-by-pixel callback cost more than the integration).
    func resolveRows(from firstRow: Int, to endRow: Int, _ emit: (Int, UnsafePointer<UInt8>) -> Void) {
        let rowStride = width + 2
        var row = [UInt8](repeating: 0, count: width)
        row.withUnsafeMutableBufferPointer { out in
            guard let base = out.baseAddress else { return }
            for y in max(0, firstRow)..<min(height, max(firstRow, endRow)) {
                var sum: Float = 0
                var any = false
                for x in 0..<width {
                    sum += cells[y * rowStride + x]
                    let a = UInt8(min(1, abs(sum)) * 255 + 0.5)
                    out[x] = a
                    any = any || a != 0
                }
                if any { emit(y, base) }
            }
        }
    }
}
