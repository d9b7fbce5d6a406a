import Pixels
import QuizContract

/// The rows of the standings as one group: every name at one size (wrapping to two lines
/// before any is cut), every score at one size with tabular figures and grouped digits,
/// right-aligned; a medal badge for ranks 1–3 (shared by ties), the movement since the last
/// standings as ▲2 / ▼1.
struct StandingRows {
    let rows: [Ranked]
    let boxes: [Box]
    let names: [TextBlock]
    let scores: [TextBlock]
    let ranks: [TextBlock]
    let scoreW: Double
    let moveW: Double
    let badge: Double

    init(_ rows: [Ranked], boxes: [Box], ctx: SceneContext) {
        self.rows = rows
        self.boxes = boxes
        let type = ctx.type
        let locale = ctx.locale ?? .en
        let bandH = (boxes.first?.h ?? 80) * 0.88
        badge = min(bandH * 0.7, 64 * type.k)
        let rowW = boxes.first?.w ?? 1000
        let scoreTexts = rows.map { NumberFormat.grouped($0.entry.score, locale) }
        // Scores: the largest size at which the widest takes at most a quarter of the row.
        var scores: [TextBlock] = []
        let maxScoreW = ctx.px(rowW * 0.25)
        _ = ctx.text.largestSize(from: ctx.px(type.score), to: ctx.px(type.floor)) { s in
            scores = scoreTexts.map { ctx.text.layoutNumber($0, size: s, weight: .bold) }
            let height = scores.first.map { $0.ascent + $0.descent } ?? 0
            return (scores.map(\.width).max() ?? 0) <= maxScoreW && height <= ctx.px(bandH)
        }
        self.scores = scores
        scoreW = max(ctx.width(scores.max { $0.width < $1.width } ?? ctx.number("0", size: type.score)), 40 * type.k)
        let moves = rows.compactMap(\.movement).filter { $0 != 0 }
        let largestMove = moves.map(\.magnitude).max() ?? 0
        moveW = moves.isEmpty ? 0 : ctx.width(ctx.number("▲" + String(largestMove), size: type.label)) + 20 * type.k
        let rankSize = min(type.rank, badge * 0.55)
        ranks = rows.map { ctx.number(String($0.rank), size: rankSize) }
        let nameW = rowW - Self.nameX(badge: badge, ctx) - 24 * type.k - moveW - scoreW - 24 * type.k
        // Not below 36: one absurdly long name is cut after two lines rather than shrinking
        // every name on the board to the floor.
        names = ctx.fitGroup(rows.map(\.entry.name), weight: .bold, size: type.name, min: type.choiceFloor,
                             box: Box(x: 0, y: 0, w: max(1, nameW), h: bandH - 16), lines: 2, balance: true)
    }

    static func nameX(badge: Double, _ ctx: SceneContext) -> Double { 20 * ctx.type.k + badge + 24 * ctx.type.k }

    func layout(_ ctx: SceneContext) {
        let t = ctx.theme, vp = ctx.viewport, k = ctx.type.k
        for (i, r) in rows.enumerated() {
            let band = boxes[i].inset(0, boxes[i].h * 0.06)
            ctx.fill(.row, band, radius: min(band.h * 0.25, 24), t.panel, index: r.place)
            let badgeBox = Box(x: band.x + 20 * k, y: band.midY - badge / 2, w: badge, h: badge)
            let ink: Color, surface: Color
            if r.rank <= 3 {
                let (cx, cy) = vp.point(badgeBox.midX, badgeBox.midY)
                ctx.fill(.medal, path: .circle(cx: cx, cy: cy, radius: vp.length(badge / 2)), t.medal(rank: r.rank), index: r.place)
                (ink, surface) = (t.darkText, t.medal(rank: r.rank))
            } else {
                (ink, surface) = (t.mutedText, t.panel)
            }
            // Figures centred on the badge by their cap height.
            let rankBaseline = badgeBox.midY + 0.36 * Double(ranks[i].size) / vp.scale
            ctx.place(ranks[i], .rank, index: r.place, in: badgeBox, baseline: rankBaseline, align: .center, color: ink, on: surface)

            let scoreBox = Box(x: band.maxX - 24 * k - scoreW, y: band.y, w: scoreW, h: band.h)
            let baseline = band.midY + 0.36 * Double(scores[i].size) / vp.scale
            ctx.place(scores[i], .score, index: r.place, in: scoreBox, baseline: baseline, align: .right, color: t.text, on: t.panel)
            if let m = r.movement, m != 0, moveW > 0 {
                let moveBox = Box(x: scoreBox.x - moveW, y: band.y, w: moveW - 20 * k, h: band.h)
                let block = ctx.number((m > 0 ? "▲" : "▼") + String(m.magnitude), size: ctx.type.label)
                ctx.place(block, .movement, index: r.place, in: moveBox, baseline: band.midY + 0.36 * Double(block.size) / vp.scale,
                          align: .right, color: m > 0 ? t.rise : t.fall, on: t.panel)
            }
            let nameX = band.x + Self.nameX(badge: badge, ctx)
            let nameBox = Box(x: nameX, y: band.y + 8, w: scoreBox.x - moveW - 24 * k - nameX, h: band.h - 16)
            ctx.place(names[i], .name, index: r.place, in: nameBox, vertical: .center, color: t.text, on: t.panel,
                      clip: band.inset(8, 2))
        }
    }
}
