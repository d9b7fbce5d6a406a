import Testing
import Web

@Suite struct UTF8ValidatorTests {
    @Test(arguments: [
        ([0x41], true, "ASCII"),
        ([0xC3, 0xA9], true, "é"),
        ([0xE3, 0x81, 0x82], true, "あ"),
        ([0xF0, 0x9F, 0x8E, 0x89], true, "🎉"),
        ([0xF4, 0x8F, 0xBF, 0xBF], true, "U+10FFFF"),
        ([0xED, 0x9F, 0xBF], true, "U+D7FF"),
        ([0xEE, 0x80, 0x80], true, "U+E000"),
        ([0x80], false, "a lone continuation"),
        ([0xC0, 0x80], false, "overlong NUL"),
        ([0xC1, 0xBF], false, "overlong 2-byte"),
        ([0xE0, 0x80, 0x80], false, "overlong 3-byte"),
        ([0xE0, 0x9F, 0xBF], false, "overlong 3-byte, top"),
        ([0xF0, 0x8F, 0xBF, 0xBF], false, "overlong 4-byte"),
        ([0xED, 0xA0, 0x80], false, "a surrogate"),
        ([0xED, 0xBF, 0xBF], false, "the last surrogate"),
        ([0xF4, 0x90, 0x80, 0x80], false, "above U+10FFFF"),
        ([0xF5, 0x80, 0x80, 0x80], false, "F5"),
        ([0xFF], false, "FF"),
        ([0xC3], false, "cut 2-byte"),
        ([0xE3, 0x81], false, "cut 3-byte"),
        ([0xC3, 0x41], false, "a lead then ASCII"),
        ([0x41, 0x41, 0x41, 0x41, 0x41, 0x41, 0x41, 0x41, 0x41, 0xC3], false, "cut after an ASCII run"),
    ] as [([UInt8], Bool, String)])
    func theTable(_ bytes: [UInt8], _ valid: Bool, _ what: String) {
        #expect(UTF8Validator.isValid(bytes) == valid, "\(what)")
    }

    /// Against the standard library's own validation: many byte strings rich in lead and
    /// continuation bytes, each fed in random pieces.
    @Test func agreesWithTheStandardLibraryInAnyPieces() {
        var x: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17
            return x
        }
        let interesting: [UInt8] = [0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEF, 0xF0, 0xF3, 0xF4, 0xF5, 0xFF]
        var disagreements = 0, valid = 0
        for _ in 0..<20000 {
            let count = Int(next() % 24)
            let bytes = (0..<count).map { _ in next() % 3 == 0 ? UInt8(truncatingIfNeeded: next()) : interesting[Int(next() % UInt64(interesting.count))] }
            let expected = String(validating: bytes, as: UTF8.self) != nil
            if expected { valid += 1 }
            var v = UTF8Validator()
            var ok = true
            var i = 0
            while i < bytes.count && ok {
                let k = 1 + Int(next() % 9)
                ok = v.feed(Array(bytes[i..<min(bytes.count, i + k)]))
                i += k
            }
            if (ok && v.isComplete) != expected { disagreements += 1 }
        }
        #expect(disagreements == 0)
        #expect(valid > 1000, "the sample has valid strings too: \(valid)")
    }
}
