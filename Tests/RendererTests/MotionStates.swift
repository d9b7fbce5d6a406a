import Pixels
import QuizContract
@testable import Renderer
import TestSupport

/// The animations of the motion issue, each as states arriving at instants (seconds after
/// `ShowStates.now`, on one clock that is both the wall clock and the loop's), and a screen
/// that plays them: the incremental `MotionPlayer` drawing what an output would, beside
/// `render(moment)` from nothing.
enum MotionStates {
    static let now = ShowStates.now

    /// A state arriving `at` seconds after `now`.
    typealias Arrival = (at: Double, state: QuizState)

    /// The reveal of `ShowStates.japanese4` with more answers counted (an update mid-reveal).
    static var revealUpdated: QuizState {
        var s = ShowStates.reveal4
        s.question?.answerCounts = [9, 4, 20, 3]
        return s
    }

    /// The standings before `ShowStates.leaderboard`: the previous ranks as that state says
    /// (`previousRank`), and smaller scores.
    static var leaderboardBefore: QuizState {
        var s = ShowStates.leaderboard
        let byPrevious = s.leaderboard.sorted { ($0.previousRank ?? 99) < ($1.previousRank ?? 99) }
        s.leaderboard = byPrevious.enumerated().map { i, e in .init(name: e.name, score: max(0, 1000 - i * 90)) }
        return s
    }

    static var lobbyBefore: QuizState {
        var s = ShowStates.lobby
        s.lobby?.participants = 1190
        return s
    }

    /// Each animation: its name and the states that make it (the first is the screen's first
    /// frame, settled), and an instant inside it (seconds after `now`) for a golden of its middle.
    static let animations: [(name: String, arrivals: [Arrival], middle: Double)] = [
        ("phase", [(-2, ShowStates.lobby), (0, ShowStates.japanese4)], 0.15),
        ("reveal", [(-2, ShowStates.timesUp), (0, ShowStates.reveal4)], 0.4),
        ("standings", [(-2, ShowStates.reveal4), (0, ShowStates.leaderboard)], 0.4),
        ("lobby", [(-2, lobbyBefore), (0, ShowStates.lobby)], 0.2),
        ("podium", [(-2, ShowStates.leaderboard), (0, ShowStates.ended)], 0.45),
    ]

    /// The countdown's own motion: `english2` (deadline 3.2 s after `now`) on screen since 4 s
    /// before the last five seconds began; instants at the urgency's start, in a pulse, and as
    /// "time's up" comes in.
    static let countdown: [Arrival] = [(-6, ShowStates.english2)]
    static let countdownInstants: [(name: String, at: Double)] = [("urgent", -1.65), ("pulse", 0.35), ("timesup", 3.35)]
}

/// An output's screen in a test: states arrive at instants, frames are drawn at instants, each
/// by the player into one canvas (as an output does) and by `render(moment)` into a new one.
final class MotionScreen {
    let renderer: SceneRenderer
    let player: MotionPlayer
    let canvas: Canvas
    private var arrivals: [MotionStates.Arrival]
    private(set) var current: (state: QuizState, origin: Origin?, arrived: Double)?
    private(set) var lastDamage: [Rect] = []

    init(renderer: SceneRenderer, width: Int, height: Int, arrivals: [MotionStates.Arrival]) {
        self.renderer = renderer
        player = MotionPlayer(renderer: renderer)
        canvas = Canvas(width: width, height: height)
        self.arrivals = arrivals.sorted { $0.at < $1.at }
    }

    /// The moment shown `t` seconds after `MotionStates.now`, taking in every state that has
    /// arrived by then.
    func moment(at t: Double) -> Moment {
        while let next = arrivals.first, next.at <= t {
            arrivals.removeFirst()
            current = (next.state, current == nil ? nil : player.capture(), t)
        }
        guard let c = current else { return Moment(frame: frame(.idle, t)) }
        return Moment(frame: frame(c.state, t), origin: c.origin, elapsed: t - c.arrived)
    }

    func frame(_ state: QuizState, _ t: Double) -> SceneFrame {
        SceneFrame(state: state, width: canvas.width, height: canvas.height, now: MotionStates.now + t)
    }

    /// Draws the frame at `t` with the player; returns the moment.
    @discardableResult
    func draw(at t: Double) -> Moment {
        let m = moment(at: t)
        lastDamage = player.draw(m, into: canvas)
        return m
    }

    /// `moment` drawn from nothing.
    func fresh(_ m: Moment) -> Canvas {
        let c = Canvas(width: canvas.width, height: canvas.height)
        renderer.render(m, into: c)
        return c
    }

    /// The settled frame of `state` at `t`: what `render` draws without `--from`.
    func settled(_ state: QuizState, at t: Double) -> Canvas {
        let c = Canvas(width: canvas.width, height: canvas.height)
        renderer.render(state, into: c, now: MotionStates.now + t)
        return c
    }
}
