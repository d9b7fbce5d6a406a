import Glibc
import Pixels
import QuizContract
@testable import Renderer
import TestSupport
import Testing

/// Damage tracking: between two frames of one state only the countdown moves, so only it is
/// redrawn — and the canvas then holds exactly what a full render would have drawn.
@Suite struct SceneDamageTests {
    static let now = SceneGoldenTests.now
    static let question = ShowStates.japanese4  // 12.4 s left at `now`
    static let sizes = [(1280, 720), (1920, 1080), (3840, 2160), (1080, 1920)]

    /// Pairs of times: a second's tick, a tick within one whole second (only the ring and bar
    /// move), into the last five seconds (colours and sizes change), the last second.
    static let ticks: [(Double, Double)] = [(0, 1), (0.1, 0.3), (6.5, 7.5), (11.9, 12.3)]

    static func full(_ r: SceneRenderer, _ state: QuizState, _ w: Int, _ h: Int, _ t: Double, _ overlay: ScreenOverlay = .none) -> Canvas {
        let c = Canvas(width: w, height: h)
        r.render(state, into: c, now: now + t, overlay: overlay)
        return c
    }

    @Test(arguments: sizes)
    func aPartialUpdateDrawsExactlyTheFullFrame(width: Int, height: Int) throws {
        let r = SceneRenderer(fonts: try TestFonts.load())
        for overlay in [ScreenOverlay.none, ScreenOverlay(controllerOffline: true)] {
            for (a, b) in Self.ticks {
                let canvas = Self.full(r, Self.question, width, height, a, overlay)
                let old = SceneFrame(state: Self.question, width: width, height: height, now: Self.now + a, overlay: overlay)
                let new = SceneFrame(state: Self.question, width: width, height: height, now: Self.now + b, overlay: overlay)
                let rects = r.update(canvas, from: old, to: new)
                let expected = Self.full(r, Self.question, width, height, b, overlay)
                #expect(canvas.rgbBytes() == expected.rgbBytes(), "\(width)x\(height) \(a) → \(b) s, offline \(overlay.controllerOffline)")
                let area = rects.reduce(0) { $0 + $1.width * $1.height }
                #expect(!rects.isEmpty && area * 20 < width * height, "damage \(rects) is not a small part of the screen")
                for rect in rects { #expect(rect.intersection(canvas.bounds) == rect) }
            }
        }
    }

    /// Every pixel that differs between two full renders lies inside the damage.
    @Test(arguments: sizes)
    func theDamageCoversEveryChangedPixel(width: Int, height: Int) throws {
        let r = SceneRenderer(fonts: try TestFonts.load())
        for (a, b) in Self.ticks {
            let before = Self.full(r, Self.question, width, height, a), after = Self.full(r, Self.question, width, height, b)
            let rects = r.damage(from: SceneFrame(state: Self.question, width: width, height: height, now: Self.now + a),
                                 to: SceneFrame(state: Self.question, width: width, height: height, now: Self.now + b))
            var outside = 0
            // Whole rows compared first: most are equal.
            for y in 0..<height where memcmp(before.pixels + y * before.stride, after.pixels + y * after.stride, width * 4) != 0 {
                for x in 0..<width where before.pixel(x: x, y: y) != after.pixel(x: x, y: y) {
                    if !rects.contains(where: { x >= $0.minX && x < $0.maxX && y >= $0.minY && y < $0.maxY }) { outside += 1 }
                }
            }
            #expect(outside == 0, "\(outside) changed pixels outside \(rects) for \(a) → \(b) s")
        }
    }

    @Test func anythingButTheClockIsAFullRepaint() throws {
        let r = SceneRenderer(fonts: try TestFonts.load())
        let f = SceneFrame(state: Self.question, width: 1920, height: 1080, now: Self.now)
        let all = [Rect(x: 0, y: 0, width: 1920, height: 1080)]
        #expect(r.damage(from: nil, to: f) == all)
        var other = f
        other.state.question?.text = "別の問題"
        #expect(r.damage(from: f, to: other) == all)
        other = f
        other.overlay.controllerOffline = true
        #expect(r.damage(from: f, to: other) == all)
        other = f
        other.width = 1280
        other.height = 720
        #expect(r.damage(from: f, to: other) == [Rect(x: 0, y: 0, width: 1280, height: 720)])
        other = f
        other.state.phase = .reveal
        #expect(r.damage(from: f, to: other) == all)
    }

    @Test func framesThatLookTheSameHaveNoDamage() throws {
        let r = SceneRenderer(fonts: try TestFonts.load())
        func frame(_ s: QuizState, _ t: Double) -> SceneFrame { SceneFrame(state: s, width: 1920, height: 1080, now: Self.now + t) }
        #expect(r.damage(from: frame(Self.question, 3), to: frame(Self.question, 3)).isEmpty)
        #expect(r.damage(from: frame(Self.question, 30), to: frame(Self.question, 90)).isEmpty, "both after the deadline")
        let waiting = ShowStates.long  // a time limit but no deadline yet
        #expect(r.damage(from: frame(waiting, 0), to: frame(waiting, 5)).isEmpty)
        for name in ["idle", "lobby", "reveal4", "leaderboard", "ended"] {
            let s = ShowStates.state(name)
            #expect(r.damage(from: frame(s, 0), to: frame(s, 1)).isEmpty, "\(name) does not depend on the clock")
        }
    }

    /// Crossing the deadline is more than the clock: "time's up" replaces the countdown and the
    /// choices lock, so the whole screen is redrawn — and an update still equals a full render.
    @Test func crossingTheDeadlineIsAFullRepaint() throws {
        let r = SceneRenderer(fonts: try TestFonts.load())
        let (w, h) = (1280, 720)
        let canvas = Self.full(r, Self.question, w, h, 12)
        let old = SceneFrame(state: Self.question, width: w, height: h, now: Self.now + 12)
        let new = SceneFrame(state: Self.question, width: w, height: h, now: Self.now + 13)
        #expect(r.update(canvas, from: old, to: new) == [canvas.bounds])
        #expect(canvas.rgbBytes() == Self.full(r, Self.question, w, h, 13).rgbBytes())
        // After it, the clock changes nothing.
        #expect(r.damage(from: new, to: SceneFrame(state: Self.question, width: w, height: h, now: Self.now + 20)).isEmpty)
    }

    /// A new safe area (another TV's overscan) is a new layout.
    @Test func aNewSafeAreaIsAFullRepaint() throws {
        let r = SceneRenderer(fonts: try TestFonts.load())
        let f = SceneFrame(state: Self.question, width: 1920, height: 1080, now: Self.now)
        var g = f
        g.safeArea = .overscan(5)
        #expect(r.damage(from: f, to: g) == [Rect(x: 0, y: 0, width: 1920, height: 1080)])
    }

    /// An update into a canvas of another size than the old frame's is a full render.
    @Test func anUpdateAtAnotherSizeRendersEverything() throws {
        let r = SceneRenderer(fonts: try TestFonts.load())
        let canvas = Canvas(width: 640, height: 360)
        let old = SceneFrame(state: Self.question, width: 1920, height: 1080, now: Self.now)
        let rects = r.update(canvas, from: old, to: SceneFrame(state: Self.question, width: 640, height: 360, now: Self.now + 1))
        #expect(rects == [canvas.bounds])
        #expect(canvas.rgbBytes() == Self.full(r, Self.question, 640, 360, 1).rgbBytes())
    }
}
