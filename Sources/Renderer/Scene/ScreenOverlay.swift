/// What the screen shows on top of any scene, about the screen itself rather than the quiz.
public struct ScreenOverlay: Equatable, Sendable {
    /// The controller (broker or source) has not been heard from for a while: the screen keeps
    /// the last state and says so, small, in a corner.
    public var controllerOffline: Bool
    /// The host's presence says it is gone (its last will): the quiz cannot move on until it is
    /// back. Shown only while the controller is online (without the broker nothing is known).
    public var hostOffline: Bool

    public init(controllerOffline: Bool = false, hostOffline: Bool = false) {
        self.controllerOffline = controllerOffline
        self.hostOffline = hostOffline
    }

    public static let none = ScreenOverlay()
}
