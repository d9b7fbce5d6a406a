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
