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
            let room = Box(x: 0, y: 0, w: min(420 * ctx.type.k, frame.headerRow.w * 0.45), h: frame.headerRow.h)
            let block = ctx.fit(ctx.labels.answers(total), weight: .bold, size: ctx.type.label, min: ctx.type.floor, in: room, lines: 1)
            rightW = ctx.width(block)
            let box = Box(x: frame.ringBox.maxX - rightW - 1, y: frame.headerRow.y, w: rightW + 1, h: frame.headerRow.h)
            ctx.place(block, .answered, in: box, baseline: frame.headerBaseline, align: .right, color: t.mutedText, on: t.background)
        }
        QuestionHeader.layout(state, frame: frame, rightW: rightW, in: ctx)
        if let picture = q.image, let area = L.picture { QuestionPicture.layout(picture, in: area.revealSlot, ctx: ctx) }

        var questionBox = L.questionBox, question = L.question
        if let c = q.correct, c < n {
            // The headline may take lines above the status line, never the question's first.
            let limit = L.bodyTop + ctx.lineHeight(size: type.floor, weight: .bold) + 24
            let top = Headline.layout(q.choices[c], index: c, in: L.status, above: limit, type: type, ctx: ctx)
            if top < L.status.y {
                // A long answer took lines above the status line: the question gives way.
                let room = Box(x: L.questionBox.x, y: L.bodyTop, w: L.questionBox.w, h: max(1, top - 24 - L.bodyTop))
                question = ctx.fit(q.text ?? "", weight: .bold, size: type.question, min: type.floor, in: room, balance: true)
                questionBox = Box(x: room.x, y: room.maxY - ctx.height(question), w: room.w, h: ctx.height(question))
            }
        }
        ctx.place(question, .question, in: questionBox, align: n == 0 ? .center : .left, color: t.text, on: t.background)

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
/// centred on the status line; a long answer wraps upward rather than being cut.
enum Headline {
    /// Returns the top of what it took (above `status.y` when it needed more lines).
    static func layout(_ answer: String, index: Int, in status: Box, above limit: Double, type: TypeScale,
                       ctx: SceneContext) -> Double {
        let t = ctx.theme, vp = ctx.viewport
        let swatch = ctx.lineHeight(size: type.headline, weight: .bold)
        let gap = 20 * type.k
        let room = Box(x: 0, y: 0, w: status.w - swatch - gap, h: max(status.h, status.maxY - limit))
        let block = ctx.fit(ctx.labels.correct(answer), weight: .bold, size: type.headline, min: type.floor, in: room,
                            lines: 3, balance: true)
        let h = ctx.height(block), w = ctx.width(block)
        let box = h <= status.h ? Box(x: status.midX - (swatch + gap + w) / 2, y: status.y, w: swatch + gap + w, h: status.h)
                                : Box(x: status.midX - (swatch + gap + w) / 2, y: status.maxY - h, w: swatch + gap + w, h: h)
        let style = t.choice(index)
        let mark = Box(x: box.x, y: box.midY - swatch / 2, w: swatch, h: swatch)
        ctx.fill(.headlineMark, mark, radius: swatch * 0.2, style.fill, index: index)
        let (cx, cy) = vp.point(mark.midX, mark.midY)
        ctx.fill(.headlineMark, path: style.shape.path(cx: cx, cy: cy, size: vp.length(swatch * 0.55)), style.text, index: index)
        ctx.place(block, .headline, index: index, in: Box(x: box.x + swatch + gap, y: box.y, w: w + 1, h: box.h), vertical: .center,
                  color: t.text, on: t.background)
        return box.y
    }
}
