import QuizContract

/// The room's language for the screen's own words.
public enum ShowLocale: String, Sendable, CaseIterable {
    case en, ja

    /// The state's `locale` when this screen knows its language; otherwise Japanese when the
    /// title or the question holds kana or kanji, English when there is text and none; nil
    /// when there is nothing to tell from (an idle screen that has heard nothing).
    public static func of(_ state: QuizState) -> ShowLocale? {
        if let tag = state.locale {
            let language = tag.split(separator: "-").first.map { $0.lowercased() } ?? ""
            if let known = ShowLocale(rawValue: language) { return known }
        }
        let texts = [state.title, state.question?.text].compactMap { $0 }
        guard !texts.isEmpty else { return nil }
        return texts.contains(where: containsJapanese) ? .ja : .en
    }

    static func containsJapanese(_ s: String) -> Bool {
        s.unicodeScalars.contains { c in
            switch c.value {
            case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return true  // kana
            case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F: return true  // kanji
            default: return false
            }
        }
    }
}

/// Every fixed word the screen says, in one table per language.
struct Labels {
    let locale: ShowLocale
    let waiting: String
    let scanOrOpen: String
    let joinCode: String
    let leaderboard: String
    let finalResults: String
    let thanks: String
    let noScores: String
    let timesUp: String
    let controllerOffline: String
    /// Between "Correct" and the answer.
    let correctPrefix: String
    private let playersJoinedOne: String
    private let playersJoinedMany: String
    private let answersOne: String
    private let answersMany: String
    private let answeredOf: String

    static func of(_ locale: ShowLocale) -> Labels {
        switch locale {
        case .en:
            return Labels(locale: .en, waiting: "Waiting for the quiz to start", scanOrOpen: "Scan or open", joinCode: "Join code",
                          leaderboard: "Leaderboard", finalResults: "Final results", thanks: "Thanks for playing!",
                          noScores: "No scores yet", timesUp: "Time's up", controllerOffline: "Controller offline",
                          correctPrefix: "Correct: ", playersJoinedOne: "player joined", playersJoinedMany: "players joined",
                          answersOne: "answer", answersMany: "answers", answeredOf: "answered")
        case .ja:
            return Labels(locale: .ja, waiting: "クイズの開始をお待ちください", scanOrOpen: "スキャンまたはアクセス", joinCode: "参加コード",
                          leaderboard: "ランキング", finalResults: "最終結果", thanks: "ご参加ありがとうございました！",
                          noScores: "まだスコアはありません", timesUp: "時間切れ", controllerOffline: "コントローラー未接続",
                          correctPrefix: "正解：", playersJoinedOne: "人が参加中", playersJoinedMany: "人が参加中",
                          answersOne: "件の回答", answersMany: "件の回答", answeredOf: "人が回答")
        }
    }

    /// The words after the number of players who joined ("18" "players joined").
    func playersJoined(_ n: Int) -> String { n == 1 ? playersJoinedOne : playersJoinedMany }

    /// "18 answers" / "18件の回答".
    func answers(_ n: Int) -> String {
        let number = NumberFormat.grouped(n, locale)
        return locale == .ja ? number + (n == 1 ? answersOne : answersMany) : "\(number) \(n == 1 ? answersOne : answersMany)"
    }

    /// "23 / 48 answered" / "23 / 48 人が回答"; without the player count "23 answered".
    func answered(_ n: Int, of players: Int?) -> String {
        let a = NumberFormat.grouped(n, locale)
        let count = players.map { "\(a) / \(NumberFormat.grouped($0, locale))" } ?? a
        return locale == .ja ? "\(count) \(answeredOf)" : "\(count) \(answeredOf)"
    }

    func correct(_ answer: String) -> String { correctPrefix + answer }
}

/// Numbers as the room reads them: digits grouped by thousands with the locale's separator
/// (both English and Japanese use a comma, per CLDR), a minus sign for negative scores.
enum NumberFormat {
    static func grouped(_ n: Int, _ locale: ShowLocale) -> String {
        let separator: Character = switch locale {
        case .en, .ja: ","
        }
        let digits = String(n.magnitude)
        var out: [Character] = []
        for (i, d) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(separator) }
            out.append(d)
        }
        return (n < 0 ? "−" : "") + String(out)
    }

    /// Whole percentages of `counts` that add up to 100 (largest remainders get the rounding),
    /// so the room never sees 33 + 33 + 33; all zero when nobody answered.
    static func percentages(_ counts: [Int]) -> [Int] {
        let total = counts.reduce(0) { $0 + max(0, $1) }
        guard total > 0 else { return counts.map { _ in 0 } }
        let exact = counts.map { Double(max(0, $0)) * 100 / Double(total) }
        var whole = exact.map { Int($0.rounded(.down)) }
        var left = 100 - whole.reduce(0, +)
        let order = exact.indices.sorted { a, b in
            let ra = exact[a] - Double(whole[a]), rb = exact[b] - Double(whole[b])
            return ra != rb ? ra > rb : a < b
        }
        for i in order where left > 0 {
            guard counts[i] > 0 else { continue }
            whole[i] += 1
            left -= 1
        }
        return whole
    }
}
