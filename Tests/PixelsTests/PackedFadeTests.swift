@testable import Pixels
import TestSupport
import Testing

/// The packed fade writes the pixels the plain fade writes, to the bit — planned and written in
/// one pass over a canvas holding the leaving frame, or written later at any weight, after
/// places were planned again — keeps the leaving frame's differences so that it can be made
/// again, and keeps far less than a frame for frames that are mostly flat.
@Suite struct PackedFadeTests {
    typealias Frames = FadePlanTests
    static let weights = FadePlanTests.weights

    /// Plans every row of `a` → `b` (with `out`, writing it at `weight` as it goes).
    static func plan(_ a: Canvas, _ b: Canvas, writing out: Canvas? = nil, weight: Int = 0, equal: Bool = false) -> PackedFade {
        let fade = PackedFade(width: a.width, height: a.height)
        for y in 0..<a.height {
            let pen = out.map { o in o.clip.minY <= y && y < o.clip.maxY ? PackedFade.Pen(o, row: y, within: o.clip, weight: weight) : nil } ?? nil
            fade.plan(row: y, from: 0, to: a.width, a: a.pixels + y * a.stride, b: b.pixels + y * b.stride, writing: pen, equal: equal)
        }
        fade.keepFirstPlan()
        return fade
    }

    static func inside(_ r: Rect, _ x: Int, _ y: Int) -> Bool { x >= r.minX && x < r.maxX && y >= r.minY && y < r.maxY }

    static func written(_ fade: PackedFade, over a: Canvas, weight: Int, clip: Rect? = nil) -> Canvas {
        let c = Canvas(copying: a)
        c.withClip(clip ?? c.bounds) { fade.write(into: c, weight: weight) }
        return c
    }

    @Test(arguments: FadePlanTests.sizes)
    func writtenLaterIsTheWholeFade(width: Int, height: Int) {
        let (a, b, _) = Frames.frames(width: width, height: height, seed: UInt64(width * 1000 + height))
        let fade = Self.plan(a, b)
        for w in Self.weights {
            for clip in [a.bounds, Rect(x: 3, y: 1, width: width / 2, height: height - 2)] {
                let d = Frames.difference(Self.written(fade, over: a, weight: w, clip: clip), Frames.expected(a, b, weight: w, clip: clip))
                #expect(d == nil, "\(width)x\(height) at \(w) in \(clip): \(d ?? "")")
            }
        }
    }

    /// The first frame of a fade written as it is planned, into the canvas that holds the
    /// leaving frame and is read as it is written.
    @Test(arguments: FadePlanTests.sizes)
    func writtenAsPlannedInPlaceIsTheWholeFade(width: Int, height: Int) {
        let (a, b, _) = Frames.frames(width: width, height: height, seed: UInt64(width * 3 + height))
        for w in Self.weights {
            let out = Canvas(copying: a)
            let fade = Self.plan(out, b, writing: out, weight: w)
            #expect(Frames.difference(out, Frames.expected(a, b, weight: w)) == nil, "\(width)x\(height) at \(w)")
            // And later frames of it, from that canvas.
            let later = Canvas(copying: out)
            fade.write(into: later, weight: 200)
            #expect(Frames.difference(later, Frames.expected(a, b, weight: 200)) == nil)
        }
    }

    /// Into a canvas that holds something else: the equal pixels are written too.
    @Test func writtenWithTheEqualPixelsIntoAnyCanvas() {
        let (a, b, _) = Frames.frames(width: 130, height: 71, seed: 11)
        let out = Canvas(width: 130, height: 71)
        out.fill(Color(hex: 0x123456))
        _ = Self.plan(a, b, writing: out, weight: 77, equal: true)
        #expect(Frames.difference(out, Frames.expected(a, b, weight: 77)) == nil)
    }

