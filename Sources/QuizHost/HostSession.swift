import Locales
import QuizContract

/// The host's side of a quiz as a state machine: where the quiz is (lobby, a question, its
/// reveal, the standings, the end), what the keys and the console do, the players and their
/// answers, and the state to publish for each step. Pure (time is passed in, seconds since the
/// Unix epoch on the box's clock), so every rule is tested without a terminal, a socket or a
/// broker. What must survive a restart is journalled as `changes` for the night's database.
public struct HostSession: Sendable {
    public enum Position: Equatable, Sendable {
        case lobby
        case question(Int)
        case reveal(Int)
        /// Standings shown after question `after` (index) was revealed.
        case leaderboard(after: Int)
        case ended

        /// The standings are on the TV (after a question, or the final ones).
        public var showsStandings: Bool {
            switch self {
            case .leaderboard, .ended: return true
            case .lobby, .question, .reveal: return false
            }
        }
    }

    public enum Action: String, Sendable, CaseIterable {
        case next, reveal, leaderboard, back
    }

    /// What names a run: its `quizId` in states (kept across restarts of the run by the
    /// database) and the code players type to join it.
    public struct RunIdentity: Equatable, Sendable {
        public var quizId: String
        public var joinCode: String?
        public init(quizId: String, joinCode: String?) {
            self.quizId = quizId
            self.joinCode = joinCode
        }
    }

    public let quiz: QuizFile
    /// One run of the quiz: the file's id (or its title) plus the run's start time. A run the
    /// database resumes keeps it, so screens keep ordering its revisions.
    public let quizId: String
    /// What players type to join (nil: no code asked).
    public let joinCode: String?
    /// The lobby's QR code (`<public URL>/j/<code>` when players are served).
    public var joinURL: String?
    public internal(set) var position: Position = .lobby
    /// The revision of `state()`: grows with every step (including after `back`), every console
    /// action the TV shows, and every published change of the counts.
    public internal(set) var revision = 1
    /// The revision last handed out by `publish()` (0: none yet).
    public internal(set) var publishedRevision = 0
    /// Rehearsal standings (the quiz file's or `--scores`): shown only while nobody has joined.
    public var standings: [QuizState.Standing]
    /// Each question's picture as states name it (by question index), from `QuizPictures`.
    public var pictures: [Int: QuizState.Picture] = [:]
    /// Players are served (`--players`): the TV's states carry participants, answered counts and
    /// answer counts. Off, the states are what the terminal host always published.
    public var servesPlayers = false
    /// Joins are refused (`room-full`) when this many players are in.
    public var maxPlayers = 2000
    /// Whether the session journals `changes` for a database.
    public var recordsChanges = false
    /// The room's language: the quiz file's `locale`, else a guess from its text.
    public let locale: String

    var history: [Position] = []
    /// The clock of every question that was opened (index → clock).
    var clocks: [Int: QuestionClock] = [:]
    var players: [Player] = []
    var playerIndex: [String: Int] = [:]
    var byTokenHash: [String: Int] = [:]
    /// Name keys (`PlayerName.key`) of players in the room (not kicked).
    var nameKeys: [String: String] = [:]
    /// Accepted answers: question index → player id → answer.
    var answers: [Int: [String: Answer]] = [:]
    public internal(set) var locked = false
    /// Player id → rank in the standings the TV showed last (the ≤ 50 it was sent).
    var lastShown: [String: Int] = [:]
    /// `lastShown` as it was when the standings on the TV now were entered: their previousRank.
    var boardPrevious: [String: Int] = [:]
    /// Counts the TV shows changed since the last `publish()` (a join, an answer, a kick).
    var countsChanged = false
    /// Grows whenever what a phone's `state` says changes for everyone (a step, a pause, …):
    /// the server sends every phone its new state when it sees it move.
    public internal(set) var phoneEpoch = 0
    public internal(set) var changes: [Change] = []
    var progressChanged = false

    /// A run outside any database: `quizId` from the start time (a restarted terminal host is
    /// a new run), the quiz file's join code.
    public init(quiz: QuizFile, startedAt: Double) {
        self.init(quiz: quiz, run: RunIdentity(quizId: Self.runId(quiz, startedAt: startedAt), joinCode: quiz.joinCode))
    }

