import QuizContract

/// The top of the question and reveal: the venue's logo, where in the quiz we are ("3 / 10"),
/// the quiz's name, and on the right the countdown (drawn by the scene). The words share one
/// baseline whatever their sizes.
enum QuestionHeader {
    /// Lays the header out; `rightW` is the width the scene keeps on the right (the ring).
    static func layout(_ state: QuizState, frame L: QuestionLayout.Frame, rightW: Double, in ctx: SceneContext) {
        let t = ctx.theme, type = ctx.type
        let q = state.question ?? QuizState.Question()
        var x = L.headerRow.x
        let logoH = min(L.headerRow.h * 0.6, 96 * type.k)
        if let logo = ctx.logo(in: Box(x: x, y: L.headerRow.midY - logoH / 2, w: 360 * type.k, h: logoH), align: .left) {
            x = logo.maxX + 28 * type.k
        }
        if let n = q.number {
            let label = q.total.map { "\(n) / \($0)" } ?? "\(n)"
            let box = Box(x: x, y: L.headerRow.y, w: 320 * type.k, h: L.headerRow.h)
            let block = ctx.fit(label, weight: .bold, size: type.progress, min: type.floor, in: box, lines: 1)
            let drawn = ctx.place(block, .progress, in: box, baseline: L.headerBaseline, color: t.accent, on: t.background)
            x = ctx.viewport.unitX(drawn.maxX) + 40
        }
        guard let title = state.title else { return }
        if let row = L.titleRow {
            ctx.text(title, .title, size: type.title, min: type.floor, in: row, lines: 1, align: .center, vertical: .center,
                     color: t.mutedText, on: t.background)
            return
        }
        // Centred on the screen when the sides leave room, else between them.
        let right = L.headerRow.maxX - rightW - 40
        let mid = ctx.width / 2
        let half = min(mid - x, right - mid)
        let box = half > 240 ? Box(x: mid - half, y: L.headerRow.y, w: 2 * half, h: L.headerRow.h)
                             : Box(x: x, y: L.headerRow.y, w: max(1, right - x), h: L.headerRow.h)
        let block = ctx.fit(title, size: type.title, min: type.floor, in: box, lines: 1)
        ctx.place(block, .title, in: box, baseline: L.headerBaseline, align: half > 240 ? .center : .left,
                  color: t.mutedText, on: t.background)
    }
}
