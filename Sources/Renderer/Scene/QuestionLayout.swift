import QuizContract

/// Where the question and the reveal put their parts, in reference units, computed from the
/// question as the question phase shows it: the reveal (and "time's up") use the same layout,
/// so every choice box stands exactly where the room saw it.
///
/// Top to bottom: the header (number, title, countdown ring), then a stack centred in the rest
/// — the question, a status line (answers so far, "time's up", the correct answer), the choice
/// grid — and the countdown bar along the bottom edge. The choices are one group: one size for
/// all, the largest (40 units down to 36, to 28 only for five or six) at which every label fits
/// its box in at most three lines (four with two choices) with the question keeping room for
/// two lines; the boxes grow with their labels and hold room for the reveal's counts.
///
/// A venue's text scale above 1 multiplies the sizes the screen has at 1 — the question's and
/// the choices' as they were fitted there — and what no longer fits on its lines wraps, never
/// shrinks (`fitted`).
struct QuestionLayout {
    let frame: Frame
    /// The header's type sizes (number, title, ring, the reveal's total).
    let headerType: TypeScale
    /// The body's type sizes: the venue's text scale, or less when that much does not fit.
    let type: TypeScale
    let bodyTop: Double
    let questionBox: Box
    let question: TextBlock
    let status: Box
    let boxes: [Box]
    let labels: [TextBlock]
    let grid: ChoiceGrid
    /// Every choice label fits uncut and the whole stack fits the screen.
    let fits: Bool
    /// The question has a picture: where it goes, and the narrower place left for the stack.
    let picture: PictureArea?

    /// The parts that do not depend on any text: the countdown's damage rectangles use them.
    struct Frame {
        let portrait: Bool
        let margin: Double
        let ringBox: Box
        let headerRow: Box
        let titleRow: Box?
        let bar: Box
        /// Where "3 / 10", the title and the reveal's answer total stand.
        let headerBaseline: Double

        init(viewport: Viewport, type: TypeScale) {
            portrait = viewport.isPortrait
            margin = portrait ? 56 : 80
            let ring = (portrait ? 160 : 150) * type.k
            let top = 28.0
            let width = viewport.referenceWidth
            ringBox = Box(x: width - margin - ring, y: top, w: ring, h: ring)
            headerRow = Box(x: margin, y: top, w: width - 2 * margin, h: ring)
            // Portrait puts the quiz's title on a row of its own under the number and ring.
            titleRow = portrait ? Box(x: margin, y: top + ring + 8, w: width - 2 * margin, h: 56 * type.k) : nil
            bar = Box(x: 0, y: viewport.referenceHeight - 20, w: width, h: 20)
            headerBaseline = top + ring / 2 + 0.36 * type.progress
        }

        var headerBottom: Double { titleRow?.maxY ?? headerRow.maxY }
    }

    /// The layout for the venue's text scale k.
    ///
    /// At k ≤ 1: the design's own sizes, floors and all — the question from 48 units down to
    /// 28, the choices from 40 down to 36 (28 for five or six) — roomy boxes when they fit,
    /// else boxes as tall as their labels.
    ///
    /// Above 1, the layout at 1 is the base: the question and the choices take its sizes times
    /// a scale b, wrapping onto more lines (never shrinking) as they grow, the header its own
    /// sizes times a scale h. First everything grows together: h = b = the largest scale up to
    /// k at which the whole screen fits. Then the question and the choices grow on alone, the
    /// header staying at h, up to the largest scale that still fits. Both searches keep the
    /// largest scale of a fixed grid that fits (`ScaleSearch`), so no text on screen is ever
    /// smaller at a larger venue's scale. (With a picture the header keeps k: the picture's
    /// place depends on the display alone, so that it can be prepared before its question.)
    static func fitted(_ q: QuizState.Question, choices n: Int, in ctx: SceneContext) -> QuestionLayout {
        let k = ctx.type.k
        func flexible(_ type: TypeScale, header: TypeScale) -> QuestionLayout {
            let roomy = QuestionLayout(q, choices: n, type: type, header: header, roomy: true, in: ctx)
            return roomy.fits ? roomy : QuestionLayout(q, choices: n, type: type, header: header, roomy: false, in: ctx)
        }
        guard k > 1 else { return flexible(ctx.type, header: ctx.type) }
        let one = TypeScale(textScale: 1)
        let base = flexible(one, header: one)
        let sizes = (question: base.question.size, choice: base.labels.first?.size ?? 0)
        func scaled(_ b: Double, header h: Double) -> QuestionLayout {
            let grown = (question: Int((Double(sizes.question) * b).rounded()), choice: Int((Double(sizes.choice) * b).rounded()))
            let type = TypeScale(textScale: b), header = TypeScale(textScale: h)
            let roomy = QuestionLayout(q, choices: n, type: type, header: header, roomy: true, fixed: grown, in: ctx)
            return roomy.fits ? roomy : QuestionLayout(q, choices: n, type: type, header: header, roomy: false, fixed: grown, in: ctx)
        }
        if q.image != nil {
            let b = ScaleSearch.largest(upTo: k) { scaled($0, header: k).fits }
            let body = scaled(b, header: k)
            return body.fits ? body : flexible(one, header: TypeScale(textScale: k))
        }
        guard base.fits else { return base }
        let h = ScaleSearch.largest(upTo: k) { scaled($0, header: $0).fits }
        let b = ScaleSearch.largest(upTo: k, from: h) { scaled($0, header: h).fits }
        return b > 1 ? scaled(b, header: h) : base
    }

