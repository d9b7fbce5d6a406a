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

/// Columns in the choices' colours, as tall as their share of the most picked one, with the
/// count above each and the choice's shape at its foot (so the chart reads without colour).
enum AnswerChart {
    static func draw(counts: [Int], emphasis: (Int) -> ChoiceBox.Emphasis, in chart: Box, ctx: SceneContext) {
        let t = ctx.theme, vp = ctx.viewport
        let n = counts.count
        guard n > 0, chart.h > 80 else { return }
        let colW = min(200, chart.w / (Double(n) * 1.5 - 0.5))
        let gap = colW / 2
        let x0 = chart.midX - (Double(n) * colW + Double(n - 1) * gap) / 2
        let label = min(64, chart.h * 0.22)
        let foot = min(colW, 96, chart.h - label - 8)
        let most = max(1, counts.max() ?? 0)
        for (i, count) in counts.enumerated() {
            let e = emphasis(i)
            let style = e == .dimmed ? t.dimmed(t.choice(i)) : t.choice(i)
            let x = x0 + Double(i) * (colW + gap)
            let h = foot + (chart.h - label - 8 - foot) * Double(count) / Double(most)
            let bar = Box(x: x, y: chart.maxY - h, w: colW, h: h)
            let radius = vp.length(min(16, colW / 6))
            ctx.canvas.fillRoundedRect(vp.rect(bar), radius: radius, style.fill)
            let mark = foot * 0.5
            let (mx, my) = vp.point(bar.midX, bar.maxY - foot / 2)
            ctx.canvas.fill(style.shape.path(cx: mx, cy: my, size: vp.length(mark)), style.text)
            ctx.drawText(String(count), weight: .bold, size: label * 0.8, minSize: label * 0.5,
                         box: ctx.rect(x - gap / 2, bar.y - label - 8, colW + gap, label), maxLines: 1,
                         align: .center, vertical: .bottom, color: e == .dimmed ? t.mutedText : t.text, on: t.background)
        }
    }
}
