import Pixels
import QuizContract

/// The end: the winners on a podium — first in the middle and highest, second on its left,
/// third on its right — each with name and score above the block. Equal scores share a step
/// and stand side by side on it, their names and stars on one line. Every name on the podium
/// is one size (the winners' may be larger, never smaller), wrapping to two lines before
/// anything is cut; a lone winner whose name does not fit its column on two lines takes the
/// width of the screen above the others. Portrait lists places 4–8 under the podium, their
/// names never larger than the winner's.
struct PodiumScene: Scene {
    /// At most this many people stand on the podium (a tie of many would make columns too
    /// narrow to read); the rest of the ties are in the standings.
    static let maxOnPodium = 5

    func layout(_ state: QuizState, in ctx: SceneContext) {
        let t = ctx.theme
        let ranked = Ranked.rank(state.leaderboard)
        let heading = ranked.isEmpty ? ctx.labels.thanks : ctx.labels.finalResults
        let winners = Array(ranked.prefix { $0.rank <= 3 }.prefix(Self.maxOnPodium))
        let bottom = ctx.height - ctx.footer
        let rows = ctx.isPortrait ? Array(ranked.dropFirst(winners.count).prefix(5)) : []
        // Above a text scale of 1 the names and scores take their sizes at 1 times a scale,
        // wrapping before anything shrinks: the largest scale up to the venue's at which the
        // podium (and in portrait the places under it, at full height) fits under the heading.
        var fixed: PodiumNames.Sizes?
        if ctx.type.k > 1, !winners.isEmpty {
            let k = ctx.type.k
            ctx.type = TypeScale(textScale: 1)
            let base = PodiumNames(winners, ctx).sizes
            let b = ScaleSearch.largest(upTo: k) { b in
                ctx.type = TypeScale(textScale: b)
                let names = PodiumNames(winners, ctx, fixed: base.scaled(b))
                let top = Heading.top(heading, title: state.title, in: ctx)
                let list = rows.isEmpty ? 0 : 40 + Double(rows.count) * 120 * b
                return !names.cut && podiumHeight(winners, names, ctx) + list <= bottom - top
            }
            ctx.type = TypeScale(textScale: b)
            fixed = b > 1 ? base.scaled(b) : nil
        }
        let top = Heading.layout(heading, title: state.title, in: ctx)
        guard !winners.isEmpty else { return }
        let m = ctx.margin
        let type = ctx.type, k = type.k
        // One step per rank present: first in the middle, second on its left, third on its
        // right, each as high as its rank (ties share a step, side by side).
        let stepRanks = Array(Set(winners.map(\.rank))).sorted()
        let order = [2, 1, 3].filter(stepRanks.contains)
        let gap = (ctx.isPortrait ? 20.0 : 32) * k, inner = 12 * k
        let people = winners.count
        let colW = Self.columnWidth(winners, ctx)
        let heights: [Double] = ctx.isPortrait ? [400, 300, 220] : [380, 280, 200]
        let names = PodiumNames(winners, ctx, fixed: fixed)
        let scores = names.scores
        let scoreSize = Double(scores.first?.size ?? 1) / ctx.viewport.scale
        let star = 72 * k
        let scoreH = ctx.lineHeight(size: scoreSize, weight: .bold)
        let aboveBlock = names.winnerLift + 16 + scoreH + 8 + names.winnersHeight + 16 + star
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
            let numeral = Self.numeral(ctx.labels.number(rank), size: (rank == 1 ? 130 : 110) * k, in: rankBox, ctx)
            ctx.place(numeral, .rank, index: group.first?.offset, in: rankBox, align: .center, vertical: .center, color: t.darkText,
                      on: medal, clip: rise >= 1 ? nil : block)
            // A step's names share one box height, bottom-aligned over their scores: ties read
            // as one line, and their stars stand level.
            let nameH = group.map { ctx.height(names.blocks[$0.offset]) }.max() ?? 0
            for (j, (i, person)) in group.enumerated() {
                let col = Box(x: block.x + Double(j) * (colW + inner), y: 0, w: colW, h: 0)
                let scoreY = block.y - 16 - scoreH
                ctx.place(scores[i], .score, index: person.place, in: Box(x: col.x, y: scoreY, w: colW, h: scoreH),
                          baseline: scoreY + ctx.ascent(scores[i]), align: .center, color: fade(t.accent), on: t.background)
                let name = names.blocks[i]
                // A wide winner's name is lifted over the names beside it.
                let nameBottom = scoreY - 8 - (rank == 1 ? names.winnerLift : 0)
                let nameBox = names.wide && rank == 1
                    ? Box(x: col.midX - names.wideWidth / 2, y: nameBottom - nameH, w: names.wideWidth, h: nameH)
                    : Box(x: col.x, y: nameBottom - nameH, w: colW, h: nameH)
                ctx.place(name, .name, index: person.place, in: nameBox, align: .center, vertical: .bottom, color: fade(t.text),
                          on: t.background)
                if rank == 1 {
                    let (cx, cy) = ctx.viewport.point(col.midX, nameBox.y - 16 - star / 2)
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
        // The places under the podium never have larger names than the winner's.
        StandingRows(rows, boxes: boxes, nameAtMost: names.winnerSize, ctx: ctx).layout(ctx)
    }

    /// A step's numeral: as large as its size, or as the step holds, whichever is less. Above a
    /// text scale of 1 the largest whole pixel size that fits (the shrink loop's 8% steps start
    /// from the size asked for, so a larger scale could land a step lower).
    static func numeral(_ text: String, size: Double, in box: Box, _ ctx: SceneContext) -> TextBlock {
        guard ctx.type.k > 1 else { return ctx.fit(text, weight: .bold, size: size, min: 48, in: box, lines: 1) }
        let room = ctx.viewport.rect(box)
        var lo = ctx.px(48), hi = ctx.px(size)
        func fits(_ s: Int) -> Bool {
            let b = ctx.text.layout(text, size: s, weight: .bold)
            return b.height <= room.height && b.width <= room.width
        }
        if fits(hi) { lo = hi }
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if fits(mid) { lo = mid } else { hi = mid }
        }
        return ctx.text.layout(text, size: lo, weight: .bold)
    }

    /// The height from the star over the winner to the floor, at the context's type sizes.
    private func podiumHeight(_ winners: [Ranked], _ names: PodiumNames, _ ctx: SceneContext) -> Double {
        let k = ctx.type.k
        return 72 * k + 16 + names.winnerLift + names.winnersHeight + 8 + ctx.lineHeight(size: ctx.type.score, weight: .bold) + 16
            + (ctx.isPortrait ? 400 : 380)
    }

    /// The middle of the winner's column (the steps stand 2, 1, 3 from the left, centred).
    static func winnerCentre(_ winners: [Ranked], _ ctx: SceneContext) -> Double {
        let k = ctx.type.k
        let stepRanks = Set(winners.map(\.rank))
        let gap = (ctx.isPortrait ? 20.0 : 32) * k, inner = 12 * k, colW = columnWidth(winners, ctx)
        func width(_ rank: Int) -> Double {
            let n = Double(winners.filter { $0.rank == rank }.count)
            return n * colW + (n - 1) * inner
        }
        let order = [2, 1, 3].filter(stepRanks.contains)
        let totalW = order.map(width).reduce(0, +) + Double(order.count - 1) * gap
        var x = (ctx.width - totalW) / 2
        for rank in order {
            if rank == 1 { return x + colW / 2 }
            x += width(rank) + gap
        }
        return ctx.width / 2
    }

    /// One person's column: as wide as the screen allows with the gaps between steps and
    /// between people sharing one, at most 440 units.
    static func columnWidth(_ winners: [Ranked], _ ctx: SceneContext) -> Double {
        let k = ctx.type.k
        let steps = Double(Set(winners.map(\.rank)).count), people = Double(winners.count)
        let gap = (ctx.isPortrait ? 20.0 : 32) * k, inner = 12 * k
        return min(440 * k, (ctx.width - 2 * ctx.margin - (steps - 1) * gap - (people - steps) * inner) / people)
    }
}

/// The podium's names at the context's type sizes: all of them one size in their columns, the
/// winners' as large as 60 units and never smaller than the others'. A lone winner whose name
/// would be cut in its column (at the floor, on two lines) gets the screen's width instead —
/// raised over the names beside it — at the largest size it fits there, the others no larger.
struct PodiumNames {
    /// In the order of `winners`.
    var blocks: [TextBlock]
    /// The size of the names that are not the winners', in units.
    var groupSize: Double
    /// The winners' size in px.
    var winnerSize: Int
    /// A lone winner's name across the screen, how wide, and how far it is lifted.
    var wide = false
    var wideWidth = 0.0
    var winnerLift = 0.0
    /// The tallest winner's name, in units.
    var winnersHeight: Double
    /// The scores, one size: the largest at which the widest fits its column, never larger
    /// than the names above them.
    var scores: [TextBlock]
    /// Some name on the podium is cut, or a score wider than its column.
    var cut: Bool

