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

    /// The words a phone shows, in the room's language: Japanese for a `ja` tag, else English.
    public func message(locale: String) -> String {
        Self.isJapanese(locale) ? japanese : english
    }

    static func isJapanese(_ locale: String) -> Bool {
        let l = locale.lowercased()
        return l == "ja" || l.hasPrefix("ja-")
    }

    var english: String {
        switch self {
        case .badCode: return "That code does not open this quiz. Check the code on the TV."
        case .nameTaken: return "Someone already plays under that name. Pick another."
        case .nameInvalid: return "That name cannot be used: 1 to 20 letters, that the TV can show."
        case .roomLocked: return "The room is locked: no new players now."
        case .roomFull: return "The room is full."
        case .badToken: return "This phone's player is not in this quiz. Join again."
        case .kicked: return "The host removed you from this quiz."
        case .alreadyAnswered: return "You have already answered this question."
        case .tooLate: return "Time is up for this question."
        case .notOpen: return "This question is not open for answers."
        case .badMessage: return "The box did not understand that message."
        case .tooFast: return "Too many messages. Slow down."
        case .notHost: return "Only the host's console can do that."
        }
    }

    var japanese: String {
        switch self {
        case .badCode: return "コードが違います。テレビに表示されたコードを確認してください。"
        case .nameTaken: return "その名前はすでに使われています。別の名前にしてください。"
        case .nameInvalid: return "その名前は使えません（1〜20文字、テレビに表示できる文字）。"
        case .roomLocked: return "受付は締め切られました。"
        case .roomFull: return "参加人数が上限に達しました。"
        case .badToken: return "このクイズの参加者ではありません。もう一度参加してください。"
        case .kicked: return "ホストによって退出させられました。"
        case .alreadyAnswered: return "この問題にはすでに回答しています。"
        case .tooLate: return "この問題の回答時間は終了しました。"
        case .notOpen: return "この問題は回答を受け付けていません。"
        case .badMessage: return "メッセージを理解できませんでした。"
        case .tooFast: return "送信が多すぎます。少し待ってください。"
        case .notHost: return "ホストの画面からのみ操作できます。"
        }
    }
}
