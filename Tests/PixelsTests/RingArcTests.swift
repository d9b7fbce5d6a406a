import Glibc
@testable import Pixels
import Testing

/// The countdown's arc is cut from its band, pixel by pixel: what an output redraws as it
/// sweeps (`changed(to:)`, a wedge) must give the pixels a whole redraw gives, and the arc must
/// look like the arc it was as a polygon.
@Suite struct RingArcTests {
    static let background = Color(hex: 0x101826), track = Color(hex: 0x2A3550), accent = Color(hex: 0xFFD23F)

    /// The ring as the countdown draws it: the track, then the arc over it.
    static func draw(_ arc: RingArc, into canvas: Canvas) throws {
        canvas.fill(background)
        // Every ring here lies inside its canvas: no coverage would leave nothing to compare.
        let band = try #require(arc.band.coverage(within: canvas.bounds))
        canvas.fill(band, track)
        canvas.fill(arc, band: band, accent)
    }

    static func arc(_ sweep: Double, cx: Double = 61.3, cy: Double = 58.7, outer: Double = 52.4, inner: Double = 41.1) -> RingArc {
        RingArc(cx: cx, cy: cy, outer: outer, inner: inner, sweep: sweep)
    }

    /// Sweeps an output meets: a 60 Hz countdown's steps, across a half turn, at the very
    /// start and end, whole, and large jumps.
    static let sweepPairs: [(Double, Double)] = {
        let turn = 2 * Double.pi
        var pairs: [(Double, Double)] = [(turn, turn * 0.999), (turn * 0.5001, turn * 0.4999), (0.001, 0.0001), (0.0001, 0),
                                         (turn, 0.3), (0.2, 5.9), (turn * 0.25, turn * 0.75), (3.0, 3.3)]
        var seed: UInt64 = 0x5EED
        for _ in 0..<40 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let a = Double(seed >> 11) / Double(1 << 53) * turn
            pairs.append((a, max(0, a - turn / 1200 * Double(1 + seed % 7))))
        }
        return pairs
    }()

    @Test(arguments: [(Double(120), Double(118)), (127, 121), (301, 299)])
    func redrawingTheWedgeGivesTheWholeRedraw(width: Double, height: Double) throws {
        let w = Int(width), h = Int(height)
        for (s1, s2) in Self.sweepPairs {
            let before = Self.arc(s1, cx: width / 2 + 0.37, cy: height / 2 - 0.21, outer: height / 2 - 3.3, inner: height / 2 - 14.8)
            let after = Self.arc(s2, cx: width / 2 + 0.37, cy: height / 2 - 0.21, outer: height / 2 - 3.3, inner: height / 2 - 14.8)
            let incremental = Canvas(width: w, height: h), whole = Canvas(width: w, height: h)
            try Self.draw(before, into: incremental)
            guard let wedge = before.changed(to: after) else {
                Issue.record("the same band at another sweep must give a wedge")
                return
            }
            try incremental.withClip(wedge) { try Self.draw(after, into: incremental) }
            try Self.draw(after, into: whole)
            let differing = (0..<h).flatMap { y in (0..<w).filter { incremental.pixel(x: $0, y: y) != whole.pixel(x: $0, y: y) } }
            #expect(differing.isEmpty, "sweep \(s1) → \(s2): \(differing.count) pixels outside the wedge \(wedge) differ")
        }
    }

    @Test func aSixtiethOfASecondDamagesAFewPixelsNotTheRing() {
        // A 20 s countdown at 60 Hz on a 4K screen's ring (radius 150 px).
        let turn = 2 * Double.pi
        let a = Self.arc(turn * 0.6, cx: 3600, cy: 200, outer: 150, inner: 126)
        let b = Self.arc(turn * (0.6 - 1.0 / 1200), cx: 3600, cy: 200, outer: 150, inner: 126)
        let wedge = a.changed(to: b)
        #expect(wedge != nil)
        #expect((wedge?.width ?? .max) * (wedge?.height ?? .max) < 32 * 32, "\(String(describing: wedge))")
        #expect(a.changed(to: Self.arc(turn * 0.3, cx: 3600, cy: 200, outer: 151, inner: 126)) == nil, "another band is not a wedge")
    }

    @Test func theWholeArcIsTheBandAndNothingIsDrawnOutsideItsReach() throws {
        let canvas = Canvas(width: 120, height: 118)
        let whole = Self.arc(2 * Double.pi)
        try Self.draw(whole, into: canvas)
        let band = whole.band.coverage(within: canvas.bounds)!
        let only = Canvas(width: 120, height: 118)
        only.fill(Self.background)
        only.fill(band, Self.track)
        only.fill(band, Self.accent)
        let same = canvas.rgbBytes() == only.rgbBytes()
        #expect(same, "a whole turn is the band in the arc's colour")

        for sweep in [0.05, 1.0, 3.0, 4.5, 6.2] {
            let arc = Self.arc(sweep)
            let drawn = Canvas(width: 120, height: 118), bare = Canvas(width: 120, height: 118)
            try Self.draw(arc, into: drawn)
            bare.fill(Self.background)
            bare.fill(band, Self.track)
            let reach = arc.reach
            for y in 0..<118 {
                for x in 0..<120 where drawn.pixel(x: x, y: y) != bare.pixel(x: x, y: y) {
                    #expect(x >= reach.minX && x < reach.maxX && y >= reach.minY && y < reach.maxY, "sweep \(sweep): (\(x), \(y)) outside \(reach)")
                }
            }
        }
    }

    @Test func theArcCoversItsShareOfTheBandAndEndsOnItsRays() throws {
        let band = Self.arc(0).band.coverage(within: Rect(x: 0, y: 0, width: 120, height: 118))!
        let full = band.alpha.reduce(0) { $0 + Int($1) }
        for share in [0.02, 0.25, 0.5, 0.61, 0.9] {
            let canvas = Canvas(width: 120, height: 118)
            canvas.fill(.black)
            canvas.fill(Self.arc(2 * Double.pi * share), band: band, .white)
            let covered = canvas.rgbBytes().enumerated().filter { $0.offset % 3 == 0 }.reduce(0) { $0 + Int($1.element) }
            #expect(abs(Double(covered) / Double(full) - share) < 0.01, "\(share) of a turn covered \(Double(covered) / Double(full))")
        }
        // A quarter turn from twelve o'clock: the band's top is lit right of the centre, dark left
        // of it; its right (three o'clock) lit above the centre line, dark below.
        let canvas = Canvas(width: 120, height: 118)
        canvas.fill(.black)
        canvas.fill(Self.arc(Double.pi / 2), band: band, .white)
        #expect(canvas.color(x: 64, y: 10) == .white)
        #expect(canvas.color(x: 58, y: 10) == .black)
        #expect(canvas.color(x: 108, y: 55) == .white)
        #expect(canvas.color(x: 108, y: 62) == .black)
    }
}
