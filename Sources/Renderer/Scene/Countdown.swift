import Glibc
import Pixels
import QuizContract

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
            // A NaN clock (a caller's bug) must not reach Int(), which traps on it.
            let left = (end - now).isNaN ? 0 : max(0, end - now)
            // Clamped so a far-future deadline cannot overflow Int.
            seconds = Int(min(left, 359_999).rounded(.up))
            fraction = limit.map { $0 > 0 ? min(1, max(0, left / $0)) : 0 }
        case let (nil, limit?):
            // No deadline yet: the full time, not running.
            seconds = Int(min(max(0, limit), 359_999).rounded(.up))
            fraction = 1
        case (nil, nil):
            return nil
        }
    }

    /// The last five seconds turn the ring and bar from yellow to orange.
    var isUrgent: Bool { seconds <= 5 }

    /// A ring with the remaining fraction and the seconds in its middle.
    func drawRing(_ box: Box, in ctx: SceneContext) {
        let t = ctx.theme
        let (cx, cy) = ctx.viewport.point(box.midX, box.midY)
        let outer = ctx.viewport.length(box.w / 2)
        let inner = outer - ctx.viewport.length(box.w * 0.1)
        ctx.canvas.fill(.ring(cx: cx, cy: cy, outer: outer, inner: inner, start: 0, sweep: 2 * Double.pi), t.track)
        let f = fraction ?? 1
        if f > 0 {
            ctx.canvas.fill(.ring(cx: cx, cy: cy, outer: outer, inner: inner, start: -Double.pi / 2, sweep: 2 * Double.pi * f),
                            isUrgent ? t.warning : t.accent)
        }
        let digits = box.inset(box.w * 0.14, box.w * 0.14)
        ctx.drawText(String(seconds), weight: .bold, size: box.w * (seconds >= 100 ? 0.3 : 0.42), minSize: box.w * 0.2,
                     box: ctx.viewport.rect(digits), maxLines: 1, align: .center, vertical: .center,
                     color: isUrgent ? t.warning : t.text, on: t.background)
    }

    /// A bar along the bottom edge that shrinks toward the left as time runs out.
    func drawBar(_ box: Box, in ctx: SceneContext) {
        guard let f = fraction else { return }
        let bar = ctx.viewport.rect(box)
        ctx.canvas.fillRect(bar, ctx.theme.track)
        let filled = Rect(x: bar.x, y: bar.y, width: Int((Double(bar.width) * f).rounded()), height: bar.height)
        ctx.canvas.fillRect(filled, isUrgent ? ctx.theme.warning : ctx.theme.accent)
    }
}
