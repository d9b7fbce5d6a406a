/// What one phone may know: the body of a `state` message. The type itself is the rule "what a
/// phone is never sent": it has no place for the correct choice, an answer count, another
/// player (their token, name or answer), the host's secret, or a question that is not open —
/// `question` exists in the question phase only, and holds only what the TV shows while the
/// question is open.
public struct PhoneView: Equatable, Sendable {
    public enum Phase: String, Sendable, CaseIterable {
        case lobby, question, reveal, leaderboard, ended
    }

    /// The open question as the phone shows it.
    public struct Question: Equatable, Sendable {
        /// 1-based, as on the TV ("3 / 10").
        public var number: Int
        public var total: Int
        public var text: String
        public var choices: [String]
        /// Milliseconds left to answer, on the box's clock when the message was made (the phone
        /// counts down from its own arrival; the box's clock is the judge).
        public var remainingMs: Int
        /// The host paused the question: `remainingMs` is not running.
        public var paused: Bool

        public init(number: Int, total: Int, text: String, choices: [String], remainingMs: Int, paused: Bool) {
            self.number = number
            self.total = total
            self.text = text
            self.choices = choices
            self.remainingMs = remainingMs
            self.paused = paused
        }
    }

    /// The player's own standing.
    public struct You: Equatable, Sendable {
        /// The player's own name (an extension of players v1: a rename by the host reaches it).
        public var name: String
        /// Points of the questions that are over (an open question's points stay hidden until
        /// it closes: a score that grew would tell the player the answer was right).
        public var score: Int
        /// 1-based, shared by equal scores (1, 2, 2, 4).
        public var rank: Int
        /// Players ranked.
        public var of: Int
        /// The choice this player gave for the open question, nil before answering (and
        /// outside the question phase).
        public var answered: Int?

        public init(name: String, score: Int, rank: Int, of: Int, answered: Int?) {
            self.name = name
            self.score = score
            self.rank = rank
            self.of = of
            self.answered = answered
        }
    }

    public var phase: Phase
    public var title: String
    public var locale: String
    public var question: Question?
    public var you: You

    public init(phase: Phase, title: String, locale: String, question: Question?, you: You) {
        self.phase = phase
        self.title = title
        self.locale = locale
        self.question = question
        self.you = you
    }
}

/// The body of a `result` message: one player's outcome of a question, sent at its reveal.
public struct PlayerResult: Equatable, Sendable {
    public var question: Int
    /// nil: the player did not answer.
    public var choice: Int?
    /// nil: a poll (no correct choice).
    public var correctChoice: Int?
    public var correct: Bool
    public var points: Int
    public var score: Int
    public var rank: Int
    public var of: Int

    public init(question: Int, choice: Int?, correctChoice: Int?, correct: Bool, points: Int, score: Int, rank: Int, of: Int) {
        self.question = question
        self.choice = choice
        self.correctChoice = correctChoice
        self.correct = correct
        self.points = points
        self.score = score
        self.rank = rank
        self.of = of
    }
}

/// The body of a `host-state` message: what the host's console shows.
public struct HostView: Equatable, Sendable {
    public struct Question: Equatable, Sendable {
        public var number: Int
        public var total: Int
        public var remainingMs: Int
        public var paused: Bool
        public init(number: Int, total: Int, remainingMs: Int, paused: Bool) {
            self.number = number
            self.total = total
            self.remainingMs = remainingMs
            self.paused = paused
        }
    }

    /// Where the quiz is, in every phase after the lobby (an extension of players v1): the
    /// question it is at (open, revealed, or the last before the standings), its text, and at
    /// its reveal the right answer (the host may know it; a phone never is told it early).
    public struct Step: Equatable, Sendable {
        public var number: Int
        public var total: Int
        public var text: String
        /// The right choice's text at the reveal (nil otherwise, and for a poll).
        public var answer: String?
        public init(number: Int, total: Int, text: String, answer: String? = nil) {
            self.number = number
            self.total = total
            self.text = text
            self.answer = answer
        }
    }

    public struct Player: Equatable, Sendable {
        public var player: String
        public var name: String
        public var score: Int
        public var connected: Bool
        /// Answered the open question (whether, never what: the console is on a phone in the room).
        public var answered: Bool
        public init(player: String, name: String, score: Int, connected: Bool, answered: Bool) {
            self.player = player
            self.name = name
            self.score = score
            self.connected = connected
            self.answered = answered
        }
    }

    /// A screen of the room, from its retained presence.
    public struct Screen: Equatable, Sendable {
        public var id: String
        public var online: Bool
        /// The phase it shows, when it says.
        public var shows: String?
        /// Vblanks its frames missed, summed over its displays (an extension of players v1;
        /// nil when no display counts them).
        public var missedVblanks: Int?
        public init(id: String, online: Bool, shows: String?, missedVblanks: Int? = nil) {
            self.id = id
            self.online = online
            self.shows = shows
            self.missedVblanks = missedVblanks
        }
    }

    /// The quiz state's phase (`lobby`, `question`, …).
    public var phase: String
    public var question: Question?
    public var players: [Player]
    public var screens: [Screen]
    public var locked: Bool
    /// Extensions of players v1 for the bundled console: the quiz's title, the room's language
    /// (the console's words), the join code, where the quiz is, and whether `back` would move.
    public var title: String?
    public var locale: String?
    public var joinCode: String?
    public var step: Step?
    public var canGoBack: Bool?

    public init(phase: String, question: Question?, players: [Player], screens: [Screen], locked: Bool,
                title: String? = nil, locale: String? = nil, joinCode: String? = nil, step: Step? = nil, canGoBack: Bool? = nil) {
        self.phase = phase
        self.question = question
        self.players = players
        self.screens = screens
        self.locked = locked
        self.title = title
        self.locale = locale
        self.joinCode = joinCode
        self.step = step
        self.canGoBack = canGoBack
    }
}
