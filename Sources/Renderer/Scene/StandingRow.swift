import Pixels
import QuizContract

/// One line of the standings: a rank (a medal badge for the top three), the name, ellipsized
/// when long, and the score right-aligned.
enum StandingRow {
    static func draw(rank: Int, _ entry: QuizState.Standing, in row: Box, _ ctx: SceneContext) {
        let t = ctx.theme, vp = ctx.viewport
        let gap = max(4, row.h * 0.1)
        let band = row.inset(0, gap / 2)
        ctx.canvas.fillRoundedRect(vp.rect(band), radius: vp.length(band.h * 0.25), t.panel)
        // Tall portrait rows get more air, not bigger type than the landscape rows.
        let text = min(band.h * 0.5, 44)
        let badge = min(band.h * 0.78, 72)
        let badgeBox = Box(x: band.x + min(band.h * 0.3, 28), y: band.midY - badge / 2, w: badge, h: badge)
        let rankColor: (ink: Color, on: Color)
        if rank < 3 {
            let (cx, cy) = vp.point(badgeBox.midX, badgeBox.midY)
            ctx.canvas.fill(.circle(cx: cx, cy: cy, radius: vp.length(badge / 2)), t.medal(rank))
            rankColor = (t.darkText, t.medal(rank))
        } else {
            rankColor = (t.mutedText, t.panel)
        }
        ctx.drawText(String(rank + 1), weight: .bold, size: text, minSize: text * 0.6, box: vp.rect(badgeBox), maxLines: 1,
                     align: .center, vertical: .center, color: rankColor.ink, on: rankColor.on)
        let scoreW = band.w * 0.26
        let nameX = badgeBox.maxX + min(band.h * 0.4, 36)
        let nameBox = ctx.rect(nameX, band.y, band.maxX - scoreW - 40 - nameX, band.h)
        if ctx.mayDraw(nameBox, size: text) {
            let name = ctx.fitLine(entry.name, weight: .bold, size: text, minSize: text * 0.8, width: nameBox.width)
            ctx.draw(name, box: nameBox, vertical: .center, color: t.text, on: t.panel)
        }
        ctx.drawText(String(entry.score), weight: .bold, size: text, minSize: text * 0.6,
                     box: ctx.rect(band.maxX - scoreW - 30, band.y, scoreW, band.h), maxLines: 1,
                     align: .right, vertical: .center, color: t.text, on: t.panel)
    }
}
