import HostService
import NightStore
@testable import Platform
import PlayersContract
import QuizContract
import QuizHost
import TestSupport
import Testing
import WebServer

/// The glue on virtual time, phones as connection numbers, a real night store underneath.
@Suite struct HostServiceTests {
    init() { Log.sink = { _ in } }

    // MARK: group commit

    /// Answers accepted in one pass are one transaction, and no `answered` goes out before it.
    @Test func answersOfOnePassAreOneCommitAndAcknowledgedOnlyAfterIt() throws {
        let night = try Night()
        let phones = ["Aiko", "Bo", "Cem"].map { night.join($0) }
        night.service.perform(.next)
        night.endPass()
        let before = night.log.events.count
        for (k, (c, _)) in phones.enumerated() { night.send(c, #"{"type":"answer","question":1,"choice":\#(k % 2)}"#) }
        // Inside the pass: accepted, nothing sent, nothing written.
        #expect(night.log.events.count == before, "\(night.log.events[before...])")
        night.endPass()
        let after = Array(night.log.events[before...])
        let commits = after.enumerated().filter { if case .commit = $0.element { return true } else { return false } }
        #expect(commits.count == 1, "one transaction for the pass: \(after)")
        #expect(commits.first?.element == .commit(answers: 3))
        let acks = after.enumerated().filter { if case .sent(_, let t) = $0.element { return t.contains(#""type":"answered""#) } else { return false } }
        #expect(acks.count == 3)
        let commitAt = try #require(commits.first?.offset)
        #expect(acks.allSatisfy { $0.offset > commitAt }, "every ack after the commit: \(after)")
        #expect(night.log.sent(to: phones[1].0).last == #"{"type":"answered","question":1,"choice":1}"#)
    }

    /// A commit that fails (a full disk) acknowledges nothing; the answers go out with the
    /// next commit that works, which holds them too.
    @Test func aFailedCommitAcknowledgesNothingUntilTheRetryWorks() throws {
        let night = try Night()
        let (c, _) = night.join("Aiko")
        night.service.perform(.next)
        night.endPass()
        night.journal.failing = true
        night.send(c, #"{"type":"answer","question":1,"choice":1}"#)
        night.endPass()
        #expect(night.log.events.last == .failedCommit)
        #expect(!night.log.types(to: c).contains("answered"), "nothing acknowledged while the disk is full")
        night.send(c, #"{"type":"answer","question":1,"choice":0}"#)  // the phone sends it again
        night.endPass()
        night.advance(1)  // retries, still failing
        #expect(!night.log.types(to: c).contains("answered"))
        night.journal.failing = false
        night.advance(1)
        let types = night.log.types(to: c)
        #expect(types.filter { $0 == "answered" }.count == 1, "\(night.log.sent(to: c))")
        #expect(night.log.sent(to: c).contains(#"{"type":"answered","question":1,"choice":1}"#), "the first answer is the one")
        let commitAt = try #require(night.log.index { $0 == .commit(answers: 1) })
        let ackAt = try #require(night.log.index { if case .sent(_, let t) = $0 { return t.contains(#""type":"answered""#) } else { return false } })
        #expect(commitAt < ackAt)
        #expect(night.service.statistics.failedCommits >= 2)
    }

    // MARK: the TV

    /// Counts reach the TV at most 5 times a second however fast answers come, the last count
    /// always; a step goes out at once.
    @Test func theTVGetsCountsAtMostFiveTimesASecondAndStepsAtOnce() throws {
        let night = try Night()
        var phones: [ConnectionID] = []
        for k in 0..<60 { phones.append(night.join("P\(k)").0) }
        night.service.perform(.next)
        night.endPass()
        let opened = night.log.tvStates.count
        #expect(night.log.tvStates.last?.phase == .question, "the step went out in its own pass")
        // 60 answers over 3 s, one each 50 ms, each in its own pass.
        for c in phones {
            night.send(c, #"{"type":"answer","question":1,"choice":1}"#)
            night.endPass()
            night.advance(0.05)
        }
        night.advance(1)
        let counts = night.log.tvStates[opened...].compactMap(\.question?.answered)
        #expect(counts.last == 60, "the last count is published: \(counts)")
        #expect(counts == counts.sorted(), "counts only grow")
        let times = Array(night.log.tvTimes[opened...])
        for (k, t) in times.enumerated() {
            let inASecond = times[k...].prefix { $0 < t + 1 - 1e-6 }.count
            #expect(inASecond <= 5, "\(inASecond) publishes within a second from \(t)")
        }
        #expect(counts.count >= 12, "about 5 a second over 3 s: \(counts.count)")
        let revisions = night.log.tvStates.compactMap(\.revision)
        #expect(revisions == revisions.sorted() && Set(revisions).count == revisions.count, "each publish a new revision")
        night.service.perform(.reveal)
        night.endPass()
        #expect(night.log.tvStates.last?.phase == .reveal)
        #expect(night.log.tvStates.last?.question?.answerCounts == [0, 60, 0])
    }

    // MARK: the phones

    @Test func aPlayerIsWelcomedToldTheStateAndItsResultAtTheReveal() throws {
        let night = try Night()
        let (a, _) = night.join("Aiko")
        let (b, _) = night.join("Bo")
        #expect(night.log.types(to: a) == ["welcome", "state"])
        night.service.perform(.next)
        night.endPass()
        #expect(night.log.types(to: a).last == "state")
        let q = try #require(night.log.messages(to: a).last)
        guard case .object(let question)? = q["question"] else { Issue.record("no question: \(q)"); return }
        #expect(question.first { $0.0 == "number" }?.1.int == 1)
        #expect(question.first { $0.0 == "remainingMs" }?.1.int == 20_000)
        #expect(!night.log.sent(to: a).last!.contains("correct"), "no correct choice before the reveal")
        night.advance(2)
        night.send(a, #"{"type":"answer","question":1,"choice":1}"#)
        night.send(b, #"{"type":"answer","question":1,"choice":0}"#)
        night.endPass()
        night.service.perform(.reveal)
        night.endPass()
        let result = try #require(night.log.messages(to: a).last)
        #expect(night.log.types(to: a).suffix(3) == ["answered", "state", "result"])
        #expect(result["correct"] == .bool(true) && result["points"]?.int == 950 && result["rank"]?.int == 1 && result["of"]?.int == 2)
        #expect(night.log.messages(to: b).last?["points"]?.int == 0)
        #expect(night.log.tvStates.last?.question?.answerCounts == [1, 1, 0])
        night.service.perform(.leaderboard)
        night.endPass()
        #expect(night.log.tvStates.last?.leaderboard.map(\.name) == ["Aiko", "Bo"])
        #expect(night.log.tvStates.last?.leaderboard.map(\.score) == [950, 0])
    }

    @Test func rejectionsSayWhy() throws {
        let night = try Night(maxPlayers: 2)
        let (a, _) = night.join("Aiko")
        let c = night.connect()
        func last(_ text: String) -> String? {
            night.send(c, text)
            night.endPass()
            guard case .string(let r)? = night.log.messages(to: c).last?["reason"] else { return nil }
            return r
        }
        #expect(last(#"{"type":"join","code":"000000","name":"X"}"#) == "bad-code")
        #expect(last(#"{"type":"join","code":"482113","name":"AIKO"}"#) == "name-taken")
        #expect(last(#"{"type":"join","code":"482113","name":"\u0007"}"#) == "name-invalid")
        #expect(last(#"{"type":"answer","question":1,"choice":0}"#) == "bad-token", "not a player yet")
        #expect(last(#"{"type":"resume","token":"nope"}"#) == "bad-token")
        #expect(last(#"{"type":"join","code":"482113","name":"Bo"}"#) == nil, "welcome")
        let d = night.connect()
        night.send(d, #"{"type":"join","code":"482113","name":"Cem"}"#)
        night.endPass()
        #expect(night.log.messages(to: d).last?["reason"] == .string("room-full"))
        night.send(a, #"{"type":"answer","question":1,"choice":0}"#)
        night.endPass()
        #expect(night.log.messages(to: a).last?["reason"] == .string("not-open"))
        night.service.perform(.next)
        night.endPass()
        night.send(a, #"{"type":"answer","question":1,"choice":0}"#)
        night.send(a, #"{"type":"answer","question":1,"choice":2}"#)
        night.endPass()
        #expect(night.log.messages(to: a).last?["reason"] == .string("already-answered"))
        night.send(c, #"{"type":"action","action":"next"}"#)
        night.endPass()
        #expect(night.log.messages(to: c).last?["reason"] == .string("not-host"), "a player's connection is no console")
    }

    /// Bad JSON is `bad-message` and one bounded, escaped log line; the connection stays.
    @Test func aBadMessageIsRejectedWithOneLogLineAndTheConnectionStays() throws {
        let night = try Night()
        let capture = LogCapture(containing: night.remote)
        Log.threshold = .info
        let c = night.connect()
        night.send(c, "{\"type\":\"join\",\"code\":\"\u{1B}[2J" + String(repeating: "x", count: 3000))
        night.send(c, #"{"type":"answer","question":1,"choice":1.5}"#)
        night.endPass()
        #expect(night.log.messages(to: c).map { $0["reason"] } == [.string("bad-message"), .string("bad-message")])
        let lines = capture.lines(containing: "bad message")
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.allSatisfy { !$0.contains("\u{1B}") && $0.count < 400 }, "\(lines)")
        #expect(lines.last?.contains("choice") == true)
        #expect(night.transport.open.contains(c), "still connected")
        #expect(night.service.statistics.badMessages == 2)
    }

    /// The same token on a second connection: the newer one is the player, the older is
    /// closed with 4000; acknowledgements follow the player to its new connection.
    @Test func aSecondConnectionWithTheSameTokenReplacesTheFirst() throws {
        let night = try Night()
        let (old, token) = night.join("Aiko")
        night.service.perform(.next)
        night.endPass()
        let new = night.connect()
        night.send(new, #"{"type":"resume","token":"\#(token)"}"#)
        night.send(old, #"{"type":"answer","question":1,"choice":1}"#)  // the old one is no player any more
        night.send(new, #"{"type":"answer","question":1,"choice":2}"#)
        night.endPass()
        #expect(night.log.events.contains(.closed(old, 4000)))
        #expect(night.log.types(to: new) == ["welcome", "state", "answered"])
        #expect(night.log.messages(to: new)[0]["player"] == .string("p1"))
        #expect(!night.log.types(to: old).contains("answered"), "the old connection is no player: its answer counts for nothing")
        #expect(night.log.sent(to: new).last == #"{"type":"answered","question":1,"choice":2}"#)
        #expect(night.service.connectedPlayers == ["p1"])
        night.service.closed(old, code: 4000)
        #expect(night.service.connectedPlayers == ["p1"], "the old connection's end does not unseat the new one")
    }

    @Test func tooFastIsSaidBeforeTheServerCloses() throws {
        let night = try Night()
        let c = night.connect()
        night.service.tooFast(c)
        #expect(night.log.messages(to: c).last?["reason"] == .string("too-fast"))
    }

    /// The console: the secret makes a connection the host; its actions are the keys'.
    @Test func theConsoleActsWithTheSecretOnly() throws {
        let night = try Night()
        let (p, _) = night.join("Aiko")
        let h = night.connect()
        night.send(h, #"{"type":"host","secret":"wrong"}"#)
        night.endPass()
        #expect(night.log.messages(to: h).last?["reason"] == .string("not-host"))
        night.send(h, #"{"type":"host","secret":"s3cret-console"}"#)
        night.endPass()
        #expect(night.log.types(to: h).last == "host-state")
        night.send(h, #"{"type":"action","action":"next"}"#)
        night.endPass()
        night.advance(0.3)
        #expect(night.log.tvStates.last?.phase == .question)
        #expect(night.log.types(to: p).last == "state")
        #expect(night.log.sent(to: h).last?.contains(#""phase":"question""#) == true)
        night.send(h, #"{"type":"action","action":"kick","player":"p1"}"#)
        night.endPass()
        #expect(night.log.messages(to: p).last?["reason"] == .string("kicked"))
        #expect(night.log.events.contains(.closed(p, 4001)))
    }

    /// A welcome is also held until its player is stored: a token the database does not know
    /// would not resume after a crash.
    @Test func aWelcomeWaitsForItsPlayersCommit() throws {
        let night = try Night()
        night.journal.failing = true
        let c = night.connect()
        night.send(c, #"{"type":"join","code":"482113","name":"Aiko"}"#)
        night.endPass()
        #expect(night.log.sent(to: c).isEmpty, "nothing before the commit")
        night.journal.failing = false
        night.advance(1)
        #expect(night.log.types(to: c) == ["welcome", "state"])
        let commitAt = try #require(night.log.index { if case .commit = $0 { return true } else { return false } })
        let welcomeAt = try #require(night.log.index { if case .sent(c, _) = $0 { return true } else { return false } })
        #expect(commitAt < welcomeAt)
    }

    /// The console's pause and lock reach the phones and the room: a paused question's state
    /// says so, its TV state has no deadline; a locked room refuses joins, not resumes.
    @Test func pauseAndLockFromTheConsole() throws {
        let night = try Night()
        let (a, token) = night.join("Aiko")
        let h = night.connect()
        night.send(h, #"{"type":"host","secret":"s3cret-console"}"#)
        night.send(h, #"{"type":"action","action":"next"}"#)
        night.endPass()
        night.advance(5)
        night.send(h, #"{"type":"action","action":"pause"}"#)
        night.endPass()
        guard case .object(let q)? = night.log.messages(to: a).last?["question"] else { Issue.record("no question"); return }
        #expect(q.first { $0.0 == "paused" }?.1 == .bool(true))
        #expect(q.first { $0.0 == "remainingMs" }?.1.int == 15_000)
        #expect(night.log.tvStates.last?.question?.endsAt == nil && night.log.tvStates.last?.question?.timeLimit == 15)
        night.send(h, #"{"type":"action","action":"lock","locked":true}"#)
        night.endPass()
        let b = night.connect()
        night.send(b, #"{"type":"join","code":"482113","name":"Bo"}"#)
        night.endPass()
        #expect(night.log.messages(to: b).last?["reason"] == .string("room-locked"))
        night.send(b, #"{"type":"resume","token":"\#(token)"}"#)
        night.endPass()
        #expect(night.log.types(to: b).suffix(2) == ["welcome", "state"], "a player in the room still comes back")
        #expect(night.log.events.contains(.closed(a, 4000)), "its older connection replaced")
    }

    /// Issue 24: a console's action that changes nothing is told why (`host-notice`, its
    /// reason and the host's sentence), and neither the TV nor the phones hear of it; an action
    /// from a player's connection (its token is never a secret) is refused and acts on nothing.
    @Test func aRefusedActionTellsTheConsoleWhyAndNothingElse() throws {
        let night = try Night()
        let (p, token) = night.join("Aiko")
        night.send(p, #"{"type":"action","action":"next"}"#)
        night.endPass()
        #expect(night.log.messages(to: p).last?["reason"] == .string("not-host"))
        night.send(p, #"{"type":"host","secret":"\#(token)"}"#)
        night.send(p, #"{"type":"action","action":"next"}"#)
        night.endPass()
        #expect(night.log.messages(to: p).suffix(2).map { $0["reason"] } == [.string("not-host"), .string("not-host")], "a player's token is no secret")
        #expect(night.service.session.position == .lobby)
        let published = night.log.tvStates.count
        let h = night.connect()
        night.send(h, #"{"type":"host","secret":"s3cret-console"}"#)
        night.send(h, #"{"type":"action","action":"reveal"}"#)
        night.endPass()
        let notice = try #require(night.log.messages(to: h).first { $0["type"] == .string("host-notice") })
        #expect(notice["action"] == .string("reveal") && notice["reason"] == .string("not-now"))
        #expect(notice["message"] == .string("reveal works during a question"))
        #expect(night.log.tvStates.count == published, "nothing published for a refusal")
        night.send(h, #"{"type":"action","action":"rename","player":"p1","name":"\u0007"}"#)
        night.endPass()
        #expect(night.log.messages(to: h).last { $0["type"] == .string("host-notice") }?["reason"] == .string("name-invalid"))
        #expect(night.log.types(to: h).last == "host-state", "the console is told the state after it, as after every action")
    }

    /// A second console takes over: the first is closed with 4000, the second acts; an action
    /// that works is followed by `afterAction` (the rehearsal standings' re-read) before the TV
    /// hears of the step.
    @Test func aSecondConsoleTakesOverAndActionsAreHooked() throws {
        let night = try Night()
        var hooked: [HostAction] = []
        var consoles: [Bool] = []
        night.service.afterAction = { hooked.append($0) }
        night.service.onConsole = { remote, replaced in
            #expect(remote == night.remote)
            consoles.append(replaced)
        }
        let first = night.connect(), second = night.connect()
        night.send(first, #"{"type":"host","secret":"s3cret-console"}"#)
        night.endPass()
        night.send(second, #"{"type":"host","secret":"s3cret-console"}"#)
        night.endPass()
        #expect(night.log.events.contains(.closed(first, 4000)))
        #expect(consoles == [false, true], "the terminal is told of each console, and of the one it replaced")
        #expect(night.log.types(to: second).last == "host-state")
        night.send(second, #"{"type":"action","action":"next"}"#)
        night.send(second, #"{"type":"action","action":"leaderboard"}"#)
        night.send(second, #"{"type":"action","action":"leaderboard"}"#)  // already shown: not hooked
        night.endPass()
        #expect(hooked == [.next, .leaderboard])
        night.service.perform(.back)
        #expect(hooked == [.next, .leaderboard, .back], "the terminal's keys too")
    }

    /// Each console action and what the TV is published for it (endsAt is the truth there):
    /// next opens the question with a deadline, pause publishes none (the time left as the
    /// limit), +10 s while paused grows it, resume a new deadline = now + the time left; kick
    /// and rename reach the counts and the standings; the console's list follows.
    @Test func eachConsoleActionsStateOnTheTV() throws {
        let night = try Night()
        let (a, _) = night.join("Aiko")
        let (b, _) = night.join("Bo")
        let h = night.connect()
        func act(_ json: String) {
            night.send(h, #"{"type":"action",\#(json)}"#)
            night.endPass()
            night.advance(0.3)   // past the console's 5-a-second limit: the next host-state is sent
        }
        night.send(h, #"{"type":"host","secret":"s3cret-console"}"#)
        act(#""action":"next""#)
        let opened = try #require(night.log.tvStates.last)
        #expect(opened.phase == .question && abs((opened.question?.endsAt ?? 0) - (night.now - 0.3 + 20)) < 1e-6 && opened.question?.players == 2)
        night.advance(4.7)   // 5 s into the question
        act(#""action":"pause""#)
        #expect(night.log.tvStates.last?.question?.endsAt == nil && night.log.tvStates.last?.question?.timeLimit == 15)
        act(#""action":"add-time","seconds":10"#)
        #expect(night.log.tvStates.last?.question?.endsAt == nil && night.log.tvStates.last?.question?.timeLimit == 25)
        night.advance(10)    // paused: nothing runs
        act(#""action":"resume""#)
        let resumed = try #require(night.log.tvStates.last?.question?.endsAt)
        #expect(abs(resumed - (night.now - 0.3 + 25)) < 1e-6, "now + the 25 s left")
        night.send(a, #"{"type":"answer","question":1,"choice":1}"#)
        night.endPass()
        night.advance(0.3)
        var view = try #require(night.log.messages(to: h).last { $0["type"] == .string("host-state") })
        guard case .array(let players)? = view["players"] else { Issue.record("no players"); return }
        #expect(players.map { $0["answered"] } == [.bool(true), .bool(false)] && players.map { $0["connected"] } == [.bool(true), .bool(true)])
        act(#""action":"rename","player":"p1","name":"Aiko Y""#)
        act(#""action":"kick","player":"p2""#)
        #expect(night.log.events.contains(.closed(b, 4001)))
        #expect(night.log.tvStates.last?.question?.players == 1)
        act(#""action":"reveal""#)
        act(#""action":"leaderboard""#)
        #expect(night.log.tvStates.last?.leaderboard.map(\.name) == ["Aiko Y"], "renamed, and the kicked player gone")
        act(#""action":"lock","locked":true"#)
        let late = night.connect()
        night.send(late, #"{"type":"join","code":"482113","name":"Cy"}"#)
        night.endPass()
        #expect(night.log.messages(to: late).last?["reason"] == .string("room-locked"))
        act(#""action":"back""#)
        #expect(night.log.tvStates.last?.phase == .reveal)
        view = try #require(night.log.messages(to: h).last { $0["type"] == .string("host-state") })
        #expect(view["locked"] == .bool(true) && view["phase"] == .string("reveal"))
        guard case .object(let step)? = view["step"] else { Issue.record("no step"); return }
        #expect(step.first { $0.0 == "answer" }?.1 == .string("Jupiter"))
    }

    // MARK: the night survives

    /// A host killed mid-question and started again: the same run, revisions above the last
    /// published, the deadline unchanged, acknowledged answers kept, the phone back by resume.
    @Test func aRestartedHostResumesTheRun() throws {
        let night = try Night()
        let (a, token) = night.join("Aiko")
        _ = night.join("Bo")
        night.service.perform(.next)
        night.endPass()
        night.advance(3)
        night.send(a, #"{"type":"answer","question":1,"choice":1}"#)
        night.endPass()
        #expect(night.log.types(to: a).last == "answered")
        let before = try #require(night.log.tvStates.last)
        let deadline = try #require(night.log.tvStates.last { $0.phase == .question }?.question?.endsAt)

        try night.restart(after: 4)
        #expect(night.resumed)
        night.service.start()
        night.endPass()
        let after = try #require(night.log.tvStates.last)
        #expect(after.quizId == before.quizId)
        #expect((after.revision ?? 0) > (before.revision ?? 0))
        #expect(after.phase == .question && after.question?.endsAt == deadline, "the deadline unchanged")
        #expect(after.question?.answered == 1 && after.question?.players == 2)
        let c = night.connect()
        night.send(c, #"{"type":"resume","token":"\#(token)"}"#)
        night.endPass()
        #expect(night.log.types(to: c) == ["welcome", "state"])
        let you = night.log.messages(to: c).last?["you"]
        guard case .object(let members)? = you else { Issue.record("no you"); return }
        #expect(members.first { $0.0 == "answered" }?.1.int == 1, "its answer kept")
        guard case .object(let q)? = night.log.messages(to: c).last?["question"] else { Issue.record("no question"); return }
        #expect(q.first { $0.0 == "remainingMs" }?.1.int == 13_000, "20 s from the opening, 7 s gone")
        night.send(c, #"{"type":"answer","question":1,"choice":0}"#)
        night.endPass()
        #expect(night.log.messages(to: c).last?["reason"] == .string("already-answered"))
    }
}

/// The loop under the night: a wait that fails stops it with its error (never a spin).
@Suite struct HostServiceLoopTests {
    @Test func aFailingWaitStopsTheNightWithItsError() throws {
        let loop = EventLoop()
        let service = HostService(loop: loop, session: HostSession(quiz: Night.quiz, startedAt: Night.start), journal: nil)
        let server = try service.servePlayers(PlayerRoutes.configuration(address: try ListenAddress(parsing: "127.0.0.1:0"), origins: []))
        #expect(server.port > 0)
        service.start()
        loop.breakWaitForTesting()
        let failure = service.run()
        #expect(failure?.description.contains("epoll_wait") == true, "\(String(describing: failure))")
        #expect(loop.isStopped)
        #expect(loop.runOnce(timeout: 0) == false, "it stays stopped")
    }
}
