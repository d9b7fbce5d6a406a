/// A cross-fade worked out once for the whole fade: where the two frames differ, and how each
/// run of those pixels can be faded with the least memory read.
///
/// A fade is memory-bound: two frames read and a third written. But the frames of a quiz are
/// mostly flat colour — of the pixels a question and a leaderboard differ in at 4K, nine in ten
/// lie where both are one colour along the row, and the fade of two colours is one colour: a
/// fill, one write stream instead of two reads and a write. Where only one frame is flat, only
/// the other is read. So each row is scanned once, in aligned blocks of eight pixels (as the
/// fade runs), each block equal in both frames (skipped: the fade there is that pixel), one
/// colour in both, in the leaving frame, in the arriving one, or mixed; adjacent blocks alike
/// become one segment. Every pixel written is the one `crossFade(from:to:weight:in:)` gives.
///
/// The leaving frame stays as it was for the whole fade; the arriving one may be drawn again
/// in places (it keeps animating), and `replan(_:)` scans those again.
public struct FadePlan {
    /// How a segment is faded.
    enum Kind: UInt8 {
        /// Both frames one colour: a fill.
        case bothSolid
        /// The leaving frame one colour: only the arriving one is read.
        case aSolid
        /// The arriving frame one colour: only the leaving one is read.
        case bSolid
        case mixed
    }

    /// Pixels `x0..<x1` of a row, and the colours that are constant there (0 where not).
    struct Segment: Equatable {
        var x0: Int32
        var x1: Int32
        var kind: Kind
        var ca: UInt32
        var cb: UInt32

        /// Whether `next` goes on from this one alike: the two are one segment.
        @inline(__always)
        func joins(_ next: Segment) -> Bool {
            x1 == next.x0 && kind == next.kind && ca == next.ca && cb == next.cb
        }
    }

    /// Where a planned fade is written: a row of a canvas, the columns it may write, the weight.
    struct Pen {
        let out: UnsafeMutablePointer<UInt32>
        let minX: Int
        let maxX: Int
        let weight: UInt16

        init(_ canvas: Canvas, row y: Int, within limit: Rect, weight: Int) {
            out = canvas.pixels + y * canvas.stride
            (minX, maxX) = (limit.minX, limit.maxX)
            self.weight = UInt16(min(max(weight, 0), Canvas.fullWeight))
        }

        /// The fade of segment `s` of the row whose pixels in the two frames start at `pa` and `pb`.
        @inline(__always)
        func write(_ s: Segment, _ pa: UnsafeMutablePointer<UInt32>, _ pb: UnsafeMutablePointer<UInt32>) {
            let x0 = max(Int(s.x0), minX), x1 = min(Int(s.x1), maxX), w = weight
            guard x0 < x1 else { return }
            switch s.kind {
            case .bothSolid: Canvas.fill(out + x0, Canvas.mix(s.ca, s.cb, UInt32(w)), count: x1 - x0)
            // The fade from a colour at w is the fade to it from the other frame at 256 − w.
            case .aSolid: Canvas.fadeRow(pb + x0, toward: s.ca, into: out + x0, count: x1 - x0, weight: UInt16(Canvas.fullWeight) - w)
            case .bSolid: Canvas.fadeRow(pa + x0, toward: s.cb, into: out + x0, count: x1 - x0, weight: w)
            case .mixed: Canvas.fadeRow(pa + x0, pb + x0, into: out + x0, count: x1 - x0, weight: w)
            }
        }
    }

    /// The frame leaving and the frame arriving.
    public let from: Canvas
    public let to: Canvas
    /// Both frames' bounds: nothing outside is planned.
    let limit: Rect
    /// Each row's segments, left to right and apart; between them the frames are equal, or the
    /// pixels were not planned.
    private(set) var rows: [[Segment]]

    /// Nothing planned yet.
    private init(from a: Canvas, to b: Canvas) {
        from = a
        to = b
        limit = a.window.intersection(b.window)
        rows = [[Segment]](repeating: [], count: max(0, limit.height))
    }

