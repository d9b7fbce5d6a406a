/// Before the first question: the title, the join code huge, where to join, and how many have.
struct LobbyScene: Scene {
    func draw(_ state: QuizState, in ctx: SceneContext) {
        let t = ctx.theme
        let m = t.margin
        let w = ctx.refWidth - 2 * m
        let h = ctx.refHeight
        ctx.drawText(state.title ?? "QuizKiosk", weight: .bold, size: 72, minSize: 40, box: ctx.rect(m, 60, w, 180),
                     maxLines: 2, align: .center, vertical: .center, color: t.text)
        let lobby = state.lobby ?? QuizState.Lobby()
        let mid = h / 2
        ctx.drawText("Join code", size: 40, box: ctx.rect(m, mid - 200, w, 60), maxLines: 1, align: .center, color: t.mutedText)
        ctx.drawText(lobby.joinCode ?? "—", weight: .bold, size: 200, minSize: 80, box: ctx.rect(m, mid - 140, w, 240),
                     maxLines: 1, align: .center, vertical: .center, color: t.accent)
        if let url = lobby.joinURL {
            ctx.drawText(url, size: 40, minSize: 24, box: ctx.rect(m, mid + 130, w, 60), maxLines: 1, align: .center,
                         color: t.text)
        }
        let players = lobby.participants ?? 0
        ctx.drawText(players == 1 ? "1 player joined" : "\(players) players joined", weight: .bold, size: 48,
                     box: ctx.rect(m, h - 160, w, 70), maxLines: 1, align: .center, color: t.mutedText)
    }
}
