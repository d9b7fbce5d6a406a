import Glibc
import Pixels
import QuizContract
@testable import Renderer
import TestSupport
import Testing

/// The motion model held to its word: every frame an output draws incrementally is the frame
/// `render(moment)` draws from nothing (a pure function of origin, state, elapsed and now); no
/// pixel changes outside the damage an output copies; once an animation has ended the frame is
/// the settled frame `render` draws without `--from`; and a state arriving mid-animation starts
/// from the frame on screen.
@Suite struct MotionPlayerTests {
    let fonts: FontSet
    init() throws { fonts = try TestFonts.load() }

    static let step = 1.0 / 30

    /// Plays `arrivals` from `t0` to `t1` at 30 frames a second and checks every frame.
    func play(_ arrivals: [MotionStates.Arrival], from t0: Double, to t1: Double, width: Int = 480, height: Int = 270,
              renderer: SceneRenderer? = nil, _ name: String) -> MotionScreen {
        let screen = MotionScreen(renderer: renderer ?? SceneRenderer(fonts: fonts), width: width, height: height, arrivals: arrivals)
        var t = t0
        var previous: [UInt8]?
        while t <= t1 + 1e-9 {
            let m = screen.draw(at: t)
            let now = screen.canvas.rgbBytes()
            let differing = Self.differing(now, screen.fresh(m).rgbBytes(), width: width)
            #expect(differing == nil, "\(name): the frame at \(t) s drawn incrementally differs from render(moment): \(differing ?? "")")
            if let previous {
                let outside = Self.changedOutside(previous, now, width: width, damage: screen.lastDamage)
                #expect(outside == 0, "\(name): \(outside) pixels changed outside the damage \(screen.lastDamage) at \(t) s")
            }
            previous = now
            t += Self.step
        }
        return screen
    }

    /// nil when equal, else how many pixels differ and where the first is.
    static func differing(_ a: [UInt8], _ b: [UInt8], width: Int) -> String? {
        guard a != b else { return nil }
        var n = 0, first = -1
        for i in stride(from: 0, to: min(a.count, b.count), by: 3) where a[i] != b[i] || a[i + 1] != b[i + 1] || a[i + 2] != b[i + 2] {
            if first < 0 { first = i / 3 }
            n += 1
        }
        return "\(n) pixels, the first at (\(first % width), \(first / width))"
    }

    static func same(_ a: Canvas, _ b: Canvas) -> Bool { a.rgbBytes() == b.rgbBytes() }

    static func changedOutside(_ a: [UInt8], _ b: [UInt8], width: Int, damage: [Rect]) -> Int {
        var n = 0
        for i in stride(from: 0, to: a.count, by: 3) where a[i] != b[i] || a[i + 1] != b[i + 1] || a[i + 2] != b[i + 2] {
            let x = (i / 3) % width, y = (i / 3) / width
            if !damage.contains(where: { x >= $0.minX && x < $0.maxX && y >= $0.minY && y < $0.maxY }) { n += 1 }
        }
        return n
    }

