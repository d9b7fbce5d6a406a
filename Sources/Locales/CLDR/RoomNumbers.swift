/// A number pattern's positive part as CLDR writes it ("#,##,##0.###", "#,##0 %"): what
/// stands before and after the digits (the percent sign already the locale's symbol, with its
/// spacing), the grouping sizes (3 and 3; Indian 3 then 2) and the most fraction digits.
struct NumberPattern: Equatable, Sendable {
    let prefix: String
    let suffix: String
    let primaryGroup: Int
    let secondaryGroup: Int
    let maxFraction: Int
}

/// One numbering system of a locale: its ten digits and its symbols.
struct NumberSystemData: Equatable, Sendable {
    let id: String
    /// "0123456789", "٠١٢٣٤٥٦٧٨٩", …
    let digits: String
    let decimalSeparator: String
    let groupSeparator: String
    let percentSign: String
    let minusSign: String
    let plusSign: String
    let decimalPattern: NumberPattern
    let percentPattern: NumberPattern
}

/// A locale's numbers: its default numbering system, its native one (the digits of its
/// script), the systems' data, and how many digits a number needs above the first group
/// before it is grouped at all (Spanish: 2, so 1234 but 12.345).
struct LocaleNumbers: Equatable, Sendable {
    let defaultSystem: String
    let nativeSystem: String
    let minimumGroupingDigits: Int
    let systems: [NumberSystemData]
}

/// Numbers as the room reads them, by CLDR: "1,234,567" (en), "1.234.567" (de), "1 234 567"
/// with narrow no-break spaces (fr), "12,34,567" (hi), "١٬٢٣٤٬٥٦٧" (ar); "12%", "12 %" (de),
/// "12 %" with a no-break space (fr), "١٢٪؜" (ar).
///
/// The numbering system is the locale's default in CLDR (Arabic: Arabic-Indic digits, the
/// Maghreb and the Emirates: Latin digits — what the room's phones show), or the tag's
/// `-u-nu-` keyword: "ar-u-nu-latn" for a venue that wants Latin digits, "hi-u-nu-deva" for
/// Devanagari ones (`native` and `latn` are kept for every language).
public struct RoomNumbers: Equatable, Sendable {
    let system: NumberSystemData
    let minimumGroupingDigits: Int

    /// The numbering system's CLDR id ("latn", "arab", "deva").
    public var numberingSystem: String { system.id }

    public init(_ locale: RoomLocale) {
        let data = CLDR.numbers(locale.language, region: locale.region)
        let wanted = locale.numberingSystem.map { $0 == "native" ? data.nativeSystem : $0 } ?? data.defaultSystem
        system = data.systems.first { $0.id == wanted } ?? data.systems.first { $0.id == data.defaultSystem } ?? data.systems[0]
        minimumGroupingDigits = data.minimumGroupingDigits
    }

    /// A whole number, grouped ("12,840"); a negative one with the locale's minus sign.
    public func integer(_ n: Int) -> String {
        sign(n) + written(n.magnitude, system.decimalPattern)
    }

    /// A whole percentage ("12%", "12 %").
    public func percent(_ n: Int) -> String {
        let p = system.percentPattern
        return sign(n) + p.prefix + written(n.magnitude, p) + p.suffix
    }

    /// A number with at most `fractionDigits` digits after the separator (trailing zeros
    /// dropped, halves rounded to even as CLDR's formatters do): "3.5", "3,5".
    public func decimal(_ x: Double, fractionDigits: Int = 3) -> String {
        let places = max(0, min(fractionDigits, 9))
        let scale = (0..<places).reduce(1.0) { r, _ in r * 10 }
        guard x.isFinite, (x.magnitude * scale).rounded() < 9e15 else { return written(0, system.decimalPattern) }
        let scaled = UInt((x.magnitude * scale).rounded(.toNearestOrEven))
        let whole = scaled / UInt(scale), frac = scaled % UInt(scale)
        var fraction = Array(String(frac))
        fraction = Array(repeating: "0", count: max(0, places - fraction.count)) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        let tail = fraction.isEmpty ? "" : system.decimalSeparator + String(fraction.map(digit))
        return (x < 0 && scaled > 0 ? minus : "") + written(whole, system.decimalPattern) + tail
    }

    /// The ASCII digits in `text` written in this system's digits: for numbers composed
    /// elsewhere (the countdown's "12:05").
    public func digits(_ text: String) -> String {
        system.id == "latn" ? text : String(text.map(digit))
    }

    /// The minus sign as drawn: CLDR writes HYPHEN-MINUS for plain text; on a screen the real
    /// MINUS SIGN (U+2212) is what a typesetter sets, as wide as the plus (any bidi mark
    /// around it is kept).
    var minus: String { String(system.minusSign.map { $0 == "-" ? "\u{2212}" : $0 }) }

    private func sign(_ n: Int) -> String { n < 0 ? minus : "" }

    private func digit(_ c: Character) -> Character {
        guard let a = c.asciiValue, (48...57).contains(a) else { return c }
        let table = Array(system.digits)
        return table.count == 10 ? table[Int(a) - 48] : c
    }

    /// The digits of `magnitude` in this system, grouped as the pattern says: a separator
    /// where the primary group (from the right) ends and after every secondary group, when the
    /// number has at least `minimumGroupingDigits` digits above its first group.
    private func written(_ magnitude: UInt, _ p: NumberPattern) -> String {
        let ascii = Array(String(magnitude))
        let grouping = p.primaryGroup > 0 && ascii.count >= p.primaryGroup + minimumGroupingDigits
        let secondary = p.secondaryGroup > 0 ? p.secondaryGroup : p.primaryGroup
        var out = ""
        for (index, c) in ascii.enumerated() {
            let right = ascii.count - index
            if grouping, index > 0, right >= p.primaryGroup, (right - p.primaryGroup) % secondary == 0 {
                out += system.groupSeparator
            }
            out.append(digit(c))
        }
        return out
    }
}
