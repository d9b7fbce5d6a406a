/// Standings: the top entries with rank, name and score; long names end with an ellipsis.
/// The final variant (`ended`) heads it with the winner.
struct LeaderboardScene: Scene {
    let final: Bool

    func draw(_ state: QuizState, in ctx: SceneContext) {
        let t = ctx.theme
        let m = t.margin
        let w = ctx.refWidth - 2 * m
        let heading = final ? (state.leaderboard.first.map { "Winner: \($0.name)" } ?? "Thanks for playing!") : "Leaderboard"
        ctx.drawText(heading, weight: .bold, size: 72, minSize: 40, box: ctx.rect(m, 50, w, 110), maxLines: 1,
                     align: .center, vertical: .center, color: final ? t.accent : t.text)
        let shown = Array(state.leaderboard.prefix(10))
        guard !shown.isEmpty else {
            ctx.drawText(state.title ?? "", size: 48, box: ctx.rect(m, ctx.refHeight / 2 - 40, w, 80), maxLines: 1,
                         align: .center, vertical: .center, color: t.mutedText)
            return
        }
        let top = 200.0
        let rowH = min(80.0, (ctx.refHeight - top - 60) / Double(shown.count))
        let listW = min(w, 1400)
        let x = (ctx.refWidth - listW) / 2
        for (i, e) in shown.enumerated() {
            let y = top + Double(i) * rowH
            if i % 2 == 0 {
                ctx.canvas.fillRoundedRect(ctx.rect(x, y + 4, listW, rowH - 8), radius: ctx.viewport.length(12), t.panel)
            }
            let ink = i < 3 ? t.accent : t.text
            ctx.drawText("\(i + 1)", weight: .bold, size: rowH * 0.5, box: ctx.rect(x + 20, y, 90, rowH), maxLines: 1,
                         align: .right, vertical: .center, color: ink)
            ctx.drawText(e.name, weight: .bold, size: rowH * 0.5, box: ctx.rect(x + 150, y, listW - 150 - 260, rowH),
                         maxLines: 1, vertical: .center, color: t.text)
            ctx.drawText(String(e.score), weight: .bold, size: rowH * 0.5, box: ctx.rect(x + listW - 250, y, 220, rowH),
                         maxLines: 1, align: .right, vertical: .center, color: ink)
        }
    }
}
