import Pixels
import QuizContract

/// Drawing a `Moment` from nothing: the new state's frame at that instant of its animations,
/// cross-faded from the origin's picture while the fade lasts. `MotionPlayer` draws the same
/// pixels incrementally; tests compare the two.
extension SceneRenderer {
    /// Draws `moment` into `canvas` (of the moment's size) and returns the pose it shows.
    @discardableResult
    public func render(_ moment: Moment, into canvas: Canvas) -> Pose {
        var m = moment
        (m.frame.width, m.frame.height) = (canvas.width, canvas.height)
        text.cache.beginFrame()
        let (description, pose) = layout(m.frame, motion: m.sceneMotion)
        canvas.draw(description.items, text: text, paths: paths, inspector: inspector)
        if m.fadesFromOrigin, let origin = m.origin {
            canvas.crossFade(from: origin.picture, to: canvas, weight: Self.fadeWeight(m.elapsed), in: canvas.bounds)
        }
        return pose
    }

    /// What `moment` draws, as the list of items (the new state's frame at that instant; a
    /// cross-fade from the origin is not an item).
    public func describe(_ moment: Moment) -> SceneDescription {
        layout(moment.frame, motion: moment.sceneMotion).description
    }

    /// Whether `moment` shows nothing in between: no change of state under way and the
    /// countdown's own motion at rest. Its frame is then the frame a screen without motion
    /// shows at that instant (`render` without `--from`), pixel for pixel.
    public func isSettled(_ moment: Moment) -> Bool {
        moment.sceneMotion.isSettled
    }

    /// What a screen without motion redraws for as time passes: the countdown's number and
    /// whether it is over. nil when nothing on the screen depends on the clock.
    public func clockFace(_ frame: SceneFrame) -> ClockFace? {
        guard frame.state.phase == .question, let q = frame.state.question, let c = Countdown(q, now: frame.now) else { return nil }
        return ClockFace(seconds: c.seconds, isOver: c.isOver)
    }

    /// The cross-fade's weight of the new frame (0...256) `elapsed` seconds after it arrived.
    static func fadeWeight(_ elapsed: Double) -> Int {
        Int((Ease.inOut(Ease.progress(elapsed, start: 0, duration: Timeline.fade)) * Double(Canvas.fullWeight)).rounded())
    }

    /// Whether the output showing `moment` needs another frame soon (`moving`: at the next
    /// vblank), or nothing changes until `still(until:)` (wall-clock seconds; nil: until the
    /// state or the screen changes). Only what the screen shows counts: a countdown whose ring
    /// sweeps moves; a screen with nothing in motion asks for no frames at all.
    public func activity(_ moment: Moment) -> Activity {
        if moment.origin != nil && moment.elapsed < Timeline.settle { return .moving }
        guard moment.frame.state.phase == .question, let q = moment.frame.state.question, let end = q.endsAt else { return .still(until: nil) }
        let now = moment.frame.now
        guard now.isFinite, end.isFinite else { return .still(until: nil) }
        // "Time's up" coming in.
        if now >= end { return now < end + Timeline.timesUp ? .moving : .still(until: nil) }
        // The ring and the bar sweep continuously when they show a fraction of the time limit.
        if let limit = q.timeLimit, limit > 0 { return .moving }
        // Only the number changes (no limit, so no ring fraction): at the next whole second,
        // and through the pulses of the last five.
        if !ClockMotion(q, now: now, sceneAge: moment.sceneAge).isAtRest { return .moving }
        let left = end - now
        return .still(until: end - (left.rounded(.up) - 1))
    }
}

/// The clock as a screen without motion shows it: the whole seconds left, or time's up.
public struct ClockFace: Equatable, Sendable {
    public var seconds: Int
    public var isOver: Bool
}

/// Whether a screen is moving (a frame at every vblank) or still (no frames, and no wakeups
/// until `until`, wall-clock seconds, when its clock changes what it shows).
public enum Activity: Equatable, Sendable {
    case moving
    case still(until: Double?)

    public var isMoving: Bool { self == .moving }
}
