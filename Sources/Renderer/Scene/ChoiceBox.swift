/// One answer choice: its colour, its shape (so colour is never the only cue) and its label.
/// In the reveal the correct one gets a white outline and a check badge, the others sink
/// toward the background.
enum ChoiceBox {
    enum Emphasis { case plain, correct, dimmed }

    static func draw(_ label: String, index: Int, in box: Box, emphasis: Emphasis, in ctx: SceneContext) {
        let t = ctx.theme
        let style = emphasis == .dimmed ? t.dimmed(t.choice(index)) : t.choice(index)
        let vp = ctx.viewport
        if emphasis == .correct {
            let ring = 8.0
            ctx.canvas.fillRoundedRect(vp.rect(box.inset(-ring, -ring)), radius: vp.length(24 + ring), t.text)
        }
        ctx.canvas.fillRoundedRect(vp.rect(box), radius: vp.length(24), style.fill)

        let pad = box.h < 130 ? 24.0 : 28.0
        let mark = min(64, box.h * 0.46)
        let (mx, my) = vp.point(box.x + pad + mark / 2, box.midY)
        ctx.canvas.fill(style.shape.path(cx: mx, cy: my, size: vp.length(mark)), style.text)

        // The badge's place is kept on every choice so labels wrap the same in all of them.
        let badge = emphasis == .plain ? 0.0 : min(60, box.h * 0.5)
        if emphasis == .correct {
            let (bx, by) = vp.point(box.maxX - pad - badge / 2, box.midY)
            ctx.canvas.fill(.circle(cx: bx, cy: by, radius: vp.length(badge / 2)), t.text)
            ctx.canvas.fill(.checkMark(cx: bx, cy: by, size: vp.length(badge * 0.8)), t.darkText)
        }
        let textX = box.x + pad + mark + 24
        let textBox = Box(x: textX, y: box.y + 10, w: box.maxX - pad - (badge > 0 ? badge + 16 : 0) - textX, h: box.h - 20)
        // One line when a little shrinking gets it there (a lone word wrapped onto a second
        // line reads worse than slightly smaller type), else two lines down to the minimum.
        let rect = vp.rect(textBox)
        guard ctx.mayDraw(rect, size: t.choiceSize) else { return }
        var block = ctx.fitText(label, weight: .bold, size: t.choiceSize, minSize: t.choiceSize * 0.82, box: rect, maxLines: 1)
        if block.truncated {
            block = ctx.fitText(label, weight: .bold, size: t.choiceSize, minSize: t.choiceMinSize, box: rect, maxLines: 2)
        }
        ctx.draw(block, box: rect, vertical: .center, color: style.text, on: style.fill)
    }
}
