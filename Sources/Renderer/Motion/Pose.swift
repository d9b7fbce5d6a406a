/// The values an animation moves, as one frame shows them: how far each answer bar has grown
/// and what its numbers read, where each row of the standings is and what score it shows, the
/// lobby's count, how high each podium step stands. A scene reports the pose of every frame
/// it lays out; when a new state arrives mid-animation its values start from the pose on
/// screen, so nothing jumps. A settled frame's pose holds the state's own values.
public struct Pose: Equatable, Sendable {
    struct Tally: Equatable, Sendable {
        var share: Double
        var count: Double
        var percent: Double
    }

    struct Row: Equatable, Sendable {
        /// The row's box in reference units.
        var box: Box
        var score: Double
        /// 0...1: how far the row has faded in (rows that were not on the board before).
        var shown: Double
    }

    /// Reveal: per choice.
    var tallies: [Tally]?
    /// Standings: by entry (`StandingKey`).
    var rows: [String: Row]?
    /// Lobby.
    var participants: Double?
    /// Ended: how far the steps of ranks 1, 2 and 3 have risen, 0...1.
    var podium: [Double]?

    public init() {}

    public static let none = Pose()
}

/// An entry of the standings across states: its name, and which of the entries with that name
/// it is (two teams may share a name).
enum StandingKey {
    static func keys(_ names: [String]) -> [String] {
        var seen: [String: Int] = [:]
        return names.map { name in
            let n = seen[name, default: 0]
            seen[name] = n + 1
            return n == 0 ? name : "\(name)#\(n)"
        }
    }
}
