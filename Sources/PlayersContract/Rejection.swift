import Locales

/// Why the box refused a phone's message: the `reason` of a `rejected` message, a closed list
/// a phone can act on, and `message`, words for people in the room's language.
public enum Rejection: String, Sendable, CaseIterable, Error {
    case badCode = "bad-code"
    case nameTaken = "name-taken"
    case nameInvalid = "name-invalid"
    case roomLocked = "room-locked"
    case roomFull = "room-full"
    case badToken = "bad-token"
    case kicked
    case alreadyAnswered = "already-answered"
    case tooLate = "too-late"
    case notOpen = "not-open"
    case badMessage = "bad-message"
    case tooFast = "too-fast"
    /// A console message without the host's secret, or with a wrong one (a player's token is
    /// never a secret). Not in players v1's list: an extension, for consoles only.
    case notHost = "not-host"

    /// The words a phone shows, in the room's language: the phrase tables' (the words the
    /// screens and the phone page use), English for a tag none of the fifteen languages names.
    /// `not-host`, a console's reason, is an extension of players v1: its words are the
    /// console's (`Phrases.rejectNotHost`).
    public func message(locale: String) -> String {
        let language = RoomLocale(tag: locale)?.language ?? .en
        return Phrases.of(language).rejected(rawValue) ?? Phrases.of(.en).rejected(rawValue) ?? rawValue
    }
}
