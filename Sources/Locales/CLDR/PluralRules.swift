/// CLDR's plural categories (TR35, "Language Plural Rules"): which form of a counted phrase a
/// number takes. English has one and other ("1 player", "2 players"); Arabic all six.
public enum PluralCategory: String, CaseIterable, Sendable {
    case zero, one, two, few, many, other
}

/// The operands a plural rule tests, from a number as it is written: `n` its absolute value,
/// `i` the integer digits, `v` / `w` the count of visible fraction digits with / without
/// trailing zeros, `f` / `t` those digits as a number with / without trailing zeros, `e` the
/// compact decimal exponent ("1.2c6" is 1,200,000 with e = 6). Doubles, so that `n` keeps a
/// fraction and `%` works the same on every operand.
public struct PluralOperands: Equatable, Sendable {
    public let n: Double
    public let i: Double
    public let v: Double
    public let w: Double
    public let f: Double
    public let t: Double
    public let e: Double

    /// A whole number (a count): no fraction digits.
    public init(_ value: Int) {
        n = Double(value.magnitude)
        i = n
        v = 0
        w = 0
        f = 0
        t = 0
        e = 0
    }

    /// A number as written in CLDR's samples and in TR35: "1", "1.50", "-3", "1c6", "1.0000001c6"
    /// (the digits after "c" or "e" are the compact exponent). Nil for anything else.
    public init?(decimal text: String) {
        var s = Substring(text)
        if s.first == "-" { s = s.dropFirst() }
        var exponent = 0
        if let c = s.firstIndex(where: { $0 == "c" || $0 == "e" }) {
            guard let x = Int(s[s.index(after: c)...]), x >= 0, x < 16 else { return nil }
            exponent = x
            s = s[..<c]
        }
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty }),
              parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }) else { return nil }
        // The exponent moves the decimal point to the right.
        var integer = String(parts[0]), fraction = parts.count == 2 ? String(parts[1]) : ""
        let moved = min(exponent, fraction.count)
        integer += fraction.prefix(moved) + String(repeating: "0", count: exponent - moved)
        fraction = String(fraction.dropFirst(moved))
        let trimmed = String(fraction.reversed().drop { $0 == "0" }.reversed())
        guard let iv = Double(integer) else { return nil }
        i = iv
        v = Double(fraction.count)
        w = Double(trimmed.count)
        f = Double(fraction) ?? 0
        t = Double(trimmed) ?? 0
        n = iv + (fraction.isEmpty ? 0 : (Double("0." + fraction) ?? 0))
        e = Double(exponent)
    }
}

extension Double {
    /// TR35's `x = a..b, c`: true when the value is a whole number inside one of the ranges
    /// (2.5 is not in 2..3).
    func isIn(_ ranges: ClosedRange<Double>...) -> Bool {
        self == rounded(.towardZero) && ranges.contains { $0.contains(self) }
    }

    /// TR35's `x % m` (keeps a fraction: 1.5 % 10 is 1.5).
    func mod(_ m: Double) -> Double { truncatingRemainder(dividingBy: m) }
}

extension Language {
    /// The plural category of a count ("1 player" is `.one` in English; 11 is `.many` in Arabic).
    public func pluralCategory(_ count: Int) -> PluralCategory { CLDR.pluralCategory(self, PluralOperands(count)) }

    public func pluralCategory(_ operands: PluralOperands) -> PluralCategory { CLDR.pluralCategory(self, operands) }

    /// The categories the language's counted phrases need a form for, `other` last.
    public var pluralCategories: [PluralCategory] { CLDR.pluralCategories(self) }
}
