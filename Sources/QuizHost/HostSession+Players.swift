import PlayersContract
import QuizContract

extension HostSession {
    /// A player of the run. Only the token's hash is kept.
    public struct Player: Equatable, Sendable {
        /// "p7": the 7th to join this run.
        public var id: String { "p\(number)" }
        public let number: Int
        public var name: String
        public let tokenHash: String
        public var kicked: Bool
        public let joinedAt: Double

        public init(number: Int, name: String, tokenHash: String, kicked: Bool, joinedAt: Double) {
            self.number = number
            self.name = name
            self.tokenHash = tokenHash
            self.kicked = kicked
            self.joinedAt = joinedAt
        }
    }

    /// An accepted answer: final (a player's first answer to a question is the one that counts).
    public struct Answer: Equatable, Sendable {
        public let player: String
        /// The question's index (0-based; the wire's number is this + 1).
        public let question: Int
        public let choice: Int
        /// Seconds from the question's opening to the answer's arrival at the box, pauses left out.
        public let t: Double
        public let points: Int
        public let arrivedAt: Double

        public init(player: String, question: Int, choice: Int, t: Double, points: Int, arrivedAt: Double) {
            self.player = player
            self.question = question
            self.choice = choice
            self.t = t
            self.points = points
            self.arrivedAt = arrivedAt
        }

        /// The phone's `answered`: send it only for an answer `NightStore.commit()` returned.
        public var acknowledgement: BoxMessage { .answered(question: question + 1, choice: choice) }
    }

    /// What a phone is told after `join` or `resume`.
    public struct Welcome: Equatable, Sendable {
        public let player: String
        public let name: String
        public let token: String
        public init(player: String, name: String, token: String) {
            self.player = player
            self.name = name
            self.token = token
        }
        public var message: BoxMessage { .welcome(player: player, name: name, token: token) }
    }

    /// Players in the room (joined, not kicked).
    public var inRoom: Int { nameKeys.count }

    func isInRoom(_ id: String) -> Bool {
        guard let k = playerIndex[id] else { return false }
        return !players[k].kicked
    }

    public func player(_ id: String) -> Player? { playerIndex[id].map { players[$0] } }

    /// Every player of the run, kicked ones too, in join order.
    public var allPlayers: [Player] { players }

    /// A phone joins with the code and a name. `token` is the new player's (from
    /// `PlayerToken.generate`); `canDraw` says whether the TV's fonts draw the name. Joining is
    /// open at any time (a late joiner starts at 0 and may answer the open question, its t
    /// counted from the question's opening) until the host locks the room.
    public mutating func join(code: String, name rawName: String, token: PlayerToken, now: Double,
                              canDraw: (String) -> Bool) -> Result<Welcome, Rejection> {
        if let joinCode, Self.codeKey(code) != Self.codeKey(joinCode) { return .failure(.badCode) }
        if locked { return .failure(.roomLocked) }
        if inRoom >= maxPlayers { return .failure(.roomFull) }
        let name: String
        do {
            name = try PlayerName.normalized(rawName, canDraw: canDraw)
        } catch {
            return .failure(.nameInvalid)
        }
        let key = PlayerName.key(name)
        if nameKeys[key] != nil { return .failure(.nameTaken) }
        let hash = token.hash
        guard byTokenHash[hash] == nil else { return .failure(.badToken) }  // a reused token: never the caller's to pick
        let p = Player(number: players.count + 1, name: name, tokenHash: hash, kicked: false, joinedAt: now)
        add(p)
        countsChanged = true
        if recordsChanges { changes.append(.player(p)) }
        return .success(Welcome(player: p.id, name: p.name, token: token.text))
    }

    /// The same player again, by its token: same id, name, score and answers.
    public func resume(token: String) -> Result<Welcome, Rejection> {
        guard let k = byTokenHash[PlayerToken.hash(token)] else { return .failure(.badToken) }
        let p = players[k]
        if p.kicked { return .failure(.kicked) }
        return .success(Welcome(player: p.id, name: p.name, token: token))
    }

