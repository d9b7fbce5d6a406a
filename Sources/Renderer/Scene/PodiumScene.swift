import QuizContract

/// The end: the winners on a podium, first in the middle and highest, second on its left,
/// third on its right, each with name and score above its block and the rank on it.
struct PodiumScene: Scene {
    func draw(_ state: QuizState, in ctx: SceneContext) {
        let t = ctx.theme
        let portrait = ctx.viewport.isPortrait
        let m = portrait ? 60.0 : t.margin
        let w = ctx.refWidth
        let headTop = portrait ? 90.0 : 44.0
        let winners = Array(state.leaderboard.prefix(3))
        ctx.drawText(winners.isEmpty ? "Thanks for playing!" : "Final results", weight: .bold, size: 72, minSize: 40,
                     box: ctx.rect(m, headTop, w - 2 * m, 100), maxLines: 1, align: .center, vertical: .center,
                     color: t.text, on: t.background)
        if let title = state.title {
            ctx.drawText(title, size: 32, minSize: 24, box: ctx.rect(m, headTop + 100, w - 2 * m, 50), maxLines: 1,
                         align: .center, vertical: .center, color: t.mutedText, on: t.background)
        }
        guard !winners.isEmpty else { return }
        // Portrait has room above the podium for the next few places.
        if portrait {
            let rest = state.leaderboard.dropFirst(3).prefix(5)
            for (i, entry) in rest.enumerated() {
                StandingRow.draw(rank: 3 + i, entry, in: Box(x: m, y: headTop + 190 + Double(i) * 112, w: w - 2 * m, h: 100), ctx)
            }
        }

        let gap = portrait ? 24.0 : 40.0
        let colW = min(440, (w - 2 * m - 2 * gap) / 3)
        let base = ctx.refHeight - t.footer
        let heights = portrait ? [560.0, 430, 330] : [400.0, 300, 220]
        // Left to right: second, first, third.
        let slots = [1, 0, 2]
        let x0 = (w - 3 * colW - 2 * gap) / 2
        for (slot, rank) in slots.enumerated() where rank < winners.count {
            let x = x0 + Double(slot) * (colW + gap)
            drawStep(rank: rank, winners[rank], block: Box(x: x, y: base - heights[rank], w: colW, h: heights[rank]),
                     portrait: portrait, ctx)
        }
    }

    private func drawStep(rank: Int, _ entry: QuizState.Standing, block: Box, portrait: Bool, _ ctx: SceneContext) {
        let t = ctx.theme, vp = ctx.viewport
        let medal = t.medal(rank)
        // Square bottom corners: the blocks stand on the footer line.
        ctx.canvas.fillRoundedRect(vp.rect(block), radius: vp.length(20), medal)
        ctx.canvas.fillRect(vp.rect(Box(x: block.x, y: block.maxY - 20, w: block.w, h: 20)), medal)
        ctx.drawText(String(rank + 1), weight: .bold, size: rank == 0 ? 130 : 110, minSize: 60,
                     box: ctx.rect(block.x, block.y + 16, block.w, min(160, block.h - 32)), maxLines: 1,
                     align: .center, vertical: .center, color: t.darkText, on: medal)

        let scoreH = 56.0, nameH = portrait ? 124.0 : 76.0
        let scoreY = block.y - 16 - scoreH
        ctx.drawText(String(entry.score), weight: .bold, size: 44, minSize: 28, box: ctx.rect(block.x, scoreY, block.w, scoreH),
                     maxLines: 1, align: .center, vertical: .center, color: t.accent, on: t.background)
        let nameBox = ctx.rect(block.x - 10, scoreY - nameH, block.w + 20, nameH)
        let size = rank == 0 ? 60.0 : 52
        let name = portrait ? ctx.fitText(entry.name, weight: .bold, size: size, minSize: 36, box: nameBox, maxLines: 2)
                            : ctx.fitLine(entry.name, weight: .bold, size: size, minSize: 36, width: nameBox.width)
        ctx.draw(name, box: nameBox, align: .center, vertical: .bottom, color: t.text, on: t.background)
        if rank == 0 {
            let star = 84.0
            let nameTop = Double(nameBox.maxY - name.height) / vp.scale
            let (cx, cy) = vp.point(block.midX, nameTop - 20 - star / 2)
            ctx.canvas.fill(ChoiceShape.star.path(cx: cx, cy: cy, size: vp.length(star)), t.accent)
        }
    }
}
