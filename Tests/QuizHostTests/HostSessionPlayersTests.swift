import PlayersContract
import QuizContract
@testable import QuizHost
import Testing

/// The game's rules on the session, on virtual time (plain numbers: seconds on the box's clock).
@Suite struct HostSessionPlayersTests {
    static let quiz = QuizFile(title: "Tech Night", quizId: "tech", joinCode: nil, joinURL: nil, questions: [
        .init(text: "Q1", choices: ["a", "b", "c"], correct: 1, timeLimit: 20),
        .init(text: "Poll", choices: ["yes", "no"], correct: nil, timeLimit: 10),
        .init(text: "Q3", choices: ["x", "y"], correct: 0, timeLimit: 30),
    ], leaderboard: [.init(name: "rehearsal", score: 5)])

    static func session(maxPlayers: Int = 2000) -> HostSession {
        var s = HostSession(quiz: quiz, run: .init(quizId: "tech-1", joinCode: "482113"))
        s.servesPlayers = true
        s.maxPlayers = maxPlayers
        return s
    }

    /// Joins `name` with the token "tok-<name>"; returns the player's id.
    @discardableResult
    static func join(_ s: inout HostSession, _ name: String, at now: Double = 0) -> String {
        switch s.join(code: "482113", name: name, token: PlayerToken(text: "tok-" + name), now: now, canDraw: { _ in true }) {
        case .success(let w): return w.player
        case .failure(let r): Issue.record("\(name) could not join: \(r)"); return ""
        }
    }

    static func points(_ r: Result<HostSession.Answer, Rejection>) -> Int? {
        if case .success(let a) = r { return a.points }
        return nil
    }

    static func rejection<T>(_ r: Result<T, Rejection>) -> Rejection? {
        if case .failure(let e) = r { return e }
        return nil
    }

    @Test func pointsFollowTheBoxsClock() {
        var s = Self.session()
        let ids = ["A", "B", "C", "D", "E", "F"].map { Self.join(&s, $0) }
        _ = s.apply(.next, now: 1000)  // Q1 until 1020
        #expect(Self.points(s.answer(player: ids[0], question: 1, choice: 1, now: 1000)) == 1000)  // t = 0
        #expect(Self.points(s.answer(player: ids[1], question: 1, choice: 1, now: 1000.4)) == 1000)  // t = 0.4
        #expect(Self.points(s.answer(player: ids[2], question: 1, choice: 1, now: 1010)) == 750)  // T/2
        #expect(Self.points(s.answer(player: ids[3], question: 1, choice: 1, now: 1020)) == 500)  // T
        #expect(Self.points(s.answer(player: ids[4], question: 1, choice: 1, now: 1020.25)) == 500, "within 250 ms of endsAt")
        #expect(Self.rejection(s.answer(player: ids[5], question: 1, choice: 1, now: 1020.26)) == .tooLate)
        if case .success(let a) = s.answer(player: ids[5], question: 1, choice: 1, now: 1020.26) { Issue.record("late answer \(a)") }
    }

    @Test func oneAnswerPerPlayerAndQuestion() {
        var s = Self.session()
        let a = Self.join(&s, "Aiko")
        #expect(Self.rejection(s.answer(player: a, question: 1, choice: 1, now: 5)) == .notOpen, "in the lobby")
        _ = s.apply(.next, now: 10)
        #expect(Self.rejection(s.answer(player: a, question: 2, choice: 0, now: 11)) == .notOpen, "a question not open")
        #expect(Self.rejection(s.answer(player: a, question: 1, choice: 3, now: 11)) == .badMessage, "no such choice")
        #expect(Self.points(s.answer(player: a, question: 1, choice: 0, now: 12)) == 0, "wrong: 0")
        #expect(Self.rejection(s.answer(player: a, question: 1, choice: 1, now: 13)) == .alreadyAnswered)
        #expect(s.phoneView(for: a, now: 13)?.you.answered == 0, "the first answer is final")
        _ = s.apply(.reveal, now: 14)
        #expect(Self.rejection(s.answer(player: a, question: 1, choice: 1, now: 15)) == .notOpen, "at the reveal")
        #expect(Self.rejection(s.answer(player: "p99", question: 1, choice: 1, now: 15)) == .badToken)
    }

