import QuizContract

/// Everything a frame's pixels depend on: the input of one render.
public struct SceneFrame: Equatable, Sendable {
    public var state: QuizState
    public var width: Int
    public var height: Int
    /// Seconds since the Unix epoch.
    public var now: Double
    public var overlay: ScreenOverlay

    public init(state: QuizState, width: Int, height: Int, now: Double, overlay: ScreenOverlay = .none) {
        self.state = state
        self.width = width
        self.height = height
        self.now = now
        self.overlay = overlay
    }
}
