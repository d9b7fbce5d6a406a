import TestSupport
@testable import QuizContract
import Testing

@Suite struct StateDecoderTests {
    @Test func minimalMessageIsAQuestion() throws {
        let s = try decode(#"{"question":{"text":"SwiftUIで外部ディスプレイに対応するには？"}}"#)
        #expect(s.phase == .question)
        #expect(s.question?.text == "SwiftUIで外部ディスプレイに対応するには？")
        #expect(s.schema == 1)
        #expect(s.revision == nil)
    }

    @Test func emptyObjectIsIdle() throws {
        #expect(try decode("{}") == QuizState.idle)
    }

    @Test func fullMessageDecodesEveryField() throws {
        let s = try decode("""
            {"schema":1,"quizId":"q1","revision":7,"phase":"reveal","title":"Pub quiz",
             "lobby":{"joinCode":"ABCD","joinURL":"https://x/j","participants":12},
             "question":{"number":3,"total":10,"text":"Q?","choices":["a","b","c"],"correct":2,
                         "answerCounts":[1,2,3],"timeLimit":20.5,"endsAt":"2026-11-29T20:00:00Z"},
             "leaderboard":[{"name":"A","score":10},{"name":"B","score":-2}],
             "futureField":{"anything":[1,2]}}
            """)
        #expect(s.quizId == "q1" && s.revision == 7 && s.phase == .reveal && s.title == "Pub quiz")
        #expect(s.lobby == QuizState.Lobby(joinCode: "ABCD", joinURL: "https://x/j", participants: 12))
        #expect(s.question?.number == 3 && s.question?.total == 10 && s.question?.choices == ["a", "b", "c"])
        #expect(s.question?.correct == 2 && s.question?.answerCounts == [1, 2, 3] && s.question?.timeLimit == 20.5)
        #expect(s.question?.endsAt == RFC3339.parse("2026-11-29T20:00:00Z"))
        #expect(s.leaderboard == [.init(name: "A", score: 10), .init(name: "B", score: -2)])
    }

    @Test func nullMeansAbsent() throws {
        let s = try decode(#"{"title":null,"question":{"text":"x","number":null}}"#)
        #expect(s.title == nil && s.question?.number == nil)
    }

    @Test(arguments: [
        ("[1,2]", "not a JSON object (got an array)"),
        ("\"hi\"", "not a JSON object (got a string)"),
        ("{\"schema\":2}", "schema: version 2 is not supported"),
        ("{\"schema\":\"1\"}", "schema: must be an integer, got a string"),
        ("{\"schema\":0}", "schema: 0 is below the minimum 1"),
        ("{\"revision\":-1}", "revision: -1 is below the minimum 0"),
        ("{\"revision\":1.5}", "revision: must be an integer, got 1.5"),
        ("{\"phase\":\"intermission\"}", "phase: \"intermission\" is not one of"),
        ("{\"phase\":3}", "phase: must be a string, got a number"),
        ("{\"phase\":\"question\"}", "question.text: required when phase is question"),
        ("{\"phase\":\"reveal\",\"question\":{}}", "question.text: required when phase is reveal"),
        ("{\"question\":\"what?\"}", "question: must be an object, got a string"),
        ("{\"question\":{\"text\":5}}", "question.text: must be a string, got a number"),
        ("{\"question\":{\"text\":\"q\",\"choices\":[\"a\",2]}}", "question.choices[1]: must be a string, got a number"),
        ("{\"question\":{\"text\":\"q\",\"choices\":[\"a\",\"b\",\"c\",\"d\",\"e\",\"f\",\"g\"]}}", "question.choices: 7 items, at most 6"),
        ("{\"question\":{\"text\":\"q\",\"choices\":[\"a\"],\"correct\":1}}", "question.correct: 1 is not the index of a choice"),
        ("{\"question\":{\"text\":\"q\",\"answerCounts\":[1,-1]}}", "question.answerCounts[1]: -1 is below the minimum 0"),
        ("{\"question\":{\"text\":\"q\",\"timeLimit\":0}}", "question.timeLimit: must be more than 0 and at most 86400 seconds"),
        ("{\"question\":{\"text\":\"q\",\"timeLimit\":1e308}}", "question.timeLimit: must be more than 0 and at most 86400 seconds"),
        ("{\"question\":{\"text\":\"q\",\"endsAt\":\"9999-12-31T23:59:59Z\"}}", "question.endsAt: \"9999-12-31T23:59:59Z\" is not a time a quiz runs at"),
        ("{\"question\":{\"text\":\"q\",\"timeLimit\":\"20\"}}", "question.timeLimit: must be a number, got a string"),
        ("{\"question\":{\"text\":\"q\",\"endsAt\":\"tomorrow\"}}", "question.endsAt: \"tomorrow\" is not an RFC 3339 time"),
        ("{\"question\":{\"text\":\"q\",\"number\":0}}", "question.number: 0 is below the minimum 1"),
        ("{\"lobby\":{\"participants\":-3}}", "lobby.participants: -3 is below the minimum 0"),
        ("{\"lobby\":{\"joinCode\":\"123456789012345678901234567890123\"}}", "lobby.joinCode: 33 characters, at most 32"),
        ("{\"leaderboard\":{}}", "leaderboard: must be an array"),
        ("{\"leaderboard\":[{\"name\":\"a\"}]}", "leaderboard[0].score: missing"),
        ("{\"leaderboard\":[{\"name\":\"a\",\"score\":true}]}", "leaderboard[0].score: must be an integer, got a boolean"),
        ("{\"leaderboard\":[1]}", "leaderboard[0]: must be an object, got a number"),
        ("{\"title\":\"a\",\"title\":\"b\"}", "not JSON: line 1, column 14: duplicate key \"title\""),
        ("{\"title\":\"a\",\n  \"x\": tru}", "not JSON: line 2, column 8: invalid literal"),
        ("{\"a\":1} x", "not JSON: line 1, column 9: unexpected text after the JSON value"),
        ("{\"a\":01}", "not JSON: line 1, column 7: leading zero"),
        ("{\"a\":\"\\ud800\"}", "not JSON: line 1, column 13: unpaired surrogate"),
        ("{\"a\":1e999}", "not JSON: line 1, column 6: number out of range"),
    ] as [(String, String)])
    func invalidMessagesAreRejectedWithTheFieldAndReason(input: String, expected: String) {
        let message = rejection(input)
        #expect(message?.hasPrefix(expected) == true, "got \(message ?? "accepted")")
    }

    @Test func limitsAreCountedInCharactersNotBytes() throws {
        let title200 = String(repeating: "あ", count: 200)  // 600 bytes of UTF-8
        #expect(try decode("{\"title\":\"\(title200)\"}").title == title200)
        #expect(rejection("{\"title\":\"\(title200)あ\"}")?.hasPrefix("title: 201 characters, at most 200") == true)
        let text1000 = String(repeating: "x", count: 1000)
        #expect(try decode("{\"question\":{\"text\":\"\(text1000)\"}}").question?.text?.count == 1000)
        #expect(rejection("{\"question\":{\"text\":\"\(text1000)x\"}}") != nil)
    }

    @Test func leaderboardIsLimitedToFiftyEntries() {
        let entries = (0..<51).map { "{\"name\":\"p\($0)\",\"score\":\($0)}" }.joined(separator: ",")
        #expect(rejection("{\"leaderboard\":[\(entries)]}")?.hasPrefix("leaderboard: 51 items, at most 50") == true)
    }

    @Test func sizeLimitIs64KiB() {
        let pad = String(repeating: " ", count: StateDecoder.maxBytes - 2)
        #expect((try? decode("{" + pad + "}")) != nil)
        #expect(rejection("{" + pad + " }")?.hasPrefix("message is 65537 bytes, over the 65536-byte limit") == true)
    }

    @Test func invalidUTF8IsRejectedWithItsOffset() {
        var bytes = Array("{\"title\":\"ab".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("\"}".utf8)
        #expect(throws: StateError("not UTF-8 (invalid byte at offset 12)")) { try StateDecoder.decode(bytes) }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = "{\"x\":" + String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000) + "}"
        #expect(rejection(deep)?.contains("nested deeper than 64 levels") == true)
    }

    /// Over the limit is over the limit, even when it is only whitespace: not a "clear".
    @Test func anOversizedBlankMessageIsRejectedNotAClear() {
        let spaces = [UInt8](repeating: 0x20, count: 70_000)
        #expect(throws: StateError("message is 70000 bytes, over the 65536-byte limit")) { try StateDecoder.decodeMessage(spaces) }
    }

    @Test func emptyPayloadClearsToIdle() throws {
        #expect(try StateDecoder.decodeMessage([]) == .clear)
        #expect(try StateDecoder.decodeMessage(Array(" \n".utf8)) == .clear)
        #expect(try StateDecoder.decodeMessage(Array("{}".utf8)) == .state(.idle))
    }

    @Test func rfc3339ParsesOffsetsAndFractions() {
        #expect(RFC3339.parse("1970-01-01T00:00:00Z") == 0)
        #expect(RFC3339.parse("2026-11-29T21:15:30.250+09:00") == RFC3339.parse("2026-11-29T12:15:30.25Z"))
        #expect(RFC3339.parse("2024-02-29T00:00:00Z") != nil)
        #expect(RFC3339.parse("2023-02-29T00:00:00Z") == nil)
        #expect(RFC3339.parse("2026-11-29 20:00:00") == nil)
        #expect(RFC3339.parse("2026-13-01T00:00:00Z") == nil)
        #expect(RFC3339.format(1_764_447_330.5) == "2025-11-29T20:15:30.500Z")
        #expect(RFC3339.parse(RFC3339.format(1_800_000_000)) == 1_800_000_000)
    }
}