    /// `fixed`: the question's and the choices' pixel sizes, wrapped as they need and never
    /// shrunk (a larger text scale); nil: each fitted in its range at `type`.
    init(_ q: QuizState.Question, choices n: Int, type: TypeScale, header: TypeScale, roomy: Bool,
         fixed: (question: Int, choice: Int)? = nil, in ctx: SceneContext) {
        frame = Frame(viewport: ctx.viewport, type: header)
        headerType = header
        self.type = type
        picture = q.image == nil ? nil : PictureArea(frame: frame, viewport: ctx.viewport)
        bodyTop = picture?.stack.y ?? frame.headerBottom + 24
        let bodyBottom = picture?.stack.maxY ?? ctx.height - ctx.footer
        let margin = picture?.stack.x ?? frame.margin
        let width = picture?.stack.w ?? ctx.width - 2 * margin
        let gap = 24.0
        var statusH = ctx.lineHeight(size: type.timesUp, weight: .bold) + 24
        if fixed != nil {
            // Above a scale of 1 the status line keeps room for the reveal's headline of the
            // longest answer at its full size, so that the reveal moves and shrinks nothing.
            let swatch = ctx.lineHeight(size: type.headline, weight: .bold)
            let room = Box(x: 0, y: 0, w: width - swatch - 20 * type.k, h: 10_000)
            for choice in q.choices.prefix(n) {
                let block = ctx.fit(ctx.labels.correct(choice), weight: .bold, size: type.headline, min: type.headline, in: room,
                                    balance: true)
                statusH = max(statusH, ctx.height(block) + 24)
            }
        }
        let bodyH = bodyBottom - bodyTop

        // Under a portrait picture five or six choices take two columns: one would not fit.
        let columns = picture != nil && frame.portrait && n >= 5 ? 2 : nil
        grid = ChoiceGrid(count: n, width: width, portrait: frame.portrait, type: type, margin: margin, roomy: roomy, columns: columns)
        let text = q.text ?? ""
        // The question keeps room for two lines at its size (or all it needs, when fewer).
        let asked = fixed.map { Double($0.question) / ctx.viewport.scale } ?? type.question
        let full = ctx.fit(text, weight: .bold, size: asked, in: Box(x: 0, y: 0, w: width, h: 10_000), balance: true)
        let questionMin = min(ctx.height(full), ctx.lineHeight(size: asked, lines: 2, weight: .bold))
        let gridBudget = bodyH - statusH - 2 * gap - questionMin
        let choices = Array(q.choices.prefix(n))
        let labelsFit: Bool
        if let fixed {
            let size = Double(fixed.choice) / ctx.viewport.scale
            labels = ctx.fitGroup(choices, weight: .bold, size: size, min: size, box: Box(x: 0, y: 0, w: grid.labelW, h: 10_000),
                                  lines: grid.maxLines, balance: true)
            labelsFit = !labels.contains(where: \.truncated) && grid.height(labels: labels, ctx: ctx) <= gridBudget
        } else {
            (labels, labelsFit) = grid.fitLabels(choices, budget: gridBudget, ctx: ctx)
        }
        let gridH = grid.height(labels: labels, ctx: ctx)

        let questionRoom = max(ctx.lineHeight(size: type.floor, weight: .bold), bodyH - statusH - 2 * gap - (n > 0 ? gridH : 0))
        question = ctx.fit(text, weight: .bold, size: asked, min: fixed == nil ? type.floor : asked,
                           in: Box(x: 0, y: 0, w: width, h: questionRoom), balance: true)
        let qH = max(ctx.height(question), 1)
        let stackH = qH + gap + statusH + (n > 0 ? gap + gridH : 0)
        fits = labelsFit && !question.truncated && stackH <= bodyH + 0.5
        // Sparse screens are centred, not hung from the header; under a portrait picture the
        // question follows it (a gap between them would part the two).
        let top = bodyTop + (picture?.portrait == true ? 0 : max(0, (bodyH - stackH) / 2))
        questionBox = Box(x: margin, y: top, w: width, h: qH)
        status = Box(x: margin, y: top + qH + gap, w: width, h: statusH)
        boxes = grid.boxes(top: status.maxY + gap, labels: labels, ctx: ctx)
    }
}

