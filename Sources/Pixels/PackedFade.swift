/// A cross-fade that keeps only what it needs: the pixels where the frame leaving (`a`) and
/// the frame arriving (`b`) differ, packed, and nothing of either frame elsewhere.
///
/// `FadePlan` fades between two whole frames it reads at every frame of the fade, so a fade
/// holds three: the screen's, the picture leaving and the one arriving (25 MB at 1080p, 100 MB
/// at 4K). Here each row is scanned once, in aligned blocks of eight pixels as `FadePlan` does,
/// and every block where the two differ becomes part of a segment that keeps what its fade
/// reads: nothing where both frames are one colour there (most of a quiz screen: the fade of
/// two colours is a fill), the arriving frame's pixels where only the leaving one is one colour,
/// the leaving one's where only the arriving one is, both where neither is. Blocks where the
/// two are equal keep nothing: the screen already shows that pixel. Segments and pixels go to
/// pools that only grow while the fade lasts (planning a place again adds to them), so what
/// was planned first stays readable: `firstPlan` is the leaving frame's difference from the
/// arriving one, which with the arriving frame as first drawn gives the leaving frame back.
///
/// Every pixel written is the one `crossFade(from:to:weight:in:)` gives.
public final class PackedFade {
    /// How a segment is faded (as `FadePlan.Kind`).
    enum Kind: UInt8 {
        case bothSolid
        /// The leaving frame one colour (`ca`): only the arriving one's pixels are kept.
        case aSolid
        /// The arriving frame one colour (`cb`): only the leaving one's pixels are kept.
        case bSolid
        case mixed
    }

    /// Pixels `x0..<x1` of a row; `ca`/`cb` the colours that are constant there, `pa`/`pb`
    /// where the other frames' pixels start in the pool (-1: none kept; `shared`: read from
    /// that frame's `Shared` picture).
    struct Segment {
        var x0: Int32
        var x1: Int32
        var kind: Kind
        var ca: UInt32
        var cb: UInt32
        var pa: Int32
        var pb: Int32

        /// The part of this segment from `x0` to `x1` (inside it).
        func cut(_ x0: Int32, _ x1: Int32) -> Segment {
            let d = x0 - self.x0
            return Segment(x0: x0, x1: x1, kind: kind, ca: ca, cb: cb, pa: pa < 0 ? pa : pa + d, pb: pb < 0 ? pb : pb + d)
        }
    }

    /// `pa` or `pb` of a segment whose pixels are that frame's `Shared` picture's.
    static let shared: Int32 = -2

    /// Pixels of a frame that are also in memory elsewhere, unchanged while the fade lasts: a
    /// question's picture, whose rows between its rounded corners a frame draws as copies
    /// (`Canvas.draw(_: OpaqueImage…)`). A fade's first plan reads them there instead of
    /// keeping them — at 1080p a picture is a megabyte or two that a fade need not hold.
    public struct Shared: Sendable {
        /// The frame's pixels that are the picture's: (x, y) in `rect` is its pixel (x − self.x, y − self.y).
        public let rect: Rect
        let image: OpaqueImage
        let x: Int
        let y: Int

        /// `image` drawn with its top-left at (`x`, `y`), of which the frame's pixels in `rect` are copies.
        public init(image: OpaqueImage, x: Int, y: Int, rect: Rect) {
            self.image = image
            (self.x, self.y) = (x, y)
            self.rect = rect.intersection(Rect(x: x, y: y, width: image.width, height: image.height))
        }

        /// The columns of row `y` that are the picture's.
        func columns(row: Int) -> (x0: Int, x1: Int)? {
            row >= rect.minY && row < rect.maxY ? (rect.minX, rect.maxX) : nil
        }
    }

    /// Where segments and pixels are kept: appended to, never rewritten, so a row's earlier
    /// segments stay valid (`firstPlan`). Mapped (`MappedPool`): the first plan of a fade
    /// fills them a row at a time, and arrays doubling as they went held the old and the new
    /// buffer at once, at the fade's peak of memory.
    final class Pools {
        let segments: MappedPool<Segment>
        let pixels: MappedPool<UInt32>

