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

    /// A question's picture, named by the SHA-256 of its bytes: a screen shows only bytes that
    /// hash to it, whichever way they came (the room's media topic, `url` over HTTPS, a cache).
    public struct Picture: Equatable, Sendable {
        /// 64 lowercase hex digits.
        public var sha256: String
        /// Where a screen may fetch the bytes over HTTPS when they did not come over MQTT.
        public var url: String?
        /// What the picture shows, in words (logs, tools); not drawn: it could give the answer away.
        public var alt: String?
        public init(sha256: String, url: String? = nil, alt: String? = nil) {
            self.sha256 = sha256
            self.url = url
            self.alt = alt
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
        /// Players who have answered so far, of `players` who can ("23 / 48 answered").
        public var answered: Int?
        public var players: Int?
        /// Shown beside (landscape) or above (portrait) the question.
        public var image: Picture?

        public init(number: Int? = nil, total: Int? = nil, text: String? = nil, choices: [String] = [],
                    correct: Int? = nil, answerCounts: [Int]? = nil, timeLimit: Double? = nil, endsAt: Double? = nil,
                    answered: Int? = nil, players: Int? = nil, image: Picture? = nil) {
            self.number = number
            self.total = total
            self.text = text
            self.choices = choices
            self.correct = correct
            self.answerCounts = answerCounts
            self.timeLimit = timeLimit
            self.endsAt = endsAt
            self.answered = answered
            self.players = players
            self.image = image
        }
    }

    public struct Standing: Equatable, Sendable {
        public var name: String
        public var score: Int
        /// The 1-based rank in the standings shown before these (for ▲2 / ▼1).
        public var previousRank: Int?
        public init(name: String, score: Int, previousRank: Int? = nil) {
            self.name = name
            self.score = score
            self.previousRank = previousRank
        }
    }

    public var schema: Int = 1
    public var quizId: String?
    public var revision: Int?
    public var phase: Phase = .idle
    public var title: String?
    /// The room's language for the screen's own words, as sent (`ja`, `en`, `ja-JP`, …); the
    /// screen knows `ja` and `en` and guesses from the text for anything else or nothing.
    public var locale: String?
    public var lobby: Lobby?
    public var question: Question?
    public var leaderboard: [Standing] = []

    public init(schema: Int = 1, quizId: String? = nil, revision: Int? = nil, phase: Phase = .idle, title: String? = nil,
                locale: String? = nil, lobby: Lobby? = nil, question: Question? = nil, leaderboard: [Standing] = []) {
        self.schema = schema
        self.quizId = quizId
        self.revision = revision
        self.phase = phase
        self.title = title
        self.locale = locale
        self.lobby = lobby
        self.question = question
        self.leaderboard = leaderboard
    }

    /// The state of a screen that has heard nothing yet (or whose retained state was cleared).
    public static let idle = QuizState()
}
