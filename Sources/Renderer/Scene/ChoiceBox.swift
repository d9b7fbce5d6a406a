import Pixels

/// One answer choice: its colour, its shape (so colour is never the only cue) and its label,
/// in a box the grid gave it. Locked when time is up (a padlock); in the reveal the correct one
/// gets a white ring and a check badge and the others become rims of their colour around a
/// dark inside, each box with its bar, count and percentage along the bottom.
enum ChoiceBox {
    enum Look { case plain, locked, correct, dimmed }

    /// The reveal's numbers for one box, and the widths of the count and percent columns shared
    /// by every box (so all bars are the same length and comparable).
    struct Tally {
        var count: Int
        var percent: Int
        var share: Double
        var countW: Double
        var percentW: Double
    }

    static let radius = 22.0
    static let ringWidth = 8.0

    /// `locking` (0...1, 1 settled): how far the padlock of a locked choice has come in.
    /// `emphasis` (0...1): how far the correct answer's ring is swollen.
    static func layout(_ label: TextBlock, index i: Int, in box: Box, grid: ChoiceGrid, look: Look, tally: Tally?,
                       locking: Double = 1, emphasis: Double = 0, ctx: SceneContext) {
        let t = ctx.theme, vp = ctx.viewport, k = grid.k
        let style = t.choice(i)
        let surface: Color, ink: Color
        switch look {
        case .dimmed:
            let d = t.dimmed(style)
            let rim = 7 * k
            ctx.fill(.choiceBox, box, radius: radius, d.rim, index: i)
            ctx.fill(.choiceInside, box.inset(rim, rim), radius: radius - rim, d.fill, index: i)
            (surface, ink) = (d.fill, d.text)
        case .correct:
            // Swelling to at most 10.8 units: half the gap to the next box, never over it.
            let ring = ringWidth * (1 + 0.35 * emphasis)
            ctx.fill(.correctRing, box.inset(-ring, -ring), radius: radius + ring, t.text, index: i)
            ctx.fill(.choiceBox, box, radius: radius, style.fill, index: i)
            (surface, ink) = (style.fill, style.text)
        case .plain, .locked:
            ctx.fill(.choiceBox, box, radius: radius, style.fill, index: i)
            (surface, ink) = (style.fill, style.text)
        }

        let row = tally.map { _ in grid.countRowH(ctx) } ?? 0
        let labelArea = Box(x: box.x + grid.labelX, y: box.y + grid.padY, w: grid.labelW,
                            h: box.h - 2 * grid.padY - (tally == nil ? 0 : row + 10 * k))
        let (mx, my) = vp.point(box.x + grid.padX + grid.mark / 2, labelArea.midY)
        ctx.fill(.choiceMark, path: style.shape.path(cx: mx, cy: my, size: vp.length(grid.mark * 0.9)), ink, index: i)

        let (bx, by) = vp.point(box.maxX - grid.padX - grid.badge / 2, labelArea.midY)
        switch look {
        case .correct:
            ctx.fill(.correctBadge, path: .circle(cx: bx, cy: by, radius: vp.length(grid.badge / 2)), t.text, index: i)
            ctx.fill(.correctBadge, path: .checkMark(cx: bx, cy: by, size: vp.length(grid.badge * 0.8)), t.darkText, index: i)
        case .locked:
            ctx.fill(.lock, path: .padlock(cx: bx, cy: by, size: vp.length(grid.badge * 0.8)), surface.mixed(with: ink, locking), index: i)
        case .plain, .dimmed:
            break
        }
        ctx.place(label, .choice, index: i, in: labelArea, align: .start, vertical: .center, color: ink, on: surface,
                  clip: box.inset(grid.padX / 2, grid.padY / 2))

        guard let tally else { return }
        let y = box.maxY - grid.padY - row
        let percentBox = Box(x: box.maxX - grid.padX - tally.percentW, y: y, w: tally.percentW, h: row)
        let countBox = Box(x: percentBox.x - 16 * k - tally.countW, y: y, w: tally.countW, h: row)
        let count = ctx.number(ctx.labels.number(tally.count), size: grid.type.label)
        let percent = ctx.number(ctx.labels.percent(tally.percent), weight: .regular, size: grid.type.label)
        let baseline = y + ctx.ascent(count)
        ctx.place(count, .count, index: i, in: countBox, baseline: baseline, align: .right, color: ink, on: surface)
        ctx.place(percent, .percent, index: i, in: percentBox, baseline: baseline, align: .right, color: ink, on: surface)
        // The bar: its share of all answers, so 0 is an empty track and the bars add up.
        let trackH = 14 * k
        let track = Box(x: box.x + grid.padX, y: y + (row - trackH) / 2, w: countBox.x - 24 * k - box.x - grid.padX, h: trackH)
        ctx.fill(.countTrack, track, radius: trackH / 2, surface.mixed(with: ink, 0.22), index: i)
        let filled = track.w * min(1, max(0, tally.share))
        if filled > 0 {
            ctx.fill(.countBar, Box(x: track.x, y: track.y, w: filled, h: trackH), radius: min(trackH, filled) / 2, ink, index: i)
        }
    }
}
