/// What the screen shows on top of any scene, about the screen itself rather than the quiz.
public struct ScreenOverlay: Equatable, Sendable {
    /// The controller (broker or source) has not been heard from for a while: the screen keeps
    /// the last state and says so, small, in a corner.
    public var controllerOffline: Bool

    public init(controllerOffline: Bool = false) {
        self.controllerOffline = controllerOffline
    }

    public static let none = ScreenOverlay()
}
