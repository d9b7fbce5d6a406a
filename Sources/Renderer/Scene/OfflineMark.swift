/// The "controller offline" (or "host offline") mark: a small pill in the bottom-left corner, inside the band every
/// scene keeps free (the footer), so it never covers the quiz. Meant for the host and staff,
/// not the room: small and quiet, but legible (≥ 7:1 like all text).
enum OfflineMark {
    static func layout(_ words: String, in ctx: SceneContext) {
        let t = ctx.theme
        let h = 40.0, text = ctx.type.offline, dot = 14.0
        let x = ctx.isPortrait ? 40.0 : 48.0
        let y = ctx.height - 24 - 8 - h
        let textBox = Box(x: x + 18 + dot + 12, y: y, w: 600, h: h)
        let block = ctx.fit(words, weight: .bold, size: text, in: textBox, lines: 1)
        let width = 18 + dot + 12 + ctx.width(block) + 20
        ctx.fill(.offline, Box(x: x, y: y, w: width, h: h), radius: h / 2, t.panel)
        let (cx, cy) = ctx.viewport.point(x + 18 + dot / 2, y + h / 2)
        ctx.fill(.offline, path: .circle(cx: cx, cy: cy, radius: ctx.viewport.length(dot / 2)), t.warning)
        ctx.place(block, .offline, in: textBox, vertical: .center, color: t.mutedText, on: t.panel)
    }
}
