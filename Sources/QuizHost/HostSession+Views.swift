import PlayersContract
import QuizContract

extension HostSession {
    /// The standings of the players in the room: the sums of their points over the questions
    /// that count now (`countedQuestions`: an open question's points stay hidden), highest
    /// first, join order among equals, fair ranks (1, 2, 2, 4).
    public struct Ranking: Equatable, Sendable {
        public struct Entry: Equatable, Sendable {
            public let player: String
            public let name: String
            public let score: Int
            public let rank: Int
        }

        public let entries: [Entry]
        let byPlayer: [String: Int]

        public var of: Int { entries.count }
        public func entry(_ player: String) -> Entry? { byPlayer[player].map { entries[$0] } }
    }

    /// Question indexes whose points count: those up to where the quiz is — a question once
    /// it is revealed (or its standings shown, or the quiz moved past it), never while it is
    /// open, nor after `back` returned to an earlier step (the points would tell its answer
    /// before its reveal).
    var countedQuestions: Range<Int> {
        switch position {
        case .lobby: return 0..<0
        case .question(let i): return 0..<i
        case .reveal(let i), .leaderboard(let i): return 0..<(i + 1)
        case .ended: return 0..<quiz.questions.count
        }
    }

    public func ranking() -> Ranking {
        var score: [String: Int] = [:]
        for q in countedQuestions {
            for (p, a) in answers[q] ?? [:] { score[p, default: 0] += a.points }
        }
        let room = players.filter { !$0.kicked }
            .map { (p: $0, s: score[$0.id] ?? 0) }
            .sorted { $0.s != $1.s ? $0.s > $1.s : $0.p.number < $1.p.number }
        let ranks = FairRanks.ranks(ofSorted: room.map(\.s))
        var entries: [Ranking.Entry] = []
        var by: [String: Int] = [:]
        for (k, e) in room.enumerated() {
            by[e.p.id] = k
            entries.append(.init(player: e.p.id, name: e.p.name, score: e.s, rank: ranks[k]))
        }
        return Ranking(entries: entries, byPlayer: by)
    }

    /// What player `id` may know now (nil: no such player in the room). `ranking` saves
    /// computing the standings again for each of 2,000 phones.
    public func phoneView(for id: String, now: Double, ranking given: Ranking? = nil) -> PhoneView? {
        guard isInRoom(id) else { return nil }
        let table = given ?? ranking()
        let me = table.entry(id)
        var view = PhoneView(phase: .lobby, title: quiz.title, locale: locale, question: nil,
                             you: .init(name: players[playerIndex[id]!].name, score: me?.score ?? 0, rank: me?.rank ?? 1, of: table.of, answered: nil))
        switch position {
        case .lobby: view.phase = .lobby
        case .question(let i):
            view.phase = .question
            let q = quiz.questions[i]
            let c = clocks[i]
            view.question = .init(number: i + 1, total: quiz.questions.count, text: q.text, choices: q.choices,
                                  remainingMs: Int(((c?.secondsLeft(now: now) ?? 0) * 1000).rounded()), paused: c?.isPaused ?? false)
            view.you.answered = answers[i]?[id]?.choice
        case .reveal: view.phase = .reveal
        case .leaderboard: view.phase = .leaderboard
        case .ended: view.phase = .ended
        }
        return view
    }

    /// Player `id`'s outcome of the question being revealed (nil outside a reveal).
    public func result(for id: String, ranking given: Ranking? = nil) -> PlayerResult? {
        guard case .reveal(let i) = position, isInRoom(id) else { return nil }
        let table = given ?? ranking()
        let q = quiz.questions[i]
        let a = answers[i]?[id]
        let me = table.entry(id)
        return PlayerResult(question: i + 1, choice: a?.choice, correctChoice: q.correct,
                            correct: a != nil && a?.choice == q.correct, points: a?.points ?? 0,
                            score: me?.score ?? 0, rank: me?.rank ?? 1, of: table.of)
    }

    /// Every player's result at a reveal, by player id.
    public func results() -> [String: PlayerResult] {
        let table = ranking()
        var out: [String: PlayerResult] = [:]
        for e in table.entries { out[e.player] = result(for: e.player, ranking: table) }
        return out
    }

    /// What the host's console shows. `connected` and `screens` are the server's knowledge.
    public func hostView(now: Double, connected: Set<String>, screens: [HostView.Screen]) -> HostView {
        var question: HostView.Question?
        var open: Int?
        if case .question(let i) = position, let c = clocks[i] {
            open = i
            question = .init(number: i + 1, total: quiz.questions.count, remainingMs: Int((c.secondsLeft(now: now) * 1000).rounded()),
                             paused: c.isPaused)
        }
        let table = ranking()
        let list = players.filter { !$0.kicked }.map { p in
            HostView.Player(player: p.id, name: p.name, score: table.entry(p.id)?.score ?? 0, connected: connected.contains(p.id),
                            answered: open.map { answers[$0]?[p.id] != nil } ?? false)
        }
        let phase: QuizState.Phase
        switch position {
        case .lobby: phase = .lobby
        case .question: phase = .question
        case .reveal: phase = .reveal
        case .leaderboard: phase = .leaderboard
        case .ended: phase = .ended
        }
        var step: HostView.Step?
        switch position {
        case .question(let i), .reveal(let i), .leaderboard(let i):
            let q = quiz.questions[i]
            var answer: String?
            if case .reveal = position, let c = q.correct { answer = q.choices[c] }
            step = .init(number: i + 1, total: quiz.questions.count, text: q.text, answer: answer)
        case .lobby, .ended: break
        }
        return HostView(phase: phase.rawValue, question: question, players: list, screens: screens, locked: locked,
                        title: quiz.title, locale: locale, joinCode: joinCode, step: step, canGoBack: !history.isEmpty)
    }

    /// Every accepted answer of the run, by question then join order.
    public var allAnswers: [Answer] {
        answers.keys.sorted().flatMap { q in
            answers[q]!.values.sorted { (playerIndex[$0.player] ?? 0) < (playerIndex[$1.player] ?? 0) }
        }
    }
}
