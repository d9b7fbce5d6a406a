/// Draws what the big screen shows for a quiz state at a display size and time.
public final class SceneRenderer {
    public let text: TextEngine
    public let theme: Theme

    public init(text: TextEngine, theme: Theme = .standard) {
        self.text = text
        self.theme = theme
    }

    public convenience init(fonts: FontSet, theme: Theme = .standard) {
        self.init(text: TextEngine(fonts: fonts), theme: theme)
    }

    /// Renders a full frame of `state` into `canvas` as it looks at time `now` (seconds since
    /// the Unix epoch; countdowns depend on it).
    public func render(_ state: QuizState, into canvas: Canvas, now: Double) {
        text.cache.beginFrame()
        let ctx = SceneContext(canvas: canvas, text: text, viewport: Viewport(width: canvas.width, height: canvas.height),
                               theme: theme, now: now)
        canvas.fill(theme.background)
        scene(for: state.phase).draw(state, in: ctx)
    }

    func scene(for phase: QuizState.Phase) -> any Scene {
        switch phase {
        case .idle: return IdleScene()
        case .lobby: return LobbyScene()
        case .question: return QuestionScene(reveal: false)
        case .reveal: return QuestionScene(reveal: true)
        case .leaderboard: return LeaderboardScene(final: false)
        case .ended: return LeaderboardScene(final: true)
        }
    }
}