    @Test(arguments: MotionStates.animations.map(\.name))
    func eachAnimationIsAPureFunctionAndEndsOnTheSettledFrame(name: String) throws {
        let a = try #require(MotionStates.animations.first { $0.name == name })
        let screen = play(a.arrivals, from: -2, to: 1.1, name)
        let last = try #require(a.arrivals.last)
        #expect(Self.same(screen.canvas, screen.settled(last.state, at: 1.1)),
                "\(name): after its animation the frame is the settled frame")
    }

    @Test func theCountdownMovesBetweenSecondsAndEndsOnTheSettledFrames() throws {
        let screen = play(MotionStates.countdown, from: -2.2, to: 4, "countdown")
        #expect(Self.same(screen.canvas, screen.settled(ShowStates.english2, at: 4)), "time's up, settled")
    }

    /// A new state mid-fade starts from the frame on screen: its first frame is that frame, to
    /// the pixel, and then it fades on from there.
    @Test func aStateArrivingMidAnimationStartsFromTheFrameOnScreen() throws {
        let arrivals: [MotionStates.Arrival] = [(-2, ShowStates.lobby), (0, ShowStates.japanese4), (0.12, ShowStates.reveal4),
                                                (0.5, MotionStates.revealUpdated)]
        let screen = MotionScreen(renderer: SceneRenderer(fonts: fonts), width: 480, height: 270, arrivals: arrivals)
        for t in stride(from: -2.0, to: 0.1, by: Self.step) { screen.draw(at: t) }
        let onScreen = screen.canvas.rgbBytes()
        screen.draw(at: 0.12)
        let startsOnScreen = screen.canvas.rgbBytes() == onScreen
        #expect(startsOnScreen, "the reveal's first frame is the half-faded question on screen")
        #expect(screen.lastDamage.isEmpty, "nothing in it changed: \(screen.lastDamage)")
        screen.draw(at: 0.12 + Self.step)
        let movesOn = screen.canvas.rgbBytes() != onScreen
        #expect(movesOn, "and it moves on from there")
        // The update mid-reveal: the bars continue from where they are, not from zero.
        for t in stride(from: 0.12 + 2 * Self.step, to: 0.5, by: Self.step) { screen.draw(at: t) }
        let growing = try #require(screen.player.pose?.tallies)
        screen.draw(at: 0.5)
        let continued = try #require(screen.player.pose?.tallies)
        #expect(continued == growing, "at its arrival the update shows the bars as they were")
        screen.draw(at: 2)
        #expect(Self.same(screen.canvas, screen.settled(MotionStates.revealUpdated, at: 2)))
    }

    /// Fades into and out of questions with pictures — which a fade reads from the picture
    /// rather than keeping — and states arriving mid-fade over them: every frame is what
    /// `render` draws, and the fade into a picture keeps almost none of its pixels.
    @Test func picturesFadeInAndOutAsRenderDrawsThem() throws {
        let renderer = SceneRenderer(fonts: fonts)
        renderer.pictures = TestPictures(PictureStates.media)
        // (Another picture in the same question is drawn in place, `Moment.updatesInPlace`: the
        // reveal of another fades.)
        let photo = PictureStates.question("photo.webp"), other = PictureStates.reveal("exif6.jpg")
        let arrivals: [MotionStates.Arrival] = [(-2, ShowStates.english2), (0, photo), (1.2, PictureStates.reveal("photo.webp")),
                                                (2.4, ShowStates.leaderboard), (3.6, photo), (3.7, other), (3.8, ShowStates.english2)]
        let screen = play(arrivals, from: -2, to: 5, renderer: renderer, "pictures")
        #expect(Self.same(screen.canvas, screen.settled(ShowStates.english2, at: 5)))
        // A state arriving mid-fade over a picture starts from the frame on screen, to the pixel
        // (`play` compares each frame with one drawn from the same origin, so this is the check
        // that the origin is what the screen showed).
        let again = MotionScreen(renderer: renderer, width: 480, height: 270, arrivals: arrivals)
        for t in stride(from: -2.0, to: 3.65, by: Self.step) { again.draw(at: t) }
        let onScreen = again.canvas.rgbBytes()
        again.draw(at: 3.7)
        #expect(Self.differing(again.canvas.rgbBytes(), onScreen, width: 480) == nil, "the fade to another picture starts on screen")
        // Into the picture at 1080p: the fade's first frame.
        let hd = MotionScreen(renderer: renderer, width: 1920, height: 1080, arrivals: [(-2, ShowStates.english2), (0, photo)])
        hd.draw(at: -2)
        hd.draw(at: 0)
        let plan = try #require(hd.player.fadePlan)
        let rect = try #require(plan.sharedB?.rect)
        let inside = plan.pixels(in: rect)
        #expect(inside.kept.b == 0 && inside.shared.b > rect.width * rect.height / 4,
                "the arriving picture read, not kept: \(inside) in \(rect)")
    }

    /// An output's first frame is the settled frame at once, even mid-pulse.
    @Test func theFirstFrameIsTheSettledFrame() throws {
        for (name, at) in MotionStates.countdownInstants + [("calm", -3)] {
            let screen = MotionScreen(renderer: SceneRenderer(fonts: fonts), width: 480, height: 270,
                                      arrivals: [(at, ShowStates.english2)])
            screen.draw(at: at)
            #expect(Self.same(screen.canvas, screen.settled(ShowStates.english2, at: at)), "\(name)")
        }
    }

    /// While a countdown sweeps, a frame redraws only the wedge the ring's end swept and the
    /// strip the bar lost since the frame before: not even the whole ring (about 150 × 150
    /// pixels here, 22,000).
    @Test func aCountdownFrameDamagesTheRingAndTheBarOnly() throws {
        let screen = MotionScreen(renderer: SceneRenderer(fonts: fonts), width: 1920, height: 1080,
                                  arrivals: [(-10, ShowStates.japanese4)])
        // 12.4 s of 20 left at 0.
        screen.draw(at: -10)
        screen.draw(at: 0)
        screen.draw(at: 1.0 / 60)
        let area = screen.lastDamage.reduce(0) { $0 + $1.width * $1.height }
        #expect(area > 0 && area < 1000, "damage \(screen.lastDamage)")
    }
}
