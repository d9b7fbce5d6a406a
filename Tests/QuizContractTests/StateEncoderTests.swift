import QuizContract
import TestSupport
import Testing

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
