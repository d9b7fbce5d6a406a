import Pixels
import QuizContract

/// The answer, as an event: the question and the choices exactly where they were, a headline
/// naming the correct answer, the correct box ringed and ticked, the others sunk to rims of
/// their colour, and in every box how many chose it — a bar (its share of all answers; 0 is an
/// empty track), the count and the percentage.
struct RevealScene: Scene {
    func layout(_ state: QuizState, in ctx: SceneContext) {
        let t = ctx.theme
        let q = state.question ?? QuizState.Question()
        let n = min(q.choices.count, t.choices.count)
        let L = QuestionLayout.fitted(q, choices: n, in: ctx)
        let frame = L.frame, type = L.type

        let counts = q.answerCounts.map { c in (0..<n).map { i in i < c.count ? max(0, c[i]) : 0 } }
        let total = counts?.reduce(0, +) ?? 0
        var rightW = 0.0
        if counts != nil {
            // The answer total where the ring was, on the header's baseline.
            let h = L.headerType
            let room = Box(x: 0, y: 0, w: min(420 * h.k, frame.headerRow.w * 0.45), h: frame.headerRow.h)
            let block = ctx.fit(ctx.labels.answers(total), weight: .bold, size: h.label, min: h.k > 1 ? h.label : h.floor, in: room,
                                lines: 1)
            rightW = ctx.width(block)
            let box = Box(x: frame.ringBox.maxX - rightW - 1, y: frame.headerRow.y, w: rightW + 1, h: frame.headerRow.h)
            ctx.place(block, .answered, in: box, baseline: frame.headerBaseline, align: .right, color: t.mutedText, on: t.background)
        }
        QuestionHeader.layout(state, frame: frame, type: L.headerType, rightW: rightW, in: ctx)
        if let picture = q.image, let area = L.picture { QuestionPicture.layout(picture, in: area.revealSlot, ctx: ctx) }

        var questionBox = L.questionBox, question = L.question
        if let c = q.correct, c < n {
            let top = Headline.Top.fitted(q, answer: q.choices[c], layout: L, choices: n, ctx: ctx)
            Headline.place(top.headline, index: c, at: top.box, swatch: top.swatch, type: type, ctx: ctx)
            if let refit = top.question {
                // A long answer took lines above the status line: the question gives way.
                question = refit
                questionBox = Box(x: L.questionBox.x, y: top.box.y - 24 - ctx.height(refit), w: L.questionBox.w, h: ctx.height(refit))
            }
        }
        ctx.place(question, .question, in: questionBox, align: n == 0 ? .center : .start, color: t.text, on: t.background)

        var tallies: [ChoiceBox.Tally?] = Array(repeating: nil, count: n)
        // The bars grow from zero and their numbers count up; an update of the same reveal
        // (more answers counted) continues from what is on screen.
        let motion = ctx.motion
        let continued = motion.continuing(.reveal).flatMap { pose in
            motion.originState.map { Moment.sameScene($0, state) } == true ? pose.tallies : nil
        }.flatMap { $0.count == n ? $0 : nil }
        if let counts {
            let percents = Percentages.of(counts)
            let countW = counts.map { ctx.width(ctx.number(ctx.labels.number($0), size: type.label)) }.max() ?? 0
            let percentW = ctx.width(ctx.number(ctx.labels.percent(100), weight: .regular, size: type.label))
            let p = motion.progress(Timeline.bars)
            var shown: [Pose.Tally] = []
            for i in 0..<n {
                let end = Pose.Tally(share: total > 0 ? Double(counts[i]) / Double(total) : 0, count: Double(counts[i]),
                                     percent: Double(percents[i]))
                let start = continued?[i] ?? Pose.Tally(share: 0, count: 0, percent: 0)
                let now = Pose.Tally(share: Ease.mix(start.share, end.share, p), count: Ease.mix(start.count, end.count, p),
                                     percent: Ease.mix(start.percent, end.percent, p))
                shown.append(now)
                tallies[i] = ChoiceBox.Tally(count: Int(now.count.rounded()), percent: Int(now.percent.rounded()), share: now.share,
                                             countW: countW, percentW: percentW)
            }
            ctx.shown.tallies = shown
        }
        // The correct answer's ring swells once as the reveal comes in (not on an update).
        let emphasis = continued == nil ? Ease.bump(Ease.progress(motion.elapsed, start: Timeline.emphasis.start,
                                                                  duration: Timeline.emphasis.duration)) : 0
        for (i, box) in L.boxes.enumerated() {
            let look: ChoiceBox.Look = q.correct.map { $0 == i ? .correct : .dimmed } ?? .plain
            ChoiceBox.layout(L.labels[i], index: i, in: box, grid: L.grid, look: look, tally: tallies[i],
                             emphasis: look == .correct ? emphasis : 0, ctx: ctx)
        }
    }
}

