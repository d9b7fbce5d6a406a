import QuizContract

/// The top line of the question and reveal: where in the quiz we are, and the quiz's name.
enum QuestionHeader {
    static func draw(_ state: QuizState, layout L: QuestionLayout, in ctx: SceneContext) {
        let t = ctx.theme
        let q = state.question ?? QuizState.Question()
        let numberW = L.portrait ? 280.0 : 300.0
        if let n = q.number {
            let label = q.total.map { "\(n) / \($0)" } ?? "\(n)"
            ctx.drawText(label, weight: .bold, size: t.headerSize, minSize: 28, box: ctx.rect(L.margin, L.headerMidY - 34, numberW, 68),
                         maxLines: 1, vertical: .center, color: t.accent, on: t.background)
        }
        if let title = state.title {
            // Centred between the number and the ring in landscape; in portrait the narrow
            // header has room only beside the number.
            let x = L.margin + numberW + 20
            let w = L.width - L.margin - L.ring - 80 - x
            let box = L.portrait ? ctx.rect(x, L.headerMidY - 28, w, 56)
                                 : ctx.rect(x, L.headerMidY - 28, L.width - 2 * x, 56)
            ctx.drawText(title, size: 32, minSize: 24, box: box, maxLines: 1, align: L.portrait ? .left : .center,
                         vertical: .center, color: t.mutedText, on: t.background)
        }
    }
}