    /// The plan over the marked tiles of `tiles`. With `first`, the fade at its weight is
    /// written into its canvas as the plan is made, as `Canvas.crossFade(_:weight:)` would
    /// write it: the first frame of a fade in one pass over the two frames. Scanning them
    /// costs about what fading them does; planning, then writing, cost the first frame about
    /// a fade and a half, this about a fade and a third.
    public init(from a: Canvas, to b: Canvas, in tiles: TileMask, writing first: (canvas: Canvas, weight: Int)? = nil) {
        self.init(from: a, to: b)
        let written = first.map { $0.canvas.bounds.intersection(limit).intersection($0.canvas.clip) } ?? Rect(x: 0, y: 0, width: 0, height: 0)
        for band in tiles.bands {
            let y0 = max(band.y0, limit.minY), y1 = min(band.y1, limit.maxY)
            guard y0 < y1 else { continue }
            for y in y0..<y1 {
                let pen = first.flatMap { y >= written.minY && y < written.maxY ? Pen($0.canvas, row: y, within: written, weight: $0.weight) : nil }
                // As many segments as the row above, mostly: one allocation a row.
                var row: [Segment] = []
                row.reserveCapacity(y > y0 ? rows[y - 1].count + 4 : 16)
                for run in band.runs { scan(row: y, from: run.x0, to: run.x1, into: &row, writing: pen) }
                rows[y] = row
            }
        }
    }

    /// The plan over `rect`.
    public init(from a: Canvas, to b: Canvas, in rect: Rect) {
        self.init(from: a, to: b)
        replan(rect)
    }

    /// Plans `rect` again (the arriving frame was drawn again there): its pixels of each row it
    /// spans are scanned anew, the segments either side kept.
    public mutating func replan(_ rect: Rect) {
        let r = rect.intersection(limit)
        guard !r.isEmpty else { return }
        for y in r.minY..<r.maxY {
            let old = rows[y]
            var row: [Segment] = []
            row.reserveCapacity(old.count + 4)
            for s in old where Int(s.x0) < r.minX {
                FadePlan.append(Segment(x0: s.x0, x1: min(s.x1, Int32(r.minX)), kind: s.kind, ca: s.ca, cb: s.cb), to: &row)
            }
            scan(row: y, from: r.minX, to: r.maxX, into: &row)
            for s in old where Int(s.x1) > r.maxX {
                FadePlan.append(Segment(x0: max(s.x0, Int32(r.maxX)), x1: s.x1, kind: s.kind, ca: s.ca, cb: s.cb), to: &row)
            }
            rows[y] = row
        }
    }

    /// Appends the segments of pixels `x0..<x1` of row `y` (clipped to both frames) to `row`,
    /// and writes their fade with `pen`.
    private func scan(row y: Int, from x0: Int, to x1: Int, into row: inout [Segment], writing pen: Pen? = nil) {
        let x1 = min(x1, limit.maxX)
        var x = max(x0, limit.minX)
        let pa = from.pixels + y * from.stride, pb = to.pixels + y * to.stride
        while x < x1 {
            // The aligned block of eight holding `x`, as far as the span goes; then, in a
            // tighter loop, the whole blocks after it alike when the frames are equal or both
            // one colour there (most of what differs, and most of what does not).
            let end = min((x & ~7) + 8, x1)
            guard var s = FadePlan.block(pa + x, pb + x, count: end - x) else {
                x = FadePlan.runEnd(pa, pb, from: end, to: x1, colours: nil)
                continue
            }
            s.x0 = Int32(x)
            // Written as it is planned, a run is taken a few blocks at a time (and joined again
            // by `append`): the frames are read and the fill written at the same time, not all
            // of a long run read, then all of it written.
            let reach = pen == nil ? x1 : min(x1, end + FadePlan.stretch)
            x = s.kind == .bothSolid ? FadePlan.runEnd(pa, pb, from: end, to: reach, colours: (s.ca, s.cb)) : end
            s.x1 = Int32(x)
            pen?.write(s, pa, pb)
            FadePlan.append(s, to: &row)
        }
    }

    /// How many pixels of a run are read before they are written, when the fade is written as
    /// it is planned.
    static let stretch = 256

    /// What `count` (≤ 8) pixels are, at `x0 = x1 = 0`; nil when the frames are equal there.
    @inline(__always)
    private static func block(_ pa: UnsafeMutablePointer<UInt32>, _ pb: UnsafeMutablePointer<UInt32>, count: Int) -> Segment? {
        let ca = pa[0], cb = pb[0]
        var aSolid = true, bSolid = true
        if count == 8 {
            let va = UnsafeRawPointer(pa).loadUnaligned(as: SIMD8<UInt32>.self)
            let vb = UnsafeRawPointer(pb).loadUnaligned(as: SIMD8<UInt32>.self)
            if isZero(va ^ vb) { return nil }
            aSolid = isZero(va ^ SIMD8(repeating: ca))
            bSolid = isZero(vb ^ SIMD8(repeating: cb))
        } else {
            var equal = true
            for i in 0..<count {
                equal = equal && pa[i] == pb[i]
                aSolid = aSolid && pa[i] == ca
                bSolid = bSolid && pb[i] == cb
            }
            if equal { return nil }
        }
        let kind: Kind = aSolid ? (bSolid ? .bothSolid : .aSolid) : (bSolid ? .bSolid : .mixed)
        return Segment(x0: 0, x1: 0, kind: kind, ca: aSolid ? ca : 0, cb: bSolid ? cb : 0)
    }

