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

/// The top line of the question and reveal: where in the quiz we are, and the quiz's name.
enum QuestionHeader {
    static func draw(_ state: QuizState, layout L: QuestionLayout, in ctx: SceneContext) {
        let t = ctx.theme
        let q = state.question ?? QuizState.Question()
        let numberW = L.portrait ? 280.0 : 300.0
        if let n = q.number {
            let label = q.total.map { "\(n) / \($0)" } ?? "\(n)"
            ctx.drawText(label, weight: .bold, size: 44, minSize: 28, box: ctx.rect(L.margin, L.headerMidY - 34, numberW, 68),
                         maxLines: 1, vertical: .center, color: t.accent, on: t.background)
        }
        if let title = state.title {
            // Centred between the number and the ring in landscape; in portrait the narrow
            // header has room only beside the number.
            let x = L.margin + numberW + 20
            let w = L.width - L.margin - L.ring - 80 - x
            let box = L.portrait ? ctx.rect(x, L.headerMidY - 28, w, 56)
                                 : ctx.rect(x, L.headerMidY - 28, L.width - 2 * x, 56)
            ctx.drawText(title, size: 32, minSize: 24, box: box, maxLines: 1, align: L.portrait ? .left : .center,
                         vertical: .center, color: t.mutedText, on: t.background)
        }
    }
}
