/// Why a host's action (a terminal key, a console button) changed nothing: a stable `reason` a
/// console puts in the room's words, and a sentence for the terminal and the log (`message`,
/// English, naming what was asked).
public struct HostRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: String, Sendable, CaseIterable {
        /// The action does not apply at this step (a reveal in the lobby, a pause in the reveal,
        /// the room already locked, …).
        case notNow = "not-now"
        /// `back` with nothing before.
        case atStart = "at-start"
        /// `next` after the end.
        case ended
        /// A pause after the question's time ran out (more time still works).
        case timeUp = "time-up"
        /// A kick or rename of a player who is not in the room (any more).
        case noPlayer = "no-player"
        /// A rename the name rules refuse, or to a name another player has.
        case nameInvalid = "name-invalid"
        case nameTaken = "name-taken"
    }

    public let reason: Reason
    public let message: String

    public init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.message = message
    }

    public var description: String { message }
}
