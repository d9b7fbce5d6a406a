import Pixels
import QuizContract

/// The question: "3 / 10", the question at 48 units × the text scale (shrinking, then cut,
/// only when it cannot fit), up to six choices each with its colour and shape, the answers so
/// far, and the countdown as a ring with the seconds and a bar along the bottom edge. When the
/// deadline passes, "time's up" replaces the countdown and the choices lock where they are.
struct QuestionScene: Scene {
    func layout(_ state: QuizState, in ctx: SceneContext) {
        let t = ctx.theme
        let q = state.question ?? QuizState.Question()
        let n = min(q.choices.count, t.choices.count)
        let L = QuestionLayout.fitted(q, choices: n, in: ctx)
        let frame = L.frame
        let countdown = Countdown(q, now: ctx.now)
        let over = countdown?.isOver == true
        // When the deadline has just passed, "time's up" comes in: what it replaces fades out
        // under it (1: settled, and none of what it replaced is laid out any more).
        let entering = over ? ctx.motion.clock.timesUp : 1
        func fadingOut(_ c: Color) -> Color { c.mixed(with: t.background, entering) }

        QuestionHeader.layout(state, frame: frame, type: L.headerType, rightW: frame.ringBox.w, in: ctx)
        if let picture = q.image, let area = L.picture { QuestionPicture.layout(picture, in: area.slot, ctx: ctx) }
        if let countdown {
            if over {
                let (cx, cy) = ctx.viewport.point(frame.ringBox.midX, frame.ringBox.midY)
                if entering < 1 {
                    let outer = ctx.viewport.length(frame.ringBox.w / 2)
                    ctx.fill(.countdownTrack, arc: RingArc(cx: cx, cy: cy, outer: outer, inner: outer - ctx.viewport.length(frame.ringBox.w * 0.16)),
                             fadingOut(t.track))
                }
                ctx.fill(.lock, path: .padlock(cx: cx, cy: cy, size: ctx.viewport.length(frame.ringBox.w * 0.6)),
                         t.background.mixed(with: t.mutedText, entering))
            } else {
                countdown.layoutRing(frame.ringBox, in: ctx)
            }
        }
        ctx.place(L.question, .question, in: L.questionBox, align: n == 0 ? .center : .start, color: t.text, on: t.background)

        if let answered = q.answered.flatMap({ ctx.labels.answered($0, of: q.players) }), !over || entering < 1 {
            ctx.text(answered, .answered, weight: .bold, size: L.type.label,
                     min: L.type.floor, in: L.status, lines: 1, align: .center, vertical: .center,
                     color: over ? fadingOut(t.mutedText) : t.mutedText, on: t.background)
        }
        if over {
            StatusLine.timesUp(in: L.status, type: L.type, entering: entering, ctx)
        }
        for (i, box) in L.boxes.enumerated() {
            ChoiceBox.layout(L.labels[i], index: i, in: box, grid: L.grid, look: over ? .locked : .plain, tally: nil,
                             locking: entering, ctx: ctx)
        }
        if !over {
            countdown?.layoutBar(frame.bar, in: ctx)
        } else if entering < 1, countdown?.fraction != nil {
            ctx.fill(.countdownTrack, frame.bar, fadingOut(t.track))
        }
    }

    /// The ring (grown by two pixels, the rasterizer's reach past a path's bounds) and the bar.
    /// Crossing the deadline changes more than these (the lock, the choices): `layout` says so.
    func clockRegions(_ state: QuizState, in ctx: SceneContext) -> ClockRegions? {
        guard let q = state.question, let countdown = Countdown(q, now: ctx.now) else { return nil }
        let viewport = ctx.viewport
        // Above a text scale of 1 the header's size depends on what the body needs (`fitted`).
        let frame = ctx.type.k > 1 && q.image == nil
            ? QuestionLayout.fitted(q, choices: min(q.choices.count, ctx.theme.choices.count), in: ctx).frame
            : QuestionLayout.Frame(viewport: viewport, type: ctx.type)
        return ClockRegions(rects: [viewport.rect(frame.ringBox).insetBy(dx: -2, dy: -2), viewport.rect(frame.bar)],
                            shows: countdown, layout: countdown.isOver)
    }
}

/// The line between the question and the choices: the answers so far, "time's up", or in the
/// reveal the correct answer.
enum StatusLine {
    /// A pill in the warning colour with a padlock: dark ink, so it reads by lightness too.
    /// `entering` (0...1, 1 settled): the pill opens from the middle as its colours come in.
    static func timesUp(in status: Box, type: TypeScale, entering: Double = 1, _ ctx: SceneContext) {
        let t = ctx.theme, vp = ctx.viewport, k = type.k
        let h = status.h - 8
        let lock = h * 0.62
        let textBox = Box(x: status.x, y: status.y, w: status.w - lock - 3 * 28 * k, h: status.h)
        let block = ctx.fit(ctx.labels.timesUp, weight: .bold, size: type.timesUp, min: type.floor, in: textBox, lines: 1)
        let w = lock + 16 * k + ctx.width(block) + 2 * 28 * k
        let pill = Box(x: status.midX - w / 2, y: status.midY - h / 2, w: w, h: h)
        // The pill opens in the first half; what it says comes in during the second.
        let fill = t.background.mixed(with: t.warning, entering)
        let ink = fill.mixed(with: t.darkText, max(0, 2 * entering - 1))
        let shown = entering >= 1 ? pill : pill.inset(pill.w * (1 - Ease.mix(0.6, 1, 2 * entering)) / 2, 0)
        ctx.fill(.timesUp, shown, radius: h / 2, fill)
        let (cx, cy) = vp.point(pill.x + 28 * k + lock / 2, pill.midY)
        ctx.fill(.lock, path: .padlock(cx: cx, cy: cy, size: vp.length(lock)), ink)
        let x = pill.x + 28 * k + lock + 16 * k
        ctx.place(block, .timesUp, in: Box(x: x, y: pill.y, w: pill.maxX - x, h: pill.h), vertical: .center,
                  color: ink, on: fill, clip: entering >= 1 ? nil : shown)
    }
}
