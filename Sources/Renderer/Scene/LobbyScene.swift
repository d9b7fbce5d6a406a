import Pixels
import QuizContract

/// Before the first question: the quiz's title, a QR code of the join URL as large as the
/// screen allows (a phone at the back of the room must read it), the URL for those who type,
/// the join code huge, and how many have joined. Landscape puts the QR code on the right and
/// the words on the left; portrait stacks them.
struct LobbyScene: Scene {
    func draw(_ state: QuizState, in ctx: SceneContext) {
        let lobby = state.lobby ?? QuizState.Lobby()
        let qr = lobby.joinURL.flatMap(QRCode.init)
        if ctx.viewport.isPortrait || qr == nil {
            drawStacked(state, lobby, qr, in: ctx)
        } else if let qr {
            drawSideBySide(state, lobby, qr, in: ctx)
        }
    }

    private func drawSideBySide(_ state: QuizState, _ lobby: QuizState.Lobby, _ qr: QRCode, in ctx: SceneContext) {
        let t = ctx.theme
        let m = t.margin, w = ctx.refWidth
        let top = 64.0, bottom = ctx.refHeight - t.footer
        let side = min(bottom - top, w * 0.46)
        let card = Box(x: w - m - side, y: top + (bottom - top - side) / 2, w: side, h: side)
        drawQR(qr, in: card, ctx)

        let colW = card.x - 80 - m
        ctx.drawText(state.title ?? "QuizKiosk", weight: .bold, size: 64, minSize: 40, box: ctx.rect(m, 80, colW, 170),
                     maxLines: 2, color: t.text, on: t.background)
        if let url = lobby.joinURL {
            ctx.drawText("Scan or open", weight: .bold, size: 36, box: ctx.rect(m, 296, colW, 52), maxLines: 1,
                         vertical: .center, color: t.mutedText, on: t.background)
            ctx.drawText(url, weight: .bold, size: 40, minSize: 26, box: ctx.rect(m, 356, colW, 112), maxLines: 2,
                         color: t.text, on: t.background)
        }
        if let code = lobby.joinCode {
            ctx.drawText("Join code", weight: .bold, size: 36, box: ctx.rect(m, 516, colW, 52), maxLines: 1,
                         vertical: .center, color: t.mutedText, on: t.background)
            ctx.drawText(code, weight: .bold, size: 230, minSize: 80, box: ctx.rect(m - 8, 566, colW + 8, 250), maxLines: 1,
                         vertical: .center, color: t.accent, on: t.background)
        }
        drawPlayers(lobby.participants, x: m, baseline: 940, width: colW, center: false, ctx)
    }

    private func drawStacked(_ state: QuizState, _ lobby: QuizState.Lobby, _ qr: QRCode?, in ctx: SceneContext) {
        let t = ctx.theme
        let portrait = ctx.viewport.isPortrait
        let m = portrait ? 60.0 : t.margin
        let w = ctx.refWidth - 2 * m, h = ctx.refHeight
        var y = 70.0
        ctx.drawText(state.title ?? "QuizKiosk", weight: .bold, size: 64, minSize: 40, box: ctx.rect(m, y, w, 170),
                     maxLines: 2, align: .center, vertical: .center, color: t.text, on: t.background)
        y += 190
        if let qr {
            // Portrait: the QR code takes the width, the rest fits under it.
            let side = min(ctx.refWidth - 2 * 90, h - t.footer - y - 640)
            drawQR(qr, in: Box(x: (ctx.refWidth - side) / 2, y: y, w: side, h: side), ctx)
            y += side + 30
        }
        if let url = lobby.joinURL {
            ctx.drawText(url, weight: .bold, size: 40, minSize: 26, box: ctx.rect(m, y, w, 110), maxLines: 2,
                         align: .center, vertical: .center, color: t.text, on: t.background)
            y += 130
        }
        // The players' line sits on the footer; the code is centred in what is left above it.
        let playersBaseline = h - t.footer - 60
        if let code = lobby.joinCode {
            let codeTop = y + max(0, (playersBaseline - 110 - y - 300) / 2)
            ctx.drawText("Join code", weight: .bold, size: 36, box: ctx.rect(m, codeTop, w, 52), maxLines: 1, align: .center,
                         vertical: .center, color: t.mutedText, on: t.background)
            ctx.drawText(code, weight: .bold, size: 220, minSize: 80, box: ctx.rect(m, codeTop + 50, w, 240), maxLines: 1,
                         align: .center, vertical: .center, color: t.accent, on: t.background)
        }
        drawPlayers(lobby.participants, x: m, baseline: playersBaseline, width: w, center: true, ctx)
    }

    /// A white card with the code, modules whole pixels.
    private func drawQR(_ qr: QRCode, in box: Box, _ ctx: SceneContext) {
        let t = ctx.theme
        ctx.canvas.drawQRCode(qr, in: ctx.viewport.rect(box), dark: t.qrDark, light: t.qrLight,
                              cornerRadius: ctx.viewport.length(16))
    }

    /// "18 players joined", the number large, both on one baseline.
    private func drawPlayers(_ count: Int?, x: Double, baseline: Double, width: Double, center: Bool, _ ctx: SceneContext) {
        guard let count else { return }
        let t = ctx.theme
        let vp = ctx.viewport
        let box = ctx.rect(x, baseline - 120, width, 160)
        let number = ctx.fitText(String(count), weight: .bold, size: 88, minSize: 48, box: box, maxLines: 1)
        let words = ctx.fitText(count == 1 ? "player joined" : "players joined", weight: .bold, size: 44, minSize: 28,
                                box: Rect(x: box.x, y: box.y, width: max(1, box.width - number.width - ctx.px(18)), height: box.height),
                                maxLines: 1)
        let gap = ctx.px(18)
        let total = number.width + gap + words.width
        let left = center ? box.x + (box.width - total) / 2 : box.x
        let base = Int((baseline * vp.scale).rounded())
        ctx.draw(number, box: Rect(x: left, y: base - number.ascent, width: number.width, height: number.height),
                 color: t.text, on: t.background)
        ctx.draw(words, box: Rect(x: left + number.width + gap, y: base - words.ascent, width: words.width, height: words.height),
                 color: t.mutedText, on: t.background)
    }
}
