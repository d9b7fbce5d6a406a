import Escaping
import Platform
import Synchronization
import Testing

/// Outside text in log lines and errors: nothing a terminal or journald acts on gets through,
/// and a quoted value is bounded.
@Suite(.serialized) struct EscapingTests {
    @Test(arguments: [
        ("a\r\n<0>forged", #"a\r\n<0>forged"#),
        ("\u{1B}[2J\u{1B}]0;title\u{07}", #"\e[2J\e]0;title\u{0007}"#),
        ("C1 \u{85} and \u{9B}31m", #"C1 \u{0085} and \u{009B}31m"#),
        ("bidi \u{202E}txt.exe\u{2066}", #"bidi \u{202E}txt.exe\u{2066}"#),
        ("line\u{2028}sep", #"line\u{2028}sep"#),
        ("tab\there", #"tab\there"#),
        ("日本語 ✓ é", "日本語 ✓ é"),
    ] as [(String, String)])
    func controlsBecomeVisibleEscapes(input: String, expected: String) {
        #expect(Escaping.escaped(input) == expected)
        #expect(!Escaping.escaped(input).unicodeScalars.contains(where: Escaping.needsEscape))
    }

    @Test func aQuotedValueIsBoundedAndItsQuotesEscaped() {
        #expect(Escaping.quoted(String(repeating: "あ", count: 1000), max: 10) == "\"" + String(repeating: "あ", count: 10) + "…\"")
        #expect(Escaping.quoted(#"say "hi"\"#) == #""say \"hi\"\\""#)
        #expect(Escaping.quoted("ok") == "\"ok\"")
    }

    @Test(arguments: [
        ("https://quiz:s3cret@media.example/a.jpg", "https://***@media.example/a.jpg"),
        // A password with an unescaped '/' or '?': still hidden up to the last '@'.
        ("https://quiz:s3/cr?et@media.example/a.jpg", "https://***@media.example/a.jpg"),
        ("mqtts://u:p@ss@broker/room", "mqtts://***@broker/room"),
        ("https://media.example/a.jpg", "https://media.example/a.jpg"),
        ("not a url @ all", "not a url @ all"),
    ] as [(String, String)])
    func aURLIsShownWithoutItsUserinfo(url: String, expected: String) {
        #expect(Escaping.hidingUserinfo(url) == expected)
    }

    @Test func aLogLineFromControllerInputIsOneLineWithNoPriorityOfItsOwn() {
        let lines = Mutex<[String]>([])
        let token = Log.observe { line in lines.withLock { $0.append(line) } }
        defer { Log.stopObserving(token) }
        Log.warning("stdin line 1: rejected: question.endsAt: \"\r\n<0>forged\" is not an RFC 3339 time")
        let got = lines.withLock { $0 }.filter { $0.contains("forged") }
        #expect(got.count == 1)
        #expect(got.allSatisfy { !$0.contains("\n") && !$0.contains("\r") })
        #expect(got.first?.hasPrefix("<0>") != true)
    }
}
