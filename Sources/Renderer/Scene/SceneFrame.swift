import QuizContract

/// Everything a frame's pixels depend on: the input of one render.
public struct SceneFrame: Equatable, Sendable {
    public var state: QuizState
    public var width: Int
    public var height: Int
    /// Seconds since the Unix epoch.
    public var now: Double
    public var overlay: ScreenOverlay
    /// What this display really shows (its overscan); nil: the renderer's setting.
    public var safeArea: SafeArea?
    /// Changes when the state's picture becomes ready to draw (its placeholder is replaced):
    /// a full redraw, like a new state. The kiosk sets it from its picture store.
    public var pictureVersion = 0

    public init(state: QuizState, width: Int, height: Int, now: Double, overlay: ScreenOverlay = .none, safeArea: SafeArea? = nil) {
        self.state = state
        self.width = width
        self.height = height
        self.now = now
        self.overlay = overlay
        self.safeArea = safeArea
    }
}
