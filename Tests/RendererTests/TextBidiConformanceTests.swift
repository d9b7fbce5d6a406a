import CFriBidi
@testable import Renderer
import TestSupport
import Testing

/// Runs the Unicode Consortium's bidi conformance data (Debian's `unicode-data`, which
/// `scripts/setup` installs) through `Bidi` — the resolution and line reordering the renderer
/// uses — and prints how many cases pass. BidiCharacterTest.txt gives code points, so it also
/// tests FriBidi's character tables (Unicode 10 in FriBidi 1.0.8, older than the test file's):
/// a case that fails only because of them (it passes when the characters' Unicode 15 bidi class
/// and bracket pairing are given instead) is counted apart, naming the character. BidiTest.txt
/// gives bidi classes, so every case must pass.
@Suite struct TextBidiConformanceTests {
    static let characterTest = "/usr/share/unicode/BidiCharacterTest.txt"
    static let classTest = "/usr/share/unicode/BidiTest.txt"
    static let derivedBidiClass = "/usr/share/unicode/extracted/DerivedBidiClass.txt"
    static let bidiBrackets = "/usr/share/unicode/BidiBrackets.txt"

    static let types: [String: FriBidiCharType] = [
        "L": FRIBIDI_TYPE_LTR, "R": FRIBIDI_TYPE_RTL, "AL": FRIBIDI_TYPE_AL, "EN": FRIBIDI_TYPE_EN, "AN": FRIBIDI_TYPE_AN,
        "ES": FRIBIDI_TYPE_ES, "ET": FRIBIDI_TYPE_ET, "CS": FRIBIDI_TYPE_CS, "NSM": FRIBIDI_TYPE_NSM, "BN": FRIBIDI_TYPE_BN,
        "B": FRIBIDI_TYPE_BS, "S": FRIBIDI_TYPE_SS, "WS": FRIBIDI_TYPE_WS, "ON": FRIBIDI_TYPE_ON,
        "LRE": FRIBIDI_TYPE_LRE, "RLE": FRIBIDI_TYPE_RLE, "LRO": FRIBIDI_TYPE_LRO, "RLO": FRIBIDI_TYPE_RLO,
        "PDF": FRIBIDI_TYPE_PDF, "LRI": FRIBIDI_TYPE_LRI, "RLI": FRIBIDI_TYPE_RLI, "FSI": FRIBIDI_TYPE_FSI,
        "PDI": FRIBIDI_TYPE_PDI,
    ]
    static let longNames: [String: String] = [
        "Left_To_Right": "L", "Right_To_Left": "R", "Arabic_Letter": "AL", "European_Number": "EN", "Arabic_Number": "AN",
        "European_Separator": "ES", "European_Terminator": "ET", "Common_Separator": "CS", "Nonspacing_Mark": "NSM",
        "Boundary_Neutral": "BN", "Paragraph_Separator": "B", "Segment_Separator": "S", "White_Space": "WS",
        "Other_Neutral": "ON",
    ]

    /// What one paragraph resolves to: its level, each character's level (nil where the test
    /// says "x": removed by rule X9), and the visual order of the characters not removed.
    struct Outcome: Equatable {
        var paragraphLevel: Int
        var levels: [Int?]
        var order: [Int]
    }

    /// Resolves and reorders one paragraph as one line, as the renderer does (`Bidi.resolve`,
    /// `Bidi.reorderLine`); `removed` are the positions the test leaves out.
    static func run(types: [FriBidiCharType], brackets: [FriBidiBracketType], base: BaseDirection, removed: [Bool]) -> Outcome {
        let p = Bidi.resolve(types: types, brackets: brackets, base: base)
        let line = Bidi.reorderLine(p, range: 0..<types.count)
        let levels = line.levels.enumerated().map { removed[$0.offset] ? nil : Int($0.element) }
        return Outcome(paragraphLevel: p.direction == .rightToLeft ? 1 : 0, levels: levels,
                       order: line.order.filter { !removed[$0] })
    }

    static func base(_ field: Substring) -> BaseDirection {
        switch field {
        case "0": return .forced(.leftToRight)
        case "1": return .forced(.rightToLeft)
        default: return .natural
        }
    }

