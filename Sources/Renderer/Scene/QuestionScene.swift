import QuizContract

/// The question: "3 / 10", the question text at 48 units (shrinking, then ellipsized, when it
/// does not fit), up to six choices each with its colour and shape, and the countdown as a
/// ring with the seconds and a bar along the bottom edge, both running out.
struct QuestionScene: Scene {
    func draw(_ state: QuizState, in ctx: SceneContext) {
        let t = ctx.theme
        let q = state.question ?? QuizState.Question()
        let L = QuestionLayout(viewport: ctx.viewport, theme: t)
        QuestionHeader.draw(state, layout: L, in: ctx)
        let countdown = Countdown(q, now: ctx.now)
        countdown?.drawRing(L.ringBox, in: ctx)

        let n = min(q.choices.count, t.choices.count)
        let boxes = L.choiceBoxes(count: n, reveal: false)
        let top = L.headerBottom + (L.portrait ? 40 : 24)
        let bottom = (boxes.first?.y ?? L.contentBottom) - (L.portrait ? 40 : 36)
        ctx.drawText(q.text ?? "", weight: .bold, size: t.questionSize, minSize: t.questionMinSize,
                     box: ctx.rect(L.margin, top, L.width - 2 * L.margin, max(60, bottom - top)),
                     align: n == 0 ? .center : .left, vertical: .center, color: t.text, on: t.background)
        for (i, box) in boxes.enumerated() {
            ChoiceBox.draw(q.choices[i], index: i, in: box, emphasis: .plain, in: ctx)
        }
        countdown?.drawBar(L.bar, in: ctx)
    }

    /// The ring (grown by two pixels, the rasterizer's reach past a path's bounds) and the bar.
    func clockRegions(_ state: QuizState, viewport: Viewport, theme: Theme, now: Double) -> ClockRegions? {
        guard let q = state.question, let countdown = Countdown(q, now: now) else { return nil }
        let L = QuestionLayout(viewport: viewport, theme: theme)
        return ClockRegions(rects: [viewport.rect(L.ringBox).insetBy(dx: -2, dy: -2), viewport.rect(L.bar)], shows: countdown)
    }
}
