/// What of a session must survive the host's death, as changes for the night's database
/// (journalled while `recordsChanges` is on) and as a whole (`snapshot`, to restore a run).
extension HostSession {
    /// The run's place and flags, stored as one row.
    public struct Progress: Equatable, Sendable {
        public var position: Position
        /// Where `back` goes, oldest first.
        public var history: [Position]
        /// The last revision published: a restored session publishes above it.
        public var publishedRevision: Int
        public var locked: Bool
        /// Ranks in the standings the TV showed last, and those the standings on the TV now
        /// compare with (their `previousRank`).
        public var lastShown: [String: Int]
        public var boardPrevious: [String: Int]

        public init(position: Position, history: [Position], publishedRevision: Int, locked: Bool,
                    lastShown: [String: Int], boardPrevious: [String: Int]) {
            self.position = position
            self.history = history
            self.publishedRevision = publishedRevision
            self.locked = locked
            self.lastShown = lastShown
            self.boardPrevious = boardPrevious
        }
    }

    public enum Change: Equatable, Sendable {
        /// The run's row as it is now (the last one of a batch wins).
        case progress(Progress)
        /// A question's clock as it is now.
        case clock(question: Int, QuestionClock)
        /// A player's row as it is now (joined, renamed, kicked).
        case player(Player)
        /// A new accepted answer.
        case answer(Answer)
    }

    /// Everything a run is, for restoring it after a restart.
    public struct Snapshot: Equatable, Sendable {
        public var run: RunIdentity
        public var progress: Progress
        public var clocks: [Int: QuestionClock]
        public var players: [Player]
        public var answers: [Answer]

        public init(run: RunIdentity, progress: Progress, clocks: [Int: QuestionClock], players: [Player], answers: [Answer]) {
            self.run = run
            self.progress = progress
            self.clocks = clocks
            self.players = players
            self.answers = answers
        }
    }

    var progress: Progress {
        Progress(position: position, history: history, publishedRevision: publishedRevision, locked: locked,
                 lastShown: lastShown, boardPrevious: boardPrevious)
    }

    mutating func journalProgress() {
        if recordsChanges { progressChanged = true }
    }

    /// The changes since the last call, for the database (the run's row last).
    public mutating func takeChanges() -> [Change] {
        var out = changes
        changes = []
        if progressChanged { out.append(.progress(progress)) }
        progressChanged = false
        return out
    }

    public var snapshot: Snapshot {
        Snapshot(run: RunIdentity(quizId: quizId, joinCode: joinCode), progress: progress, clocks: clocks, players: players,
                 answers: allAnswers)
    }

    /// A run as the database kept it: the same `quizId` and join code, the same place (an open
    /// question's deadline unchanged), every player (resumable by token) and answer; the next
    /// state published is above the last one published before.
    public init(quiz: QuizFile, restoring s: Snapshot) {
        self.init(quiz: quiz, run: s.run)
        let n = quiz.questions.count
        func valid(_ p: Position) -> Bool {
            switch p {
            case .lobby, .ended: return true
            case .question(let i), .reveal(let i), .leaderboard(let i): return i >= 0 && i < n
            }
        }
        position = valid(s.progress.position) ? s.progress.position : .lobby
        history = s.progress.history.filter(valid)
        publishedRevision = s.progress.publishedRevision
        revision = s.progress.publishedRevision + 1
        locked = s.progress.locked
        lastShown = s.progress.lastShown
        boardPrevious = s.progress.boardPrevious
        clocks = s.clocks.filter { $0.key >= 0 && $0.key < n }
        for p in s.players.sorted(by: { $0.number < $1.number }) { add(p) }
        for a in s.answers where a.question >= 0 && a.question < n && a.choice >= 0
            && a.choice < quiz.questions[a.question].choices.count && playerIndex[a.player] != nil {
            answers[a.question, default: [:]][a.player] = a
        }
        recordsChanges = true
    }
}

extension HostSession.Position {
    /// The stored form: `lobby`, `question:3`, `reveal:3`, `leaderboard:3`, `ended` (indexes).
    public var code: String {
        switch self {
        case .lobby: return "lobby"
        case .question(let i): return "question:\(i)"
        case .reveal(let i): return "reveal:\(i)"
        case .leaderboard(let i): return "leaderboard:\(i)"
        case .ended: return "ended"
        }
    }

    public init?(code: String) {
        let parts = code.split(separator: ":", omittingEmptySubsequences: false)
        switch (parts.first, parts.count) {
        case ("lobby", 1): self = .lobby
        case ("ended", 1): self = .ended
        case (let kind?, 2):
            guard let i = Int(parts[1]), i >= 0 else { return nil }
            switch kind {
            case "question": self = .question(i)
            case "reveal": self = .reveal(i)
            case "leaderboard": self = .leaderboard(after: i)
            default: return nil
            }
        default: return nil
        }
    }
}
