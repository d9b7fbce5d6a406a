@testable import QuizHost
import Testing

@Suite struct PlayerNameTests {
    static let drawAll: @Sendable (String) -> Bool = { _ in true }

    @Test(arguments: [
        ("Aiko", "Aiko"),
        ("  Aiko \u{3000}", "Aiko"),
        ("e\u{301}mile", "\u{E9}mile"),  // NFC: e + combining acute → é
        ("\u{1100}\u{1161}", "\u{AC00}"),  // Hangul jamo compose to 가
        ("abcdefghijklmnopqrst", "abcdefghijklmnopqrst"),  // 20 code points
        (String(repeating: "a", count: 19) + "e\u{301}", String(repeating: "a", count: 19) + "\u{E9}"),  // 21 typed, 20 in NFC
        ("山田\u{3000}太郎", "山田\u{3000}太郎"),
        ("👩\u{200D}💻", "👩\u{200D}💻"),  // a ZWJ emoji sequence
        ("👍🏽 Bo", "👍🏽 Bo"),
        ("❤\u{FE0F}", "❤\u{FE0F}"),
        ("🇯🇵", "🇯🇵"),
    ])
    func accepted(raw: String, name: String) throws {
        let n = try PlayerName.normalized(raw, canDraw: Self.drawAll)
        #expect(Array(n.unicodeScalars) == Array(name.unicodeScalars))
    }

    @Test(arguments: [
        ("", PlayerName.Problem.empty),
        ("   ", .empty),
        ("\u{3000}", .empty),
        ("abcdefghijklmnopqrstu", .tooLong(21)),
        (String(repeating: "あ", count: 21), .tooLong(21)),
        (String(repeating: "😀", count: 21), .tooLong(21)),
        ("Ai\nko", .forbidden(0x0A)),
        ("Ai\u{0}ko", .forbidden(0)),
        ("Ai\u{7F}", .forbidden(0x7F)),
        ("\u{202E}olleh", .forbidden(0x202E)),  // right-to-left override (Cf)
        ("Ai\u{200B}ko", .forbidden(0x200B)),  // zero width space (Cf)
        ("Ai\u{AD}ko", .forbidden(0xAD)),  // soft hyphen (Cf)
        ("a\u{200D}b", .forbidden(0x200D)),  // a joiner between letters hides nothing useful
        ("\u{200D}👩", .forbidden(0x200D)),
        ("Ai\u{2028}ko", .forbidden(0x2028)),  // line separator
        ("\u{E000}", .forbidden(0xE000)),  // private use
        ("\u{301}abc", .startsWithMark),
    ])
    func refused(raw: String, problem: PlayerName.Problem) {
        #expect(throws: problem) { try PlayerName.normalized(raw, canDraw: Self.drawAll) }
    }

    @Test func aNameTheFontsCannotDrawIsRefused() {
        #expect(throws: PlayerName.Problem.cannotDraw) { try PlayerName.normalized("Aiko", canDraw: { !$0.contains("k") }) }
        var seen: [String] = []
        _ = try? PlayerName.normalized("  e\u{301}  ", canDraw: { seen.append($0); return true })
        #expect(seen == ["\u{E9}"], "the fonts are asked about the name as it will be kept")
    }

    @Test(arguments: [
        ("Aiko", "AIKO", true),
        ("Aiko", "ａｉｋｏ", true),  // fullwidth letters
        ("Straße", "STRASSE", true),  // full case folding
        ("\u{E9}mile", "E\u{301}MILE", true),
        ("Ai ko", "ai  KO", true),
        ("ΣΊΣΥΦΟΣ", "σίσυφος", true),
        ("❤\u{FE0F}", "❤", true),
        ("Aiko", "Aika", false),
        ("山田", "山本", false),
    ])
    func sameNames(a: String, b: String, same: Bool) {
        #expect((PlayerName.key(a) == PlayerName.key(b)) == same, "\(a) / \(b)")
    }
}

@Suite struct ScoringTests {
    @Test(arguments: [
        (0.0, 20.0, 1000),
        (0.4, 20.0, 1000),
        (0.5, 20.0, 988),  // round(1000 × (1 − 0.5/40)) = round(987.5)
        (10.0, 20.0, 750),  // T/2
        (20.0, 20.0, 500),  // T
        (20.2, 20.0, 500),  // within the grace: never below 500
        (45.0, 20.0, 500),  // time added by the host: t > T
        (3.0, 10.0, 850),
        (7.0, 30.0, 883),  // round(883.33)
    ])
    func correctAnswers(t: Double, limit: Double, points: Int) {
        #expect(Scoring.points(t: t, timeLimit: limit, correct: true, poll: false) == points)
    }

    @Test func wrongAndPolls() {
        #expect(Scoring.points(t: 0, timeLimit: 20, correct: false, poll: false) == 0)
        #expect(Scoring.points(t: 0, timeLimit: 20, correct: true, poll: true) == 0)
        #expect(Scoring.points(t: 0, timeLimit: 20, correct: false, poll: true) == 0)
    }

    @Test func fairRanks() {
        #expect(FairRanks.ranks(ofSorted: [30, 20, 20, 10]) == [1, 2, 2, 4])
        #expect(FairRanks.ranks(ofSorted: [5, 5, 5]) == [1, 1, 1])
        #expect(FairRanks.ranks(ofSorted: []) == [])
    }

    @Test func tokens() {
        var g = SeededRandom(seed: 1)
        let a = PlayerToken.generate(using: &g), b = PlayerToken.generate(using: &g)
        #expect(a.text.count == 32 && a != b)
        #expect(a.text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || $0 == 0x2D || $0 == 0x5F })
        #expect(a.hash.count == 64 && a.hash != b.hash && a.hash == PlayerToken.hash(a.text))
        #expect(PlayerToken.base64url([0xFB, 0xFF]) == "-_8")
        #expect(PlayerToken.base64url(Array("foobar".utf8)) == "Zm9vYmFy")
        #expect(PlayerToken.base64url(Array("fo".utf8)) == "Zm8")
    }
}

/// SplitMix64: a deterministic generator for tests.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
