import Pixels
import QuizContract

/// Draws what the big screen shows for a quiz state at a display size and time.
public final class SceneRenderer {
    public let text: TextEngine
    public let theme: Theme
    /// Set by the legibility test: records every text colour and what is under it.
    var inspector: TextInspector?

    public init(text: TextEngine, theme: Theme = .standard) {
        self.text = text
        self.theme = theme
    }

    public convenience init(fonts: FontSet, theme: Theme = .standard) {
        self.init(text: TextEngine(fonts: fonts), theme: theme)
    }

    /// Renders a full frame of `state` into `canvas` as it looks at time `now` (seconds since
    /// the Unix epoch; countdowns depend on it), with `overlay` on top. Returns what was drawn,
    /// to hand back to `damage(from:to:)` or `update(_:from:to:)` next time.
    @discardableResult
    public func render(_ state: QuizState, into canvas: Canvas, now: Double, overlay: ScreenOverlay = .none) -> SceneFrame {
        let frame = SceneFrame(state: state, width: canvas.width, height: canvas.height, now: now, overlay: overlay)
        text.cache.beginFrame()
        draw(frame, into: canvas)
        return frame
    }

    /// Draws the whole frame, limited to the canvas's current clip (a partial update sets it).
    func draw(_ frame: SceneFrame, into canvas: Canvas) {
        let ctx = SceneContext(canvas: canvas, text: text, viewport: Viewport(width: canvas.width, height: canvas.height),
                               theme: theme, now: frame.now, inspector: inspector)
        canvas.fill(theme.background)
        scene(for: frame.state.phase).draw(frame.state, in: ctx)
        if frame.overlay.controllerOffline {
            OfflineMark.draw(in: ctx)
        }
    }

    func scene(for phase: QuizState.Phase) -> any Scene {
        switch phase {
        case .idle: return IdleScene()
        case .lobby: return LobbyScene()
        case .question: return QuestionScene()
        case .reveal: return RevealScene()
        case .leaderboard: return LeaderboardScene()
        case .ended: return PodiumScene()
        }
    }
}
