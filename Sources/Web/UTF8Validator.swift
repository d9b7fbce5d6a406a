/// UTF-8 checked as it arrives, in any pieces (RFC 3629: shortest forms only, no surrogates,
/// nothing above U+10FFFF): a text message's fragments are checked as they come, and one
/// invalid byte fails at once, not at the end of a 4 KiB message.
public struct UTF8Validator: Sendable {
    /// Continuation bytes still expected for the current character.
    private var remaining: UInt8 = 0
    /// The range the next continuation byte must be in (narrower after E0, ED, F0, F4).
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    public init() {}

    /// Whether every byte so far ends a complete character.
    public var isComplete: Bool { remaining == 0 }

    /// Checks `bytes`; false at the first byte that cannot be UTF-8 (the state is then
    /// meaningless: the caller fails the message).
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var i = 0
        let n = bytes.count
        while i < n {
            if remaining == 0 {
                // Runs of ASCII, 8 bytes at a time: most of a quiz's JSON.
                while i + 8 <= n, bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
                guard i < n else { return true }
            }
            let b = bytes[i]
            i += 1
            if remaining > 0 {
                guard b >= lower && b <= upper else { return false }
                remaining -= 1
                lower = 0x80
                upper = 0xBF
                continue
            }
            switch b {
            case 0x00...0x7F: continue
            case 0xC2...0xDF: remaining = 1
            case 0xE0: remaining = 2; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: remaining = 2
            case 0xED: remaining = 2; upper = 0x9F  // no surrogates
            case 0xF0: remaining = 3; lower = 0x90
            case 0xF1...0xF3: remaining = 3
            case 0xF4: remaining = 3; upper = 0x8F  // nothing above U+10FFFF
            default: return false  // continuation without a lead, C0/C1 overlongs, F5…FF
            }
        }
        return true
    }

    public mutating func feed(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBytes { feed($0) } }

    public static func isValid(_ bytes: [UInt8]) -> Bool {
        var v = UTF8Validator()
        return v.feed(bytes) && v.isComplete
    }
}
