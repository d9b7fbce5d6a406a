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
struct QuestionLayout {
    let frame: Frame
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

    /// The layout at the venue's text scale when it fits, else at the largest scale (in steps
    /// of 10%, down to 1) that does: a dense screen gets as much of the larger type as it can
    /// hold, and a scale of 1 is the design's own sizes, floors and all.
    static func fitted(_ q: QuizState.Question, choices n: Int, in ctx: SceneContext) -> QuestionLayout {
        var k = ctx.type.k
        while true {
            let type = TypeScale(textScale: k)
            // Roomy boxes when they fit, else boxes just as tall as their labels, before smaller type.
            let roomy = QuestionLayout(q, choices: n, type: type, roomy: true, in: ctx)
            if roomy.fits { return roomy }
            let tight = QuestionLayout(q, choices: n, type: type, roomy: false, in: ctx)
            if tight.fits || k <= 1 { return tight }
            k = max(1, k * 0.9)
        }
    }

    init(_ q: QuizState.Question, choices n: Int, type: TypeScale, roomy: Bool, in ctx: SceneContext) {
        frame = Frame(viewport: ctx.viewport, type: ctx.type)
        self.type = type
        picture = q.image == nil ? nil : PictureArea(frame: frame, viewport: ctx.viewport)
        bodyTop = picture?.stack.y ?? frame.headerBottom + 24
        let bodyBottom = picture?.stack.maxY ?? ctx.height - ctx.footer
        let margin = picture?.stack.x ?? frame.margin
        let width = picture?.stack.w ?? ctx.width - 2 * margin
        let gap = 24.0
        let statusH = ctx.lineHeight(size: type.timesUp, weight: .bold) + 24
        let bodyH = bodyBottom - bodyTop

        // Under a portrait picture five or six choices take two columns: one would not fit.
        let columns = picture != nil && frame.portrait && n >= 5 ? 2 : nil
        grid = ChoiceGrid(count: n, width: width, portrait: frame.portrait, type: type, margin: margin, roomy: roomy, columns: columns)
        let text = q.text ?? ""
        // The question keeps room for two lines at its size (or all it needs, when fewer).
        let full = ctx.fit(text, weight: .bold, size: type.question, in: Box(x: 0, y: 0, w: width, h: 10_000), balance: true)
        let questionMin = min(ctx.height(full), ctx.lineHeight(size: type.question, lines: 2, weight: .bold))
        let gridBudget = bodyH - statusH - 2 * gap - questionMin
        let choices = Array(q.choices.prefix(n))
        let labelsFit: Bool
        (labels, labelsFit) = grid.fitLabels(choices, budget: gridBudget, ctx: ctx)
        let gridH = grid.height(labels: labels, ctx: ctx)

        let questionRoom = max(ctx.lineHeight(size: type.floor, weight: .bold), bodyH - statusH - 2 * gap - (n > 0 ? gridH : 0))
        question = ctx.fit(text, weight: .bold, size: type.question, min: type.floor,
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
