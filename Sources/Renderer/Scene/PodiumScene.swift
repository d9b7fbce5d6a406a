import Pixels
import QuizContract

/// The end: the winners on a podium — first in the middle and highest, second on its left,
/// third on its right — each with name and score above the block. Equal scores share a step
/// and stand side by side on it. Every name on the podium is one size (the winners' may be
/// larger, never smaller), wrapping to two lines before anything is cut. Portrait lists places
/// 4–8 under the podium.
struct PodiumScene: Scene {
    /// At most this many people stand on the podium (a tie of many would make columns too
    /// narrow to read); the rest of the ties are in the standings.
    static let maxOnPodium = 5

    func layout(_ state: QuizState, in ctx: SceneContext) {
        let t = ctx.theme
        let ranked = Ranked.rank(state.leaderboard)
        let top = Heading.layout(ranked.isEmpty ? ctx.labels.thanks : ctx.labels.finalResults, title: state.title, in: ctx)
        let winners = Array(ranked.prefix { $0.rank <= 3 }.prefix(Self.maxOnPodium))
        guard !winners.isEmpty else { return }
        let m = ctx.margin
        let bottom = ctx.height - ctx.footer
        // At the venue's text scale when the podium fits under the heading, else the largest that does.
        while ctx.type.k > 1, podiumHeight(winners, ctx) > bottom - top || winnersCut(winners, ctx) {
            ctx.type = TypeScale(textScale: max(1, ctx.type.k * 0.9))
        }
        let type = ctx.type, k = type.k
        // One step per rank present: first in the middle, second on its left, third on its
        // right, each as high as its rank (ties share a step, side by side).
        let stepRanks = Array(Set(winners.map(\.rank))).sorted()
        let order = [2, 1, 3].filter(stepRanks.contains)
        let gap = (ctx.isPortrait ? 20.0 : 32) * k, inner = 12 * k
        let people = winners.count
        let colW = columnWidth(winners, ctx)
        let heights: [Double] = ctx.isPortrait ? [400, 300, 220] : [380, 280, 200]
        let nameBox = Box(x: 0, y: 0, w: colW, h: ctx.lineHeight(size: 60 * k, lines: 2, weight: .bold))
        let names = ctx.fitGroup(winners.map(\.entry.name), weight: .bold, size: 52 * k, min: type.floor, box: nameBox, lines: 2,
                                 balance: true)
        let groupSize = Double(names.first?.size ?? 0) / ctx.viewport.scale
        // The winners may be larger, never smaller than the others.
        let topNames = ctx.fitGroup(winners.filter { $0.rank == 1 }.map(\.entry.name), weight: .bold, size: 60 * k, min: groupSize,
                                    box: nameBox, lines: 2, balance: true)
        // Scores: one size, the largest at which the widest fits its column.
        var scores: [TextBlock] = []
        let texts = winners.map { ctx.labels.number($0.entry.score) }
        // Never larger than the names above them.
        _ = ctx.text.largestSize(from: ctx.px(min(type.score, max(groupSize, type.floor))), to: ctx.px(type.floor)) { s in
            scores = texts.map { ctx.text.layoutNumber($0, size: s, weight: .bold) }
            return (scores.map(\.width).max() ?? 0) <= ctx.px(colW)
        }
        let scoreSize = Double(scores.first?.size ?? 1) / ctx.viewport.scale
        let star = 72 * k
        let scoreH = ctx.lineHeight(size: scoreSize, weight: .bold)
        let aboveBlock = 16 + scoreH + 8 + ctx.height(topNames.max { $0.height < $1.height } ?? names[0]) + 16 + star
        let rows = ctx.isPortrait ? Array(ranked.dropFirst(winners.count).prefix(5)) : []
        let rowH = 120 * k
        let base: Double
        if ctx.isPortrait {
            // Portrait: the podium and the places under it, centred as one.
            let total = aboveBlock + heights[0] + (rows.isEmpty ? 0 : 40 + Double(rows.count) * rowH)
            base = top + max(0, (bottom - top - total) / 2) + aboveBlock + heights[0]
        } else {
            base = bottom
        }

        let totalW = Double(people) * colW + Double(stepRanks.count - 1) * gap + Double(people - stepRanks.count) * inner
        var x = (ctx.width - totalW) / 2
        var winnerIndex = 0
        // The steps rise third, second, first (from where they stood, when an ended screen is
        // updated), carrying their names and scores up; each name comes in as its step rises.
        let before = ctx.motion.continuing(.ended)?.podium
        let rises = (0..<3).map { Ease.mix(before?[$0] ?? 0, 1, ctx.motion.progress(Timeline.podium[$0])) }
        ctx.shown.podium = rises
        for rank in order {
            let group = winners.enumerated().filter { $0.element.rank == rank }
            let blockW = Double(group.count) * colW + Double(group.count - 1) * inner
            let full = Box(x: x, y: base - heights[rank - 1], w: blockW, h: heights[rank - 1])
            let rise = rises[rank - 1]
            let block = rise >= 1 ? full : Box(x: x, y: base - heights[rank - 1] * rise, w: blockW, h: heights[rank - 1] * rise)
            let appear = min(1, rise * 1.5)
            func fade(_ c: Color) -> Color { t.background.mixed(with: c, appear) }
            let medal = t.medal(rank: rank)
            // Square bottom corners: the blocks stand on the floor.
            ctx.fill(.podium, block, radius: 20, medal, index: group.first?.offset)
            ctx.fill(.podium, Box(x: block.x, y: block.maxY - min(20, block.h), w: block.w, h: min(20, block.h)), medal,
                     index: group.first?.offset)
            let rankBox = Box(x: block.x, y: block.y + 16, w: block.w, h: min(150 * k, full.h - 32))
            let numeral = ctx.fit(ctx.labels.number(rank), weight: .bold, size: (rank == 1 ? 130 : 110) * k, min: 48, in: rankBox, lines: 1)
            ctx.place(numeral, .rank, index: group.first?.offset, in: rankBox, align: .center, vertical: .center, color: t.darkText,
                      on: medal, clip: rise >= 1 ? nil : block)
            for (j, (i, person)) in group.enumerated() {
                let col = Box(x: block.x + Double(j) * (colW + inner), y: 0, w: colW, h: 0)
                let scoreY = block.y - 16 - scoreH
                ctx.place(scores[i], .score, index: person.place, in: Box(x: col.x, y: scoreY, w: colW, h: scoreH),
                          baseline: scoreY + ctx.ascent(scores[i]), align: .center, color: fade(t.accent), on: t.background)
                var name = names[i]
                if rank == 1 {
                    name = topNames[winnerIndex]
                    winnerIndex += 1
                }
                let nameH = ctx.height(name)
                let nameTop = scoreY - 8 - nameH
                ctx.place(name, .name, index: person.place, in: Box(x: col.x, y: nameTop, w: colW, h: nameH), align: .center,
                          color: fade(t.text), on: t.background)
                if rank == 1 {
                    let (cx, cy) = ctx.viewport.point(col.midX, nameTop - 16 - star / 2)
                    ctx.fill(.medal, path: ChoiceShape.star.path(cx: cx, cy: cy, size: ctx.viewport.length(star)), fade(t.accent),
                             index: person.place)
                }
            }
            x += blockW + gap
        }

        guard !rows.isEmpty else { return }
        let listTop = base + 40
        let h = min(rowH, (bottom - listTop) / Double(rows.count))
        let boxes = rows.indices.map { Box(x: m, y: listTop + Double($0) * h, w: ctx.width - 2 * m, h: h) }
        StandingRows(rows, boxes: boxes, ctx: ctx).layout(ctx)
    }

