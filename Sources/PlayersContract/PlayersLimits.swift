import QuizContract

/// Every size limit of the players' contract (docs/players.md), in one place: the decoder
/// checks phones' messages against these before anything else looks at them.
public enum PlayersLimits {
    /// One WebSocket text frame from a phone (the server refuses a bigger frame before it is read).
    public static let messageBytes = 4096
    /// A name as typed, before it is normalised: generous, since NFC can shorten a decomposed
    /// name; the name rules (1–20 characters) are the game's (`name-invalid`), not a bad message.
    public static let rawNameLength = 200
    public static let nameLength = 20
    /// A join code as the quiz state allows it.
    public static let joinCodeLength = Limits.joinCodeLength
    /// A token is 32 base64url characters (24 random bytes); a little room for other clients.
    public static let tokenLength = 64
    public static let secretLength = 128
    /// "p7": a player's id on the wire.
    public static let playerIdLength = 16
    public static let typeLength = 32
    /// Question numbers a quiz file can have (1-based).
    public static let questions = 500
    /// Seconds one `add-time` may add: more than 0, at most ten minutes.
    public static let addTimeSeconds = 600.0
}
