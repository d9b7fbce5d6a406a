import QuizContract

/// The answer: the question again (smaller, the room has read it), how many picked each choice
/// as a bar chart with the numbers, and the choices where they were, the correct one outlined
/// with a check mark and the others dimmed.
struct RevealScene: Scene {
    func draw(_ state: QuizState, in ctx: SceneContext) {
        let t = ctx.theme
        let q = state.question ?? QuizState.Question()
        let L = QuestionLayout(viewport: ctx.viewport, theme: t)
        QuestionHeader.draw(state, layout: L, in: ctx)

        let n = min(q.choices.count, t.choices.count)
        let counts = (0..<n).map { i in q.answerCounts.flatMap { i < $0.count ? max(0, $0[i]) : nil } ?? 0 }
        let showsCounts = q.answerCounts != nil && n > 0
        if showsCounts {
            let total = counts.reduce(0, +)
            ctx.drawText(total == 1 ? "1 answer" : "\(total) answers", weight: .bold, size: 36, minSize: 24,
                         box: ctx.rect(L.width - L.margin - L.ring - 60, L.headerMidY - 30, L.ring + 60, 60), maxLines: 1,
                         align: .right, vertical: .center, color: t.mutedText, on: t.background)
        }

        let boxes = L.choiceBoxes(count: n, reveal: true)
        let gridTop = boxes.first?.y ?? L.contentBottom
        let textTop = L.headerBottom + (L.portrait ? 30 : 16)
        // Without counts the question takes the chart's room too.
        let textH = showsCounts ? (L.portrait ? 230.0 : 130.0) : max(60, gridTop - 40 - textTop)
        ctx.drawText(q.text ?? "", weight: .bold, size: t.questionSize, minSize: t.questionMinSize,
                     box: ctx.rect(L.margin, textTop, L.width - 2 * L.margin, textH), maxLines: showsCounts ? 3 : .max,
                     align: n == 0 ? .center : .left, vertical: .center, color: t.text, on: t.background)

        let emphasis: (Int) -> ChoiceBox.Emphasis = { i in q.correct.map { $0 == i ? .correct : .dimmed } ?? .plain }
        if showsCounts {
            let chartTop = textTop + textH + (L.portrait ? 40 : 24)
            let chart = Box(x: L.margin, y: chartTop, w: L.width - 2 * L.margin, h: gridTop - (L.portrait ? 48 : 36) - chartTop)
            AnswerChart.draw(counts: counts, emphasis: emphasis, in: chart, ctx: ctx)
        }
        for (i, box) in boxes.enumerated() {
            ChoiceBox.draw(q.choices[i], index: i, in: box, emphasis: emphasis(i), in: ctx)
        }
    }
}