    /// The sizes (px) the names and scores took, for a larger text scale to multiply.
    struct Sizes {
        var group: Int
        var winner: Int
        var score: Int
        var wide: Bool

        func scaled(_ b: Double) -> Sizes {
            func times(_ px: Int) -> Int { Int((Double(px) * b).rounded()) }
            return Sizes(group: times(group), winner: times(winner), score: times(score), wide: wide)
        }
    }

    var sizes: Sizes { Sizes(group: groupPx, winner: winnerSize, score: scores.first?.size ?? 0, wide: wide) }
    private var groupPx = 0

    /// `fixed`: every size given (a larger text scale), the names wrapped onto their two lines
    /// as they need, never shrunk; cut when that does not fit.
    init(_ winners: [Ranked], _ ctx: SceneContext, fixed: Sizes? = nil) {
        let colW = PodiumScene.columnWidth(winners, ctx)
        let box = Box(x: 0, y: 0, w: colW, h: ctx.lineHeight(size: 60 * ctx.type.k, lines: 2, weight: .bold))
        let texts = winners.map { ctx.labels.number($0.entry.score) }
        self = fixed.map { PodiumNames(fixed: $0, winners, texts: texts, colW: colW, box: box, ctx) }
            ?? PodiumNames(fitting: winners, texts: texts, colW: colW, box: box, ctx)
    }

