import Locales
import QuizContract

/// Before the quiz (or after the controller cleared it): the venue's logo, the quiz's title if
/// known, and a calm "waiting" line in the room's language — in English and Japanese when
/// nothing tells which.
struct IdleScene: Scene {
    func layout(_ state: QuizState, in ctx: SceneContext) {
        let t = ctx.theme, type = ctx.type, k = type.k
        let m = ctx.margin
        let w = ctx.width - 2 * m
        let logoH = 160 * k
        let hasLogo = ctx.logo(ctx.px(logoH)) != nil
        let title = ctx.fit(state.title ?? "QuizKiosk", weight: .bold, size: type.bigTitle, min: type.floor,
                            in: Box(x: 0, y: 0, w: w, h: ctx.lineHeight(size: type.bigTitle, lines: 2, weight: .bold)), lines: 2,
                            balance: true)
        let lines: [(String, Double)] = ctx.locale.map { _ in [(ctx.labels.waiting, type.label * 4 / 3)] }
            ?? [(Phrases.of(.en).waiting, type.label * 4 / 3), (Phrases.of(.ja).waiting, type.label)]
        let blocks = lines.map { ctx.fit($0.0, size: $0.1, min: type.floor, in: Box(x: 0, y: 0, w: w, h: 200), lines: 2, balance: true) }
        let total = (hasLogo ? logoH + 48 : 0) + ctx.height(title) + 40 + 8 + 48 + blocks.reduce(0) { $0 + ctx.height($1) + 16 }
        var y = max(48, (ctx.height - ctx.footer - total) / 2)
        if hasLogo {
            ctx.logo(in: Box(x: m, y: y, w: w, h: logoH), align: .center)
            y += logoH + 48
        }
        ctx.place(title, .title, in: Box(x: m, y: y, w: w, h: ctx.height(title)), align: .center, color: t.text, on: t.background)
        y += ctx.height(title) + 40
        ctx.fill(.rule, Box(x: ctx.width / 2 - 120, y: y, w: 240, h: 8), radius: 4, t.accent)
        y += 8 + 48
        for b in blocks {
            ctx.place(b, .label, in: Box(x: m, y: y, w: w, h: ctx.height(b)), align: .center, color: t.mutedText, on: t.background)
            y += ctx.height(b) + 16
        }
    }
}