    /// The leaving frame made again: the arriving frame as first planned with the first plan's
    /// differences written over it — also in part, and after places were planned again.
    @Test(arguments: FadePlanTests.sizes)
    func theLeavingFrameComesBack(width: Int, height: Int) {
        let (a, b, g) = Frames.frames(width: width, height: height, seed: UInt64(width + height * 5))
        var gen = g
        let fade = Self.plan(a, b)
        let b2 = Canvas(copying: b)
        FadePlanTests.paint(b2, &gen, shapes: 3)
        let r = Rect(x: 2, y: 1, width: width / 2 + 1, height: height / 2 + 1)
        for y in r.minY..<r.maxY {
            fade.plan(row: y, from: r.minX, to: r.maxX, a: a.pixels + y * a.stride, b: b2.pixels + y * b2.stride)
        }
        let back = Canvas(copying: b)
        fade.writeFirstPlanLeaving(into: back, in: back.bounds)
        #expect(Frames.difference(back, a) == nil)
        let part = Canvas(copying: b)
        let q = Rect(x: width / 3, y: height / 4, width: width / 2, height: height / 2)
        fade.writeFirstPlanLeaving(into: part, in: q)
        for y in 0..<height {
            for x in 0..<width {
                let want = Self.inside(q, x, y) ? a.pixels[y * a.stride + x] : b.pixels[y * b.stride + x]
                #expect(part.pixels[y * part.stride + x] == want, "(\(x), \(y))")
                if part.pixels[y * part.stride + x] != want { return }
            }
        }
    }

    /// Places of the arriving frame drawn again: planned again there, the canvas given the
    /// new arriving frame there, the fade written — the fade to the new frame everywhere.
    @Test(arguments: FadePlanTests.sizes)
    func placesPlannedAgainFadeToTheNewFrame(width: Int, height: Int) {
        let (a, b, g) = Frames.frames(width: width, height: height, seed: UInt64(width * 17 + height))
        var gen = g
        for w in Self.weights {
            let out = Canvas(copying: a)
            let fade = Self.plan(out, b, writing: out, weight: 30)
            let b2 = Canvas(copying: b)
            var places: [Rect] = []
            for _ in 0..<3 {
                let r = FadePlanTests.rect(in: b2, &gen, largest: width / 3 + 1).intersection(b2.bounds)
                guard !r.isEmpty else { continue }
                b2.withClip(r) { b2.fill(FadePlanTests.color(&gen)) }
                places.append(r)
            }
            for r in places {
                for y in r.minY..<r.maxY {
                    fade.plan(row: y, from: r.minX, to: r.maxX, a: a.pixels + y * a.stride, b: b2.pixels + y * b2.stride)
                }
                fade.damage(r)
                out.copy(r, from: b2)
            }
            fade.write(into: out, weight: w)
            #expect(Frames.difference(out, Frames.expected(a, b2, weight: w)) == nil, "\(width)x\(height) at \(w)")
            // Every pixel that changed lies in the fade's damage.
            let tiles = fade.tiles.rects
            for y in 0..<height {
                for x in 0..<width where out.pixels[y * out.stride + x] != a.pixels[y * a.stride + x] {
                    #expect(tiles.contains { Self.inside($0, x, y) }, "(\(x), \(y)) outside the damage")
                }
            }
        }
    }

    /// Columns of a row at odd places and widths, apart: what a fade's places give a row.
    static func runs(width: Int) -> [PackedFade.Run] {
        [PackedFade.Run(1, width / 5 + 3), PackedFade.Run(width / 3, width / 2 + 1), PackedFade.Run(2 * width / 3 + 2, width - 1)]
    }

    /// `b` painted over only inside `runs` (every row): a frame that differs from `b` there only.
    static func paintedInside(_ runs: [PackedFade.Run], over b: Canvas, _ g: inout FadePlanTests.Seeded) -> Canvas {
        let painted = Canvas(copying: b)
        FadePlanTests.paint(painted, &g, shapes: 10)
        let out = Canvas(copying: b)
        for y in 0..<b.height {
            for run in runs { (out.pixels + y * out.stride + run.x0).update(from: painted.pixels + y * painted.stride + run.x0, count: run.x1 - run.x0) }
        }
        return out
    }

    /// A fade's first plan only where the frames may differ (runs apart on every row), written
    /// in place: the whole fade, and nothing planned outside the runs.
    @Test(arguments: FadePlanTests.sizes)
    func plannedOnlyInRunsWhereTheFramesDifferIsTheWholeFade(width: Int, height: Int) {
        var g = FadePlanTests.Seeded(seed: UInt64(width * 7 + height))
        let (a, _, _) = Frames.frames(width: width, height: height, seed: UInt64(width * 29 + height))
        let runs = Self.runs(width: width)
        let b = Self.paintedInside(runs, over: a, &g)
        for w in Self.weights {
            let out = Canvas(copying: a)
            let fade = PackedFade(width: width, height: height)
            runs.withUnsafeBufferPointer { r in
                for y in 0..<height {
                    fade.plan(row: y, runs: r, a: out.pixels + y * out.stride, b: b.pixels + y * b.stride,
                              writing: PackedFade.Pen(out, row: y, within: out.bounds, weight: w))
                }
            }
            #expect(Frames.difference(out, Frames.expected(a, b, weight: w)) == nil, "\(width)x\(height) at \(w)")
            let later = Canvas(copying: a)
            fade.write(into: later, weight: 99)
            #expect(Frames.difference(later, Frames.expected(a, b, weight: 99)) == nil, "\(width)x\(height) later")
            for y in 0..<height {
                for k in fade.rows.ranges[y].start..<fade.rows.ranges[y].end {
                    let s = fade.pools.segments[Int(k)]
                    #expect(runs.contains { Int(s.x0) >= $0.x0 && Int(s.x1) <= $0.x1 }, "segment \(s.x0)..<\(s.x1) outside the runs")
                }
            }
        }
    }

