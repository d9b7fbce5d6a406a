import QuizContract

/// Before the quiz (or after the controller cleared it): the quiz's title, if known, and a
/// calm "waiting" line in English and Japanese.
struct IdleScene: Scene {
    func draw(_ state: QuizState, in ctx: SceneContext) {
        let t = ctx.theme
        let m = ctx.viewport.isPortrait ? 60.0 : t.margin
        let w = ctx.refWidth - 2 * m
        let mid = ctx.refHeight / 2
        let title = state.title ?? "QuizKiosk"
        ctx.drawText(title, weight: .bold, size: t.titleSize, minSize: 48, box: ctx.rect(m, mid - 280, w, 250), maxLines: 2,
                     align: .center, vertical: .bottom, color: t.text, on: t.background)
        ctx.canvas.fillRoundedRect(ctx.rect(ctx.refWidth / 2 - 120, mid - 4, 240, 8), radius: ctx.viewport.length(4), t.accent)
        ctx.drawText("Waiting for the quiz to start", size: 48, minSize: 32, box: ctx.rect(m, mid + 60, w, 70), maxLines: 1,
                     align: .center, color: t.mutedText, on: t.background)
        ctx.drawText("クイズの開始をお待ちください", size: 40, minSize: 28, box: ctx.rect(m, mid + 140, w, 60), maxLines: 1,
                     align: .center, color: t.mutedText, on: t.background)
    }
}