        /// Reserved for the first plan and as much again of replanning: at most two frames'
        /// pixels kept (both frames where neither is one colour), a segment for each block of
        /// eight.
        init(width: Int, height: Int) {
            segments = MappedPool(reserving: 2 * (width / 8 + 2) * height)
            pixels = MappedPool(reserving: 4 * width * height)
        }
    }

    /// The rows' segments: row `y`'s are `pools.segments[rows[y].start..<rows[y].end]`, left
    /// to right and apart.
    public struct Rows {
        var ranges: [(start: Int32, end: Int32)]
    }

    public let width: Int
    public let height: Int
    let pools: Pools
    private(set) var rows: Rows
    /// The rows as first planned (before any place was planned again).
    public private(set) var firstPlan: Rows?
    /// The tiles holding a segment, and every place planned again (the fade's damage).
    public private(set) var tiles: TileMask
    /// The leaving and the arriving frame's pixels that are pictures' (`share`).
    public private(set) var sharedA: Shared?
    public private(set) var sharedB: Shared?
    /// Whether rows planned now may read the shared pictures: the first plan only (a place
    /// planned again may hold another picture there).
    private var sharing = true

    /// Scratch for one row being planned, allocated once: its segments (at most one a pixel)
    /// and the leaving and arriving frames' pixels it keeps. Pointers, not arrays held by this
    /// class: the planning loop appends to them per block, and an array property mutated there
    /// costs a dynamic exclusivity check each time (a sixth of a fade's first frame, measured).
    private let scratch: UnsafeMutablePointer<Segment>
    /// A row's kept old segments and its new ones, in order (`merge`).
    private let merged: UnsafeMutablePointer<Segment>
    private let keptA: UnsafeMutablePointer<UInt32>
    private let keptB: UnsafeMutablePointer<UInt32>

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        rows = Rows(ranges: [(start: Int32, end: Int32)](repeating: (0, 0), count: self.height))
        tiles = TileMask(width: self.width, height: self.height)
        pools = Pools(width: self.width, height: self.height)
        scratch = .allocate(capacity: self.width + 2)
        merged = .allocate(capacity: self.width + 2)
        keptA = .allocate(capacity: self.width)
        keptB = .allocate(capacity: self.width)
    }

    deinit {
        scratch.deallocate()
        merged.deallocate()
        keptA.deallocate()
        keptB.deallocate()
    }

    /// Bytes held: segments and kept pixels (what the fade costs in memory).
    public var byteCount: Int {
        pools.segments.residentBytes + pools.pixels.residentBytes + height * 8
    }

    /// Columns `x0..<x1` of a row.
    public struct Run: Sendable {
        public var x0: Int
        public var x1: Int
        public init(_ x0: Int, _ x1: Int) { (self.x0, self.x1) = (x0, x1) }
    }

    /// Plans row `y` between `x0` and `x1`: `a` and `b` point at that row of the leaving and
    /// arriving frames (pixel `x` at `a[x]`). The row's segments outside `x0..<x1` are kept.
    /// With `pen`, the fade at its weight is written as the row is planned (`equal`: the
    /// pixels where the two are equal too, for a canvas that does not hold the leaving frame).
    public func plan(row y: Int, from x0: Int, to x1: Int, a: UnsafeMutablePointer<UInt32>, b: UnsafeMutablePointer<UInt32>,
                     writing pen: Pen? = nil, equal: Bool = false) {
        var run = Run(x0, x1)
        withUnsafePointer(to: &run) { plan(row: y, runs: UnsafeBufferPointer(start: $0, count: 1), a: a, b: b, writing: pen, equal: equal) }
    }

    /// Plans row `y` in `runs` (left to right, apart): as `plan(row:from:to:…)` for each, in
    /// one pass. The row's segments outside every run are kept. A fade's first plan gives the
    /// places where the two frames may differ (the items that changed): elsewhere they are
    /// equal and are neither read nor written.
    public func plan(row y: Int, runs: UnsafeBufferPointer<Run>, a: UnsafeMutablePointer<UInt32>, b: UnsafeMutablePointer<UInt32>,
                     writing pen: Pen? = nil, equal: Bool = false) {
        guard y >= 0, y < height else { return }
        var fresh = SegmentList(base: scratch)
        var count = (a: 0, b: 0)
        let shareA = sharing ? sharedA?.columns(row: y) : nil, shareB = sharing ? sharedB?.columns(row: y) : nil
        /// The first edge of a shared picture's columns after `x`.
        func edge(_ c: (x0: Int, x1: Int)?, after x: Int) -> Int {
            guard let c else { return Int.max }
            return c.x0 > x ? c.x0 : c.x1 > x ? c.x1 : Int.max
        }
        for run in runs {
            // The run in pieces each wholly inside or outside each shared picture's columns.
            var x = max(0, run.x0)
            let x1 = min(width, run.x1)
            while x < x1 {
                let cut = min(x1, edge(shareA, after: x), edge(shareB, after: x))
                let aShared = shareA.map { x >= $0.x0 && cut <= $0.x1 } ?? false
                let bShared = shareB.map { x >= $0.x0 && cut <= $0.x1 } ?? false
                scan(x, cut, a, b, pen, equal: equal, shared: (aShared, bShared), into: &fresh, kept: &count)
                x = cut
            }
        }
        // The new segments' pixels go to the pool: the leaving frame's, then the arriving one's.
        let baseA = Int32(pools.pixels.count), baseB = baseA + Int32(count.a)
        pools.pixels.append(contentsOf: keptA, count: count.a)
        pools.pixels.append(contentsOf: keptB, count: count.b)
        var marks = tiles
        tiles = TileMask(width: 0, height: 0)
        // Segments are left to right: each tile column is marked once, not once a segment.
        var marked = -1
        for k in 0..<fresh.count {
            if fresh[k].pa >= 0 { fresh[k].pa += baseA }
            if fresh[k].pb >= 0 { fresh[k].pb += baseB }
            let last = (Int(fresh[k].x1) - 1) / marks.tile
            if last > marked {
                marks.mark(row: y, from: max(Int(fresh[k].x0), (marked + 1) * marks.tile), to: Int(fresh[k].x1))
                marked = last
            }
        }
        tiles = marks
        let old = rows.ranges[y]
        let start = Int32(pools.segments.count)
        if old.start == old.end {
            pools.segments.append(contentsOf: scratch, count: fresh.count)
        } else {
            let count = merge(old, outside: runs, with: fresh)
            pools.segments.append(contentsOf: merged, count: count)
        }
        rows.ranges[y] = (start, Int32(pools.segments.count))
    }

    /// Scans columns `x0..<x1` of a row into `fresh`, keeping the pixels its segments read in
    /// the row's scratch (`kept`: how many of each frame so far) unless the frame's are a
    /// shared picture's there.
    @inline(__always)
    private func scan(_ x0: Int, _ x1: Int, _ a: UnsafeMutablePointer<UInt32>, _ b: UnsafeMutablePointer<UInt32>, _ pen: Pen?,
                      equal: Bool, shared: (a: Bool, b: Bool), into fresh: inout SegmentList, kept count: inout (a: Int, b: Int)) {
        var x = x0
        while x < x1 {
            let end = min((x & ~7) + 8, x1)
            guard var s = Self.block(a + x, b + x, count: end - x) else {
                // Equal here, and maybe for many blocks after.
                let to = Self.runEnd(a, b, from: end, to: x1, colours: nil)
                if equal, let pen { pen.copy(b, from: x, to: to) }
                x = to
                continue
            }
            s.x0 = Int32(x)
            // The blocks after it of the same kind, one segment: one copy of its pixels, one
            // fade written. With a pen, at most 256 pixels on, so that what the pen writes
            // was read just before (a longer segment goes on in the next, joined to it).
            let reach = pen == nil ? x1 : min(x1, end + 256)
            let to = s.kind == .bothSolid ? Self.runEnd(a, b, from: end, to: reach, colours: (s.ca, s.cb))
                : Self.kindEnd(a, b, from: end, to: reach, like: s)
            s.x1 = Int32(to)
            // The pixels this segment's fade reads, kept (offsets in the row's scratch for now).
            if s.kind == .bSolid || s.kind == .mixed { s.pa = Self.keep(a + x, to - x, shared: shared.a, in: keptA, count: &count.a) }
            if s.kind == .aSolid || s.kind == .mixed { s.pb = Self.keep(b + x, to - x, shared: shared.b, in: keptB, count: &count.b) }
            pen?.write(s, a + x, b + x)
            fresh.append(s)
            x = to
        }
    }

    /// A segment's `n` pixels of one frame from `p`: kept in the row's scratch `kept` after the
    /// `count` there so far (their offset), or read from the frame's shared picture.
    @inline(__always)
    private static func keep(_ p: UnsafeMutablePointer<UInt32>, _ n: Int, shared: Bool, in kept: UnsafeMutablePointer<UInt32>,
                             count: inout Int) -> Int32 {
        guard !shared else { return Self.shared }
        (kept + count).update(from: p, count: n)
        defer { count += n }
        return Int32(count)
    }

    /// The row's `old` segments cut to the columns outside `runs`, and the `fresh` ones, in
    /// order in `merged`: their count.
    private func merge(_ old: (start: Int32, end: Int32), outside runs: UnsafeBufferPointer<Run>, with fresh: SegmentList) -> Int {
        let segments = pools.segments.base
        var out = 0, next = 0
        /// The fresh segments left of `x`, then (with one) an old part starting there.
        func put(_ s: Segment?, before x: Int32) {
            while next < fresh.count, fresh[next].x0 < x {
                merged[out] = fresh[next]
                out += 1
                next += 1
            }
            guard let s else { return }
            merged[out] = s
            out += 1
        }
        for k in Int(old.start)..<Int(old.end) {
            let s = segments[k]
            // The parts of `s` between the runs (and before the first, after the last).
            var x = s.x0
            for run in runs where Int(s.x1) > run.x0 && Int(x) < run.x1 {
                if Int(x) < run.x0 { put(s.cut(x, Int32(run.x0)), before: x) }
                x = max(x, Int32(min(run.x1, Int(s.x1))))
            }
            if x < s.x1 { put(s.cut(x, s.x1), before: x) }
        }
        put(nil, before: .max)
        return out
    }

    /// Pixels of each frame that the segments in `rect` keep in the pool, and that they read
    /// from a shared picture.
    public func pixels(in rect: Rect) -> (kept: (a: Int, b: Int), shared: (a: Int, b: Int)) {
        var kept = (a: 0, b: 0), shared = (a: 0, b: 0)
        for y in max(0, rect.minY)..<min(height, rect.maxY) {
            for k in Int(rows.ranges[y].start)..<Int(rows.ranges[y].end) {
                let s = pools.segments[k]
                let n = max(0, min(Int(s.x1), rect.maxX) - max(Int(s.x0), rect.minX))
                if s.pa >= 0 { kept.a += n } else if s.pa == Self.shared { shared.a += n }
                if s.pb >= 0 { kept.b += n } else if s.pb == Self.shared { shared.b += n }
            }
        }
        return (kept, shared)
    }

    /// Before the first plan: where the leaving frame (`a`) and the arriving one (`b`) are
    /// copies of a picture, read from there rather than kept.
    public func share(leaving a: Shared?, arriving b: Shared?) {
        (sharedA, sharedB) = (a, b)
    }

    /// Keeps the rows as planned so far as `firstPlan`.
    public func keepFirstPlan() {
        firstPlan = rows
        sharing = false
    }

    /// Marks `rect` as part of the fade's damage (a place drawn again).
    public func damage(_ rect: Rect) {
        tiles.insert(rect)
    }

    /// Writes the leaving frame's pixels that differ from the arriving frame as first planned
    /// into `canvas`, in `rect`: over the arriving frame as first drawn, the leaving frame.
    public func writeFirstPlanLeaving(into canvas: Canvas, in rect: Rect) {
        guard let first = firstPlan else { return }
        let r = rect.intersection(canvas.window).intersection(Rect(x: 0, y: 0, width: width, height: height))
        guard !r.isEmpty else { return }
        let segments = pools.segments.base
        withPixels { pixels in
            for y in r.minY..<r.maxY {
                let out = canvas.pixels + y * canvas.stride
                let range = first.ranges[y]
                for k in Int(range.start)..<Int(range.end) {
                    let s = segments[k]
                    let x0 = max(Int(s.x0), r.minX), x1 = min(Int(s.x1), r.maxX)
                    guard x0 < x1 else { continue }
                    if s.kind == .bothSolid || s.kind == .aSolid {
                        Canvas.fill(out + x0, s.ca, count: x1 - x0)
                    } else {
                        (out + x0).update(from: pixels.a(s, row: y) + x0, count: x1 - x0)
                    }
                }
            }
        }
    }

    /// Where a segment's kept pixels are read: the pool, or a shared picture.
    struct KeptPixels {
        let pool: UnsafeMutablePointer<UInt32>
        let a: (base: UnsafeMutablePointer<UInt32>, shared: Shared)?
        let b: (base: UnsafeMutablePointer<UInt32>, shared: Shared)?

        /// Pointers at which `+ x` is the leaving (`a`) or arriving (`b`) frame's pixel `x`
        /// of `s`, in row `y` (never read outside the segment).
        @inline(__always)
        func a(_ s: Segment, row y: Int) -> UnsafeMutablePointer<UInt32> { pointer(s.pa, s, y, a) }
        @inline(__always)
        func b(_ s: Segment, row y: Int) -> UnsafeMutablePointer<UInt32> { pointer(s.pb, s, y, b) }

        @inline(__always)
        private func pointer(_ p: Int32, _ s: Segment, _ y: Int, _ picture: (base: UnsafeMutablePointer<UInt32>, shared: Shared)?)
            -> UnsafeMutablePointer<UInt32> {
            if p == PackedFade.shared, let picture {
                return picture.base + (y - picture.shared.y) * picture.shared.image.width - picture.shared.x
            }
            return pool + Int(p) - Int(s.x0)
        }
    }

    /// Runs `body` with where every segment's pixels are (the shared pictures held meanwhile).
    private func withPixels<T>(_ body: (KeptPixels) -> T) -> T {
        let pool = pools.pixels.base
        func with(_ shared: Shared?, _ next: ((base: UnsafeMutablePointer<UInt32>, shared: Shared)?) -> T) -> T {
            guard let shared else { return next(nil) }
            return shared.image.pixels.withUnsafeBufferPointer { p in
                next(p.baseAddress.map { (UnsafeMutablePointer(mutating: $0), shared) })
            }
        }
        return with(sharedA) { a in with(sharedB) { b in body(KeptPixels(pool: pool, a: a, b: b)) } }
    }

    /// Writes the fade at `weight` into `canvas` in every planned pixel where the frames
    /// differ (clipped to the canvas's clip). Where they are equal nothing is written.
    public func write(into canvas: Canvas, weight: Int) {
        let limit = canvas.clip.intersection(Rect(x: 0, y: 0, width: width, height: height))
        guard !limit.isEmpty else { return }
        let segments = pools.segments.base
        withPixels { pixels in
            for y in limit.minY..<limit.maxY {
                let pen = Pen(canvas, row: y, within: limit, weight: weight)
                let range = rows.ranges[y]
                for k in Int(range.start)..<Int(range.end) {
                    let s = segments[k]
                    pen.write(s, pixels.a(s, row: y), pixels.b(s, row: y), packed: true)
                }
            }
        }
    }

    /// Where a fade is written: a row of a canvas, the columns it may write, the weight.
    public struct Pen {
        let out: UnsafeMutablePointer<UInt32>
        let minX: Int
        let maxX: Int
        let weight: UInt16

        public init(_ canvas: Canvas, row y: Int, within limit: Rect, weight: Int) {
            out = canvas.pixels + y * canvas.stride
            (minX, maxX) = (limit.minX, limit.maxX)
            self.weight = UInt16(min(max(weight, 0), Canvas.fullWeight))
        }

        /// The arriving frame's pixels `x0..<x1` as they are (where the frames are equal).
        @inline(__always)
        func copy(_ b: UnsafeMutablePointer<UInt32>, from x0: Int, to x1: Int) {
            let x0 = max(x0, minX), x1 = min(x1, maxX)
            guard x0 < x1 else { return }
            (out + x0).update(from: b + x0, count: x1 - x0)
        }

        /// The fade of segment `s`. `a` and `b` point at the frames' pixel `s.x0` (scanning),
        /// or with `packed`, at where pixel 0 of the segment's kept pixels would be, so that
        /// `a + x` is pixel `x` (pointers never read outside the kept pixels).
        @inline(__always)
        func write(_ s: Segment, _ a: UnsafeMutablePointer<UInt32>, _ b: UnsafeMutablePointer<UInt32>, packed: Bool = false) {
            let x0 = max(Int(s.x0), minX), x1 = min(Int(s.x1), maxX), w = weight
            guard x0 < x1 else { return }
            let n = x1 - x0
            // Pixel x0 in each source.
            let pa = packed ? a + x0 : a + (x0 - Int(s.x0)), pb = packed ? b + x0 : b + (x0 - Int(s.x0))
            switch s.kind {
            case .bothSolid: Canvas.fill(out + x0, Canvas.mix(s.ca, s.cb, UInt32(w)), count: n)
            // The fade from a colour at w is the fade to it from the other frame at 256 − w.
            case .aSolid: Canvas.fadeRow(pb, toward: s.ca, into: out + x0, count: n, weight: UInt16(Canvas.fullWeight) - w)
            case .bSolid: Canvas.fadeRow(pa, toward: s.cb, into: out + x0, count: n, weight: w)
            case .mixed: Canvas.fadeRow(pa, pb, into: out + x0, count: n, weight: w)
            }
        }
    }

    // MARK: scanning (as FadePlan's)

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
        return Segment(x0: 0, x1: 0, kind: kind, ca: aSolid ? ca : 0, cb: bSolid ? cb : 0, pa: -1, pb: -1)
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

    /// The end of the run of whole blocks from `x` (aligned) before `x1` that are of `s`'s
    /// kind (not `bothSolid`) with its colours: where `block` would give a segment joining it.
    @inline(__always)
    private static func kindEnd(_ pa: UnsafeMutablePointer<UInt32>, _ pb: UnsafeMutablePointer<UInt32>, from x: Int, to x1: Int,
                                like s: Segment) -> Int {
        let sa = SIMD8<UInt32>(repeating: s.ca), sb = SIMD8<UInt32>(repeating: s.cb)
        var x = x
        while x + 8 <= x1 {
            let va = UnsafeRawPointer(pa + x).loadUnaligned(as: SIMD8<UInt32>.self)
            let vb = UnsafeRawPointer(pb + x).loadUnaligned(as: SIMD8<UInt32>.self)
            if isZero(va ^ vb) { break }
            let aSolid = isZero(va ^ SIMD8(repeating: pa[x])), bSolid = isZero(vb ^ SIMD8(repeating: pb[x]))
            switch s.kind {
            case .aSolid: guard aSolid, !bSolid, isZero(va ^ sa) else { return x }
            case .bSolid: guard bSolid, !aSolid, isZero(vb ^ sb) else { return x }
            case .mixed: guard !aSolid, !bSolid else { return x }
            case .bothSolid: return x
            }
            x += 8
        }
        return x
    }

    @inline(__always)
    private static func isZero(_ v: SIMD8<UInt32>) -> Bool {
        let w = unsafeBitCast(v, to: SIMD4<UInt64>.self)
        let h = w.lowHalf | w.highHalf
        return h[0] | h[1] == 0
    }

    /// Whether `next` goes on from `last` alike, its kept pixels straight after `last`'s.
    @inline(__always)
    fileprivate static func joins(_ last: Segment, _ next: Segment) -> Bool {
        let n = last.x1 - last.x0
        return last.x1 == next.x0 && last.kind == next.kind && last.ca == next.ca && last.cb == next.cb
            && (last.pa < 0 ? last.pa == next.pa : last.pa + n == next.pa)
            && (last.pb < 0 ? last.pb == next.pb : last.pb + n == next.pb)
    }

    /// A row's new segments being planned, in `scratch`.
    private struct SegmentList {
        let base: UnsafeMutablePointer<Segment>
        var count = 0

        subscript(k: Int) -> Segment {
            get { base[k] }
            nonmutating set { base[k] = newValue }
        }

        /// Appends `s`, joined to the last segment when it goes on from it alike.
        @inline(__always)
        mutating func append(_ s: Segment) {
            guard s.x0 < s.x1 else { return }
            if count > 0, PackedFade.joins(base[count - 1], s) {
                base[count - 1].x1 = s.x1
            } else {
                base[count] = s
                count += 1
            }
        }
    }
}
