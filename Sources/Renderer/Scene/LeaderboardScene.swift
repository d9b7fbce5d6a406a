import QuizContract

/// Standings: the top ten with fair ranks; in landscape more than five stand in two columns
/// (1–5, 6–10) so every row has room for a name on two lines; a short list is centred.
struct LeaderboardScene: Scene {
    static let shown = 10

    func layout(_ state: QuizState, in ctx: SceneContext) {
        let t = ctx.theme
        let rows = Array(Ranked.rank(state.leaderboard).prefix(Self.shown))
        let bottom = ctx.height - ctx.footer
        let m = ctx.isPortrait ? ctx.margin : 56
        // At the venue's text scale when every name fits its two lines, else the largest that
        // does; the heading at the scale the names got (it grew alone before).
        if ctx.type.k > 1, !rows.isEmpty {
            let k = ctx.type.k
            ctx.type = TypeScale(textScale: ScaleSearch.largest(upTo: k) { b in
                ctx.type = TypeScale(textScale: b)
                let top = Heading.top(ctx.labels.leaderboard, title: state.title, in: ctx)
                return !rowsLayout(rows, top: top, bottom: bottom, margin: m, ctx).names.contains(where: \.truncated)
            })
        }
        let top = Heading.layout(ctx.labels.leaderboard, title: state.title, in: ctx)
        guard !rows.isEmpty else {
            ctx.text(ctx.labels.noScores, .label, size: ctx.type.label, min: ctx.type.floor,
                     in: Box(x: m, y: top, w: ctx.width - 2 * m, h: bottom - top), lines: 2, align: .center, vertical: .center,
                     color: t.mutedText, on: t.background)
            return
        }
        rowsLayout(rows, top: top, bottom: bottom, margin: m, ctx).layout(ctx, animated: true)
    }

    private func rowsLayout(_ rows: [Ranked], top: Double, bottom: Double, margin m: Double, _ ctx: SceneContext) -> StandingRows {
        let columns = !ctx.isPortrait && rows.count > 5 ? 2 : 1
        let perColumn = (rows.count + columns - 1) / columns
        let gap = 32.0
        let listW = columns == 1 ? min(ctx.width - 2 * m, 1400) : (ctx.width - 2 * m - gap) / 2
        let maxRowH = (ctx.isPortrait ? 150 : columns == 2 ? 140 : 118) * ctx.type.k
        let rowH = min(maxRowH, (bottom - top) / Double(perColumn))
        let listTop = top + max(0, (bottom - top - Double(perColumn) * rowH) / 2)
        let x0 = (ctx.width - (Double(columns) * listW + Double(columns - 1) * gap)) / 2
        let boxes = rows.indices.map { i in
            Box(x: x0 + Double(i / perColumn) * (listW + gap), y: listTop + Double(i % perColumn) * rowH, w: listW, h: rowH)
        }
        return StandingRows(rows, boxes: boxes, ctx: ctx)
    }
}

/// A screen's heading ("Leaderboard", "Final results") and the quiz's title under it;
/// returns where the content may start.
enum Heading {
    static func layout(_ heading: String, title: String?, in ctx: SceneContext) -> Double {
        place(heading, title: title, draw: true, in: ctx)
    }

    /// Where the content may start under the heading at the context's sizes, drawing nothing.
    static func top(_ heading: String, title: String?, in ctx: SceneContext) -> Double {
        place(heading, title: title, draw: false, in: ctx)
    }

    private static func place(_ heading: String, title: String?, draw: Bool, in ctx: SceneContext) -> Double {
        let t = ctx.theme, type = ctx.type
        let m = ctx.margin
        var y = ctx.isPortrait ? 72.0 : 36
        let w = ctx.width - 2 * m
        let h = ctx.lineHeight(size: type.heading, weight: .bold)
        if draw {
            ctx.text(heading, .label, weight: .bold, size: type.heading, min: type.floor, in: Box(x: m, y: y, w: w, h: h), lines: 1,
                     align: .center, vertical: .center, color: t.text, on: t.background)
        }
        y += h + 4
        if let title {
            let th = ctx.lineHeight(size: type.title)
            if draw {
                ctx.text(title, .title, size: type.title, min: type.floor, in: Box(x: m, y: y, w: w, h: th), lines: 1,
                         align: .center, vertical: .center, color: t.mutedText, on: t.background)
            }
            y += th
        }
        return y + 24
    }
}