/// The choice boxes: two columns in landscape (a lone last one centred), one in portrait; every
/// box of a grid the same size. Inside: the shape, the label, and a slot for the check or lock
/// badge on the right and, along the bottom, room for the reveal's bar, count and percentage.
struct ChoiceGrid {
    let count: Int
    let columns: Int
    let rows: Int
    let boxW: Double
    let x0: Double
    let gapX = 24.0
    let gapY: Double
    let type: TypeScale
    let portrait: Bool
    /// Boxes at least `minBoxH` tall (a sparse screen); else as tall as their content.
    let roomy: Bool

    var k: Double { type.k }

    init(count n: Int, width: Double, portrait: Bool, type: TypeScale, margin: Double, roomy: Bool, columns forced: Int? = nil) {
        count = n
        self.portrait = portrait
        self.type = type
        self.roomy = roomy
        columns = forced ?? (portrait || n <= 1 ? 1 : 2)
        rows = max(1, (n + columns - 1) / columns)
        gapY = 22
        // A single choice (an open "press to answer") is as wide as one of two.
        boxW = n == 1 && !portrait ? (width - gapX) / 2 : (width - Double(columns - 1) * gapX) / Double(columns)
        x0 = margin + (width - (Double(columns) * boxW + Double(columns - 1) * gapX)) / 2
    }

    var padX: Double { 24 * k }
    var padY: Double { 16 * k }
    var mark: Double { 48 * k }
    var badge: Double { 48 * k }
    var labelX: Double { padX + mark + 20 * k }
    var labelW: Double { boxW - labelX - padX - badge - 16 * k }
    /// Few rows get taller boxes: a two-choice screen should not be a thin strip.
    var minBoxH: Double { (portrait ? (rows <= 2 ? 190 : rows <= 4 ? 165 : 140) : rows == 1 ? 190 : rows == 2 ? 165 : 145) * k }
    var maxLines: Int { count <= 2 ? 4 : 3 }

    func countRowH(_ ctx: SceneContext) -> Double { ctx.lineHeight(size: type.label, weight: .bold) }

    func boxH(labelH: Double, ctx: SceneContext) -> Double {
        max(roomy ? minBoxH : 0, 2 * padY + max(mark, labelH) + 10 * k + countRowH(ctx))
    }

    func height(labels: [TextBlock], ctx: SceneContext) -> Double {
        guard count > 0 else { return 0 }
        let labelH = labels.map { ctx.height($0) }.max() ?? 0
        return Double(rows) * boxH(labelH: labelH, ctx: ctx) + Double(rows - 1) * gapY
    }

    /// The labels at one size: the largest whose grid fits `budget` with no label cut. One
    /// line is tried first down to 36 units (a lone word wrapped onto a second line reads worse
    /// than slightly smaller type), then up to `maxLines` lines from 40 down to the floor.
    /// Also says whether they fit (false: the floor, cut where it must be).
    func fitLabels(_ choices: [String], budget: Double, ctx: SceneContext) -> ([TextBlock], Bool) {
        guard !choices.isEmpty else { return ([], true) }
        let t = type
        let box = Box(x: 0, y: 0, w: labelW, h: 10_000)
        var passes: [(from: Double, to: Double, lines: Int)] = [(t.choice, t.choiceFloor, 1), (t.choice, t.choiceFloor, maxLines)]
        if count >= 5 { passes.append((t.choiceFloor, t.floor, maxLines)) }
        for pass in passes {
            var found: [TextBlock]?
            _ = ctx.text.largestSize(from: ctx.px(pass.from), to: ctx.px(pass.to)) { s in
                let size = Double(s) / ctx.viewport.scale
                let blocks = ctx.fitGroup(choices, weight: .bold, size: size, min: size, box: box, lines: pass.lines, balance: true)
                guard !blocks.contains(where: \.truncated), height(labels: blocks, ctx: ctx) <= budget else { return false }
                found = blocks
                return true
            }
            if let found { return (found, true) }
        }
        // Even the floor does not fit: the floor, cut where it must be.
        let last = passes.last?.to ?? t.floor
        return (ctx.fitGroup(choices, weight: .bold, size: last, min: last, box: box, lines: maxLines, balance: true), false)
    }

    func boxes(top: Double, labels: [TextBlock], ctx: SceneContext) -> [Box] {
        let h = boxH(labelH: labels.map { ctx.height($0) }.max() ?? 0, ctx: ctx)
        return (0..<count).map { i in
            let row = i / columns, col = i % columns
            let inRow = row == rows - 1 ? count - row * columns : columns
            let rowStart = x0 + (Double(columns - inRow) * (boxW + gapX)) / 2
            return Box(x: rowStart + Double(col) * (boxW + gapX), y: top + Double(row) * (h + gapY), w: boxW, h: h)
        }
    }
}
