/// A phrase whose words depend on a count: one text for each CLDR plural category the language
/// has ("1 player", "2 players"; Arabic's zero, one, two, few, many and other), "{n}" where
/// the number goes. A category without a text of its own takes `other`'s.
public struct PluralPhrase: Equatable, Sendable {
    public let forms: [PluralCategory: String]

    public init(zero: String? = nil, one: String? = nil, two: String? = nil, few: String? = nil, many: String? = nil,
                other: String) {
        var f: [PluralCategory: String] = [.other: other]
        f[.zero] = zero
        f[.one] = one
        f[.two] = two
        f[.few] = few
        f[.many] = many
        forms = f
    }

    /// Every form the same ("{n}人が参加中": Japanese has no plural).
    public init(_ every: String) { self.init(other: every) }

    public func form(_ category: PluralCategory) -> String { forms[category] ?? forms[.other] ?? "" }
}

/// Every fixed word of the big screen, and the words of the players' phones, in one table per
/// language (`Phrases+en.swift` …): the screen and the phone page say the same thing the same
/// way. Placeholders in braces: {n} a count (formatted by the room's CLDR number rules), {total}
/// and {of} another count, {answer} a choice's text, {rank} a place.
///
/// Where a wording is a choice (what quiz shows and Kahoot say in that language, a short form
/// for a pill, formal or familiar address) the table says so beside it.
public struct Phrases: Equatable, Sendable {
    // MARK: the screen

    /// The idle screen under the quiz's title.
    public let waiting: String
    /// The lobby, above the join URL when a QR code carries it.
    public let scanOrOpen: String
    /// The lobby, above the join code.
    public let joinCode: String
    /// The lobby's count: drawn large, with the words before and after it ("{n} players joined").
    public let playersJoined: PluralPhrase
    /// The question's number in the header ("3 / 10").
    public let progress: String
    /// While the question is open ("23 / 48 answered"), counted by {n}.
    public let answeredOf: PluralPhrase
    /// The same without the number of players ("23 answered").
    public let answeredCount: PluralPhrase
    /// The pill when answering closes.
    public let timesUp: String
    /// The reveal's headline ("Correct: Venus").
    public let correct: String
    /// The reveal's total in the header ("29 answers").
    public let answers: PluralPhrase
    /// The standings' heading.
    public let leaderboard: String
    /// The standings with nobody in them.
    public let noScores: String
    /// The podium's heading.
    public let finalResults: String
    /// The end with no standings at all.
    public let thanks: String
    /// Staff only: the screen has lost its broker.
    public let controllerOffline: String
    /// Staff only: the host's presence says it is gone (the players' host; the mark comes with it).
    public let hostOffline: String

    // MARK: the players' phones

    /// The join form's button.
    public let join: String
    /// The join form's name field.
    public let yourName: String
    /// After an answer is stored.
    public let answerReceived: String
    /// Between questions.
    public let waitingForQuestion: String
    /// The reveal on a phone whose answer was right.
    public let youAreRight: String
    /// … and wrong.
    public let youAreWrong: String
    /// Points won at the reveal ("+850 points").
    public let pointsEarned: PluralPhrase
    /// The player's place ("Place 3 of 42").
    public let yourPlace: String
    /// The label beside the player's score.
    public let score: String
    /// The connection is being set up again.
    public let reconnecting: String
    /// `rejected` reasons (players-v1), the message a phone shows.
    public let rejectBadCode: String
    public let rejectNameTaken: String
    public let rejectNameInvalid: String
    public let rejectRoomLocked: String
    public let rejectRoomFull: String
    public let rejectBadToken: String
    public let rejectKicked: String
    public let rejectAlreadyAnswered: String
    public let rejectTooLate: String
    public let rejectNotOpen: String
    public let rejectBadMessage: String
    public let rejectTooFast: String

    public static func of(_ language: Language) -> Phrases {
        switch language {
        case .en: return en
        case .ja: return ja
        case .de: return de
        case .fr: return fr
        case .es: return es
        case .pt: return pt
        case .it: return it
        case .nl: return nl
        case .ko: return ko
        case .zhHans: return zhHans
        case .zhHant: return zhHant
        case .ar: return ar
        case .he: return he
        case .th: return th
        case .hi: return hi
        }
    }
}

extension Phrases {
    /// Who reads a phrase.
    public enum Audience: String, Sendable { case screen, phone }

    /// One entry of the table, for tools that list them (the JSON, the tests).
    public struct Entry: Sendable {
        public enum Value: Sendable {
            case text(KeyPath<Phrases, String> & Sendable)
            case plural(KeyPath<Phrases, PluralPhrase> & Sendable)
        }
        public let key: String
        public let audience: Audience
        public let value: Value
        /// The placeholders every form must hold.
        public let placeholders: [String]
    }

