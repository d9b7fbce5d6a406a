/// Every size limit of the contract (docs/quiz-state.md), in one place: the state decoder, the
/// quiz-file reader and the host all check against these, so a quiz file that loads always
/// makes states that screens accept. Lengths count Unicode scalars, not bytes.
public enum Limits {
    /// A whole state message (MQTT payload, state file, one stdin line).
    public static let stateBytes = 64 * 1024
    public static let quizIdLength = 200
    public static let titleLength = 200
    public static let phaseLength = 32
    /// A BCP 47 language tag ("ja", "en-GB").
    public static let localeLength = 35
    public static let joinCodeLength = 32
    public static let joinURLLength = 512
    public static let questionLength = 1000
    public static let choices = 6
    public static let choiceLength = 200
    public static let endsAtLength = 64
    /// The longest a question may be open: a day (a countdown shows at most 99:59:59).
    public static let timeLimitSeconds = 86_400.0
    /// Deadlines a real quiz can have: 2000-01-01 to 2200-01-01 (a year-9999 `endsAt` is a bug).
    public static let endsAtRange = 946_684_800.0..<7_258_118_400.0
    /// Leaderboard entries a state may carry (a screen shows the top ten).
    public static let standings = 50
    public static let nameLength = 64
    /// A question's picture: its bytes (an MQTT message on the media topic, an HTTPS body).
    public static let pictureBytes = 8 << 20
    public static let pictureURLLength = 2048
    public static let pictureAltLength = 200
    /// The largest integer every JSON implementation keeps exact (2^53 − 1).
    public static let maxInteger = 9_007_199_254_740_991
}
