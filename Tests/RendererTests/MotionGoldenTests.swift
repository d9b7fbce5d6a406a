import Pixels
import QuizContract
@testable import Renderer
import TestSupport
import Testing

/// Golden images of each animation at its start, its middle and its end, drawn as
/// `render --from OLD --at SECONDS` draws them (OLD settled on screen when the state arrived):
/// at 1080p and one other size. The end is compared with the settled golden of the state
/// itself (SceneGoldenTests' image, not a copy), so an animation that did not land exactly
/// on the settled frame fails here.
@Suite struct MotionGoldenTests {
    static let now = ShowStates.now

    /// Each animation: the state on screen, the state that arrives, its own name for the
    /// settled golden, and the instants (seconds after the arrival) of its start and middle:
    /// the start a third into the 300 ms fade, the middle where what moves inside the scene
    /// (bars, rows, scores, steps, the count) is partway.
    static let animations: [(name: String, from: QuizState, to: String, start: Double, middle: Double)] = [
        ("phase", ShowStates.lobby, "japanese4", 0.1, 0.2),
        ("reveal", ShowStates.timesUp, "reveal4", 0.1, 0.6),
        ("standings", ShowStates.reveal4, "leaderboard", 0.1, 0.6),
        ("lobby", MotionStates.lobbyBefore, "lobby", 0.1, 0.3),
        ("podium", ShowStates.leaderboard, "ended", 0.1, 0.55),
    ]
    /// 1080p and 1280×720 (the reveal's settled golden exists at these two).
    static let sizes = [(1920, 1080), (1280, 720)]

    static let cases: [(String, Int, Int)] = animations.flatMap { a in sizes.map { (a.name, $0.0, $0.1) } }

    @Test(arguments: cases)
    func animation(name: String, width: Int, height: Int) throws {
        let fonts = try TestFonts.load()
        let a = try #require(Self.animations.first { $0.name == name })
        let renderer = SceneRenderer(fonts: fonts)
        let state = ShowStates.state(a.to)
        func frame(at elapsed: Double) -> Canvas {
            let origin = Origin(settled: SceneFrame(state: a.from, width: width, height: height, now: Self.now - elapsed),
                                renderer: renderer)
            let canvas = Canvas(width: width, height: height)
            renderer.render(Moment(frame: SceneFrame(state: state, width: width, height: height, now: Self.now), origin: origin,
                                   elapsed: elapsed), into: canvas)
            return canvas
        }
        Snapshot.assert(frame(at: a.start), named: "motion-\(name)-start-\(width)x\(height)", fonts: fonts)
        Snapshot.assert(frame(at: a.middle), named: "motion-\(name)-middle-\(width)x\(height)", fonts: fonts)
        Snapshot.assert(frame(at: Timeline.settle), named: "\(a.to)-\(width)x\(height)", fonts: fonts)
    }

    /// The countdown of the question whose deadline passed 2 s before `now` (`timesUp`), on
    /// screen for ten seconds already: the last five seconds begun (ring in the urgent colour),
    /// mid-pulse as a number changes, "time's up" coming in, and at `now`, two seconds past
    /// zero, which is the settled golden of that state (`timesup`).
    static let countdownInstants: [(name: String, at: Double)] = [("urgent", -6.85), ("pulse", -4.85), ("timesup", -1.85), ("end", 0)]

    @Test(arguments: [(1920, 1080), (1080, 1920)])
    func countdown(width: Int, height: Int) throws {
        let fonts = try TestFonts.load()
        let renderer = SceneRenderer(fonts: fonts)
        let state = ShowStates.timesUp
        for (name, at) in Self.countdownInstants {
            let origin = Origin(settled: SceneFrame(state: state, width: width, height: height, now: Self.now + at - 10), renderer: renderer)
            let canvas = Canvas(width: width, height: height)
            renderer.render(Moment(frame: SceneFrame(state: state, width: width, height: height, now: Self.now + at), origin: origin,
                                   elapsed: 10), into: canvas)
            Snapshot.assert(canvas, named: name == "end" ? "timesup-\(width)x\(height)" : "motion-countdown-\(name)-\(width)x\(height)",
                            fonts: fonts)
        }
    }
}