    /// Unicode 15's Bidi_Class of every code point, and its paired brackets (FriBidi's form:
    /// the opening bracket's code point, with the top bit on the opening one).
    static func unicodeTables() -> (types: [UInt32: FriBidiCharType], brackets: [UInt32: FriBidiBracketType])? {
        guard let classes = TextFiles.lines(derivedBidiClass), let pairs = TextFiles.lines(bidiBrackets) else { return nil }
        var types: [UInt32: FriBidiCharType] = [:]
        func assign(_ range: Substring, _ name: String) {
            guard let t = Self.types[name] else { return }
            let ends = range.split(separator: ".").compactMap { UInt32($0.trimmingSpaces, radix: 16) }
            guard let lo = ends.first, let hi = ends.last, hi >= lo, hi - lo < 0x110000 else { return }
            for c in lo...hi { types[c] = t }
        }
        // The defaults for unassigned code points first (L everywhere is left implicit), then
        // the assigned ones.
        for line in classes where line.hasPrefix("# @missing:") {
            let f = line.dropFirst("# @missing:".count).split(separator: ";")
            guard f.count == 2, let short = longNames[String(f[1].trimmingSpaces)], short != "L" else { continue }
            assign(f[0], short)
        }
        for line in classes {
            let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let f = data.split(separator: ";")
            guard f.count == 2 else { continue }
            assign(f[0], String(f[1].trimmingSpaces))
        }
        var brackets: [UInt32: FriBidiBracketType] = [:]
        // The two brackets whose canonical equivalents FriBidi pairs by (UAX #9 BD16).
        let canonical: [UInt32: UInt32] = [0x2329: 0x3008, 0x232A: 0x3009]
        for line in pairs {
            let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let f = data.split(separator: ";").map(\.trimmingSpaces)
            guard f.count == 3, let c = UInt32(f[0], radix: 16), let other = UInt32(f[1], radix: 16) else { continue }
            if f[2] == "o" {
                brackets[c] = (canonical[c] ?? c) | 0x8000_0000
            } else {
                brackets[c] = canonical[other] ?? other
            }
        }
        return (types, brackets)
    }

    enum Verdict: Equatable {
        case pass
        /// Fails with FriBidi's tables, passes with Unicode 15's: why (the character).
        case olderTables(String)
        case fail
    }

    /// One BidiCharacterTest case: through FriBidi's tables as the renderer runs it; failing,
    /// again with Unicode 15's classes and brackets, to tell an old table from a wrong result.
    static func classify(_ scalars: [UInt32], base: BaseDirection, removed: [Bool], expected: Outcome,
                         unicode: (types: [UInt32: FriBidiCharType], brackets: [UInt32: FriBidiBracketType])) -> Verdict {
        var types = [FriBidiCharType](repeating: FRIBIDI_TYPE_ON, count: scalars.count)
        var brackets = [FriBidiBracketType](repeating: 0, count: scalars.count)
        fribidi_get_bidi_types(scalars, FriBidiStrIndex(scalars.count), &types)
        fribidi_get_bracket_types(scalars, FriBidiStrIndex(scalars.count), types, &brackets)
        if run(types: types, brackets: brackets, base: base, removed: removed) == expected { return .pass }
        let newTypes = scalars.map { unicode.types[$0] ?? FRIBIDI_TYPE_LTR }
        // As fribidi_get_bracket_types does: brackets pair only where the class is ON.
        let newBrackets = scalars.indices.map { newTypes[$0] == FRIBIDI_TYPE_ON ? unicode.brackets[scalars[$0]] ?? 0 : 0 }
        guard run(types: newTypes, brackets: newBrackets, base: base, removed: removed) == expected,
              let i = scalars.indices.first(where: { types[$0] != newTypes[$0] || brackets[$0] != newBrackets[$0] }) else {
            return .fail
        }
        let hex = "U+" + String(scalars[i], radix: 16, uppercase: true)
        let version = LineBreakProperty.unicodeVersion
        if types[i] != newTypes[i] {
            return .olderTables("\(hex) is \(String(cString: fribidi_get_bidi_type_name(types[i]))) in FriBidi's tables, "
                                + "\(String(cString: fribidi_get_bidi_type_name(newTypes[i]))) in Unicode \(version)")
        }
        return .olderTables("\(hex) is a paired bracket in Unicode \(version), not in FriBidi's tables")
    }

