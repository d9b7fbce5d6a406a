/// Everything the big screen must show now: version 1 of the contract between a quiz
/// controller and the screens (docs/quiz-state.md). A screen needs no history: the latest
/// valid state is the whole truth.
public struct QuizState: Equatable, Sendable {
    public enum Phase: String, Sendable, CaseIterable {
        case idle, lobby, question, reveal, leaderboard, ended
    }

    public struct Lobby: Equatable, Sendable {
        public var joinCode: String?
        public var joinURL: String?
        public var participants: Int?
        public init(joinCode: String? = nil, joinURL: String? = nil, participants: Int? = nil) {
            self.joinCode = joinCode
            self.joinURL = joinURL
            self.participants = participants
        }
    }

    public struct Question: Equatable, Sendable {
        public var number: Int?
        public var total: Int?
        public var text: String?
        public var choices: [String]
        public var correct: Int?
        public var answerCounts: [Int]?
        /// Seconds allowed.
        public var timeLimit: Double?
        /// When answering closes, seconds since the Unix epoch.
        public var endsAt: Double?

        public init(number: Int? = nil, total: Int? = nil, text: String? = nil, choices: [String] = [],
                    correct: Int? = nil, answerCounts: [Int]? = nil, timeLimit: Double? = nil, endsAt: Double? = nil) {
            self.number = number
            self.total = total
            self.text = text
            self.choices = choices
            self.correct = correct
            self.answerCounts = answerCounts
            self.timeLimit = timeLimit
            self.endsAt = endsAt
        }
    }

    public struct Standing: Equatable, Sendable {
        public var name: String
        public var score: Int
        public init(name: String, score: Int) {
            self.name = name
            self.score = score
        }
    }

    public var schema: Int = 1
    public var quizId: String?
    public var revision: Int?
    public var phase: Phase = .idle
    public var title: String?
    public var lobby: Lobby?
    public var question: Question?
    public var leaderboard: [Standing] = []

    public init(schema: Int = 1, quizId: String? = nil, revision: Int? = nil, phase: Phase = .idle, title: String? = nil,
                lobby: Lobby? = nil, question: Question? = nil, leaderboard: [Standing] = []) {
        self.schema = schema
        self.quizId = quizId
        self.revision = revision
        self.phase = phase
        self.title = title
        self.lobby = lobby
        self.question = question
        self.leaderboard = leaderboard
    }

    /// The state of a screen that has heard nothing yet (or whose retained state was cleared).
    public static let idle = QuizState()
}
