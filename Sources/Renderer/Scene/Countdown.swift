import Glibc

/// Time left on a question, from `endsAt` (the controller's deadline, counted on this screen's
/// clock) and `timeLimit` (the full length, for the ring's fraction).
struct Countdown: Equatable {
    /// Whole seconds shown, rounded up (a question with 0.2 s left still shows 1).
    let seconds: Int
    /// Remaining fraction of the time limit, 0...1; nil when the limit is unknown.
    let fraction: Double?

    init?(_ q: QuizState.Question, now: Double) {
        switch (q.endsAt, q.timeLimit) {
        case let (end?, limit):
            let left = max(0, end - now)
            seconds = Int(left.rounded(.up))
            fraction = limit.map { min(1, max(0, left / $0)) }
        case let (nil, limit?):
            // No deadline yet: the full time, not running.
            seconds = Int(limit.rounded(.up))
            fraction = 1
        case (nil, nil):
            return nil
        }
    }

    var isUrgent: Bool { seconds <= 5 }

    /// A ring with the remaining fraction and the seconds in its middle.
    func draw(centerX: Double, centerY: Double, diameter: Double, in ctx: SceneContext) {
        let (cx, cy) = ctx.viewport.point(centerX, centerY)
        let outer = ctx.viewport.length(diameter / 2)
        let inner = outer - ctx.viewport.length(diameter * 0.09)
        let color = isUrgent ? ctx.theme.warning : ctx.theme.accent
        ctx.canvas.fill(.ring(cx: cx, cy: cy, outer: outer, inner: inner, start: 0, sweep: 2 * Double.pi), ctx.theme.track)
        let f = fraction ?? 1
        if f > 0 {
            ctx.canvas.fill(.ring(cx: cx, cy: cy, outer: outer, inner: inner, start: -Double.pi / 2, sweep: 2 * Double.pi * f), color)
        }
        let box = ctx.rect(centerX - diameter / 2, centerY - diameter / 2, diameter, diameter)
        ctx.drawText(String(seconds), weight: .bold, size: diameter * 0.4, box: box, maxLines: 1,
                     align: .center, vertical: .center, color: ctx.theme.text)
    }
}
