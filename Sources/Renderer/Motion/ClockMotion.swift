import QuizContract

/// The countdown's own motion, read off the wall clock: in the last five seconds the number
/// pulses each time it changes and the ring, digits and bar turn urgent over a moment instead
/// of at once; when the deadline passes "time's up" comes in. Each plays only when its instant
/// came after the scene did (`sceneAge`): a screen that comes up mid-pulse shows the settled
/// frame, and so does every instant once the motion has ended.
struct ClockMotion: Equatable {
    /// 0 at rest, 1 at the height of a pulse of the digits.
    var pulse = 0.0
    /// nil at rest (urgent or not as the countdown says); 0...1 while turning urgent.
    var urgency: Double?
    /// 1 at rest; 0...1 while "time's up" comes in.
    var timesUp = 1.0

    static let rest = ClockMotion()

    init() {}

    init(_ q: QuizState.Question?, now: Double, sceneAge: Double) {
        guard let end = q?.endsAt, now.isFinite, end.isFinite else { return }
        let left = end - now
        // Since an instant, if it came after the scene did and the motion it starts is not over.
        func since(_ instant: Double, lasting duration: Double) -> Double? {
            let d = now - instant
            return d >= 0 && d < duration && d < sceneAge ? d : nil
        }
        if left > 0, left <= 5 {
            let shown = left.rounded(.up)   // the number on screen became `shown` at end − shown
            if let d = since(end - shown, lasting: Timeline.pulse) { pulse = Ease.bump(d / Timeline.pulse) }
            if let d = since(end - 5, lasting: Timeline.urgency) { urgency = Ease.inOut(d / Timeline.urgency) }
        } else if left <= 0, let d = since(end, lasting: Timeline.timesUp) {
            timesUp = Ease.out(d / Timeline.timesUp)
        }
    }

    var isAtRest: Bool { self == .rest }
}
