/// A device's name on the CEC bus, 0–15 (CEC 1.4 table 5): the kernel claims one for the
/// device type asked for by polling the candidates until one is not acknowledged (a Playback
/// device gets 4, else 8, else 11). 15 is "Unregistered" as an initiator and "Broadcast" as a
/// destination.
public struct LogicalAddress: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8

    public static let tv = LogicalAddress(0)
    public static let playback1 = LogicalAddress(4)
    public static let playback2 = LogicalAddress(8)
    public static let playback3 = LogicalAddress(11)
    public static let broadcast = LogicalAddress(15)
    public static let unregistered = LogicalAddress(15)

    /// The low nibble of `value`.
    public init(_ value: UInt8) { rawValue = value & 0x0F }

    /// The addresses a Playback device may have, in the order they are tried.
    public static let playback: [LogicalAddress] = [.playback1, .playback2, .playback3]

    public var isPlayback: Bool { Self.playback.contains(self) }

    private static let names = ["TV", "Recording 1", "Recording 2", "Tuner 1", "Playback 1", "Audio System", "Tuner 2", "Tuner 3",
                                "Playback 2", "Recording 3", "Tuner 4", "Playback 3", "Backup 1", "Backup 2", "Specific", "Unregistered"]

    /// "Playback 1 (4)".
    public var description: String { "\(Self.names[Int(rawValue)]) (\(rawValue))" }
}
