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
    /// The deadline has passed: "time's up" replaces the countdown and the choices lock.
    let isOver: Bool

    init?(_ q: QuizState.Question, now: Double) {
        switch (q.endsAt, q.timeLimit) {
        case let (end?, limit):
            // A NaN clock (a caller's bug) must not reach Int(), which traps on it.
            let left = (end - now).isNaN ? 0 : max(0, end - now)
            // Clamped so a far-future deadline cannot overflow Int (and is shown as 99:59:59).
            seconds = Int(min(left, Double(CountdownText.maxShown)).rounded(.up))
            fraction = limit.map { $0 > 0 ? min(1, max(0, left / $0)) : 0 }
            isOver = left <= 0
        case let (nil, limit?):
            // No deadline yet: the full time, not running.
            seconds = Int(min(max(0, limit), Double(CountdownText.maxShown)).rounded(.up))
            fraction = 1
            isOver = false
        case (nil, nil):
            return nil
        }
    }

    /// The last five seconds: the digits grow, the ring and bar thicken and turn from the
    /// accent to the warning colour — size and weight as well as hue, so the urgency reads
    /// without telling yellow from orange.
    var isUrgent: Bool { seconds <= 5 && !isOver }

    /// What the ring shows: "42", "12:05", "1:02:03".
    var text: String { CountdownText.format(seconds: seconds) }

    /// 0 calm, 1 urgent; in between while the frame's clock motion turns it urgent.
    func urgency(_ ctx: SceneContext) -> Double { isUrgent ? ctx.motion.clock.urgency ?? 1 : 0 }

    /// The ring with the remaining fraction and the seconds in its middle, in `box` (units).
    /// In the last five seconds the ring thickens and the digits grow and turn to the warning
    /// colour (over a moment, with motion), and the digits pulse as they change.
    func layoutRing(_ box: Box, in ctx: SceneContext) {
        let t = ctx.theme, vp = ctx.viewport
        let u = urgency(ctx)
        let (cx, cy) = vp.point(box.midX, box.midY)
        let outer = vp.length(box.w / 2)
        let inner = outer - vp.length(box.w * Ease.mix(0.1, 0.16, u))
        ctx.fill(.countdownTrack, arc: RingArc(cx: cx, cy: cy, outer: outer, inner: inner), t.track)
        let f = fraction ?? 1
        if f > 0 {
            // Cut from the track's own band: as it sweeps, only the wedge between two frames' ends changes.
            ctx.fill(.countdown, arc: RingArc(cx: cx, cy: cy, outer: outer, inner: inner, sweep: 2 * Double.pi * f),
                     t.accent.mixed(with: t.warning, u))
        }
        let label = ctx.labels.digits(text)
        // Minutes and hours ("12:05", "1:02:03") take the ring's whole inner width: a band
        // through the centre of the inner circle is nearly as wide as the circle.
        var digits = label.count > 3 ? box.inset(box.w * 0.12, box.w * 0.17) : box.inset(box.w * 0.17, box.w * 0.17)
        var size = box.w * Ease.mix(label.count >= 3 ? 0.3 : 0.4, 0.5, u)
        let pulse = ctx.motion.clock.pulse
        if pulse > 0 {
            // The pulse: the number swells by up to 15% and settles, its box with it.
            let grow = 1 + 0.15 * pulse
            size *= grow
            digits = digits.inset(-digits.w * (grow - 1) / 2, -digits.h * (grow - 1) / 2)
        }
        // Hours ("1:02:03") are the one label allowed under the type floor: a question open for
        // more than an hour is rare, and whole is better than cut.
        let floor = label.count > 5 ? box.w * 0.14 : min(box.w * 0.2, ctx.type.floor)
        let block = ctx.fit(label, weight: .bold, size: size, min: floor, in: digits, lines: 1)
        // Centred on the ring by its cap height, not its line box.
        ctx.place(block, .countdown, in: digits, baseline: box.midY + 0.36 * Double(block.size) / vp.scale, align: .center,
                  color: t.text.mixed(with: t.warning, u), on: t.background)
    }

    /// The bar along the bottom edge that shrinks toward the left as time runs out, in `box`
    /// (the urgent, thicker bar's box; the calm one fills its lower part).
    func layoutBar(_ box: Box, in ctx: SceneContext) {
        guard let f = fraction else { return }
        let u = urgency(ctx)
        let h = Ease.mix(0.6, 1, u)
        let bar = u >= 1 ? box : Box(x: box.x, y: box.maxY - box.h * h, w: box.w, h: box.h * h)
        let r = ctx.viewport.rect(bar)
        ctx.fill(.countdownTrack, pixels: r, ctx.theme.track)
        let filled = Rect(x: r.x, y: r.y, width: Int((Double(r.width) * f).rounded()), height: r.height)
        if filled.width > 0 { ctx.fill(.countdown, pixels: filled, ctx.theme.accent.mixed(with: ctx.theme.warning, u)) }
    }
}
