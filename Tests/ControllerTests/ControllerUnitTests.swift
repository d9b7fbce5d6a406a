@testable import Controller
import Kiosk
import MQTT
import Renderer
import Testing

@Suite struct BrokerURLTests {
    @Test func parsesEveryPart() throws {
        let u = try BrokerURL(parsing: "mqtt://tv:p%40ss@broker.local:1884/room-1")
        #expect(u == BrokerURL(tls: false, host: "broker.local", port: 1884, username: "tv", password: "p@ss", room: "room-1"))
        #expect(u.description == "mqtt://tv:***@broker.local:1884/room-1", "the password never shows")
        #expect(try BrokerURL(parsing: "mqtts://broker/r").port == 8883)
        #expect(try BrokerURL(parsing: "MQTT://10.0.0.2").port == 1883)
        #expect(try BrokerURL(parsing: "mqtt://[::1]:1999/r").host == "::1")
        #expect(try BrokerURL(parsing: "mqtt://user@h/r").password == nil)
        #expect(try BrokerURL(parsing: "mqtt://h/%E4%BC%9A%E5%A0%B4").room == "会場")
    }

    @Test(arguments: [
        ("http://h/r", "expected mqtt://"),
        ("mqtt:///r", "the host is missing"),
        ("mqtt://h:0/r", "port must be a number from 1 to 65535"),
        ("mqtt://h:99999/r", "port must be a number from 1 to 65535"),
        ("mqtt://h:x/r", "port must be a number"),
        ("mqtt://h/a/b", "must not contain '/'"),
        ("mqtt://h/a+", "no wildcards"),
        ("mqtt://h/a b", "spaces"),
        ("mqtt://h/r?x=1", "query strings"),
        ("mqtt://[::1/r", "closing ]"),
        ("mqtt://u:%zz@h/r", "bad %-escape"),
    ])
    func rejectsWithOneClearLine(text: String, expected: String) {
        #expect(throws: BrokerURL.ParseError.self) { try BrokerURL(parsing: text) }
        do {
            _ = try BrokerURL(parsing: text)
        } catch {
            #expect(error.message.contains(expected), "\(error.message)")
            #expect(!error.message.contains("\n"))
        }
    }

    @Test func errorsDoNotRepeatThePassword() {
        do {
            _ = try BrokerURL(parsing: "mqtt://tv:hunter2@h:99999/r")
        } catch {
            #expect(!error.message.contains("hunter2"), "\(error.message)")
        }
    }

    @Test func sourceSpecs() throws {
        #expect(try SourceSpec(parsing: "stdin") == .stdin)
        #expect(try SourceSpec(parsing: "demo") == .demo)
        #expect(try SourceSpec(parsing: "file:/tmp/s.json") == .file("/tmp/s.json"))
        #expect(try SourceSpec(parsing: "mqtt://h/r") == .mqtt(BrokerURL(host: "h", room: "r")))
        #expect(throws: SourceSpec.Problem.self) { try SourceSpec(parsing: "mqtt://h") }
        #expect(throws: SourceSpec.Problem.self) { try SourceSpec(parsing: "file:") }
        #expect(throws: SourceSpec.Problem.self) { try SourceSpec(parsing: "tcp://h") }
    }
}

@Suite struct BackoffTests {
    @Test func doublesUpToTheCapAndResets() {
        var b = Backoff(initial: 0.5, cap: 5, random: { 1 })
        #expect((0..<7).map { _ in b.next() } == [0.5, 1, 2, 4, 5, 5, 5])
        b.reset()
        #expect(b.next() == 0.5)
        var jittered = Backoff(initial: 1, cap: 10)
        for _ in 0..<100 { #expect((0.8...12).contains(jittered.next())) }
    }
}

@Suite struct StateEncoderTests {
    @Test func everyDemoStateRoundTripsThroughTheDecoder() throws {
        for step in DemoQuiz.steps(start: 1_795_996_000) {
            let decoded = try StateDecoder.decode(StateEncoder.encode(step.state))
            #expect(decoded == step.state, "\(step.name)")
        }
    }

    @Test func stringsAreEscaped() throws {
        let s = QuizState(title: "a \"quote\" \\ back\nnew\u{01}line 日本語")
        let json = StateEncoder.encodeString(s)
        #expect(json.contains(#"a \"quote\" \\ back\nnew\u0001line 日本語"#))
        #expect(try StateDecoder.decode(Array(json.utf8)) == s)
    }
}

@Suite struct QuizFileTests {
    @Test func theExamplesLoad() throws {
        let en = try QuizFile.load(repositoryRoot + "/examples/quiz-en.json")
        #expect(en.questions.count == 5 && en.questions[1].timeLimit == 15 && en.questions[0].timeLimit == 20)
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
        (#"{"title":"T","questions":[{"text":"Q","choices":["a","b"],"correct":1.5}]}"#, "questions[0].correct: must be a whole number"),
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

    @Test func backReturnsAndKeepsARunningCountdown() {
        var s = HostSession(quiz: quiz, startedAt: 0)
        #expect(s.apply(.back, now: 0) != nil)
        _ = s.apply(.next, now: 100)  // Q1 until 120
        _ = s.apply(.reveal, now: 105)
        #expect(s.apply(.back, now: 106) == nil)
        #expect(s.state().phase == .question && s.state().question?.endsAt == 120, "time was left: the countdown goes on")
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

@Suite struct PresenceTests {
    @Test func onlineAndOfflineDocuments() {
        var p = ScreenPresence(screen: "tv-1", online: true)
        p.displays = [.init(name: "HDMI-A-1", width: 1920, height: 1080)]
        p.quizId = "q"
        p.revision = 12
        p.phase = .question
        p.rejected = 2
        #expect(String(decoding: p.json, as: UTF8.self)
            == #"{"screen":"tv-1","online":true,"displays":[{"name":"HDMI-A-1","mode":"1920x1080"}],"quizId":"q","revision":12,"phase":"question","rejected":2}"#)
        #expect(String(decoding: ScreenPresence(screen: "tv-1", online: false).json, as: UTF8.self) == #"{"screen":"tv-1","online":false}"#)
    }
}
