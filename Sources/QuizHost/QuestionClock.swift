import QuizContract

/// One question's time on the box's clock (wall-clock seconds, so a deadline means the same
/// instant after the host restarts): when it opened, when answering closes, how long it has
/// been paused, and whether it is paused now.
public struct QuestionClock: Equatable, Sendable {
    public var openedAt: Double
    /// When answering closes while running; while paused, the deadline it had at the pause.
    public var endsAt: Double
    /// Set while the host has the question paused.
    public var pausedSince: Double?
    /// Seconds spent paused since the opening: left out of every answer's t.
    public var pausedFor: Double

    public init(openedAt: Double, endsAt: Double, pausedSince: Double? = nil, pausedFor: Double = 0) {
        self.openedAt = openedAt
        self.endsAt = endsAt
        self.pausedSince = pausedSince
        self.pausedFor = pausedFor
    }

    init(openedAt: Double, timeLimit: Double) {
        self.init(openedAt: openedAt, endsAt: openedAt + timeLimit)
    }

    public var isPaused: Bool { pausedSince != nil }

    /// The time left while paused (nil while running).
    public var pausedLeft: Double? { pausedSince.map { max(0, endsAt - $0) } }

    /// The seconds answering is open in all: the time limit plus what the host added.
    public var allotted: Double { endsAt - openedAt - pausedFor }

    public func secondsLeft(now: Double) -> Double { max(0, endsAt - (pausedSince ?? now)) }

    /// An answer's t: seconds from the opening to `arrival`, paused time left out (an answer
    /// that arrives during a pause counts as given at the pause).
    public func elapsed(at arrival: Double) -> Double {
        max(0, min(arrival, pausedSince ?? arrival) - openedAt - pausedFor)
    }

    /// Whether an answer arriving at `now` is in time: before `endsAt` + the grace, or at any
    /// moment of a pause that began in time.
    public func accepts(at now: Double) -> Bool {
        if let p = pausedSince { return p <= endsAt + Scoring.lateGrace }
        return now <= endsAt + Scoring.lateGrace
    }
}

extension HostSession {
    /// The open question's index and clock, or why a console action on it does not apply.
    private func openQuestion() -> (Int, QuestionClock)? {
        guard case .question(let i) = position, let c = clocks[i] else { return nil }
        return (i, c)
    }

    /// Pauses the open question: the TV's countdown stops (the state has no `endsAt`, and the
    /// time left as `timeLimit`), phones get `paused`, answers still arrive (their t frozen).
    public mutating func pause(now: Double) -> HostRefusal? {
        guard let (i, c) = openQuestion() else { return HostRefusal(.notNow, "pause works during a question") }
        guard !c.isPaused else { return HostRefusal(.notNow, "the question is already paused") }
        guard now < c.endsAt else { return HostRefusal(.timeUp, "the time is already up (r reveals)") }
        var clock = c
        clock.pausedSince = now
        setClock(i, clock)
        stepTV()
        return nil
    }

    /// Resumes a paused question: a new `endsAt` = now + the time that was left.
    public mutating func resume(now: Double) -> HostRefusal? {
        guard let (i, c) = openQuestion() else { return HostRefusal(.notNow, "resume works during a question") }
        guard let since = c.pausedSince else { return HostRefusal(.notNow, "the question is not paused") }
        var clock = c
        let paused = max(0, now - since)
        clock.endsAt += paused
        clock.pausedFor += paused
        clock.pausedSince = nil
        setClock(i, clock)
        stepTV()
        return nil
    }

    /// More time for the open question: its deadline moves (paused: its time left grows). When
    /// the time had run out, answering opens again for `seconds` from now. t still counts from
    /// the opening, so answers may come after T (they score at least 500 if right).
    public mutating func addTime(_ seconds: Double, now: Double) -> HostRefusal? {
        guard let (i, c) = openQuestion() else { return HostRefusal(.notNow, "more time works during a question") }
        guard seconds > 0, seconds.isFinite else { return HostRefusal(.notNow, "the seconds to add must be more than 0") }
        var clock = c
        clock.endsAt = (c.isPaused ? c.endsAt : max(c.endsAt, now)) + seconds
        guard clock.allotted <= Limits.timeLimitSeconds else { return HostRefusal(.notNow, "a question is open for a day at most") }
        setClock(i, clock)
        stepTV()
        return nil
    }

    mutating func setClock(_ i: Int, _ c: QuestionClock) {
        clocks[i] = c
        if recordsChanges { changes.append(.clock(question: i, c)) }
    }

    /// A change the TV shows as a new step (a new deadline) and every phone hears about.
    mutating func stepTV() {
        revision += 1
        phoneEpoch += 1
        journalProgress()
    }
}
