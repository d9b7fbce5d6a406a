import QuizContract
import Testing

@Suite struct StateFieldNamesTests {
    /// Every field the encoder writes (every demo state, plus a state with every optional
    /// field) is a known one: the table and the contract agree.
    @Test func theEncodersFieldsAreAllKnown() {
        var full = QuizState(quizId: "q", revision: 3, phase: .reveal, title: "T", locale: "de",
                             lobby: .init(joinCode: "1", joinURL: "http://x/j/1", participants: 2),
                             question: .init(number: 1, total: 2, text: "Q", choices: ["a", "b"], timeLimit: 20,
                                             endsAt: 1_800_000_000, answered: 1, players: 2),
                             leaderboard: [.init(name: "A", score: 1, previousRank: 1)])
        full.question?.correct = 0
        full.question?.answerCounts = [1, 0]
        full.question?.image = .init(sha256: String(repeating: "a", count: 64), url: "https://x/p.png", alt: "p")
        for s in DemoQuiz.steps(start: 1_795_996_000).map(\.state) + [full] {
            #expect(StateFieldNames.unknown(in: StateEncoder.encode(s)) == [])
        }
    }

    @Test(arguments: [
        (#"{"corect":0}"#, ["corect"]),
        (#"{"question":{"text":"Q","corect":0,"choices":["a"]}}"#, ["question.corect"]),
        (#"{"leaderboard":[{"name":"A","score":1},{"name":"B","scor":2}]}"#, ["leaderboard[1].scor"]),
        (#"{"question":{"image":{"sha256":"x","caption":"c"}}}"#, ["question.image.caption"]),
        (#"{"lobby":{"joinCode":"1","url":"u"},"extra":{"deep":1}}"#, ["lobby.url", "extra"]),
        (#"{"question":"not an object"}"#, []),   // wrong type: the decoder's error, not a typo
        ("not json", []),
        (#"["an array"]"#, []),
    ] as [(String, [String])])
    func unknownFieldsAreNamedByPath(json: String, expected: [String]) {
        #expect(StateFieldNames.unknown(in: Array(json.utf8)) == expected)
    }
}
