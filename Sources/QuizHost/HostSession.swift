import QuizContract

/// The host's side of a quiz as a state machine: where the quiz is (lobby, a question, its
/// reveal, the standings, the end), what the keys do, and the state to publish for each step.
/// Pure (time is passed in), so every path is tested without a terminal or a broker.
public struct HostSession: Sendable {
    public enum Position: Equatable, Sendable {
        case lobby
        case question(Int)
        case reveal(Int)
        /// Standings shown after question `after` (index) was revealed.
        case leaderboard(after: Int)
        case ended
    }

    public enum Action: String, Sendable, CaseIterable {
        case next, reveal, leaderboard, back
    }

    public let quiz: QuizFile
    /// One run of the quiz: the file's id (or its title) plus the start time, so a host that
    /// restarts is a new run that screens accept from revision 1 again.
    public let quizId: String
    public private(set) var position: Position = .lobby
    /// Grows with every published state, including after `back`.
    public private(set) var revision = 1
    public var standings: [QuizState.Standing]
    /// Each question's picture as states name it (by question index), from `QuizPictures`.
    public var pictures: [Int: QuizState.Picture] = [:]
    private var history: [Position] = []
    /// When answering closes for each question that was started (index → time).
    private var deadlines: [Int: Double] = [:]

    public init(quiz: QuizFile, startedAt: Double) {
        self.quiz = quiz
        let base = quiz.quizId ?? Self.slug(quiz.title)
        quizId = base + "-" + String(Int(startedAt))
        standings = quiz.leaderboard
    }

    /// Applies a key; returns why nothing happened when the key does not apply here.
    public mutating func apply(_ action: Action, now: Double) -> String? {
        let target: Position
        switch (action, position) {
        case (.back, _):
            guard let previous = history.popLast() else { return "already at the start" }
            move(to: previous, now: now, remember: false)
            return nil
        case (.next, .lobby): target = .question(0)
        case (.next, .question(let i)), (.reveal, .question(let i)): target = .reveal(i)
        case (.next, .reveal(let i)), (.next, .leaderboard(let i)):
            target = i + 1 < quiz.questions.count ? .question(i + 1) : .ended
        case (.next, .ended): return "the quiz has ended (q quits, b goes back)"
        case (.reveal, _): return "reveal works during a question"
        case (.leaderboard, .question(let i)), (.leaderboard, .reveal(let i)): target = .leaderboard(after: i)
        case (.leaderboard, .leaderboard), (.leaderboard, .ended): return "the standings are already shown"
        case (.leaderboard, .lobby): return "no standings before the first question"
        }
        move(to: target, now: now, remember: true)
        return nil
    }

    private mutating func move(to target: Position, now: Double, remember: Bool) {
        if remember { history.append(position) }
        if case .question(let i) = target {
            // A question started afresh, or returned to after its time ran out, gets its full
            // time; returning while time is left keeps the running countdown.
            if let end = deadlines[i], end > now {} else { deadlines[i] = now + quiz.questions[i].timeLimit }
        }
        position = target
        revision += 1
    }

    /// Seconds left to answer, while a question is shown.
    public func secondsLeft(now: Double) -> Double? {
        guard case .question(let i) = position, let end = deadlines[i] else { return nil }
        return max(0, end - now)
    }

    /// The state to publish for where the quiz is now.
    public func state() -> QuizState {
        var s = QuizState(quizId: quizId, revision: revision, title: quiz.title, locale: quiz.locale)
        switch position {
        case .lobby:
            s.phase = .lobby
            s.lobby = .init(joinCode: quiz.joinCode, joinURL: quiz.joinURL)
        case .question(let i):
            s.phase = .question
            s.question = question(i, revealed: false)
        case .reveal(let i):
            s.phase = .reveal
            s.question = question(i, revealed: true)
        case .leaderboard:
            s.phase = .leaderboard
            s.leaderboard = ranked()
        case .ended:
            s.phase = .ended
            s.leaderboard = ranked()
        }
        return s
    }

    private func question(_ i: Int, revealed: Bool) -> QuizState.Question {
        let q = quiz.questions[i]
        return QuizState.Question(number: i + 1, total: quiz.questions.count, text: q.text, choices: q.choices,
                                  correct: revealed ? q.correct : nil, timeLimit: q.timeLimit, endsAt: deadlines[i],
                                  image: pictures[i])
    }

    /// Highest score first (stable for ties), at most the 50 the contract allows.
    private func ranked() -> [QuizState.Standing] {
        Array(standings.enumerated().sorted { $0.element.score != $1.element.score ? $0.element.score > $1.element.score : $0.offset < $1.offset }
            .map(\.element).prefix(50))
    }

    /// A quiz id from a title: ASCII letters and digits, the rest as dashes ("quiz" if none).
    static func slug(_ title: String) -> String {
        var out = ""
        for s in title.unicodeScalars {
            if s.isASCII, s.properties.isAlphabetic || ("0"..."9").contains(s) {
                out.unicodeScalars.append(s)
            } else if !out.isEmpty, !out.hasSuffix("-") {
                out += "-"
            }
            if out.count >= 60 { break }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "quiz" : out.lowercased()
    }

    /// One line describing where the quiz is, for the host's terminal.
    public func summary(now: Double) -> String {
        let total = quiz.questions.count
        switch position {
        case .lobby:
            return "lobby: \(quiz.title)" + (quiz.joinCode.map { " (join code \($0))" } ?? "")
        case .question(let i):
            let left = secondsLeft(now: now).map { " — \(Int($0.rounded(.up))) s left" } ?? ""
            return "question \(i + 1)/\(total): \(quiz.questions[i].text)\(left)"
        case .reveal(let i):
            let q = quiz.questions[i]
            let answer = q.correct.map { "answer: \(q.choices[$0])" } ?? "no correct answer"
            return "reveal \(i + 1)/\(total): \(answer)"
        case .leaderboard(let i):
            return "standings after question \(i + 1)/\(total) (\(standings.count) players)"
        case .ended:
            return "ended: final standings (\(standings.count) players)"
        }
    }
}