/// "Correct: Venus" / "正解：金星" with a swatch of the correct choice (its colour and shape),
/// centred on the status line; a long answer wraps upward rather than being cut, and the
/// question over it gives way.
enum Headline {
    /// The reveal's top part: the headline, where it stands (with its swatch), and the question
    /// fitted again when the headline took lines above the status line.
    struct Top {
        var headline: TextBlock
        var box: Box
        var swatch: Double
        var question: TextBlock?
        var fits: Bool

        /// At a text scale of 1 (or less): the headline from 48 units down to the floor in up to
        /// three lines, never into the question's first line, and the question in what is left
        /// above it, down to the floor. Above 1 the layout kept room on the status line for
        /// the headline at its full size (`QuestionLayout`): it takes that, the question stays
        /// as the room saw it, and neither is ever smaller at a larger scale.
        static func fitted(_ q: QuizState.Question, answer: String, layout L: QuestionLayout, choices n: Int,
                           ctx: SceneContext) -> Top {
            let text = ctx.labels.correct(answer)
            guard L.type.k > 1 else { return make(text, q, L, sizes: nil, ctx) }
            let top = make(text, q, L, sizes: (ctx.px(L.type.headline), L.question.size), ctx)
            return top.fits ? top : make(text, q, L, sizes: nil, ctx)
        }

        /// `sizes` (px): the headline's and the question's, wrapped as they need, never shrunk.
        static func make(_ text: String, _ q: QuizState.Question, _ L: QuestionLayout, sizes: (headline: Int, question: Int)?,
                         _ ctx: SceneContext) -> Top {
            let type = L.type, status = L.status
            // The headline may take lines above the status line, never the question's first.
            let limit = L.bodyTop + ctx.lineHeight(size: type.floor, weight: .bold) + 24
            let size = sizes.map { Double($0.headline) / ctx.viewport.scale }
            let swatch = ctx.lineHeight(size: size ?? type.headline, weight: .bold)
            let gap = 20 * type.k
            let room = Box(x: 0, y: 0, w: status.w - swatch - gap, h: max(status.h, status.maxY - limit))
            let block = ctx.fit(text, weight: .bold, size: size ?? type.headline, min: size ?? type.floor, in: room,
                                lines: sizes == nil ? 3 : .max, balance: true)
            let h = ctx.height(block), w = ctx.width(block)
            let box = h <= status.h ? Box(x: status.midX - (swatch + gap + w) / 2, y: status.y, w: swatch + gap + w, h: status.h)
                                    : Box(x: status.midX - (swatch + gap + w) / 2, y: status.maxY - h, w: swatch + gap + w, h: h)
            guard box.y < status.y else { return Top(headline: block, box: box, swatch: swatch, question: nil, fits: !block.truncated) }
            let questionRoom = Box(x: 0, y: 0, w: L.questionBox.w, h: max(1, box.y - 24 - L.bodyTop))
            let qSize = sizes.map { Double($0.question) / ctx.viewport.scale }
            let question = ctx.fit(q.text ?? "", weight: .bold, size: qSize ?? type.question, min: qSize ?? type.floor, in: questionRoom,
                                   balance: true)
            return Top(headline: block, box: box, swatch: swatch, question: question, fits: !block.truncated && !question.truncated)
        }
    }

    static func place(_ block: TextBlock, index: Int, at box: Box, swatch: Double, type: TypeScale, ctx: SceneContext) {
        let t = ctx.theme, vp = ctx.viewport
        let gap = 20 * type.k
        let style = t.choice(index)
        let mark = Box(x: box.x, y: box.midY - swatch / 2, w: swatch, h: swatch)
        ctx.fill(.headlineMark, mark, radius: swatch * 0.2, style.fill, index: index)
        let (cx, cy) = vp.point(mark.midX, mark.midY)
        ctx.fill(.headlineMark, path: style.shape.path(cx: cx, cy: cy, size: vp.length(swatch * 0.55)), style.text, index: index)
        ctx.place(block, .headline, index: index, in: Box(x: box.x + swatch + gap, y: box.y, w: ctx.width(block) + 1, h: box.h),
                  vertical: .center, color: t.text, on: t.background)
    }
}