    /// A player's answer to question `number` (1-based), arriving at the box at `now`. The
    /// returned answer is accepted but not yet stored: the phone's `answered` comes from what
    /// the database commits.
    public mutating func answer(player id: String, question number: Int, choice: Int, now: Double) -> Result<Answer, Rejection> {
        guard let k = playerIndex[id] else { return .failure(.badToken) }
        if players[k].kicked { return .failure(.kicked) }
        guard case .question(let i) = position, number == i + 1, let clock = clocks[i] else { return .failure(.notOpen) }
        let q = quiz.questions[i]
        guard choice >= 0, choice < q.choices.count else { return .failure(.badMessage) }
        if answers[i]?[id] != nil { return .failure(.alreadyAnswered) }
        guard clock.accepts(at: now) else { return .failure(.tooLate) }
        let t = clock.elapsed(at: now)
        let points = Scoring.points(t: t, timeLimit: q.timeLimit, correct: choice == q.correct, poll: q.correct == nil)
        let a = Answer(player: id, question: i, choice: choice, t: t, points: points, arrivedAt: now)
        answers[i, default: [:]][id] = a
        countsChanged = true
        if recordsChanges { changes.append(.answer(a)) }
        return .success(a)
    }

    /// The host removes a player: its token no longer resumes (`kicked`), its name is free
    /// again, and it leaves every count, the standings and the results (its answers stay in the
    /// database). Final: a kicked player may join again under another name unless the room is
    /// locked — a kick is for the moment, the lock for the night.
    public mutating func kick(_ id: String) -> HostRefusal? {
        guard let k = playerIndex[id] else { return HostRefusal(.noPlayer, "no player \(id)") }
        guard !players[k].kicked else { return HostRefusal(.noPlayer, "\(id) was already removed") }
        players[k].kicked = true
        nameKeys[PlayerName.key(players[k].name)] = nil
        countsChanged = true
        phoneEpoch += 1  // every rank may move
        if recordsChanges { changes.append(.player(players[k])) }
        return nil
    }

    /// The host renames a player (a name that should not be on the TV): the name rules apply.
    public mutating func rename(_ id: String, to rawName: String, canDraw: (String) -> Bool) -> HostRefusal? {
        guard let k = playerIndex[id], !players[k].kicked else { return HostRefusal(.noPlayer, "no player \(id)") }
        let name: String
        do {
            name = try PlayerName.normalized(rawName, canDraw: canDraw)
        } catch {
            return HostRefusal(.nameInvalid, "\(error)")
        }
        let old = PlayerName.key(players[k].name), new = PlayerName.key(name)
        if new != old, nameKeys[new] != nil { return HostRefusal(.nameTaken, "another player is called \(name)") }
        nameKeys[old] = nil
        nameKeys[new] = id
        players[k].name = name
        countsChanged = true  // the name may be on the standings
        phoneEpoch += 1
        if recordsChanges { changes.append(.player(players[k])) }
        return nil
    }

    /// Locked, the room refuses joins (`room-locked`); players in it still resume.
    public mutating func setLocked(_ on: Bool) -> HostRefusal? {
        guard locked != on else { return HostRefusal(.notNow, on ? "the room is already locked" : "the room is already open") }
        locked = on
        journalProgress()
        return nil
    }

    /// A console's action (the terminal's keys and the phone console's extra ones).
    public mutating func perform(_ action: HostAction, now: Double, canDraw: (String) -> Bool) -> HostRefusal? {
        switch action {
        case .next: return apply(.next, now: now)
        case .reveal: return apply(.reveal, now: now)
        case .leaderboard: return apply(.leaderboard, now: now)
        case .back: return apply(.back, now: now)
        case .pause: return pause(now: now)
        case .resume: return resume(now: now)
        case .addTime(let s): return addTime(s, now: now)
        case .kick(let p): return kick(p)
        case .rename(let p, let name): return rename(p, to: name, canDraw: canDraw)
        case .lock(let on): return setLocked(on)
        }
    }

    /// Players answered to question `i` (in the room).
    public func answeredCount(_ i: Int) -> Int {
        answers[i]?.values.reduce(0) { $0 + (isInRoom($1.player) ? 1 : 0) } ?? 0
    }

    /// A join code as compared: without white space, letters in any case ("ab 12" opens "AB12").
    static func codeKey(_ code: String) -> String {
        String(code.unicodeScalars.filter { !$0.properties.isWhitespace }.map { Character($0) }).lowercased()
    }

    mutating func add(_ p: Player) {
        playerIndex[p.id] = players.count
        byTokenHash[p.tokenHash] = players.count
        if !p.kicked { nameKeys[PlayerName.key(p.name)] = p.id }
        players.append(p)
    }
}
