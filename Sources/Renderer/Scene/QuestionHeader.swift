import QuizContract

/// The top of the question and reveal: the venue's logo, where in the quiz we are ("3 / 10"),
/// the quiz's name, and on the right what the scene keeps there (the countdown ring, the
/// answer total). The words share one baseline whatever their sizes. Space goes first to the
/// right side and the number, then to the logo, then to the title (which may be cut: the room
/// needs it least). Above a text scale of 1 the words keep their full sizes (the number's and
/// the title's times the scale: the title is cut rather than shrunk), so that none is ever
/// smaller at a larger scale.
enum QuestionHeader {
    static func layout(_ state: QuizState, frame L: QuestionLayout.Frame, type: TypeScale, rightW: Double, in ctx: SceneContext) {
        let t = ctx.theme
        let floor = type.k > 1 ? nil : Optional(type.floor)
        let q = state.question ?? QuizState.Question()
        let row = L.headerRow
        let gap = 32 * type.k
        let leftEnd = row.maxX - rightW - gap
        var progress: TextBlock?
        if let n = q.number {
            let label = ctx.labels.progress(n, of: q.total)
            progress = ctx.fit(label, weight: .bold, size: type.progress, min: floor ?? type.progress,
                               in: Box(x: 0, y: 0, w: max(1, min(320 * type.k, leftEnd - row.x)), h: row.h), lines: 1)
        }
        let progressW = progress.map { ctx.width($0) + gap } ?? 0
        var x = row.x
        let logoH = min(row.h * 0.6, 96 * type.k)
        let logoW = min(360 * type.k, leftEnd - row.x - progressW)
        if logoW >= 2 * logoH, let logo = ctx.logo(in: Box(x: x, y: row.midY - logoH / 2, w: logoW, h: logoH), align: .left) {
            x = logo.maxX + gap
        }
        if let progress {
            let drawn = ctx.place(progress, .progress, in: Box(x: x, y: row.y, w: ctx.width(progress) + 1, h: row.h),
                                  baseline: L.headerBaseline, color: t.accent, on: t.background)
            x = ctx.viewport.unitX(drawn.maxX) + gap
        }
        guard let title = state.title else { return }
        if let titleRow = L.titleRow {
            ctx.text(title, .title, size: type.title, min: floor ?? type.title, in: titleRow, lines: 1, align: .center, vertical: .center,
                     color: t.mutedText, on: t.background)
            return
        }
        // Centred on the screen when the sides leave room, else between them.
        let mid = ctx.width / 2
        let half = min(mid - x, leftEnd - mid)
        let centred = half > 240
        let box = centred ? Box(x: mid - half, y: row.y, w: 2 * half, h: row.h) : Box(x: x, y: row.y, w: max(1, leftEnd - x), h: row.h)
        let block = ctx.fit(title, size: type.title, min: floor ?? type.title, in: box, lines: 1)
        ctx.place(block, .title, in: box, baseline: L.headerBaseline, align: centred ? .center : .left, color: t.mutedText, on: t.background)
    }
}