    /// Runs planned again over a row's old segments: those outside every run are kept (cut at
    /// the runs' edges), those inside replaced — the fade to the new arriving frame, and the
    /// leaving frame still made again from the first plan.
    @Test(arguments: FadePlanTests.sizes)
    func runsPlannedAgainKeepTheOldSegmentsBetweenThem(width: Int, height: Int) {
        var g = FadePlanTests.Seeded(seed: UInt64(width * 13 + height * 3))
        let (a, b, _) = Frames.frames(width: width, height: height, seed: UInt64(width * 31 + height))
        let fade = Self.plan(a, b)
        let runs = Self.runs(width: width)
        let b2 = Self.paintedInside(runs, over: b, &g)
        runs.withUnsafeBufferPointer { r in
            for y in 0..<height { fade.plan(row: y, runs: r, a: a.pixels + y * a.stride, b: b2.pixels + y * b2.stride) }
        }
        for w in Self.weights {
            let d = Frames.difference(Self.written(fade, over: a, weight: w), Frames.expected(a, b2, weight: w))
            #expect(d == nil, "\(width)x\(height) at \(w): \(d ?? "")")
        }
        for y in 0..<height {
            var x = -1
            for k in fade.rows.ranges[y].start..<fade.rows.ranges[y].end {
                let s = fade.pools.segments[Int(k)]
                #expect(s.x0 < s.x1 && Int(s.x0) >= x, "row \(y): segments in order and apart")
                x = Int(s.x1)
            }
        }
        let back = Canvas(copying: b)
        fade.writeFirstPlanLeaving(into: back, in: back.bounds)
        #expect(Frames.difference(back, a) == nil)
    }

