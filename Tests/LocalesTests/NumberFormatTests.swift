@testable import Locales
import Testing

/// Numbers as CLDR writes them in each room: grouping (Indian 3;2, Spanish's minimum of two
/// digits above the group), the group and percent spacing, the numbering system.
@Suite struct NumberFormatTests {
    static func numbers(_ tag: String) throws -> RoomNumbers { try #require(RoomLocale(tag: tag)).numbers }

    @Test func grouping() throws {
        #expect(try Self.numbers("en").integer(1_234_567) == "1,234,567")
        #expect(try Self.numbers("de").integer(1_234_567) == "1.234.567")
        // French groups with NARROW NO-BREAK SPACE (CLDR since 34).
        #expect(try Self.numbers("fr").integer(1_234_567) == "1\u{202F}234\u{202F}567")
        #expect(try Self.numbers("hi").integer(1_234_567) == "12,34,567")
        #expect(try Self.numbers("en-IN").integer(123_456_789) == "12,34,56,789")
        #expect(try Self.numbers("ja").integer(1_250) == "1,250")
        #expect(try Self.numbers("en").integer(999) == "999")
        // Spanish groups from five digits on.
        #expect(try Self.numbers("es").integer(1234) == "1234")
        #expect(try Self.numbers("es").integer(12345) == "12.345")
        #expect(try Self.numbers("de-CH").integer(1234) == "1’234")
    }

    @Test func arabicDigits() throws {
        let ar = try Self.numbers("ar")
        #expect(ar.numberingSystem == "arab")
        #expect(ar.integer(1_234_567) == "١٬٢٣٤٬٥٦٧")
        #expect(ar.digits("12:05") == "١٢:٠٥")
        // The Maghreb and the Emirates write Latin digits (CLDR's ar_MA, ar_AE); a tag may ask.
        #expect(try Self.numbers("ar-MA").integer(1234) == "1.234")
        #expect(try Self.numbers("ar-AE").numberingSystem == "latn")
        #expect(try Self.numbers("ar-u-nu-latn").integer(1234) == "1,234")
        #expect(try Self.numbers("hi-u-nu-native").integer(1234) == "१,२३४")
        #expect(try Self.numbers("th-u-nu-thai").integer(42) == "๔๒")
        // An unknown system falls back to the default.
        #expect(try Self.numbers("ar-u-nu-xyzzy").numberingSystem == "arab")
    }

    @Test func percentages() throws {
        #expect(try Self.numbers("en").percent(12) == "12%")
        #expect(try Self.numbers("ja").percent(12) == "12%")
        #expect(try Self.numbers("de").percent(12) == "12\u{00A0}%")
        #expect(try Self.numbers("fr").percent(12) == "12\u{00A0}%")
        #expect(try Self.numbers("es").percent(100) == "100\u{00A0}%")
        #expect(try Self.numbers("ar").percent(12) == "١٢٪\u{061C}")
        #expect(try Self.numbers("he").percent(12) == "12%")
        #expect(try Self.numbers("hi").percent(100) == "100%")
    }

    @Test func signsAndDecimals() throws {
        let en = try Self.numbers("en"), de = try Self.numbers("de")
        #expect(en.integer(-12345) == "\u{2212}12,345", "the real minus sign")
        #expect(try Self.numbers("he").integer(-5) == "\u{200E}\u{2212}5", "with its left-to-right mark")
        #expect(en.integer(Int.min) == "\u{2212}9,223,372,036,854,775,808")
        #expect(en.decimal(3.5) == "3.5" && de.decimal(3.5) == "3,5")
        #expect(en.decimal(1234.5678, fractionDigits: 2) == "1,234.57")
        #expect(en.decimal(2, fractionDigits: 2) == "2" && en.decimal(-0.001, fractionDigits: 2) == "0")
        #expect(en.decimal(.nan) == "0")
        #expect(try Self.numbers("ar").decimal(0.25) == "٠٫٢٥")
    }
}
