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

    /// `nameAtMost` (px): the names no larger (the places under the podium, beside the winner's).
    init(_ rows: [Ranked], boxes: [Box], nameAtMost: Int? = nil, ctx: SceneContext) {
        self.rows = rows
        self.boxes = boxes
        let type = ctx.type
        let bandH = (boxes.first?.h ?? 80) * 0.88
        badge = min(bandH * 0.7, 64 * type.k)
        let rowW = boxes.first?.w ?? 1000
        let scoreTexts = rows.map { ctx.labels.number($0.entry.score) }
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
        moveW = moves.isEmpty ? 0 : ctx.width(ctx.number("▲" + ctx.labels.number(Int(largestMove)), size: type.label)) + 20 * type.k
        let rankSize = min(type.rank, badge * 0.55)
        ranks = rows.map { ctx.number(ctx.labels.number($0.rank), size: rankSize) }
        let nameW = rowW - Self.nameX(badge: badge, ctx) - 24 * type.k - moveW - scoreW - 24 * type.k
        // Not below 36: one absurdly long name is cut after two lines rather than shrinking
        // every name on the board to the floor.
        let largest = nameAtMost.map { min(type.name, Double($0) / ctx.viewport.scale) } ?? type.name
        names = ctx.fitGroup(rows.map(\.entry.name), weight: .bold, size: largest, min: min(largest, type.choiceFloor),
                             box: Box(x: 0, y: 0, w: max(1, nameW), h: bandH - 16), lines: 2, balance: true)
    }

    static func nameX(badge: Double, _ ctx: SceneContext) -> Double { 20 * ctx.type.k + badge + 24 * ctx.type.k }

    /// Lays the rows out. `animated` (the leaderboard): each row slides from where it stood —
    /// on the board on screen, or at its `previousRank` — to its place, fading in when it was
    /// not on the board, while its score counts up (from the board on screen, else from zero).
    func layout(_ ctx: SceneContext, animated: Bool = false) {
        let t = ctx.theme, vp = ctx.viewport, k = ctx.type.k
        var place = boxes.map { (box: $0, score: Double?.none, shown: 1.0) }
        var order = Array(rows.indices)
        if animated {
            let keys = StandingKey.keys(rows.map(\.entry.name))
            let before = ctx.motion.continuing(.leaderboard)?.rows
            let slide = ctx.motion.progress(Timeline.rows), count = ctx.motion.progress(Timeline.scores)
            var pose: [String: Pose.Row] = [:]
            var distance: [Double] = []
            for (i, r) in rows.enumerated() {
                let end = boxes[i]
                var start = (box: end, score: before == nil ? 0 : Double(r.entry.score), shown: 0.0)
                if let b = before?[keys[i]] {
                    start = (b.box, b.score, b.shown)
                } else if let prev = r.entry.previousRank, prev >= 1 {
                    // Climbed onto the board: in from just under its last row.
                    let last = boxes[boxes.count - 1]
                    start.box = prev <= boxes.count ? boxes[prev - 1] : last.offsetBy(0, last.h)
                    start.shown = prev <= boxes.count ? 1 : 0
                    start.score = before == nil ? 0 : start.score
                }
                let box = Box(x: Ease.mix(start.box.x, end.x, slide), y: Ease.mix(start.box.y, end.y, slide),
                              w: Ease.mix(start.box.w, end.w, slide), h: Ease.mix(start.box.h, end.h, slide))
                let score = Ease.mix(start.score, Double(r.entry.score), count)
                let shown = Ease.mix(start.shown, 1, slide)
                place[i] = (box, Optional(score), shown)
                pose[keys[i]] = Pose.Row(box: box, score: score, shown: shown)
                distance.append(abs(start.box.y - end.y) + abs(start.box.x - end.x))
            }
            ctx.shown.rows = pose
            // While rows move, the ones travelling farthest pass over the others.
            if slide < 1 { order.sort { distance[$0] != distance[$1] ? distance[$0] < distance[$1] : $0 < $1 } }
        }
        for i in order {
            let r = rows[i]
            let (box, score, shown) = place[i]
            func fade(_ c: Color, on surface: Color) -> Color { shown >= 1 ? c : surface.mixed(with: c, shown) }
            let band = box.inset(0, box.h * 0.06)
            let panel = fade(t.panel, on: t.background)
            ctx.fill(.row, band, radius: min(band.h * 0.25, 24), panel, index: r.place)
            let badgeBox = Box(x: band.x + 20 * k, y: band.midY - badge / 2, w: badge, h: badge)
            let ink: Color, surface: Color
            if r.rank <= 3 {
                let (cx, cy) = vp.point(badgeBox.midX, badgeBox.midY)
                let medal = fade(t.medal(rank: r.rank), on: panel)
                ctx.fill(.medal, path: .circle(cx: cx, cy: cy, radius: vp.length(badge / 2)), medal, index: r.place)
                (ink, surface) = (fade(t.darkText, on: medal), medal)
            } else {
                (ink, surface) = (fade(t.mutedText, on: panel), panel)
            }
            // Figures centred on the badge by their cap height.
            let rankBaseline = badgeBox.midY + 0.36 * Double(ranks[i].size) / vp.scale
            ctx.place(ranks[i], .rank, index: r.place, in: badgeBox, baseline: rankBaseline, align: .center, color: ink, on: surface)

            let scoreBox = Box(x: band.maxX - 24 * k - scoreW, y: band.y, w: scoreW, h: band.h)
            let baseline = band.midY + 0.36 * Double(scores[i].size) / vp.scale
            var scoreBlock = scores[i]
            if let score, Int(score.rounded()) != r.entry.score {
                scoreBlock = ctx.text.layoutNumber(ctx.labels.number(Int(score.rounded())), size: scores[i].size, weight: .bold)
            }
            ctx.place(scoreBlock, .score, index: r.place, in: scoreBox, baseline: baseline, align: .right, color: fade(t.text, on: panel),
                      on: panel)
            if let m = r.movement, m != 0, moveW > 0 {
                let moveBox = Box(x: scoreBox.x - moveW, y: band.y, w: moveW - 20 * k, h: band.h)
                let block = ctx.number((m > 0 ? "▲" : "▼") + ctx.labels.number(Int(m.magnitude)), size: ctx.type.label)
                ctx.place(block, .movement, index: r.place, in: moveBox, baseline: band.midY + 0.36 * Double(block.size) / vp.scale,
                          align: .right, color: fade(m > 0 ? t.rise : t.fall, on: panel), on: panel)
            }
            let nameX = band.x + Self.nameX(badge: badge, ctx)
            let nameBox = Box(x: nameX, y: band.y + 8, w: scoreBox.x - moveW - 24 * k - nameX, h: band.h - 16)
            ctx.place(names[i], .name, index: r.place, in: nameBox, vertical: .center, color: fade(t.text, on: panel), on: panel,
                      clip: band.inset(8, 2))
        }
    }
}
