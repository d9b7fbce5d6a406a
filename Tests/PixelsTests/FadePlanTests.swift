@testable import Pixels
import TestSupport
import Testing

/// A planned fade writes the pixels the plain fade writes, to the bit: over tiles or a rect, at
/// every weight, at odd sizes and edges, inside a clip, and after the arriving frame changed.
@Suite struct FadePlanTests {
    static let weights = [0, 1, 128, 255, 256]

    /// A reproducible generator: the hostile suite's.
    typealias Seeded = HostileStates

    static func color(_ g: inout Seeded) -> Color { Color(pixel: 0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &g)) }

    static func rect(in c: Canvas, _ g: inout Seeded, largest: Int) -> Rect {
        Rect(x: Int.random(in: -4..<c.width, using: &g), y: Int.random(in: -4..<c.height, using: &g),
             width: Int.random(in: 1...largest, using: &g), height: Int.random(in: 1...max(1, largest / 3), using: &g))
    }

    /// Flat rectangles of a few colours (the runs a fill can do) and glyph-like noise.
    static func paint(_ c: Canvas, _ g: inout Seeded, shapes: Int) {
        let palette = (0..<4).map { _ in color(&g) }
        for _ in 0..<shapes {
            let r = rect(in: c, &g, largest: c.width / 2 + 1)
            if Bool.random(using: &g) {
                c.fillRect(r, palette.randomElement(using: &g) ?? .black)
            } else {
                let n = r.intersection(c.clip)
                guard !n.isEmpty else { continue }
                for y in n.minY..<n.maxY {
                    for x in n.minX..<n.maxX where UInt8.random(in: 0...3, using: &g) == 0 {
                        c.pixels[y * c.stride + x] = (palette.randomElement(using: &g) ?? .white).pixel
                    }
                }
            }
        }
    }

    /// A leaving frame and an arriving one: the arriving one is the leaving one painted over
    /// in places, so that large parts are equal.
    static func frames(width: Int, height: Int, seed: UInt64) -> (Canvas, Canvas, Seeded) {
        var g = Seeded(seed: seed)
        let a = Canvas(width: width, height: height)
        a.fill(color(&g))
        paint(a, &g, shapes: 12)
        let b = Canvas(copying: a)
        paint(b, &g, shapes: 8)
        return (a, b, g)
    }

    /// The plain fade over the whole canvas, into a canvas holding the leaving frame.
    static func expected(_ a: Canvas, _ b: Canvas, weight: Int, clip: Rect? = nil) -> Canvas {
        let c = Canvas(copying: a)
        c.withClip(clip ?? c.bounds) { c.crossFade(from: a, to: b, weight: weight, in: c.bounds) }
        return c
    }

    /// The planned fade into a canvas holding the leaving frame.
    static func planned(_ plan: FadePlan, weight: Int, clip: Rect? = nil) -> Canvas {
        let c = Canvas(copying: plan.from)
        c.withClip(clip ?? c.bounds) { c.crossFade(plan, weight: weight) }
        return c
    }

    /// Expects `plan` to write the whole fade at every weight, inside `clip`, into a canvas
    /// holding the leaving frame.
    static func expectWholeFade(_ plan: FadePlan, clip: Rect? = nil, _ label: String,
                                sourceLocation: SourceLocation = #_sourceLocation) {
        for w in weights {
            let d = difference(planned(plan, weight: w, clip: clip), expected(plan.from, plan.to, weight: w, clip: clip))
            #expect(d == nil, "\(label) at \(w): \(d ?? "")", sourceLocation: sourceLocation)
        }
    }

    /// nil when equal, else where the first pixel differs and both values.
    static func difference(_ x: Canvas, _ y: Canvas) -> String? {
        for row in 0..<x.height {
            for col in 0..<x.width where x.pixels[row * x.stride + col] != y.pixels[row * y.stride + col] {
                let p = x.pixels[row * x.stride + col], q = y.pixels[row * y.stride + col]
                return "(\(col), \(row)): \(String(p, radix: 16)) against \(String(q, radix: 16))"
            }
        }
        return nil
    }

    static let sizes = [(61, 13), (333, 40), (64, 64), (130, 71)]

    @Test(arguments: sizes)
    func planOverTheBoundsIsTheWholeFade(width: Int, height: Int) {
        let (a, b, _) = Self.frames(width: width, height: height, seed: UInt64(width * 1000 + height))
        Self.expectWholeFade(FadePlan(from: a, to: b, in: a.bounds), "\(width)x\(height)")
    }

    /// Tiles of 16 (the last column and row of them cut short at these sizes) and of 64.
    @Test(arguments: sizes)
    func planOverTheTilesThatDifferIsTheWholeFade(width: Int, height: Int) {
        let (a, b, _) = Self.frames(width: width, height: height, seed: UInt64(width * 7 + height))
        for tile in [16, 64] {
            Self.expectWholeFade(FadePlan(from: a, to: b, in: TileMask(differences: a, b, tile: tile)),
                                 "\(width)x\(height), tiles of \(tile)")
        }
    }

    /// The first frame of a fade written as its plan is made: the same pixels, inside a clip
    /// too, and the plan made is the one made without writing.
    @Test(arguments: sizes)
    func aPlanWrittenAsItIsMadeIsTheWholeFade(width: Int, height: Int) {
        let (a, b, _) = Self.frames(width: width, height: height, seed: UInt64(width * 3 + height))
        let tiles = TileMask(differences: a, b, tile: 16)
        for clip in [a.bounds, Rect(x: 7, y: 2, width: width / 2, height: height - 3)] {
            for w in Self.weights {
                let out = Canvas(copying: a)
                let plan = out.withClip(clip) { FadePlan(from: a, to: b, in: tiles, writing: (out, w)) }
                let d = Self.difference(out, Self.expected(a, b, weight: w, clip: clip))
                #expect(d == nil, "\(width)x\(height), clip \(clip) at \(w): \(d ?? "")")
                #expect(plan.rows == FadePlan(from: a, to: b, in: tiles).rows)
            }
        }
    }

    @Test func aClipLimitsWhatIsWritten() {
        let (a, b, _) = Self.frames(width: 333, height: 40, seed: 3)
        let plan = FadePlan(from: a, to: b, in: TileMask(differences: a, b, tile: 16))
        for clip in [Rect(x: 5, y: 3, width: 101, height: 30), Rect(x: 300, y: 20, width: 100, height: 100)] {
            Self.expectWholeFade(plan, clip: clip, "clip \(clip)")
        }
    }

    /// A plan over a rect writes inside it only, edges not on a block of eight included.
    @Test func aPlanOverARectWritesThatRectOnly() {
        let (a, b, _) = Self.frames(width: 333, height: 40, seed: 4)
        let r = Rect(x: 13, y: 5, width: 250, height: 29)
        let plan = FadePlan(from: a, to: b, in: r)
        for w in Self.weights {
            let want = Canvas(copying: a)
            want.crossFade(from: a, to: b, weight: w, in: r)
            let d = Self.difference(Self.planned(plan, weight: w), want)
            #expect(d == nil, "at \(w): \(d ?? "")")
        }
    }

    /// Frames of different sizes: only what all three canvases share is written.
    @Test func framesOfDifferentSizesAreClippedToAllThree() {
        let (a, _, _) = Self.frames(width: 61, height: 13, seed: 5)
        let (b, _, _) = Self.frames(width: 70, height: 10, seed: 6)
        let plan = FadePlan(from: a, to: b, in: Rect(x: -10, y: -10, width: 100, height: 100))
        for w in Self.weights {
            let out = Canvas(width: 50, height: 12), want = Canvas(width: 50, height: 12)
            out.crossFade(plan, weight: w)
            want.crossFade(from: a, to: b, weight: w, in: want.bounds)
            // Where the frames are equal the plan leaves the canvas as it was: no such pixel here.
            let d = Self.difference(out, want)
            #expect(d == nil, "at \(w): \(d ?? "")")
        }
    }

    /// The arriving frame drawn again in places mid-fade: those places planned again, the plain
    /// fade written there (the canvas holds a fade to what was there before), then the plan.
    @Test(arguments: sizes)
    func replanningWhatChangedIsTheWholeFadeAgain(width: Int, height: Int) {
        let (a, b, seeded) = Self.frames(width: width, height: height, seed: UInt64(width + height * 31))
        var g = seeded
        var plan = FadePlan(from: a, to: b, in: TileMask(differences: a, b, tile: 16))
        let out = Self.planned(plan, weight: 77)
        for step in 0..<4 {
            var changed: [Rect] = []
            for k in 0..<3 {
                let r = Self.rect(in: b, &g, largest: width / 3 + 1)
                // Some of it painted anew, some of it put back to the leaving frame.
                if k == 0 {
                    b.copy(r, from: a)
                } else {
                    b.withClip(r) { Self.paint(b, &g, shapes: 6) }
                }
                changed.append(r)
                plan.replan(r)
            }
            let w = Self.weights[step]
            for r in changed { out.crossFade(from: a, to: b, weight: w, in: r) }
            out.crossFade(plan, weight: w)
            let d = Self.difference(out, Self.expected(a, b, weight: w))
            #expect(d == nil, "\(width)x\(height), step \(step) at \(w): \(d ?? "")")
            // Replanned from the leaving frame alone, the plan is the whole fade too.
            let fresh = Self.difference(Self.planned(plan, weight: w), Self.expected(a, b, weight: w))
            #expect(fresh == nil, "\(width)x\(height), step \(step), from the leaving frame at \(w): \(fresh ?? "")")
        }
    }

    /// What the plan is for: flat colour in both frames is one segment to fill, flat colour in
    /// one frame reads only the other, and equal pixels are not planned at all.
    @Test func flatRunsBecomeFillsAndEqualRunsNothing() {
        let a = Canvas(width: 100, height: 2), b = Canvas(width: 100, height: 2)
        a.fill(Color(pixel: 0xFF11_2233))
        b.fill(Color(pixel: 0xFF44_5566))
        b.fillRect(Rect(x: 0, y: 1, width: 100, height: 1), Color(pixel: 0xFF11_2233))
        a.pixels[3] = 0xFF00_0000  // the first block of eight: the leaving frame not flat
        b.pixels[90] = 0xFF00_0000  // the block 88..<96: the arriving frame not flat
        let plan = FadePlan(from: a, to: b, in: a.bounds)
        #expect(plan.rows[0] == [
            .init(x0: 0, x1: 8, kind: .bSolid, ca: 0, cb: 0xFF44_5566),
            .init(x0: 8, x1: 88, kind: .bothSolid, ca: 0xFF11_2233, cb: 0xFF44_5566),
            .init(x0: 88, x1: 96, kind: .aSolid, ca: 0xFF11_2233, cb: 0),
            .init(x0: 96, x1: 100, kind: .bothSolid, ca: 0xFF11_2233, cb: 0xFF44_5566),
        ])
        #expect(plan.rows[1].isEmpty)
    }
}
