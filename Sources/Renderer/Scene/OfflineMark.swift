/// The "controller offline" mark: a small pill in the bottom-left corner, inside the band every
/// scene keeps free (`Theme.footer`), so it never covers the quiz. Meant for the host
/// and staff, not the room: small and quiet, but legible (≥ 7:1 like all text).
enum OfflineMark {
    static let label = "Controller offline"

    static func draw(in ctx: SceneContext) {
        let t = ctx.theme
        let h = 40.0, text = 24.0, dot = 14.0
        let x = ctx.viewport.isPortrait ? 40.0 : 48.0
        let y = ctx.refHeight - t.barHeight - 8 - h
        let textBox = ctx.rect(x + 18 + dot + 12, y, 600, h)
        let block = ctx.fitText(label, weight: .bold, size: text, box: textBox, maxLines: 1)
        let width = 18 + dot + 12 + Double(block.width) / ctx.viewport.scale + 20
        ctx.canvas.fillRoundedRect(ctx.rect(x, y, width, h), radius: ctx.viewport.length(h / 2), t.panel)
        let (cx, cy) = ctx.viewport.point(x + 18 + dot / 2, y + h / 2)
        ctx.canvas.fill(.circle(cx: cx, cy: cy, radius: ctx.viewport.length(dot / 2)), t.warning)
        ctx.draw(block, box: textBox, vertical: .center, color: t.mutedText, on: t.panel)
    }
}