    private init(fitting winners: [Ranked], texts: [String], colW: Double, box: Box, _ ctx: SceneContext) {
        let k = ctx.type.k, floor = ctx.type.floor
        let all = ctx.fitGroup(winners.map(\.entry.name), weight: .bold, size: 52 * k, min: floor, box: box, lines: 2, balance: true)
        let firsts = winners.indices.filter { winners[$0].rank == 1 }
        var group = Double(all.first?.size ?? 0) / ctx.viewport.scale
        var tops = ctx.fitGroup(firsts.map { winners[$0].entry.name }, weight: .bold, size: 60 * k, min: group, box: box, lines: 2,
                                balance: true)
        blocks = all
        if firsts.count == 1, all[firsts[0]].truncated {
            // The lone winner does not fit its column: the others alone, and the winner across
            // the screen, as large as fits there and never smaller than them (who shrink to it).
            let others = winners.indices.filter { $0 != firsts[0] }
            wide = true
            // As wide as the screen allows about the winner's column (the middle one, unless
            // nobody is third).
            let centre = PodiumScene.winnerCentre(winners, ctx)
            wideWidth = 2 * min(centre - ctx.margin, ctx.width - ctx.margin - centre)
            let wideBox = Box(x: 0, y: 0, w: wideWidth, h: box.h)
            let theirs = ctx.fitGroup(others.map { winners[$0].entry.name }, weight: .bold, size: 52 * k, min: floor, box: box,
                                      lines: 2, balance: true)
            let theirSize = Double(theirs.first?.size ?? ctx.px(floor)) / ctx.viewport.scale
            tops = ctx.fitGroup([winners[firsts[0]].entry.name], weight: .bold, size: 60 * k, min: min(theirSize, 60 * k), box: wideBox,
                                lines: 2, balance: true)
            if tops[0].truncated {
                tops = ctx.fitGroup([winners[firsts[0]].entry.name], weight: .bold, size: theirSize, min: floor, box: wideBox, lines: 2,
                                    balance: true)
            }
            let winner = Double(tops[0].size) / ctx.viewport.scale
            let shrunk = winner < theirSize
                ? ctx.fitGroup(others.map { winners[$0].entry.name }, weight: .bold, size: winner, min: floor, box: box, lines: 2,
                               balance: true)
                : theirs
            for (j, i) in others.enumerated() { blocks[i] = shrunk[j] }
            group = Double(shrunk.first?.size ?? tops[0].size) / ctx.viewport.scale
        }
        for (j, i) in firsts.enumerated() { blocks[i] = tops[j] }
        groupSize = group
        groupPx = ctx.px(group)
        winnerSize = tops.map(\.size).max() ?? 0
        winnersHeight = tops.map { ctx.height($0) }.max() ?? 0
        var scores: [TextBlock] = []
        _ = ctx.text.largestSize(from: ctx.px(min(ctx.type.score, max(group, floor))), to: ctx.px(floor)) { s in
            scores = texts.map { ctx.text.layoutNumber($0, size: s, weight: .bold) }
            return (scores.map(\.width).max() ?? 0) <= ctx.px(colW)
        }
        self.scores = scores
        cut = blocks.contains(where: \.truncated)
        liftIfWide(winners, ctx)
    }

