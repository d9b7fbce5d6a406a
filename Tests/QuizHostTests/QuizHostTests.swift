import Platform
import QuizContract
@testable import QuizHost
import TestSupport
import Testing

@Suite struct QuizFileTests {
    @Test func theExamplesLoad() throws {
        let en = try QuizFile.load(repositoryRoot + "/examples/quiz-en.json")
        #expect(en.questions.count == 6 && en.questions[2].timeLimit == 15 && en.questions[0].timeLimit == 20)
        #expect(en.questions[0].image == QuizFile.PictureFile(file: "pictures/planet.jpg", alt: "A ringed planet on a field of stars"))
        let ja = try QuizFile.load(repositoryRoot + "/examples/quiz-ja.json")
        #expect(ja.title == "社内クイズ大会 2026")
        #expect(ja.questions.allSatisfy { $0.correct != nil })
    }

    @Test(arguments: [
        ("{", "not JSON: line 1, column 2"),
        ("[]", "the file: must be an object"),
        (#"{"questions":[]}"#, "title: missing"),
        (#"{"title":"T"}"#, "questions: missing"),
        (#"{"title":"T","questions":[]}"#, "questions: the list is empty"),
        (#"{"title":"T","questions":[{"text":"Q","choices":["a"]}]}"#, "questions[0].choices: 1 given, a question needs 2 to 6"),
        (#"{"title":"T","questions":[{"text":"Q","choices":["a","b"],"correct":2}]}"#, "questions[0].correct: 2 is not the index of a choice (0 to 1"),
        (#"{"title":"T","questions":[{"text":"Q","choices":["a","b"],"corect":1}]}"#, "questions[0].corect: unknown field"),
        (#"{"title":"T","questions":[{"text":"Q","choices":["a","b"],"timeLimit":0}]}"#, "questions[0].timeLimit: must be more than 0"),
        (#"{"title":"T","questions":[{"text":"Q","choices":["a",3]}]}"#, "questions[0].choices[1]: must be a string, got a number"),
        (#"{"title":"T","questions":[{"text":"Q","choices":["a","b"],"correct":1.5}]}"#, "questions[0].correct: must be an integer, got 1.5"),
        (#"{"title":"T","questions":[{"choices":["a","b"]}]}"#, "questions[0].text: missing"),
        (#"{"title":"T","questions":[{"text":"Q","choices":["a","b"]}],"leaderboard":[{"name":"x"}]}"#, "leaderboard[0].score: missing"),
    ])
    func mistakesAreNamed(json: String, expected: String) {
        do {
            _ = try QuizFile.parse(Array(json.utf8))
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.message.hasPrefix(expected), "\(error.message)")
        }
    }
}

@Suite struct HostSessionTests {
    let quiz = QuizFile(title: "Tech Night", quizId: nil, joinCode: "42", joinURL: nil, questions: [
        .init(text: "Q1", choices: ["a", "b"], correct: 1, timeLimit: 20),
        .init(text: "Q2", choices: ["c", "d", "e"], correct: 0, timeLimit: 10),
    ], leaderboard: [.init(name: "low", score: 1), .init(name: "high", score: 9)])

    @Test func aWholeQuizWithRevisionsThatOnlyGrow() {
        var s = HostSession(quiz: quiz, startedAt: 1000)
        #expect(s.quizId == "tech-night-1000")
        #expect(s.state().phase == .lobby && s.state().lobby?.joinCode == "42" && s.state().revision == 1)
        #expect(s.apply(.leaderboard, now: 1000) != nil, "no standings before the first question")
        #expect(s.apply(.next, now: 1000) == nil)
        var st = s.state()
        #expect(st.phase == .question && st.question?.endsAt == 1020 && st.question?.correct == nil && st.question?.number == 1)
        #expect(s.apply(.reveal, now: 1005) == nil)
        st = s.state()
        #expect(st.phase == .reveal && st.question?.correct == 1 && st.question?.endsAt == 1020)
        #expect(s.apply(.leaderboard, now: 1006) == nil)
        #expect(s.state().leaderboard.map(\.name) == ["high", "low"], "ranked by score")
        #expect(s.apply(.next, now: 1010) == nil)
        #expect(s.state().question?.text == "Q2" && s.state().question?.endsAt == 1020)
        #expect(s.apply(.next, now: 1012) == nil)  // next during a question reveals
        #expect(s.state().phase == .reveal)
        #expect(s.apply(.next, now: 1013) == nil)
        #expect(s.state().phase == .ended && s.state().leaderboard.count == 2)
        #expect(s.apply(.next, now: 1014) != nil)
        #expect(s.revision == 7)
    }

    /// Issue 24: a question returned to gets its full time again (the time it spent off the
    /// screen is not the players'); one the host had paused comes back paused.
    @Test func backGivesAQuestionItsTimeAgain() {
        var s = HostSession(quiz: quiz, startedAt: 0)
        #expect(s.apply(.back, now: 0) != nil)
        _ = s.apply(.next, now: 100)  // Q1 until 120
        _ = s.apply(.reveal, now: 105)
        #expect(s.apply(.back, now: 106) == nil)
        #expect(s.state().phase == .question && s.state().question?.endsAt == 126, "its time again, from now")
        _ = s.apply(.reveal, now: 107)
        #expect(s.apply(.back, now: 130) == nil)
        #expect(s.state().question?.endsAt == 150, "time had run out: a fresh countdown")
        #expect(s.revision == 6)
    }

    @Test func slugs() {
        #expect(HostSession.slug("社内クイズ大会 2026") == "2026")
        #expect(HostSession.slug("日本語") == "quiz")
        #expect(HostSession.slug("  Pub Quiz: Space!! ") == "pub-quiz-space")
    }
}
