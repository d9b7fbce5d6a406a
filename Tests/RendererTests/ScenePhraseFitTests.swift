import Locales
import Pixels
import QuizContract
@testable import Renderer
import TestSupport
import Testing

/// Every fixed word the screen draws, in every language: drawn (present in the frame
/// description, not empty) and whole (never `truncated`) at 1280×720 under a long quiz title,
/// in every phase that shows it. Thai and Devanagari have no font on a machine without the
/// script packages: their words are measured with the boxes drawn for them, which still tells
/// whether they fit.
@Suite struct ScenePhraseFitTests {
    static let now = ShowStates.now
    static let title = "The Grand Autumn Quiz Championship of the Royal Oak and Friends, Final Round"
    /// Roles whose text must never be cut.
    static let whole: Set<Role> = [.label, .timesUp, .headline, .answered, .participants, .progress, .offline, .count, .percent,
                                   .score, .rank, .countdown]

    static func states(_ l: Language) -> [(String, QuizState, [String])] {
        let tag = l.tag
        let labels = Labels(RoomLocale(l))
        let question = QuizState.Question(number: 3, total: 10, text: "?", choices: ["1", "2", "3", "4"], timeLimit: 20,
                                          endsAt: now + 12, answered: 23, players: 48)
        var open = QuizState(phase: .question, title: title, locale: tag, question: question)
        var unknownPlayers = open
        unknownPlayers.question?.players = nil
        var over = open
        over.question?.endsAt = now - 1
        var reveal = open
        reveal.phase = .reveal
        reveal.question?.correct = 2
        reveal.question?.answerCounts = [4, 2, 11, 0]
        reveal.question?.endsAt = now - 5
        let standings = [QuizState.Standing(name: "Alex", score: 1200), .init(name: "Sam", score: 900), .init(name: "Kim", score: 300)]
        func lobby(_ n: Int) -> (String, QuizState, [String]) {
            let (before, after) = labels.playersJoined(n)
            return ("lobby \(n)", QuizState(phase: .lobby, title: title, locale: tag, lobby: .init(
                joinCode: "QK-ABCDEF-123456", joinURL: "https://quiz.example/join/QK-ABCDEF-123456", participants: n)),
                    [labels.scanOrOpen, labels.joinCode, before, after].filter { !$0.isEmpty })
        }
        open.lobby = nil
        return [
            ("idle", QuizState(phase: .idle, title: title, locale: tag), [labels.waiting, labels.controllerOffline]),
            lobby(0), lobby(1), lobby(2), lobby(3), lobby(11), lobby(1250),
            ("question", open, [labels.progress(3, of: 10), labels.answered(23, of: 48) ?? ""]),
            ("question, players unknown", unknownPlayers, [labels.answered(23, of: nil) ?? ""]),
            ("time's up", over, [labels.timesUp]),
            ("reveal", reveal, [labels.correct("3"), labels.answers(17)]),
            ("leaderboard", QuizState(phase: .leaderboard, title: title, locale: tag, leaderboard: standings), [labels.leaderboard]),
            ("no scores", QuizState(phase: .leaderboard, title: title, locale: tag), [labels.noScores]),
            ("ended", QuizState(phase: .ended, title: title, locale: tag, leaderboard: standings), [labels.finalResults]),
            ("thanks", QuizState(phase: .ended, title: title, locale: tag), [labels.thanks]),
        ]
    }

    /// Text without its spaces: a phrase broken over two lines loses the space at the break.
    static func squeezed(_ s: String) -> String { s.filter { !$0.isWhitespace } }

    @Test(arguments: Language.allCases)
    func everyPhraseIsDrawnWhole(language: Language) throws {
        let r = SceneRenderer(fonts: try TestFonts.load())
        for (name, state, phrases) in Self.states(language) {
            let d = r.describe(SceneFrame(state: state, width: 1280, height: 720, now: Self.now,
                                          overlay: ScreenOverlay(controllerOffline: true)))
            let texts = d.items.filter { $0.kind == .text }
            let drawn = Self.squeezed(texts.compactMap(\.text).joined())
            for phrase in phrases {
                let shown = drawn.contains(Self.squeezed(phrase))
                #expect(!phrase.isEmpty && shown, "\(language) \(name): \"\(phrase)\" is not on screen")
            }
            for item in texts where Self.whole.contains(item.role) {
                let cut = item.truncated
                #expect(!cut, "\(language) \(name): \(item.role) cut to \"\(item.text ?? "")\"")
            }
            for item in d.items where item.role != .background {
                #expect(item.box.intersection(d.safeArea) == item.box, "\(language) \(name): \(item.role) leaves the screen")
            }
        }
    }
}
