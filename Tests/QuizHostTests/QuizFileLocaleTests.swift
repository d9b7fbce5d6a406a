import QuizContract
@testable import QuizHost
import Testing

/// A quiz file's `locale`: the room's language, in every state the host publishes (the
/// screens' own words and numbers follow it).
@Suite struct QuizFileLocaleTests {
    static let quiz = #"{"title":"Quiz","locale":"de-AT","questions":[{"text":"Frage?","choices":["a","b"],"correct":0}]}"#

    @Test func theLocaleIsInEveryState() throws {
        let quiz = try QuizFile.parse(Array(Self.quiz.utf8))
        #expect(quiz.locale == "de-AT")
        var s = HostSession(quiz: quiz, startedAt: 1000)
        var phases: [QuizState.Phase] = []
        for _ in 0..<4 {
            #expect(s.state().locale == "de-AT", "\(s.state().phase)")
            phases.append(s.state().phase)
            _ = s.apply(.next, now: 1000)
        }
        #expect(phases == [.lobby, .question, .reveal, .ended])
        // A state that says so decodes to the same tag on a screen.
        let decoded = try StateDecoder.decode(StateEncoder.encode(s.state()))
        #expect(decoded.locale == "de-AT")
    }

    @Test func withoutOneTheScreensGuess() throws {
        let quiz = try QuizFile.parse(Array(#"{"title":"Q","questions":[{"text":"Q","choices":["a","b"]}]}"#.utf8))
        #expect(quiz.locale == nil && HostSession(quiz: quiz, startedAt: 0).state().locale == nil)
    }

    @Test(arguments: [#""de AT""#, #""""#, #""de_AT""#, #""日本語""#, "12", #""abcdefghijklmnopqrstuvwxyz0123456789""#])
    func aBadTagIsNamed(value: String) {
        let json = #"{"title":"Q","locale":"# + value + #","questions":[{"text":"Q","choices":["a","b"]}]}"#
        do {
            _ = try QuizFile.parse(Array(json.utf8))
            Issue.record("accepted \(value)")
        } catch {
            #expect(error.message.hasPrefix("locale: "), "\(error.message)")
        }
    }
}