    /// A picture copied into `c` at (x, y) (as `Canvas.draw(_: OpaqueImage…)` copies its rows).
    static func picture(_ g: inout FadePlanTests.Seeded, width: Int, height: Int, into c: Canvas, x: Int, y: Int) -> OpaqueImage {
        let image = OpaqueImage(width: width, height: height,
                                pixels: (0..<width * height).map { _ in 0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &g) })
        c.draw(image, x: x, y: y)
        return image
    }

    /// Where the leaving or the arriving frame is a copy of a picture, the first plan reads the
    /// picture and keeps none of those pixels: the same fade, the leaving frame made again,
    /// places planned again around them — and the pool smaller by the pictures' pixels.
    @Test func picturesSharedAreReadNotKept() {
        var g = FadePlanTests.Seeded(seed: 77)
        let (a, b0, _) = Frames.frames(width: 130, height: 71, seed: 5)
        let b = Canvas(copying: b0)
        let pa = Self.picture(&g, width: 40, height: 30, into: a, x: 20, y: 10)
        let pb = Self.picture(&g, width: 50, height: 40, into: b, x: 35, y: 20)
        // Some of each picture's rows only: the rest is kept as any pixel is.
        let sharedA = PackedFade.Shared(image: pa, x: 20, y: 10, rect: Rect(x: 20, y: 12, width: 40, height: 26))
        let sharedB = PackedFade.Shared(image: pb, x: 35, y: 20, rect: Rect(x: 0, y: 21, width: 130, height: 38))
        #expect(sharedB.rect == Rect(x: 35, y: 21, width: 50, height: 38), "a shared rect lies on its picture")
        let plain = Self.plan(a, b)
        let fade = PackedFade(width: 130, height: 71)
        fade.share(leaving: sharedA, arriving: sharedB)
        let out = Canvas(copying: a)
        for y in 0..<71 {
            fade.plan(row: y, from: 0, to: 130, a: out.pixels + y * out.stride, b: b.pixels + y * b.stride,
                      writing: PackedFade.Pen(out, row: y, within: out.bounds, weight: 60))
        }
        fade.keepFirstPlan()
        #expect(Frames.difference(out, Frames.expected(a, b, weight: 60)) == nil)
        for w in Self.weights {
            #expect(Frames.difference(Self.written(fade, over: a, weight: w), Frames.expected(a, b, weight: w)) == nil, "at \(w)")
        }
        let back = Canvas(copying: b)
        fade.writeFirstPlanLeaving(into: back, in: back.bounds)
        #expect(Frames.difference(back, a) == nil, "the leaving frame made again")
        let saved = plain.pools.pixels.count - fade.pools.pixels.count
        #expect(saved >= 26 * 40 + 38 * 50 - 26 * 26, "\(saved) pixels not kept")
        // A place planned again (no sharing now), over segments that read the pictures.
        let b2 = Canvas(copying: b)
        let r = Rect(x: 30, y: 15, width: 40, height: 30)
        b2.withClip(r) { b2.fill(Color(hex: 0x336699)) }
        for y in r.minY..<r.maxY { fade.plan(row: y, from: r.minX, to: r.maxX, a: a.pixels + y * a.stride, b: b2.pixels + y * b2.stride) }
        for w in Self.weights {
            #expect(Frames.difference(Self.written(fade, over: a, weight: w), Frames.expected(a, b2, weight: w)) == nil, "again at \(w)")
        }
    }

    /// Two mostly flat frames (a quiz screen's): the fade keeps a small part of one frame.
    @Test func aFadeOfFlatFramesKeepsLittle() {
        let a = Canvas(width: 1920, height: 1080), b = Canvas(width: 1920, height: 1080)
        a.fill(Color(hex: 0x0E1626))
        b.fill(Color(hex: 0x0E1626))
        for k in 0..<4 {
            a.fillRoundedRect(Rect(x: 80 + k * 460, y: 500, width: 420, height: 160), radius: 12, Color(hex: 0xA01E21))
            b.fillRoundedRect(Rect(x: 80, y: 200 + k * 180, width: 1760, height: 150), radius: 12, Color(hex: 0x1E2A44))
        }
        // Some noise where text would be.
        var g = HostileStates(seed: 3)
        for _ in 0..<20_000 { b.pixels[Int.random(in: 0..<(1920 * 1080), using: &g)] = 0xFFFF_FFFF }
        let fade = Self.plan(a, b)
        #expect(fade.byteCount < 1920 * 1080 * 4 / 4, "\(fade.byteCount) bytes")
        #expect(Frames.difference(Self.written(fade, over: a, weight: 100), Frames.expected(a, b, weight: 100)) == nil)
    }

    /// A window on a frame draws like the frame, inside the window only, and writes nothing
    /// outside its memory.
    @Test func aWindowDrawsOnlyInsideItsMemory() {
        let window = Rect(x: 10, y: 7, width: 33, height: 5)
        let guardPixels = 64
        let memory = UnsafeMutablePointer<UInt32>.allocate(capacity: window.width * window.height + 2 * guardPixels)
        defer { memory.deallocate() }
        memory.initialize(repeating: 0xDEAD_BEEF, count: window.width * window.height + 2 * guardPixels)
        let w = Canvas(window: window, width: 80, height: 30, memory: memory + guardPixels)
        let whole = Canvas(width: 80, height: 30)
        for c in [w, whole] {
            c.fill(Color(hex: 0x102030))
            c.fillRect(Rect(x: -5, y: -5, width: 200, height: 9), Color(hex: 0xFF0000))
            c.fillRoundedRect(Rect(x: 5, y: 3, width: 60, height: 20), radius: 6, Color(hex: 0x00FF00))
            c.fill(.circle(cx: 30, cy: 10, radius: 9), Color(hex: 0x0000FF))
        }
        #expect(w.clip == window && w.window == window && w.bounds == whole.bounds)
        for i in 0..<guardPixels {
            #expect(memory[i] == 0xDEAD_BEEF && memory[guardPixels + window.width * window.height + i] == 0xDEAD_BEEF)
        }
        for y in window.minY..<window.maxY {
            for x in window.minX..<window.maxX {
                #expect(w.pixel(x: x, y: y) == whole.pixel(x: x, y: y), "(\(x), \(y))")
            }
        }
        #expect(w.pixel(x: 0, y: 0) == 0)
        let copy = Canvas(width: 80, height: 30)
        copy.copy(copy.bounds, from: w)
        #expect(copy.pixel(x: 12, y: 8) == whole.pixel(x: 12, y: 8) && copy.pixel(x: 0, y: 0) == 0xFF00_0000)
    }
}
