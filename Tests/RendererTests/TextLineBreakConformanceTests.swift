@testable import Renderer
import TestSupport
import Testing

/// Runs the Unicode Consortium's line breaking test data (Debian's `unicode-data` package,
/// which `scripts/setup` installs) through `LineBreaker` and prints how many cases pass.
@Suite struct TextLineBreakConformanceTests {
    static let path = "/usr/share/unicode/auxiliary/LineBreakTest.txt"

    /// Cases where our breaking deliberately differs from the default algorithm, each with the
    /// reason; exactly these are excluded from the assertion (and printed).
    static let tailored: [(sequence: String, reason: String)] = []

    struct Case {
        var line: Int
        var sequence: String
        var scalars: [Unicode.Scalar]
        /// Whether a break is allowed before scalars[i], for i in 1..<count.
        var expected: [Bool]
    }

    static func parse(_ lines: [String]) -> [Case] {
        var cases: [Case] = []
        for (number, raw) in lines.enumerated() {
            let data = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let tokens = data.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard tokens.count >= 3 else { continue }
            var scalars: [Unicode.Scalar] = []
            var marks: [Bool] = []
            for (k, t) in tokens.enumerated() {
                if k % 2 == 0 {
                    marks.append(t == "÷")
                } else if let v = UInt32(t, radix: 16), let s = Unicode.Scalar(v) {
                    scalars.append(s)
                }
            }
            guard marks.count == scalars.count + 1 else { continue }
            let sequence = tokens.enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }.joined(separator: " ")
            cases.append(Case(line: number + 1, sequence: sequence, scalars: scalars,
                              expected: Array(marks[1..<scalars.count])))
        }
        return cases
    }

    @Test func lineBreakTestConformance() throws {
        guard let lines = TextFiles.lines(Self.path) else {
            Issue.record("\(Self.path) is missing: install Debian's unicode-data package (scripts/setup does)")
            return
        }
        let cases = Self.parse(lines)
        #expect(cases.count > 7000, "parsed only \(cases.count) cases")
        let breaker = LineBreaker()
        var passed = 0
        var failures: [String] = []
        var tailoredSeen = 0
        for c in cases {
            let actions = breaker.breaks(c.scalars)
            let got = (1..<c.scalars.count).map { actions[$0] != .prohibited }
            if got == c.expected {
                passed += 1
                continue
            }
            if let t = Self.tailored.first(where: { $0.sequence == c.sequence }) {
                tailoredSeen += 1
                print("LineBreakTest line \(c.line) [\(c.sequence)]: tailored on purpose: \(t.reason)")
                continue
            }
            let show = zip(c.scalars.dropFirst(), got).map { ($0.1 ? "÷ " : "× ") + String($0.0.value, radix: 16, uppercase: true) }
            failures.append("line \(c.line): \(String(c.scalars[0].value, radix: 16, uppercase: true)) \(show.joined(separator: " ")) — expected \(lines[c.line - 1])")
        }
        print("LineBreakTest.txt (Unicode \(LineBreakProperty.unicodeVersion)): \(passed) of \(cases.count) cases pass"
              + (Self.tailored.isEmpty ? ", none tailored" : ", \(tailoredSeen) differ by the tailoring listed above"))
        for f in failures.prefix(20) { print("  FAIL \(f)") }
        #expect(failures.isEmpty, "\(failures.count) LineBreakTest cases fail; the first: \(failures.first ?? "")")
        #expect(tailoredSeen == Self.tailored.count, "a tailored case no longer differs: remove it from the list")
    }
}
