import QuizContract
import TestSupport
import Testing

/// The show's optional fields: `locale`, `question.answered` and `question.players`,
/// `leaderboard[].previousRank`. Old controllers send none of them and keep working.
@Suite struct ShowFieldsTests {
    @Test func theNewFieldsDecodeAndRoundTrip() throws {
        let s = try decode("""
            {"phase":"question","locale":"ja-JP","question":{"text":"Q?","choices":["a","b"],"answered":23,"players":48},
             "leaderboard":[{"name":"A","score":10,"previousRank":3},{"name":"B","score":9}]}
            """)
        #expect(s.locale == "ja-JP")
        #expect(s.question?.answered == 23 && s.question?.players == 48)
        #expect(s.leaderboard.map(\.previousRank) == [3, nil])
        #expect(try StateDecoder.decode(StateEncoder.encode(s)) == s)
    }

    @Test func anOldControllersMessageHasNoneOfThem() throws {
        let s = try decode(#"{"question":{"text":"Q?"},"leaderboard":[{"name":"A","score":1}]}"#)
        #expect(s.locale == nil && s.question?.answered == nil && s.question?.players == nil && s.leaderboard[0].previousRank == nil)
        #expect(!StateEncoder.encodeString(s).contains("previousRank"))
    }

    @Test(arguments: [
        (#"{"locale":"日本語"}"#, #"locale: "日本語" is not a language tag like ja or en-GB"#),
        (#"{"locale":""}"#, #"locale: "" is not a language tag like ja or en-GB"#),
        (#"{"locale":3}"#, "locale: must be a string, got a number"),
        (#"{"locale":"\#(String(repeating: "a", count: 36))"}"#, "locale: 36 characters, at most 35 allowed"),
        (#"{"question":{"text":"q","answered":-1}}"#, "question.answered: -1 is below the minimum 0"),
        (#"{"question":{"text":"q","players":2.5}}"#, "question.players: must be an integer, got 2.5"),
        (#"{"leaderboard":[{"name":"A","score":1,"previousRank":0}]}"#, "leaderboard[0].previousRank: 0 is below the minimum 1"),
    ] as [(String, String)])
    func badValuesAreRejectedNamingTheField(json: String, expected: String) {
        #expect(rejection(json) == expected)
    }

    /// A language this screen does not know is not an error: screens guess from the text.
    @Test func unknownLanguagesAreAccepted() throws {
        #expect(try decode(#"{"locale":"fr"}"#).locale == "fr")
        #expect(try decode(#"{"locale":"zh-Hant-TW"}"#).locale == "zh-Hant-TW")
    }
}
