import QuizContract

/// Standings: up to ten rows with rank, name and score; the top three wear medal badges, long
/// names end with an ellipsis rather than pushing the score off the row.
struct LeaderboardScene: Scene {
    static let shown = 10

    func draw(_ state: QuizState, in ctx: SceneContext) {
        let t = ctx.theme
        let portrait = ctx.viewport.isPortrait
        let m = portrait ? 60.0 : t.margin
        let w = ctx.refWidth
        let headTop = portrait ? 90.0 : 44.0
        ctx.drawText("Leaderboard", weight: .bold, size: 72, minSize: 40, box: ctx.rect(m, headTop, w - 2 * m, 100), maxLines: 1,
                     align: .center, vertical: .center, color: t.text, on: t.background)
        if let title = state.title {
            ctx.drawText(title, size: 32, minSize: 24, box: ctx.rect(m, headTop + 100, w - 2 * m, 50), maxLines: 1,
                         align: .center, vertical: .center, color: t.mutedText, on: t.background)
        }
        let rows = Array(state.leaderboard.prefix(Self.shown))
        let top = headTop + (portrait ? 200 : 176)
        let bottom = ctx.refHeight - t.footer
        guard !rows.isEmpty else {
            ctx.drawText("No scores yet", size: 48, box: ctx.rect(m, (top + bottom) / 2 - 40, w - 2 * m, 80), maxLines: 1,
                         align: .center, vertical: .center, color: t.mutedText, on: t.background)
            return
        }
        let rowH = min(portrait ? 150 : 84, (bottom - top) / Double(rows.count))
        let listW = min(w - 2 * m, 1400)
        let x = (w - listW) / 2
        for (i, entry) in rows.enumerated() {
            StandingRow.draw(rank: i, entry, in: Box(x: x, y: top + Double(i) * rowH, w: listW, h: rowH), ctx)
        }
    }
}