    /// Whether a name on the podium would be cut at the context's type sizes.
    private func winnersCut(_ winners: [Ranked], _ ctx: SceneContext) -> Bool {
        let k = ctx.type.k
        let nameBox = Box(x: 0, y: 0, w: columnWidth(winners, ctx), h: ctx.lineHeight(size: 60 * k, lines: 2, weight: .bold))
        return ctx.fitGroup(winners.map(\.entry.name), weight: .bold, size: 52 * k, min: ctx.type.floor, box: nameBox, lines: 2,
                            balance: true).contains(where: \.truncated)
    }

    /// The height from the star over the winner to the floor, at the context's type sizes.
    private func podiumHeight(_ winners: [Ranked], _ ctx: SceneContext) -> Double {
        let k = ctx.type.k
        let nameBox = Box(x: 0, y: 0, w: columnWidth(winners, ctx), h: ctx.lineHeight(size: 60 * k, lines: 2, weight: .bold))
        let names = ctx.fitGroup(winners.map(\.entry.name), weight: .bold, size: 52 * k, min: ctx.type.floor, box: nameBox, lines: 2,
                                 balance: true)
        let nameH = names.map { ctx.height($0) }.max() ?? 0
        return 72 * k + 16 + nameH * 60 / 52 + 8 + ctx.lineHeight(size: ctx.type.score, weight: .bold) + 16
            + (ctx.isPortrait ? 400 : 380)
    }

    /// One person's column: as wide as the screen allows with the gaps between steps and
    /// between people sharing one, at most 440 units.
    private func columnWidth(_ winners: [Ranked], _ ctx: SceneContext) -> Double {
        let k = ctx.type.k
        let steps = Double(Set(winners.map(\.rank)).count), people = Double(winners.count)
        let gap = (ctx.isPortrait ? 20.0 : 32) * k, inner = 12 * k
        return min(440 * k, (ctx.width - 2 * ctx.margin - (steps - 1) * gap - (people - steps) * inner) / people)
    }
}