    @Test func pollsScoreNothing() {
        var s = Self.session()
        let a = Self.join(&s, "A"), b = Self.join(&s, "B")
        _ = s.apply(.next, now: 0)
        _ = s.apply(.next, now: 1)
        _ = s.apply(.next, now: 2)  // the poll
        #expect(Self.points(s.answer(player: a, question: 2, choice: 0, now: 2.1)) == 0)
        #expect(Self.points(s.answer(player: b, question: 2, choice: 1, now: 3)) == 0)
        _ = s.apply(.reveal, now: 4)
        let r = s.results()
        #expect(r[a] == PlayerResult(question: 2, choice: 0, correctChoice: nil, correct: false, points: 0, score: 0, rank: 1, of: 2))
        #expect(s.state().question?.answerCounts == [1, 1] && s.state().question?.correct == nil)
    }

    @Test func tiesShareARank() {
        var s = Self.session()
        let a = Self.join(&s, "A"), b = Self.join(&s, "B"), c = Self.join(&s, "C"), d = Self.join(&s, "D")
        _ = s.apply(.next, now: 0)
        _ = s.answer(player: b, question: 1, choice: 1, now: 0.1)  // 1000
        _ = s.answer(player: c, question: 1, choice: 1, now: 0.2)  // 1000
        _ = s.answer(player: d, question: 1, choice: 1, now: 10)  // 750
        _ = s.apply(.reveal, now: 11)
        let r = s.results()
        #expect(r[b]?.rank == 1 && r[c]?.rank == 1 && r[d]?.rank == 3 && r[a]?.rank == 4 && r[a]?.of == 4)
        #expect(r[a] == PlayerResult(question: 1, choice: nil, correctChoice: 1, correct: false, points: 0, score: 0, rank: 4, of: 4))
        #expect(r[b] == PlayerResult(question: 1, choice: 1, correctChoice: 1, correct: true, points: 1000, score: 1000, rank: 1, of: 4))
        _ = s.apply(.leaderboard, now: 12)
        #expect(s.state().leaderboard == [.init(name: "B", score: 1000), .init(name: "C", score: 1000), .init(name: "D", score: 750),
                                          .init(name: "A", score: 0)], "join order among equals")
    }

    @Test func lateJoinersStartAtZeroAndCountFromTheOpening() {
        var s = Self.session()
        let a = Self.join(&s, "Early")
        _ = s.apply(.next, now: 100)
        _ = s.answer(player: a, question: 1, choice: 1, now: 100.2)
        _ = s.apply(.reveal, now: 101)
        let late = Self.join(&s, "Late", at: 102)
        #expect(s.phoneView(for: late, now: 102)?.you == .init(name: "Late", score: 0, rank: 2, of: 2, answered: nil))
        _ = s.apply(.next, now: 103)  // the poll, opened at 103
        _ = s.apply(.next, now: 104)
        _ = s.apply(.next, now: 110)  // Q3 opened at 110, T = 30
        let later = Self.join(&s, "Later", at: 125)
        guard case .success(let ans) = s.answer(player: later, question: 3, choice: 0, now: 125) else {
            Issue.record("a late joiner may answer the open question")
            return
        }
        #expect(ans.t == 15 && ans.points == 750, "t counts from the question's opening, not from the join")
        #expect(s.state().question?.answered == 1 && s.state().question?.players == 3)
    }

    @Test func resumeIsTheSamePlayer() {
        var s = Self.session()
        let a = Self.join(&s, "Aiko")
        #expect(s.resume(token: "tok-Aiko") == .success(.init(player: a, name: "Aiko", token: "tok-Aiko")))
        #expect(Self.rejection(s.resume(token: "tok-nobody")) == .badToken)
        _ = s.kick(a)
        #expect(Self.rejection(s.resume(token: "tok-Aiko")) == .kicked)
        #expect(s.snapshot.players.allSatisfy { !$0.tokenHash.contains("tok") && $0.tokenHash.count == 64 }, "only the hash is kept")
    }

    @Test func joinRules() {
        var s = Self.session(maxPlayers: 3)
        var tokens = 0
        func join(_ code: String, _ name: String, _ token: String? = nil) -> Rejection? {
            tokens += 1
            return Self.rejection(s.join(code: code, name: name, token: PlayerToken(text: token ?? "t\(tokens)"), now: 0,
                                         canDraw: { !$0.contains("☃") }))
        }
        #expect(join("000000", "A") == .badCode)
        #expect(join(" 482 113 ", "Aiko") == nil, "spaces in a code are ignored")
        #expect(join("482113", "AIKO") == .nameTaken)
        #expect(join("482113", "ａｉｋｏ") == .nameTaken)
        #expect(join("482113", "") == .nameInvalid)
        #expect(join("482113", String(repeating: "x", count: 21)) == .nameInvalid)
        #expect(join("482113", "Snow☃") == .nameInvalid, "the TV cannot draw it")
        #expect(join("482113", "Bo", "same") == nil)
        #expect(join("482113", "Cy", "same") == .badToken, "a token is never reused")
        #expect(join("482113", "Cy") == nil)
        #expect(join("482113", "Di") == .roomFull)
        _ = s.kick("p1")
        #expect(join("482113", "Aiko") == nil, "a kick frees a place and the name")
        #expect(s.setLocked(true) == nil)
        #expect(join("482113", "Ed") == .roomLocked)
        #expect(s.resume(token: "same") == .success(.init(player: "p2", name: "Bo", token: "same")), "a locked room still resumes")
        #expect(s.setLocked(false) == nil)
        _ = s.kick("p3")
        #expect(join("482113", "Ed") == nil)
        #expect(s.inRoom == 3 && s.state().lobby?.participants == 3)
    }

    @Test func kickedPlayersLeaveEveryCount() {
        var s = Self.session()
        let a = Self.join(&s, "A"), troll = Self.join(&s, "Troll")
        _ = s.apply(.next, now: 0)
        _ = s.answer(player: a, question: 1, choice: 1, now: 1)
        _ = s.answer(player: troll, question: 1, choice: 1, now: 0.1)
        #expect(s.state().question?.answered == 2 && s.state().question?.players == 2)
        #expect(s.kick(troll) == nil)
        #expect(s.kick(troll) != nil && s.kick("p9") != nil)
        #expect(s.state().question?.answered == 1 && s.state().question?.players == 1)
        #expect(Self.rejection(s.answer(player: troll, question: 1, choice: 0, now: 2)) == .kicked)
        _ = s.apply(.reveal, now: 3)
        #expect(s.state().question?.answerCounts == [0, 1, 0])
        #expect(s.results()[troll] == nil && s.results()[a]?.rank == 1 && s.results()[a]?.of == 1)
        _ = s.apply(.leaderboard, now: 4)
        #expect(s.state().leaderboard.map(\.name) == ["A"])
        #expect(s.phoneView(for: troll, now: 4) == nil)
        #expect(s.allAnswers.count == 2, "its answers stay in the record")
    }

    @Test func rename() {
        var s = Self.session()
        let a = Self.join(&s, "Rude"), _ = Self.join(&s, "Bo")
        #expect(s.rename(a, to: "bo", canDraw: { _ in true }) == HostRefusal(.nameTaken, "another player is called bo"))
        #expect(s.rename(a, to: "\n", canDraw: { _ in true }) != nil)
        #expect(s.rename(a, to: " Nice ", canDraw: { _ in true }) == nil)
        #expect(s.player(a)?.name == "Nice" && s.phoneView(for: a, now: 0)?.you.name == "Nice")
        #expect(Self.rejection(s.join(code: "482113", name: "rude", token: PlayerToken(text: "x"), now: 0, canDraw: { _ in true })) == nil,
                "the old name is free")
        #expect(s.rename(a, to: "NICE", canDraw: { _ in true }) == nil, "its own name in another case")
    }

    /// Every console action that changes nothing says why, with a reason a console can put in
    /// the room's words (issue 24: the console shows it), and changes nothing.
    @Test func refusalsSayWhyAndChangeNothing() {
        var s = Self.session()
        let a = Self.join(&s, "Aiko"), _ = Self.join(&s, "Bo")
        func refused(_ action: HostAction, at now: Double) -> HostRefusal.Reason? {
            let before = (s.revision, s.position, s.locked, s.inRoom)
            guard let why = s.perform(action, now: now, canDraw: { _ in true }) else { return nil }
            #expect(s.revision == before.0 && s.position == before.1 && s.locked == before.2 && s.inRoom == before.3, "\(action) changed something")
            #expect(!why.message.isEmpty)
            return why.reason
        }
        #expect(refused(.back, at: 0) == .atStart)
        #expect(refused(.reveal, at: 0) == .notNow)
        #expect(refused(.leaderboard, at: 0) == .notNow)
        #expect(refused(.pause, at: 0) == .notNow)
        #expect(refused(.addTime(seconds: 10), at: 0) == .notNow)
        #expect(refused(.lock(false), at: 0) == .notNow, "already open")
        #expect(refused(.kick(player: "p9"), at: 0) == .noPlayer)
        #expect(refused(.rename(player: a, name: "BO"), at: 0) == .nameTaken)
        #expect(refused(.rename(player: a, name: "\u{7}"), at: 0) == .nameInvalid)
        #expect(refused(.next, at: 100) == nil)       // Q1 until 120
        #expect(refused(.resume, at: 101) == .notNow, "not paused")
        #expect(refused(.pause, at: 121) == .timeUp, "the time ran out: more time works, a pause does not")
        #expect(refused(.addTime(seconds: 10), at: 121) == nil)
        #expect(refused(.kick(player: a), at: 122) == nil)
        #expect(refused(.kick(player: a), at: 122) == .noPlayer, "already removed")
        for _ in 0..<6 { _ = s.apply(.next, now: 130) }
        #expect(s.position == .ended)
        #expect(refused(.next, at: 140) == .ended)
    }

    /// The console's view of where the quiz is: the question it is at in every phase after the
    /// lobby, the right answer only at the reveal, whether back moves, the room's words.
    @Test func theHostViewSaysWhereTheQuizIs() {
        var s = Self.session()
        var v = s.hostView(now: 0, connected: [], screens: [])
        #expect(v.phase == "lobby" && v.step == nil && v.canGoBack == false && v.joinCode == "482113")
        #expect(v.title == "Tech Night" && v.locale == "en")
        _ = s.apply(.next, now: 100)
        v = s.hostView(now: 105, connected: [], screens: [.init(id: "tv", online: true, shows: "question", missedVblanks: 3)])
        #expect(v.step == .init(number: 1, total: 3, text: "Q1", answer: nil), "no answer while the question is open")
        #expect(v.canGoBack == true && v.question?.remainingMs == 15_000)
        #expect(v.screens.first?.missedVblanks == 3)
        _ = s.apply(.reveal, now: 106)
        #expect(s.hostView(now: 106, connected: [], screens: []).step == .init(number: 1, total: 3, text: "Q1", answer: "b"))
        _ = s.apply(.leaderboard, now: 107)
        v = s.hostView(now: 107, connected: [], screens: [])
        #expect(v.phase == "leaderboard" && v.step?.number == 1 && v.step?.answer == nil)
        _ = s.apply(.next, now: 108)
        _ = s.apply(.reveal, now: 109)
        #expect(s.hostView(now: 109, connected: [], screens: []).step == .init(number: 2, total: 3, text: "Poll", answer: nil), "a poll has no answer")
    }

    @Test func pauseFreezesTheClock() {
        var s = Self.session()
        let a = Self.join(&s, "A"), b = Self.join(&s, "B")
        #expect(s.pause(now: 0) != nil, "nothing to pause in the lobby")
        _ = s.apply(.next, now: 100)  // Q1 until 120
        let before = s.revision
        #expect(s.pause(now: 105) == nil)
        #expect(s.pause(now: 105) != nil)
        #expect(s.revision == before + 1, "the TV is told")
        #expect(s.secondsLeft(now: 110) == 15 && s.secondsLeft(now: 200) == 15, "frozen")
        var q = s.state().question
        #expect(q?.endsAt == nil && q?.timeLimit == 15, "no running deadline; the time left as the time allowed")
        #expect(s.phoneView(for: a, now: 150)?.question?.paused == true && s.phoneView(for: a, now: 150)?.question?.remainingMs == 15000)
        #expect(s.hostView(now: 150, connected: [], screens: []).question == .init(number: 1, total: 3, remainingMs: 15000, paused: true))
        // An answer during the pause counts as given at the pause, even long after endsAt.
        #expect(Self.points(s.answer(player: a, question: 1, choice: 1, now: 130)) == 875)  // t = 5
        #expect(s.resume(now: 140) == nil)
        #expect(s.resume(now: 140) != nil)
        q = s.state().question
        #expect(q?.endsAt == 155 && q?.timeLimit == 20, "resumed: now + the time left")
        guard case .success(let late) = s.answer(player: b, question: 1, choice: 1, now: 150) else {
            Issue.record("in time after the resume")
            return
        }
        #expect(late.t == 15 && late.points == 625, "the 35 s paused are left out of t")
        #expect(Self.rejection(s.answer(player: "p3", question: 1, choice: 1, now: 156)) == .badToken)
    }

    @Test func addTimeMovesTheDeadline() {
        var s = Self.session()
        let a = Self.join(&s, "A"), b = Self.join(&s, "B")
        #expect(s.addTime(10, now: 0) != nil)
        _ = s.apply(.next, now: 100)  // until 120
        #expect(s.addTime(10, now: 105) == nil)
        #expect(s.state().question?.endsAt == 130 && s.state().question?.timeLimit == 30)
        _ = s.pause(now: 110)
        #expect(s.addTime(5, now: 111) == nil)
        #expect(s.secondsLeft(now: 111) == 25 && s.state().question?.timeLimit == 25)
        _ = s.resume(now: 120)  // 25 s left: until 145
        #expect(s.state().question?.endsAt == 145)
        guard case .success(let x) = s.answer(player: a, question: 1, choice: 1, now: 144) else {
            Issue.record("in the added time")
            return
        }
        #expect(x.t == 34 && x.points == 500, "t beyond T: still 500 for a correct answer")
        // The time ran out: more time opens answering again, from now.
        #expect(Self.rejection(s.answer(player: b, question: 1, choice: 1, now: 150)) == .tooLate)
        #expect(s.addTime(10, now: 150) == nil)
        #expect(s.state().question?.endsAt == 160)
        #expect(Self.points(s.answer(player: b, question: 1, choice: 1, now: 151)) == 500)
        #expect(s.addTime(100_000, now: 152) != nil, "a day at most")
    }

    /// Issue 24: back then next a few seconds later must not resume a question whose clock ran
    /// on while it was off the screen.
    @Test func aQuestionReturnedToGetsItsTimeAgainUnlessPaused() {
        var s = Self.session()
        _ = s.apply(.next, now: 0)
        _ = s.apply(.next, now: 5)  // reveal 1
        _ = s.apply(.next, now: 6)  // the poll, 10 s: until 16
        _ = s.apply(.back, now: 8)  // reveal 1
        _ = s.apply(.next, now: 14)
        #expect(s.state().question?.number == 2 && s.state().question?.endsAt == 24, "its full time from now")
        #expect(s.pause(now: 20) == nil)  // 4 s left
        _ = s.apply(.back, now: 21)
        _ = s.apply(.next, now: 40)
        #expect(s.state().question?.endsAt == nil && s.secondsLeft(now: 40) == 4, "paused, it comes back paused")
        #expect(s.resume(now: 50) == nil)
        #expect(s.state().question?.endsAt == 54)
    }

    @Test func theTVStateFromThePlayers() {
        var s = Self.session()
        s.joinURL = "http://192.168.1.20:8080/j/482113"
        #expect(s.state().lobby == .init(joinCode: "482113", joinURL: "http://192.168.1.20:8080/j/482113", participants: 0))
        let ids = (1...3).map { Self.join(&s, "P\($0)") }
        #expect(s.state().lobby?.participants == 3)
        _ = s.apply(.next, now: 0)
        #expect(s.state().question?.answered == 0 && s.state().question?.players == 3 && s.state().question?.answerCounts == nil)
        _ = s.answer(player: ids[0], question: 1, choice: 1, now: 1)
        _ = s.answer(player: ids[1], question: 1, choice: 2, now: 2)
        #expect(s.state().question?.answered == 2 && s.state().question?.answerCounts == nil, "no counts before the reveal")
        _ = s.apply(.reveal, now: 3)
        #expect(s.state().question?.answerCounts == [0, 1, 1] && s.state().question?.correct == 1)
    }

    @Test func standingsComeFromTheAnswersWithPreviousRanks() {
        var s = Self.session()
        _ = s.apply(.next, now: 0)
        _ = s.apply(.leaderboard, now: 1)
        #expect(s.state().leaderboard == [.init(name: "rehearsal", score: 5)], "nobody joined: the rehearsal standings")
        _ = s.apply(.back, now: 2)
        let a = Self.join(&s, "A"), b = Self.join(&s, "B")
        _ = s.answer(player: b, question: 1, choice: 1, now: 2)
        _ = s.apply(.leaderboard, now: 3)
        #expect(s.publish().leaderboard == [.init(name: "B", score: 1000), .init(name: "A", score: 0)], "no standings shown before")
        _ = s.apply(.next, now: 4)  // the poll
        _ = s.apply(.next, now: 5)
        _ = s.apply(.next, now: 6)  // Q3
        let c = Self.join(&s, "C")
        _ = s.answer(player: a, question: 3, choice: 0, now: 6)
        _ = s.answer(player: c, question: 3, choice: 0, now: 6.1)
        _ = s.apply(.next, now: 7)
        _ = s.apply(.leaderboard, now: 8)
        let board = s.publish().leaderboard
        #expect(board == [.init(name: "A", score: 1000, previousRank: 2), .init(name: "B", score: 1000, previousRank: 1),
                          .init(name: "C", score: 1000)], "previousRank from the standings shown last; C was not in them")
        _ = (b, c)
    }

    @Test func theLeaderboardHoldsFifty() {
        var s = Self.session()
        for k in 0..<60 { Self.join(&s, "P\(k)") }
        _ = s.apply(.next, now: 0)
        _ = s.apply(.leaderboard, now: 1)
        #expect(s.state().leaderboard.count == 50)
        _ = s.publish()
        _ = s.apply(.next, now: 2)  // the poll
        _ = s.apply(.next, now: 3)
        _ = s.apply(.next, now: 4)  // Q3
        _ = s.answer(player: "p60", question: 3, choice: 0, now: 4)
        _ = s.apply(.leaderboard, now: 5)
        let board = s.publish().leaderboard
        #expect(board.count == 50 && board[0] == .init(name: "P59", score: 1000), "not among the 50 shown: no previousRank")
        #expect(board[1] == .init(name: "P0", score: 0, previousRank: 1) && board[49].name == "P48")
        #expect(StateDecoder.isValid(s.publish()))
    }

    @Test func countsArePublishedUnderANewRevision() {
        var s = Self.session()
        _ = s.apply(.next, now: 0)
        let first = s.publish().revision!
        #expect(!s.needsPublish)
        for k in 0..<5 {
            let id = Self.join(&s, "P\(k)")
            _ = s.answer(player: id, question: 1, choice: 0, now: 1)
        }
        #expect(s.needsPublish && !s.stepPending, "counts only: the publish may wait")
        let next = s.publish()
        #expect(next.revision == first + 1 && next.question?.answered == 5, "many changes, one new revision")
        #expect(!s.needsPublish && s.publish().revision == first + 1)
        _ = s.apply(.reveal, now: 2)
        #expect(s.stepPending)
        #expect(s.publish().revision == first + 2)
    }

    /// What a phone is never sent: the correct choice or a count before the reveal, another
    /// player's token or answer, a question before it opens, a score that gives the answer away.
    @Test func thePhonesViewNeverLeaks() throws {
        var s = Self.session()
        let a = Self.join(&s, "Aiko"), b = Self.join(&s, "Bo")
        let lobby = try #require(s.phoneView(for: a, now: 0))
        #expect(lobby.question == nil && lobby.phase == .lobby, "no question before it opens")
        _ = s.apply(.next, now: 0)
        _ = s.answer(player: a, question: 1, choice: 1, now: 0.1)  // right: 1000 points
        _ = s.answer(player: b, question: 1, choice: 2, now: 1)
        let view = try #require(s.phoneView(for: a, now: 2))
        #expect(view.you.score == 0 && view.you.rank == 1, "the open question's points stay hidden")
        #expect(view.you.answered == 1)
        let text = BoxMessage.state(view).text()
        for secret in ["tok-", "Bo", "\"correct", "answerCounts", "answered\":2", "Poll", "Q3", "482113"] {
            #expect(!text.contains(secret), "\(secret) in \(text)")
        }
        _ = s.apply(.reveal, now: 3)
        let revealed = try #require(s.phoneView(for: a, now: 3))
        #expect(revealed.question == nil && revealed.you.score == 1000, "scored once closed")
        let hv = s.hostView(now: 3, connected: [a], screens: [])
        #expect(hv.phase == "reveal" && hv.players.map(\.connected) == [true, false] && hv.players.map(\.score) == [1000, 0])
        let host = BoxMessage.hostState(hv).text()
        #expect(!host.contains("tok-") && !host.contains("\"choice"), "the console knows who answered, never what")
    }

    /// Back from an open question to the step before: its answers' points stay hidden (it will
    /// open again, and a score that grew would tell who was right).
    @Test func backDoesNotScoreTheQuestionLeft() throws {
        var s = Self.session()
        let a = Self.join(&s, "A")
        for k in 0..<4 { _ = s.apply(.next, now: Double(k)) }  // Q1, its reveal, the poll, its reveal
        _ = s.apply(.next, now: 10)  // Q3
        _ = s.answer(player: a, question: 3, choice: 0, now: 10)
        _ = s.apply(.back, now: 11)
        #expect(try #require(s.phoneView(for: a, now: 11)).you.score == 0)
        _ = s.apply(.leaderboard, now: 12)
        #expect(s.state().leaderboard == [.init(name: "A", score: 0)])
        _ = s.apply(.next, now: 13)  // Q3 again: the answer is kept, final
        #expect(Self.rejection(s.answer(player: a, question: 3, choice: 1, now: 14)) == .alreadyAnswered)
        _ = s.apply(.reveal, now: 15)
        #expect(s.results()[a]?.score == 1000)
    }

    @Test func joinCodes() {
        var g = SeededRandom(seed: 3)
        let codes = (0..<50).map { _ in HostSession.newJoinCode(using: &g) }
        #expect(codes.allSatisfy { $0.count == 6 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        #expect(Set(codes).count > 45)
    }

    @Test func aRunRestoredIsTheSameRun() {
        var s = Self.session()
        s.recordsChanges = true
        let a = Self.join(&s, "A", at: 1), b = Self.join(&s, "B", at: 2)
        _ = s.apply(.next, now: 10)
        _ = s.answer(player: a, question: 1, choice: 1, now: 11)
        _ = s.apply(.reveal, now: 12)
        _ = s.apply(.leaderboard, now: 13)
        _ = s.publish()
        _ = s.apply(.next, now: 14)
        _ = s.pause(now: 15)
        _ = s.kick(b)
        _ = s.setLocked(true)
        _ = s.publish()
        var r = HostSession(quiz: Self.quiz, restoring: s.snapshot)
        #expect(r.snapshot == s.snapshot)
        #expect(r.quizId == "tech-1" && r.joinCode == "482113" && r.position == .question(1))
        #expect(r.revision == s.publishedRevision + 1, "above the last one published")
        r.servesPlayers = true
        #expect(r.publish().revision == s.publishedRevision + 1)
        #expect(r.secondsLeft(now: 100) == 9 && r.state().question?.endsAt == nil, "still paused")
        #expect(r.resume(token: "tok-A") == .success(.init(player: a, name: "A", token: "tok-A")))
        #expect(Self.rejection(r.resume(token: "tok-B")) == .kicked && r.locked)
        #expect(Self.rejection(r.join(code: "482113", name: "C", token: PlayerToken(text: "c"), now: 20, canDraw: { _ in true })) == .roomLocked)
        _ = r.setLocked(false)
        #expect(Self.join(&r, "C") == "p3", "numbering goes on")
    }

    @Test func changesAreJournalled() {
        var s = Self.session()
        s.recordsChanges = true
        let a = Self.join(&s, "A")
        _ = s.apply(.next, now: 10)
        _ = s.answer(player: a, question: 1, choice: 1, now: 11)
        let changes = s.takeChanges()
        #expect(changes.count == 4)
        guard case .player(let p) = changes[0], case .clock(0, let c) = changes[1], case .answer(let x) = changes[2],
              case .progress(let pr) = changes[3] else {
            Issue.record("\(changes)")
            return
        }
        #expect(p.id == a && c.openedAt == 10 && c.endsAt == 30 && x.points == 975 && pr.position == .question(0))
        #expect(s.takeChanges().isEmpty)
    }

    @Test func theResultsAsCSV() {
        var s = HostSession(quiz: QuizFile(title: "T", quizId: nil, joinCode: nil, joinURL: nil, questions: [
            .init(text: "Q", choices: ["Tokyo, Japan", "=1+1", "say \"hi\""], correct: 0, timeLimit: 20),
            .init(text: "Q2", choices: ["a", "b"], correct: nil, timeLimit: 20),
        ], leaderboard: []), run: .init(quizId: "t", joinCode: nil))
        let names = ["=HYPERLINK(\"x\")", "+Bo", "Cy", "@Di", "-Ed", "Fa"]
        for n in names { Self.join(&s, n) }
        _ = s.apply(.next, now: 0)
        _ = s.answer(player: "p3", question: 1, choice: 0, now: 0)
        _ = s.answer(player: "p1", question: 1, choice: 1, now: 0)
        _ = s.answer(player: "p2", question: 1, choice: 2, now: 0)
        _ = s.kick("p6")
        let lines = [
            "rank,player,Q1 choice,Q1 points,Q2 choice,Q2 points,total",
            #"1,Cy,"Tokyo, Japan",1000,,0,1000"#,
            #"2,"'=HYPERLINK(""x"")",'=1+1,0,,0,0"#,
            #"2,'+Bo,"say ""hi""",0,,0,0"#,
            "2,'@Di,,0,,0,0",
            "2,'-Ed,,0,,0,0",
        ]
        #expect(ResultsCSV.make(s) == lines.map { $0 + "\r\n" }.joined())
    }
}

extension StateDecoder {
    /// Whether a state the host makes is one screens accept.
    static func isValid(_ s: QuizState) -> Bool { (try? decode(StateEncoder.encode(s))) != nil }
}
