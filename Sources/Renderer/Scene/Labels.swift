import Locales
import QuizContract

extension RoomLocale {
    /// The room a state is shown to: its `locale` when that names one of the fifteen languages
    /// the screen has words for; otherwise the language it is written in (`ScriptGuess`): the
    /// question counting three times, the title twice, the choices once (they are often
    /// names, numbers or code: "guard", "defer" under a Japanese question); nil when nothing
    /// tells (an idle screen that has heard nothing).
    static func of(_ state: QuizState) -> RoomLocale? {
        var texts: [(text: String, weight: Int)] = state.title.map { [($0, 2)] } ?? []
        if let q = state.question { texts += (q.text.map { [($0, 3)] } ?? []) + q.choices.map { ($0, 1) } }
        return RoomLocale.of(tag: state.locale, weighted: texts)
    }
}

/// Every fixed word the screen says, from the room's phrase table (`Phrases`, one per
/// language), with its numbers in the room's digits and grouping (CLDR).
struct Labels {
    let locale: RoomLocale
    let phrases: Phrases
    let numbers: RoomNumbers

    init(_ locale: RoomLocale) {
        self.locale = locale
        phrases = locale.phrases
        numbers = locale.numbers
    }

    var waiting: String { phrases.waiting }
    var scanOrOpen: String { phrases.scanOrOpen }
    var joinCode: String { phrases.joinCode }
    var leaderboard: String { phrases.leaderboard }
    var finalResults: String { phrases.finalResults }
    var thanks: String { phrases.thanks }
    var noScores: String { phrases.noScores }
    var timesUp: String { phrases.timesUp }
    var controllerOffline: String { phrases.controllerOffline }
    var hostOffline: String { phrases.hostOffline }

    /// The words around the lobby's big count ("", "players joined"; Thai has words on both
    /// sides), as the plural rules pick them for `n`. The scene sets its own gaps: the spaces
    /// the phrase has beside "{n}" are left out.
    func playersJoined(_ n: Int) -> (before: String, after: String) {
        let form = phrases.playersJoined.form(locale.language.pluralCategory(n))
        let parts = form.split(separator: "{n}", maxSplits: 1, omittingEmptySubsequences: false).map { $0.trimmed }
        return (parts.count == 2 ? parts[0] : "", parts.last ?? "")
    }

    /// "18 answers" / "18件の回答".
    func answers(_ n: Int) -> String { locale.text(phrases.answers, count: n) }

    /// "23 / 48 answered" / "23 / 48 人が回答"; without the player count "23 answered". Nil when
    /// there is nothing to count: nobody can answer and nobody has (a room without players'
    /// phones sends 0 and 0, and "0 / 0 answered" tells a host only that something is wrong);
    /// with players at 0 but answers in (late joiners), "3 answered".
    func answered(_ n: Int, of players: Int?) -> String? {
        guard let players, players > 0 else {
            return players == 0 && n == 0 ? nil : locale.text(phrases.answeredCount, count: n)
        }
        return locale.text(phrases.answeredOf, count: n, ["total": number(players)])
    }

    /// "Correct: Venus" / "正解：金星".
    func correct(_ answer: String) -> String { locale.text(phrases.correct, ["answer": answer]) }

    /// The question's number in the header: "3 / 10", or "3" without a total.
    func progress(_ n: Int, of total: Int?) -> String {
        guard let total else { return number(n) }
        return locale.text(phrases.progress, ["n": number(n), "total": number(total)])
    }

    /// A count or a score, grouped ("999,999,999", "1.234", "١٬٢٣٤").
    func number(_ n: Int) -> String { numbers.integer(n) }

    /// "12%", "12 %".
    func percent(_ n: Int) -> String { numbers.percent(n) }

    /// The ASCII digits of `text` in the room's digits (the countdown's "12:05").
    func digits(_ text: String) -> String { numbers.digits(text) }
}

private extension Substring {
    var trimmed: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}
