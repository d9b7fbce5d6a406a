@testable import Locales
import TestSupport
import Testing

/// CLDR's cardinal plural rules as generated into `CLDRData.swift`: the table of the issue, and
/// every sample number CLDR lists beside each rule of our fifteen languages (Debian's
/// `unicode-cldr-core`, which `scripts/setup` installs) giving the category it is listed under.
@Suite struct PluralRulesTests {
    static let plurals = "/usr/share/unicode/cldr/common/supplemental/plurals.xml"

    @Test func arabicHasSixForms() {
        let got = [0, 1, 2, 3, 11, 100].map { Language.ar.pluralCategory($0) }
        #expect(got == [.zero, .one, .two, .few, .many, .other])
        #expect([4, 10, 103, 110].map { Language.ar.pluralCategory($0) } == [.few, .few, .few, .few])
        #expect([12, 99, 111, 1011].map { Language.ar.pluralCategory($0) } == [.many, .many, .many, .many])
        #expect([101, 102, 200, 1000].map { Language.ar.pluralCategory($0) } == [.other, .other, .other, .other])
        #expect(Language.ar.pluralCategories == [.zero, .one, .two, .few, .many, .other])
    }

    @Test(arguments: [
        (Language.en, [0: PluralCategory.other, 1: .one, 2: .other, 21: .other]),
        (.de, [0: .other, 1: .one, 2: .other]),
        (.nl, [1: .one, 5: .other]),
        // French and Portuguese count 0 with 1; round millions take "de".
        (.fr, [0: .one, 1: .one, 2: .other, 1_000_000: .many, 2_000_000: .many, 1_000_001: .other]),
        (.pt, [0: .one, 1: .one, 2: .other, 1_000_000: .many]),
        (.es, [0: .other, 1: .one, 2: .other, 1_000_000: .many]),
        (.it, [0: .other, 1: .one, 3_000_000: .many]),
        // Hebrew (CLDR 41): a round ten above ten is "many".
        (.he, [0: .other, 1: .one, 2: .two, 3: .other, 10: .other, 20: .many, 30: .many, 101: .other]),
        (.hi, [0: .one, 1: .one, 2: .other]),
        (.ja, [0: .other, 1: .other, 7: .other]), (.ko, [1: .other]), (.zhHans, [1: .other]), (.zhHant, [1: .other]),
        (.th, [1: .other]),
    ])
    func categories(language: Language, expected: [Int: PluralCategory]) {
        for (n, category) in expected {
            #expect(language.pluralCategory(n) == category, "\(language) \(n)")
            #expect(language.pluralCategories.contains(category))
        }
        #expect(language.pluralCategories.last == .other)
    }

    @Test func operandsFromDecimals() throws {
        let a = try #require(PluralOperands(decimal: "1.50"))
        #expect((a.n, a.i, a.v, a.w) == (1.5, 1, 2, 1) && (a.f, a.t, a.e) == (50, 5, 0))
        let b = try #require(PluralOperands(decimal: "1.0000001c6"))
        #expect((b.n, b.i, b.v, b.f, b.e) == (1_000_000.1, 1_000_000, 1, 1, 6))
        let c = try #require(PluralOperands(decimal: "2c3"))
        #expect((c.n, c.i, c.v, c.e) == (2000, 2000, 0, 3))
        #expect(PluralOperands(decimal: "1.") == nil && PluralOperands(decimal: "x") == nil && PluralOperands(decimal: "") == nil)
        // Fractions are never "one" in English ("1.0 points").
        #expect(Language.en.pluralCategory(try #require(PluralOperands(decimal: "1.0"))) == .other)
        #expect(Language.es.pluralCategory(try #require(PluralOperands(decimal: "1.0"))) == .one)
    }

    /// Each rule's @integer and @decimal samples, for the plurals.xml entry of each language.
    @Test func everyCLDRSampleHasItsCategory() throws {
        guard let lines = TextFiles.lines(Self.plurals) else {
            Issue.record("\(Self.plurals) is missing: install Debian's unicode-cldr-core (scripts/setup does)")
            return
        }
        let ids: [Language: String] = [.en: "en", .ja: "ja", .de: "de", .fr: "fr", .es: "es", .pt: "pt", .it: "it", .nl: "nl",
                                       .ko: "ko", .zhHans: "zh", .zhHant: "zh", .ar: "ar", .he: "he", .th: "th", .hi: "hi"]
        var locales: [String] = []
        var inCardinal = false
        var checked = 0
        var failures: [String] = []
        for line in lines {
            if line.contains("<plurals type=") { inCardinal = line.contains("\"cardinal\"") }
            guard inCardinal else { continue }
            if let r = line.firstRange(of: "locales=\"") {
                locales = line[r.upperBound...].prefix { $0 != "\"" }.split(separator: " ").map(String.init)
            }
            guard let open = line.firstRange(of: "<pluralRule count=\""), let close = line.firstRange(of: "</pluralRule>") else { continue }
            let count = String(line[open.upperBound...].prefix { $0 != "\"" })
            guard let category = PluralCategory(rawValue: count) else { continue }
            let body = line[line.index(after: line[open.upperBound...].firstIndex(of: ">")!)..<close.lowerBound]
            let samples = Self.samples(String(body))
            for language in Language.allCases where locales.contains(ids[language] ?? "") {
                for sample in samples {
                    guard let o = PluralOperands(decimal: sample) else {
                        failures.append("\(language): cannot read sample \(sample)")
                        continue
                    }
                    checked += 1
                    let got = language.pluralCategory(o)
                    if got != category { failures.append("\(language) \(sample): \(got), CLDR lists it under \(category)") }
                }
            }
        }
        print("plurals.xml samples: \(checked) checked for \(Language.allCases.count) languages (CLDR \(CLDR.version)), \(failures.count) wrong")
        #expect(checked > 500, "only \(checked) samples found")
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    /// "@integer 0, 2~16, 100, … @decimal 0.0~1.5, 1c6" as the numbers it lists, ranges
    /// stepped by their last digit.
    static func samples(_ rule: String) -> [String] {
        var out: [String] = []
        for part in rule.split(separator: "@").dropFirst() {
            for item in part.split(separator: " ", maxSplits: 1).dropFirst().joined().split(separator: ",") {
                let s = item.trimmingSpaces
                guard !s.isEmpty, s != "…" else { continue }
                let ends = s.split(separator: "~").map(String.init)
                guard ends.count == 2 else { out.append(s); continue }
                let places = ends[0].split(separator: ".").dropFirst().first?.count ?? 0
                func scaled(_ x: String) -> Int { Int(x.filter { $0 != "." }) ?? 0 }
                for v in scaled(ends[0])...scaled(ends[1]) {
                    var digits = String(v)
                    if places > 0 {
                        digits = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
                        digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -places))
                    }
                    out.append(digits)
                }
            }
        }
        return out
    }
}

extension Substring {
    var trimmingSpaces: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}
