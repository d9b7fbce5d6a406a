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

    // MARK: the host's console (GET /host, on the host's phone)

    /// The console's heading and the page's title.
    public let hostConsole: String
    /// The button for the next step (the terminal's n).
    public let hostNext: String
    /// The button that reveals the answer (r).
    public let hostReveal: String
    /// The button that shows the standings (l).
    public let hostStandings: String
    /// The button back one step (b).
    public let hostBack: String
    /// Pauses the open question.
    public let hostPause: String
    /// Resumes a paused question.
    public let hostResume: String
    /// More time for the open question ("+10 s").
    public let hostAddTime: String
    /// The countdown's label.
    public let hostTimeLeft: String
    /// The countdown while paused.
    public let hostPaused: String
    /// Where the quiz is: the lobby.
    public let hostLobby: String
    /// … a question is open.
    public let hostQuestion: String
    /// … its answer is shown (the reveal).
    public let hostAnswer: String
    /// The players' list's heading.
    public let hostPlayers: String
    /// The list with nobody in it.
    public let hostNoPlayers: String
    /// A player whose phone is connected.
    public let hostConnected: String
    /// … whose phone is not.
    public let hostNotConnected: String
    /// A player answered the open question.
    public let hostAnswered: String
    /// Renames a player.
    public let hostRename: String
    /// Removes a player from the quiz (a kick).
    public let hostKick: String
    /// The kick's second tap.
    public let hostConfirmKick: String
    /// Saves a new name.
    public let hostSave: String
    /// Leaves a rename or a kick.
    public let hostCancel: String
    /// The room's heading (its lock).
    public let hostRoom: String
    /// Locks the room: no new players.
    public let hostLock: String
    /// Opens it again.
    public let hostUnlock: String
    /// The room is locked.
    public let hostLocked: String
    /// The room is open.
    public let hostOpen: String
    /// The room's screens' heading.
    public let hostScreens: String
    /// No screen has said it is there.
    public let hostNoScreens: String
    /// A screen that is up.
    public let hostScreenOnline: String
    /// A screen that is gone (its last will).
    public let hostScreenOffline: String
    /// A screen's missed vblanks, counted.
    public let hostMissedFrames: PluralPhrase
    /// Another console took over (close 4000).
    public let hostTakenOver: String
    /// Its button: take the console back.
    public let hostTakeBack: String
    /// A wrong or missing secret.
    public let hostNeedSecret: String
    /// A host-notice: the action does not apply at this step.
    public let hostNoticeNotNow: String
    /// … back at the start.
    public let hostNoticeAtStart: String
    /// … next after the end.
    public let hostNoticeEnded: String
    /// … a pause after the time ran out.
    public let hostNoticeTimeUp: String
    /// … a kick or rename of a player who left.
    public let hostNoticeNoPlayer: String
    /// `rejected` / `not-host`: a console message without the host's secret (an extension of players v1).
    public let rejectNotHost: String

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
    public enum Audience: String, Sendable { case screen, phone, host }

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
        .init(key: "host.console", audience: .host, value: .text(\.hostConsole), placeholders: []),
        .init(key: "host.next", audience: .host, value: .text(\.hostNext), placeholders: []),
        .init(key: "host.reveal", audience: .host, value: .text(\.hostReveal), placeholders: []),
        .init(key: "host.standings", audience: .host, value: .text(\.hostStandings), placeholders: []),
        .init(key: "host.back", audience: .host, value: .text(\.hostBack), placeholders: []),
        .init(key: "host.pause", audience: .host, value: .text(\.hostPause), placeholders: []),
        .init(key: "host.resume", audience: .host, value: .text(\.hostResume), placeholders: []),
        .init(key: "host.addTime", audience: .host, value: .text(\.hostAddTime), placeholders: ["n"]),
        .init(key: "host.timeLeft", audience: .host, value: .text(\.hostTimeLeft), placeholders: []),
        .init(key: "host.paused", audience: .host, value: .text(\.hostPaused), placeholders: []),
        .init(key: "host.lobby", audience: .host, value: .text(\.hostLobby), placeholders: []),
        .init(key: "host.question", audience: .host, value: .text(\.hostQuestion), placeholders: []),
        .init(key: "host.answer", audience: .host, value: .text(\.hostAnswer), placeholders: []),
        .init(key: "host.players", audience: .host, value: .text(\.hostPlayers), placeholders: []),
        .init(key: "host.noPlayers", audience: .host, value: .text(\.hostNoPlayers), placeholders: []),
        .init(key: "host.connected", audience: .host, value: .text(\.hostConnected), placeholders: []),
        .init(key: "host.notConnected", audience: .host, value: .text(\.hostNotConnected), placeholders: []),
        .init(key: "host.answered", audience: .host, value: .text(\.hostAnswered), placeholders: []),
        .init(key: "host.rename", audience: .host, value: .text(\.hostRename), placeholders: []),
        .init(key: "host.kick", audience: .host, value: .text(\.hostKick), placeholders: []),
        .init(key: "host.confirmKick", audience: .host, value: .text(\.hostConfirmKick), placeholders: ["name"]),
        .init(key: "host.save", audience: .host, value: .text(\.hostSave), placeholders: []),
        .init(key: "host.cancel", audience: .host, value: .text(\.hostCancel), placeholders: []),
        .init(key: "host.room", audience: .host, value: .text(\.hostRoom), placeholders: []),
        .init(key: "host.lock", audience: .host, value: .text(\.hostLock), placeholders: []),
        .init(key: "host.unlock", audience: .host, value: .text(\.hostUnlock), placeholders: []),
        .init(key: "host.locked", audience: .host, value: .text(\.hostLocked), placeholders: []),
        .init(key: "host.open", audience: .host, value: .text(\.hostOpen), placeholders: []),
        .init(key: "host.screens", audience: .host, value: .text(\.hostScreens), placeholders: []),
        .init(key: "host.noScreens", audience: .host, value: .text(\.hostNoScreens), placeholders: []),
        .init(key: "host.screenOnline", audience: .host, value: .text(\.hostScreenOnline), placeholders: []),
        .init(key: "host.screenOffline", audience: .host, value: .text(\.hostScreenOffline), placeholders: []),
        .init(key: "host.missedFrames", audience: .host, value: .plural(\.hostMissedFrames), placeholders: ["n"]),
        .init(key: "host.takenOver", audience: .host, value: .text(\.hostTakenOver), placeholders: []),
        .init(key: "host.takeBack", audience: .host, value: .text(\.hostTakeBack), placeholders: []),
        .init(key: "host.needSecret", audience: .host, value: .text(\.hostNeedSecret), placeholders: []),
        .init(key: "host.notice.not-now", audience: .host, value: .text(\.hostNoticeNotNow), placeholders: []),
        .init(key: "host.notice.at-start", audience: .host, value: .text(\.hostNoticeAtStart), placeholders: []),
        .init(key: "host.notice.ended", audience: .host, value: .text(\.hostNoticeEnded), placeholders: []),
        .init(key: "host.notice.time-up", audience: .host, value: .text(\.hostNoticeTimeUp), placeholders: []),
        .init(key: "host.notice.no-player", audience: .host, value: .text(\.hostNoticeNoPlayer), placeholders: []),
        .init(key: "rejected.not-host", audience: .host, value: .text(\.rejectNotHost), placeholders: []),
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
