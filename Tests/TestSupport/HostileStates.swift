import QuizContract

/// Reproducible hostile quiz states: every field filled at random from the nastiest text there
/// is — ZWJ chains, combining floods, bidi controls, RTL, Thai without spaces, private-use and
/// noncharacters, lone jamo, control characters, 1,000-character words — with random numbers,
/// and some of them invalid JSON or over a limit. For the hostile-input suite: whatever comes,
/// the screen exits cleanly, stays within its memory, and draws no text outside its box. Its
/// numbers (SplitMix64) serve as a plain seeded generator too.
public struct HostileStates: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    public mutating func pick<T>(_ a: [T]) -> T { a[Int(next() % UInt64(a.count))] }

    /// U+FDD0, U+FFFE, U+FFFF: valid scalars no font or text should have (a Swift literal
    /// refuses them, so they are built).
    static let noncharacters: String = {
        var v = String.UnicodeScalarView()
        for u: UInt32 in [0xFDD0, 0xFFFE, 0xFFFF] { if let s = Unicode.Scalar(u) { v.append(s) } }
        return String(v)
    }()

    /// Pieces that broke layouts somewhere, some time.
    public static let pieces: [String] = [
        Array(repeating: "👩", count: 32).joined(separator: "\u{200D}"),
        String(repeating: "ᄀ", count: 200),
        "A" + String(repeating: "\u{0336}", count: 31),
        "o" + String(repeating: "\u{0336}\u{0301}\u{0302}", count: 60),
        "\u{202E}txt.exe\u{202C} \u{2066}isolated\u{2069}",
        "مرحبا بالعالم", "שלום עולם", "ภาษาไทยไม่มีช่องว่างระหว่างคำ",
        "\u{E000}\u{F8FF}\u{10FFFD}", noncharacters,
        "\u{1}\u{7}\u{1B}[2J\r\n<0>forged", "\u{200B}\u{200B}\u{FEFF}", "🇯🇵🇺🇳🏴‍☠️",
        String(repeating: "W", count: 400), "👨🏻‍👩🏻‍👧🏻‍👦🏻", "𝕳𝖊𝖑𝖑𝖔", "ﷺ", "꧅", "𒐫", "e\u{301}\u{323}",
        "日本語のとても長い文章", "QK-ABCDEF-123456", "Wolfeschlegelsteinhausenbergerdorff",
    ]

    /// Up to `max` Unicode scalars of hostile text.
    public mutating func text(max: Int) -> String {
        var s = ""
        let target = Int(next() % UInt64(max)) + 1
        while s.unicodeScalars.count < target {
            let piece = pick(Self.pieces)
            var room = max - s.unicodeScalars.count
            if room <= 0 { break }
            for scalar in piece.unicodeScalars where room > 0 {
                s.unicodeScalars.append(scalar)
                room -= 1
            }
            if next() % 2 == 0, s.unicodeScalars.count < max { s += " " }
        }
        return s
    }

    private static func json(_ s: String) -> String { JSONWriter.quoted(s) }

    /// One message: usually a valid state with every field hostile, sometimes broken.
    public mutating func message(now: Double) -> String {
        switch next() % 20 {
        case 0: return pick(["{\"question\":", "not json", "{\"schema\":9}", "[1,2]", "{\"leaderboard\":[{\"name\":1}]}"])
        case 1: return "{\"title\":" + Self.json(String(repeating: "x", count: 300)) + "}"  // over the limit
        default: break
        }
        let phase = pick(QuizState.Phase.allCases).rawValue
        let n = Int(next() % 7)
        let choices = (0..<n).map { _ in Self.json(text(max: Int(next() % 4 == 0 ? 200 : 30))) }
        let counts = (0..<Int(next() % 7)).map { _ in String(next() % 3 == 0 ? next() % 1_000_000_000 : next() % 50) }
        var q = "\"text\":\(Self.json(text(max: next() % 5 == 0 ? 1000 : 120))),\"choices\":[\(choices.joined(separator: ","))]"
        q += ",\"answerCounts\":[\(counts.joined(separator: ","))]"
        if n > 0, next() % 2 == 0 { q += ",\"correct\":\(next() % UInt64(n))" }
        if next() % 2 == 0 { q += ",\"timeLimit\":\(next() % 86_400 + 1),\"endsAt\":\"\(RFC3339.format(now + Double(next() % 400_000) - 1000))\"" }
        if next() % 2 == 0 { q += ",\"number\":\(next() % 1000 + 1),\"total\":\(next() % 1000 + 1)" }
        if next() % 2 == 0 { q += ",\"answered\":\(next() % 100_000),\"players\":\(next() % 100_000)" }
        var fields = ["\"phase\":\"\(phase)\"", "\"title\":\(Self.json(text(max: 200)))", "\"question\":{\(q)}",
                      "\"lobby\":{\"joinCode\":\(Self.json(text(max: 32))),\"joinURL\":\(Self.json(text(max: 512))),\"participants\":\(next() % 1_000_000)}"]
        if next() % 3 == 0 { fields.append("\"locale\":\"\(pick(["ja", "en", "fr", "zz-Hant"]))\"") }
        let board = (0..<Int(next() % 51)).map { _ in
            "{\"name\":\(Self.json(text(max: 64))),\"score\":\(Int64(bitPattern: next() % 2_000_000_000) - 1_000_000_000)"
                + (next() % 2 == 0 ? ",\"previousRank\":\(next() % 60 + 1)" : "") + "}"
        }
        fields.append("\"leaderboard\":[\(board.joined(separator: ","))]")
        return "{" + fields.joined(separator: ",") + "}"
    }
}