    private init(fixed s: Sizes, _ winners: [Ranked], texts: [String], colW: Double, box: Box, _ ctx: SceneContext) {
        func fit(_ names: [String], _ px: Int, width: Double) -> [TextBlock] {
            let size = Double(px) / ctx.viewport.scale
            return ctx.fitGroup(names, weight: .bold, size: size, min: size, box: Box(x: 0, y: 0, w: width, h: box.h), lines: 2,
                                balance: true)
        }
        let firsts = winners.indices.filter { winners[$0].rank == 1 }
        let others = winners.indices.filter { winners[$0].rank != 1 }
        wide = s.wide && firsts.count == 1
        if wide {
            let centre = PodiumScene.winnerCentre(winners, ctx)
            wideWidth = 2 * min(centre - ctx.margin, ctx.width - ctx.margin - centre)
        }
        let tops = fit(firsts.map { winners[$0].entry.name }, s.winner, width: wide ? wideWidth : colW)
        let theirs = fit(others.map { winners[$0].entry.name }, s.group, width: colW)
        blocks = Array(repeating: tops[0], count: winners.count)
        for (j, i) in firsts.enumerated() { blocks[i] = tops[j] }
        for (j, i) in others.enumerated() { blocks[i] = theirs[j] }
        groupSize = Double(s.group) / ctx.viewport.scale
        groupPx = s.group
        winnerSize = s.winner
        winnersHeight = tops.map { ctx.height($0) }.max() ?? 0
        scores = texts.map { ctx.text.layoutNumber($0, size: s.score, weight: .bold) }
        cut = blocks.contains(where: \.truncated) || (scores.map(\.width).max() ?? 0) > ctx.px(colW)
        liftIfWide(winners, ctx)
    }

    private mutating func liftIfWide(_ winners: [Ranked], _ ctx: SceneContext) {
        if wide, let i = winners.indices.first(where: { winners[$0].rank == 1 }), !blocks[i].truncated {
            // Two even lines: the narrowest width (whole pixels) that keeps the name on two.
            let name = winners[i].entry.name, size = blocks[i].size
            var lo = 1, hi = ctx.px(wideWidth)
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if ctx.text.layout(name, size: size, weight: .bold, maxWidth: mid).lines.count <= 2 { hi = mid } else { lo = mid }
            }
            blocks[i] = ctx.text.layout(name, size: size, weight: .bold, maxWidth: hi)
        }
        if wide {
            // Over the runners-up: the wide name's bottom 16 units above the tallest of their
            // names, which stand 100 units lower (the second step is 100 lower in both
            // orientations) with the same score line under them.
            let othersH = winners.indices.filter { winners[$0].rank != 1 }.map { ctx.height(blocks[$0]) }.max() ?? 0
            winnerLift = max(0, othersH + 16 - 100)
        }
    }
}