    /// The end of the run of whole blocks from `x` (aligned) before `x1` in which the frames
    /// are equal (`colours` nil) or the leaving one all `colours.a` and the arriving one all
    /// `colours.b`.
    @inline(__always)
    private static func runEnd(_ pa: UnsafeMutablePointer<UInt32>, _ pb: UnsafeMutablePointer<UInt32>, from x: Int, to x1: Int,
                               colours: (a: UInt32, b: UInt32)?) -> Int {
        let sa = SIMD8<UInt32>(repeating: colours?.a ?? 0), sb = SIMD8<UInt32>(repeating: colours?.b ?? 0)
        var x = x
        while x + 8 <= x1 {
            let va = UnsafeRawPointer(pa + x).loadUnaligned(as: SIMD8<UInt32>.self)
            let vb = UnsafeRawPointer(pb + x).loadUnaligned(as: SIMD8<UInt32>.self)
            if !isZero(colours == nil ? va ^ vb : (va ^ sa) | (vb ^ sb)) { break }
            x += 8
        }
        return x
    }

    /// Whether all eight lanes are zero. Folded to two 64-bit words: comparing `SIMD8` values
    /// with `==` compiles to a loop over the lanes through the stack, many times slower.
    @inline(__always)
    private static func isZero(_ v: SIMD8<UInt32>) -> Bool {
        let w = unsafeBitCast(v, to: SIMD4<UInt64>.self)
        let h = w.lowHalf | w.highHalf
        return h[0] | h[1] == 0
    }

    /// Appends `s`, joined to the last segment when it goes on from it alike.
    @inline(__always)
    private static func append(_ s: Segment, to row: inout [Segment]) {
        guard s.x0 < s.x1 else { return }
        if let last = row.last, last.joins(s) {
            row[row.count - 1].x1 = s.x1
        } else {
            row.append(s)
        }
    }
}

extension Canvas {
    /// Writes the fade `plan` was made for at `weight` into this canvas, in the pixels it
    /// planned where the frames differ (clipped to this canvas and its clip). Where they are
    /// equal nothing is written: the canvas must already hold that pixel there, e.g. the
    /// leaving frame or an earlier fade.
    public func crossFade(_ plan: FadePlan, weight: Int) {
        let limit = bounds.intersection(plan.limit).intersection(clip)
        guard !limit.isEmpty else { return }
        let a = plan.from, b = plan.to
        for y in limit.minY..<limit.maxY {
            let pen = FadePlan.Pen(self, row: y, within: limit, weight: weight)
            let pa = a.pixels + y * a.stride, pb = b.pixels + y * b.stride
            for s in plan.rows[y] { pen.write(s, pa, pb) }
        }
    }

    /// One row of the fade from `pa` toward the colour `c`, eight pixels at a time: the
    /// arithmetic of `fadeRow` with the second frame's terms worked out once.
    @inline(__always)
    static func fadeRow(_ pa: UnsafeMutablePointer<UInt32>, toward c: UInt32, into out: UnsafeMutablePointer<UInt32>,
                        count: Int, weight w: UInt16) {
        let wa = Lanes(repeating: 256 - w), wb = Lanes(repeating: w)
        let low = Lanes(repeating: 0xFF)
        let vc = unsafeBitCast(SIMD8<UInt32>(repeating: c), to: Lanes.self)
        let cLow = (vc & low) &* wb, cHigh = (vc &>> 8) &* wb
        let opaque = unsafeBitCast(SIMD8<UInt32>(repeating: 0xFF00_0000), to: Lanes.self)
        var i = 0
        while i + 8 <= count {
            let va = UnsafeRawPointer(pa + i).loadUnaligned(as: Lanes.self)
            let lo = ((va & low) &* wa &+ cLow) &>> 8
            let hi = ((va &>> 8) &* wa &+ cHigh) &>> 8
            UnsafeMutableRawPointer(out + i).storeBytes(of: lo | (hi &<< 8) | opaque, as: Lanes.self)
            i += 8
        }
        while i < count {
            out[i] = mix(pa[i], c, UInt32(w))
            i += 1
        }
    }
}