    /// Every phrase, in table order.
    public static let entries: [Entry] = [
        .init(key: "waiting", audience: .screen, value: .text(\.waiting), placeholders: []),
        .init(key: "scanOrOpen", audience: .screen, value: .text(\.scanOrOpen), placeholders: []),
        .init(key: "joinCode", audience: .screen, value: .text(\.joinCode), placeholders: []),
        .init(key: "playersJoined", audience: .screen, value: .plural(\.playersJoined), placeholders: ["n"]),
        .init(key: "progress", audience: .screen, value: .text(\.progress), placeholders: ["n", "total"]),
        .init(key: "answeredOf", audience: .screen, value: .plural(\.answeredOf), placeholders: ["n", "total"]),
        .init(key: "answeredCount", audience: .screen, value: .plural(\.answeredCount), placeholders: ["n"]),
        .init(key: "timesUp", audience: .screen, value: .text(\.timesUp), placeholders: []),
        .init(key: "correct", audience: .screen, value: .text(\.correct), placeholders: ["answer"]),
        .init(key: "answers", audience: .screen, value: .plural(\.answers), placeholders: ["n"]),
        .init(key: "leaderboard", audience: .screen, value: .text(\.leaderboard), placeholders: []),
        .init(key: "noScores", audience: .screen, value: .text(\.noScores), placeholders: []),
        .init(key: "finalResults", audience: .screen, value: .text(\.finalResults), placeholders: []),
        .init(key: "thanks", audience: .screen, value: .text(\.thanks), placeholders: []),
        .init(key: "controllerOffline", audience: .screen, value: .text(\.controllerOffline), placeholders: []),
        .init(key: "hostOffline", audience: .screen, value: .text(\.hostOffline), placeholders: []),
        .init(key: "join", audience: .phone, value: .text(\.join), placeholders: []),
        .init(key: "yourName", audience: .phone, value: .text(\.yourName), placeholders: []),
        .init(key: "answerReceived", audience: .phone, value: .text(\.answerReceived), placeholders: []),
        .init(key: "waitingForQuestion", audience: .phone, value: .text(\.waitingForQuestion), placeholders: []),
        .init(key: "youAreRight", audience: .phone, value: .text(\.youAreRight), placeholders: []),
        .init(key: "youAreWrong", audience: .phone, value: .text(\.youAreWrong), placeholders: []),
        .init(key: "pointsEarned", audience: .phone, value: .plural(\.pointsEarned), placeholders: ["n"]),
        .init(key: "yourPlace", audience: .phone, value: .text(\.yourPlace), placeholders: ["rank", "of"]),
        .init(key: "score", audience: .phone, value: .text(\.score), placeholders: []),
        .init(key: "reconnecting", audience: .phone, value: .text(\.reconnecting), placeholders: []),
        .init(key: "rejected.bad-code", audience: .phone, value: .text(\.rejectBadCode), placeholders: []),
        .init(key: "rejected.name-taken", audience: .phone, value: .text(\.rejectNameTaken), placeholders: []),
        .init(key: "rejected.name-invalid", audience: .phone, value: .text(\.rejectNameInvalid), placeholders: []),
        .init(key: "rejected.room-locked", audience: .phone, value: .text(\.rejectRoomLocked), placeholders: []),
        .init(key: "rejected.room-full", audience: .phone, value: .text(\.rejectRoomFull), placeholders: []),
        .init(key: "rejected.bad-token", audience: .phone, value: .text(\.rejectBadToken), placeholders: []),
        .init(key: "rejected.kicked", audience: .phone, value: .text(\.rejectKicked), placeholders: []),
        .init(key: "rejected.already-answered", audience: .phone, value: .text(\.rejectAlreadyAnswered), placeholders: []),
        .init(key: "rejected.too-late", audience: .phone, value: .text(\.rejectTooLate), placeholders: []),
        .init(key: "rejected.not-open", audience: .phone, value: .text(\.rejectNotOpen), placeholders: []),
        .init(key: "rejected.bad-message", audience: .phone, value: .text(\.rejectBadMessage), placeholders: []),
        .init(key: "rejected.too-fast", audience: .phone, value: .text(\.rejectTooFast), placeholders: []),
    ]

    /// The `rejected` message for a players-v1 reason ("bad-code", …), or nil for an unknown one.
    public func rejected(_ reason: String) -> String? {
        guard let entry = Self.entries.first(where: { $0.key == "rejected." + reason }), case let .text(path) = entry.value else {
            return nil
        }
        return self[keyPath: path]
    }
}

extension RoomLocale {
    /// A counted phrase in this room: the form its plural rules pick for `count`, "{n}" the
    /// count in the room's digits and grouping, the other placeholders filled from `values`.
    public func text(_ phrase: PluralPhrase, count: Int, _ values: [String: String] = [:]) -> String {
        var all = values
        all["n"] = all["n"] ?? numbers.integer(count)
        return Self.fill(phrase.form(language.pluralCategory(count)), all)
    }

    /// A phrase with its placeholders filled ("{answer}" → "Venus").
    public func text(_ template: String, _ values: [String: String]) -> String { Self.fill(template, values) }

    /// `template` with each "{key}" replaced by `values[key]` (an unknown one left as written).
    static func fill(_ template: String, _ values: [String: String]) -> String {
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else {
                out += rest[open...]
                return out
            }
            let key = String(rest[rest.index(after: open)..<close])
            out += values[key] ?? String(rest[open...close])
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }
}
