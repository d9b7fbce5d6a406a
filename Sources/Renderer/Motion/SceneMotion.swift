import QuizContract

/// What a scene is asked to animate in the frame it lays out: how long ago its state arrived,
/// the pose on screen then (to continue from), the state that showed it, and the clock's own
/// motion. `settled` lays out the state as it is, the frame `render` draws without `--from`.
struct SceneMotion {
    var elapsed: Double
    var origin: Pose?
    var originState: QuizState?
    var clock: ClockMotion

    static let settled = SceneMotion(elapsed: .infinity, origin: nil, originState: nil, clock: .rest)

    var isSettled: Bool { elapsed >= Timeline.settle && clock.isAtRest }

    /// Eased progress (0...1) through a window of the timeline.
    func progress(_ window: (start: Double, duration: Double)) -> Double {
        Ease.out(Ease.progress(elapsed, start: window.start, duration: window.duration))
    }

    /// The origin's pose when it showed `phase` (values continue from it), else nil (they
    /// start as an entrance does).
    func continuing(_ phase: QuizState.Phase) -> Pose? {
        originState?.phase == phase ? origin : nil
    }
}

extension Moment {
    var sceneMotion: SceneMotion {
        SceneMotion(elapsed: origin == nil ? .infinity : elapsed, origin: origin?.pose, originState: origin?.frame.state,
                    clock: frame.state.phase == .question ? ClockMotion(frame.state.question, now: frame.now, sceneAge: sceneAge) : .rest)
    }
}