    public init(quiz: QuizFile, run: RunIdentity) {
        self.quiz = quiz
        quizId = run.quizId
        joinCode = run.joinCode
        joinURL = quiz.joinURL
        standings = quiz.leaderboard
        locale = quiz.locale ?? Self.guessLocale(quiz)
    }

    /// A new run's id: the file's `quizId` (or a slug of its title) and the start time.
    public static func runId(_ quiz: QuizFile, startedAt: Double) -> String {
        (quiz.quizId ?? slug(quiz.title)) + "-" + String(Int(startedAt))
    }

    /// A run's join code when the quiz file has none: six random digits (the contract's).
    public static func newJoinCode<R: RandomNumberGenerator>(using random: inout R) -> String {
        String((0..<6).map { _ in Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &random))) })
    }

    /// The language of the quiz's text, guessed as the screens guess it (`ScriptGuess`: the
    /// questions weigh most, then the title, then the choices), else English: the phones' words.
    static func guessLocale(_ quiz: QuizFile) -> String {
        var texts: [(text: String, weight: Int)] = [(quiz.title, 2)]
        for q in quiz.questions { texts += [(q.text, 3)] + q.choices.map { ($0, 1) } }
        return RoomLocale.of(tag: nil, weighted: texts)?.language.tag ?? "en"
    }

    /// Applies a key; returns why nothing happened when the key does not apply here.
    public mutating func apply(_ action: Action, now: Double) -> HostRefusal? {
        let target: Position
        switch (action, position) {
        case (.back, _):
            guard let previous = history.popLast() else { return HostRefusal(.atStart, "already at the start") }
            move(to: previous, now: now, remember: false)
            return nil
        case (.next, .lobby): target = .question(0)
        case (.next, .question(let i)), (.reveal, .question(let i)): target = .reveal(i)
        case (.next, .reveal(let i)), (.next, .leaderboard(let i)):
            target = i + 1 < quiz.questions.count ? .question(i + 1) : .ended
        case (.next, .ended): return HostRefusal(.ended, "the quiz has ended (q quits, b goes back)")
        case (.reveal, _): return HostRefusal(.notNow, "reveal works during a question")
        case (.leaderboard, .question(let i)), (.leaderboard, .reveal(let i)): target = .leaderboard(after: i)
        case (.leaderboard, .leaderboard), (.leaderboard, .ended): return HostRefusal(.notNow, "the standings are already shown")
        case (.leaderboard, .lobby): return HostRefusal(.notNow, "no standings before the first question")
        }
        move(to: target, now: now, remember: true)
        return nil
    }

    private mutating func move(to target: Position, now: Double, remember: Bool) {
        if remember { history.append(position) }
        if case .question(let i) = target {
            // A question opened for the first time, or returned to (by back, or next after a
            // back), gets its full time from now: the time it spent off the screen is not taken
            // from the players. One the host had paused comes back paused, with the time it had.
            if clocks[i]?.isPaused != true {
                setClock(i, QuestionClock(openedAt: now, timeLimit: quiz.questions[i].timeLimit))
            }
        }
        switch target {
        case .leaderboard, .ended: boardPrevious = lastShown
        default: break
        }
        position = target
        revision += 1
        phoneEpoch += 1
        journalProgress()
    }

    /// Seconds left to answer, while a question is shown (frozen while it is paused).
    public func secondsLeft(now: Double) -> Double? {
        guard case .question(let i) = position, let c = clocks[i] else { return nil }
        return c.secondsLeft(now: now)
    }

    /// Whether a state should be published: a step, or counts that changed since the last one.
    public var needsPublish: Bool { revision > publishedRevision || countsChanged }

    /// A step (a move, a pause, more time) waits to be published: publish it in this pass. Only
    /// counts changed (`needsPublish` without this): publish at most ~5 times a second.
    public var stepPending: Bool { revision > publishedRevision }

    /// The state to publish now, with its revision: above the last published one whenever
    /// anything changed. Send it only after the changes it journals are committed (so a
    /// restarted host never reuses a revision a screen has seen).
    public mutating func publish() -> QuizState {
        if countsChanged, revision <= publishedRevision { revision += 1 }
        countsChanged = false
        publishedRevision = revision
        let s = state()
        if s.phase == .leaderboard || s.phase == .ended, !players.isEmpty {
            let table = ranking()
            lastShown = [:]
            for e in table.entries.prefix(Limits.standings) { lastShown[e.player] = e.rank }
        }
        journalProgress()
        return s
    }

    /// The state for where the quiz is now.
    public func state() -> QuizState {
        var s = QuizState(quizId: quizId, revision: revision, title: quiz.title, locale: quiz.locale)
        switch position {
        case .lobby:
            s.phase = .lobby
            s.lobby = .init(joinCode: joinCode, joinURL: joinURL, participants: servesPlayers ? inRoom : nil)
        case .question(let i):
            s.phase = .question
            s.question = question(i, revealed: false)
        case .reveal(let i):
            s.phase = .reveal
            s.question = question(i, revealed: true)
        case .leaderboard:
            s.phase = .leaderboard
            s.leaderboard = board()
        case .ended:
            s.phase = .ended
            s.leaderboard = board()
        }
        return s
    }

    private func question(_ i: Int, revealed: Bool) -> QuizState.Question {
        let q = quiz.questions[i]
        var out = QuizState.Question(number: i + 1, total: quiz.questions.count, text: q.text, choices: q.choices,
                                     correct: revealed ? q.correct : nil, timeLimit: q.timeLimit, endsAt: nil, image: pictures[i])
        if let c = clocks[i] {
            // Paused: no running deadline, and the time left as the time allowed (the TV shows it,
            // not running). Running: the time allowed including what the host added.
            if let left = c.pausedLeft {
                out.timeLimit = max(0.001, left)
            } else {
                out.endsAt = c.endsAt
                out.timeLimit = c.allotted
            }
        }
        if servesPlayers {
            let given = answers[i].map { Array($0.values.filter { isInRoom($0.player) }) } ?? []
            out.answered = given.count
            out.players = inRoom
            if revealed {
                var counts = [Int](repeating: 0, count: q.choices.count)
                for a in given { counts[a.choice] += 1 }
                out.answerCounts = counts
            }
        }
        return out
    }

    /// The standings the TV shows: from the players' points once anyone has joined, else the
    /// rehearsal standings (quiz file or `--scores`).
    private func board() -> [QuizState.Standing] {
        guard !players.isEmpty else { return ranked() }
        return ranking().entries.prefix(Limits.standings).map {
            QuizState.Standing(name: $0.name, score: $0.score, previousRank: boardPrevious[$0.player])
        }
    }

    /// Highest score first (stable for ties), at most the 50 the contract allows.
    private func ranked() -> [QuizState.Standing] {
        Array(standings.enumerated().sorted { $0.element.score != $1.element.score ? $0.element.score > $1.element.score : $0.offset < $1.offset }
            .map(\.element).prefix(Limits.standings))
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
        let room = servesPlayers ? " · \(inRoom) players" : ""
        switch position {
        case .lobby:
            return "lobby: \(quiz.title)" + (joinCode.map { " (join code \($0))" } ?? "") + room
        case .question(let i):
            let paused = clocks[i]?.isPaused == true ? " (paused)" : ""
            let left = secondsLeft(now: now).map { " — \(Int($0.rounded(.up))) s left\(paused)" } ?? ""
            let answered = servesPlayers ? " · \(answeredCount(i)) / \(inRoom) answered" : ""
            return "question \(i + 1)/\(total): \(quiz.questions[i].text)\(left)\(answered)"
        case .reveal(let i):
            let q = quiz.questions[i]
            let answer = q.correct.map { "answer: \(q.choices[$0])" } ?? "no correct answer"
            return "reveal \(i + 1)/\(total): \(answer)"
        case .leaderboard(let i):
            return "standings after question \(i + 1)/\(total) (\(players.isEmpty ? standings.count : inRoom) players)"
        case .ended:
            return "ended: final standings (\(players.isEmpty ? standings.count : inRoom) players)"
        }
    }
}
