/// The question: "3 / 10", the question text at 48 units (shrinking, then ellipsized, when it
/// does not fit), up to six choices each with its colour and shape, and the countdown. In the
/// reveal phase the same layout highlights the correct choice, dims the others and shows how
/// many players picked each.
///
/// Landscape: choices in a two-column grid under the question. Portrait: one column, so each
/// choice keeps a readable width on a narrow screen.
struct QuestionScene: Scene {
    let reveal: Bool

    func draw(_ state: QuizState, in ctx: SceneContext) {
        let t = ctx.theme
        let q = state.question ?? QuizState.Question()
        let portrait = ctx.viewport.isPortrait
        let m = portrait ? 60.0 : t.margin
        let w = ctx.refWidth, h = ctx.refHeight

        // Header: position in the quiz, the title, the countdown.
        let ring = portrait ? 150.0 : 140.0
        let headerTop = portrait ? 60.0 : 40.0
        if let n = q.number {
            let label = q.total.map { "\(n) / \($0)" } ?? "\(n)"
            ctx.drawText(label, weight: .bold, size: t.headerSize, box: ctx.rect(m, headerTop + ring / 2 - 30, 400, 60),
                         maxLines: 1, vertical: .center, color: t.accent)
        }
        if let title = state.title {
            let x = m + 260
            ctx.drawText(title, size: 32, minSize: 24, box: ctx.rect(x, headerTop + ring / 2 - 26, w - x - m - ring - 40, 52),
                         maxLines: 1, align: portrait ? .left : .center, vertical: .center, color: t.mutedText)
        }
        let countdown = reveal ? nil : Countdown(q, now: ctx.now)
        countdown?.draw(centerX: w - m - ring / 2, centerY: headerTop + ring / 2, diameter: ring, in: ctx)

        // Choices from the bottom up, the question in the space left above them.
        let n = min(q.choices.count, t.choices.count)
        let cols = portrait ? 1 : 2
        let rows = (n + cols - 1) / cols
        let boxH = portrait ? 140.0 : 150.0, gap = portrait ? 20.0 : 24.0
        let gridBottom = h - (portrait ? 80 : 60)
        let gridTop = rows == 0 ? gridBottom : gridBottom - Double(rows) * boxH - Double(rows - 1) * gap
        let questionTop = headerTop + ring + (portrait ? 40 : 20)
        let questionBox = ctx.rect(m, questionTop, w - 2 * m, max(60, gridTop - 40 - questionTop))
        ctx.drawText(q.text ?? "", weight: .bold, size: t.questionSize, minSize: t.questionMinSize, box: questionBox,
                     align: n == 0 ? .center : .left, vertical: .center, color: t.text)

        let boxW = (w - 2 * m - Double(cols - 1) * gap) / Double(cols)
        let total = max(1, (q.answerCounts ?? []).max() ?? 0)
        for i in 0..<n {
            let row = i / cols, col = i % cols
            var x = m + Double(col) * (boxW + gap)
            if cols == 2, i == n - 1, n % 2 == 1 { x = (w - boxW) / 2 }  // a lone last choice is centred
            let y = gridTop + Double(row) * (boxH + gap)
            let count = reveal ? (q.answerCounts.flatMap { i < $0.count ? $0[i] : nil } ?? 0) : nil
            drawChoice(q.choices[i], index: i, x: x, y: y, w: boxW, h: boxH, count: count, maxCount: total,
                       state: reveal ? (q.correct == i ? .correct : (q.correct == nil ? .plain : .dimmed)) : .plain, in: ctx)
        }

        if let f = countdown?.fraction {
            let bar = ctx.rect(0, h - 14, w, 14)
            ctx.canvas.fillRect(bar, t.track)
            let filled = Rect(x: bar.x, y: bar.y, width: Int((Double(bar.width) * f).rounded()), height: bar.height)
            ctx.canvas.fillRect(filled, countdown?.isUrgent == true ? t.warning : t.accent)
        }
    }

    enum ChoiceState { case plain, correct, dimmed }

    private func drawChoice(_ label: String, index: Int, x: Double, y: Double, w: Double, h: Double, count: Int?,
                            maxCount: Int, state: ChoiceState, in ctx: SceneContext) {
        let t = ctx.theme
        let style = t.choice(index)
        let box = ctx.rect(x, y, w, h)
        let radius = ctx.viewport.length(24)
        let fill = state == .dimmed ? style.fill.mixed(with: t.background, 0.7) : style.fill
        let ink = state == .dimmed ? t.mutedText : style.text
        if state == .correct {
            ctx.canvas.fillRoundedRect(ctx.rect(x - 10, y - 10, w + 20, h + 20), radius: ctx.viewport.length(32), t.text)
        }
        ctx.canvas.fillRoundedRect(box, radius: radius, fill)
        if let count {
            // How many picked this choice: a band along the bottom, proportional to the largest.
            let band = ctx.rect(x + 24, y + h - 22, (w - 48) * Double(count) / Double(maxCount), 10)
            ctx.canvas.fillRoundedRect(band, radius: ctx.viewport.length(5), ink)
        }
        let mark = 64.0
        let (cx, cy) = ctx.viewport.point(x + 28 + mark / 2, y + h / 2)
        ctx.canvas.fill(style.shape.path(cx: cx, cy: cy, size: ctx.viewport.length(mark)), ink)
        let countW = count == nil ? 0.0 : 130.0
        let textX = x + 28 + mark + 28
        ctx.drawText(label, weight: .bold, size: t.choiceSize, minSize: t.choiceMinSize,
                     box: ctx.rect(textX, y + 12, w - (textX - x) - 28 - countW, h - 24), maxLines: 2,
                     vertical: .center, color: ink)
        if let count {
            ctx.drawText(String(count), weight: .bold, size: 48, box: ctx.rect(x + w - 28 - countW, y, countW, h),
                         maxLines: 1, align: .right, vertical: .center, color: ink)
        }
    }
}