    /// The sorting itself, on a case FriBidi 1.0.8's Unicode 10 tables get wrong: U+10D00
    /// HANIFI ROHINGYA LETTER A (Unicode 11) is R there, AL in Unicode 15, so the digits after it
    /// are Arabic numbers that "+" no longer joins: "1", "+", "2" each reverse on their own.
    @Test func aCaseOnlyOlderTablesExplainIsCountedApart() throws {
        let unicode = try #require(Self.unicodeTables())
        let scalars: [UInt32] = [0x10D00, 0x31, 0x2B, 0x32]
        let expected = Outcome(paragraphLevel: 1, levels: [1, 2, 1, 2], order: [3, 2, 1, 0])
        let verdict = Self.classify(scalars, base: .forced(.rightToLeft), removed: [false, false, false, false], expected: expected,
                                    unicode: unicode)
        #expect(verdict == .olderTables("U+10D00 is RTL in FriBidi's tables, AL in Unicode \(LineBreakProperty.unicodeVersion)"), "\(verdict)")
        // A wrong expectation is a failure, not an old table.
        let wrong = Outcome(paragraphLevel: 1, levels: [1, 1, 1, 1], order: [0, 1, 2, 3])
        #expect(Self.classify(scalars, base: .forced(.rightToLeft), removed: [false, false, false, false], expected: wrong,
                              unicode: unicode) == .fail)
    }

    @Test(Tier.exhaustive) func bidiCharacterTestConformance() throws {
        guard let lines = TextFiles.lines(Self.characterTest) else {
            Issue.record("\(Self.characterTest) is missing: install Debian's unicode-data package (scripts/setup does)")
            return
        }
        let unicode = try #require(Self.unicodeTables(), "DerivedBidiClass.txt or BidiBrackets.txt is missing")
        var total = 0, passed = 0
        var tables: [String: Int] = [:]
        var failures: [String] = []
        for (number, line) in lines.enumerated() where !line.hasPrefix("#") && !line.isEmpty {
            let f = line.split(separator: ";", omittingEmptySubsequences: false)
            guard f.count == 5 else { continue }
            let scalars = f[0].split(separator: " ").compactMap { UInt32($0, radix: 16) }
            let levelFields = f[3].split(separator: " ")
            let expected = Outcome(paragraphLevel: Int(f[2]) ?? -1, levels: levelFields.map { Int($0) },
                                   order: f[4].split(separator: " ").compactMap { Int($0) })
            let removed = levelFields.map { $0 == "x" }
            guard scalars.count == removed.count else { continue }
            total += 1
            switch Self.classify(scalars, base: Self.base(f[1]), removed: removed, expected: expected, unicode: unicode) {
            case .pass: passed += 1
            case .olderTables(let why): tables[why, default: 0] += 1
            case .fail: failures.append("line \(number + 1): \(line)")
            }
        }
        let apart = tables.values.reduce(0, +)
        print("BidiCharacterTest.txt (Unicode \(LineBreakProperty.unicodeVersion), FriBidi \(FRIBIDI_UNICODE_VERSION) tables): "
              + "\(passed) of \(total) cases pass, \(apart) fail only by FriBidi's older tables, \(failures.count) fail")
        for (why, count) in tables.sorted(by: { $0.key < $1.key }) { print("  older tables: \(count) cases: \(why)") }
        for f in failures.prefix(20) { print("  FAIL \(f)") }
        #expect(total > 90_000, "parsed only \(total) cases")
        #expect(failures.isEmpty, "\(failures.count) BidiCharacterTest cases fail; the first: \(failures.first ?? "")")
    }

    @Test(Tier.exhaustive) func bidiTestConformance() throws {
        guard let lines = TextFiles.lines(Self.classTest) else {
            Issue.record("\(Self.classTest) is missing: install Debian's unicode-data package (scripts/setup does)")
            return
        }
        var levels: [Int?] = [], order: [Int] = []
        var total = 0, passed = 0
        var failures: [String] = []
        for (number, line) in lines.enumerated() where !line.hasPrefix("#") && !line.isEmpty {
            if line.hasPrefix("@Levels:") {
                levels = line.dropFirst("@Levels:".count).split(whereSeparator: { $0 == " " || $0 == "\t" }).map { Int($0) }
                continue
            }
            if line.hasPrefix("@Reorder:") {
                order = line.dropFirst("@Reorder:".count).split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Int($0) }
                continue
            }
            let f = line.split(separator: ";")
            guard f.count == 2, let bits = Int(f[1].trimmingSpaces) else { continue }
            let types = f[0].split(separator: " ").compactMap { Self.types[String($0)] }
            guard types.count == levels.count else { continue }
            let removed = levels.map { $0 == nil }
            let brackets = [FriBidiBracketType](repeating: 0, count: types.count)
            for (bit, base) in [(1, BaseDirection.natural), (2, .forced(.leftToRight)), (4, .forced(.rightToLeft))] where bits & bit != 0 {
                total += 1
                let got = Self.run(types: types, brackets: brackets, base: base, removed: removed)
                if got.levels == levels && got.order == order {
                    passed += 1
                } else {
                    failures.append("line \(number + 1) (paragraph \(bit == 1 ? "auto" : bit == 2 ? "LTR" : "RTL")): \(f[0]) → levels \(got.levels.map { $0.map(String.init) ?? "x" }.joined(separator: " ")), order \(got.order)")
                }
            }
        }
        print("BidiTest.txt (Unicode \(LineBreakProperty.unicodeVersion)): \(passed) of \(total) cases pass")
        for f in failures.prefix(20) { print("  FAIL \(f)") }
        #expect(total > 400_000, "parsed only \(total) cases")
        #expect(failures.isEmpty, "\(failures.count) BidiTest cases fail; the first: \(failures.first ?? "")")
    }
}

private extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
        return s
    }
}
