/// `--cec auto|off|/dev/cecN`, `--cec-standby`, `--cec-standby-after SECONDS` (and the same
/// keys in the settings file).
public struct CECSettings: Equatable, Sendable {
    public enum Adapter: Equatable, Sendable {
        case off
        /// The adapter in front of the display being driven (`AdapterChoice`).
        case auto
        case path(String)
    }

    public static let defaultStandbyAfter = 600.0

    public var adapter: Adapter
    /// Standby to the TV once the ended screen has shown for `standbyAfter` seconds, and on exit.
    public var standby: Bool
    public var standbyAfter: Double
    public var osdName: String

    public init(adapter: Adapter = .auto, standby: Bool = false, standbyAfter: Double = defaultStandbyAfter,
                osdName: String = CECIdentity.defaultOSDName) {
        self.adapter = adapter
        self.standby = standby
        self.standbyAfter = standbyAfter
        self.osdName = osdName
    }
}

/// What the screen shows, as far as the TV's power is concerned: nothing of a quiz (idle), a
/// quiz (lobby, questions, reveals, leaderboards), or a quiz's end.
public enum ScreenContent: Equatable, Sendable {
    case idle, quiz, ended
}
