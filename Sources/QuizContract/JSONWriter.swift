/// Compact JSON output, one value at a time; commas are placed by the writer. A class: the
/// nested closures that write objects and arrays all append to the one buffer.
public final class JSONWriter {
    public private(set) var bytes: [UInt8] = []
    private var needsComma = false

    public init() {}

    private func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
    }

    public func object(_ body: () -> Void) {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
        body()
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    public func array<T>(_ items: [T], _ each: (T) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
        for item in items { each(item) }
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// An object key; the value written next belongs to it.
    public func key(_ k: String) {
        string(k)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public func member(_ k: String, _ v: String) { key(k); string(v) }
    public func member(_ k: String, _ v: Int) { key(k); int(v) }
    public func member(_ k: String, _ v: Bool) { key(k); raw(v ? "true" : "false") }

    public func int(_ v: Int) { raw(String(v)) }

    public func number(_ v: Double) {
        guard v.isFinite else { return raw("null") }
        if v == v.rounded(), abs(v) < 1e15 { return raw(String(Int(v))) }
        raw(String(v))
    }

    public func null() { raw("null") }

    func raw(_ text: String) {
        separate()
        bytes.append(contentsOf: text.utf8)
    }

    public func string(_ s: String) {
        separate()
        Self.appendQuoted(s, to: &bytes)
    }

    /// `s` as a JSON string literal: quote, backslash and control characters escaped (RFC 8259).
    public static func quoted(_ s: String) -> String {
        var out: [UInt8] = []
        appendQuoted(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func appendQuoted(_ s: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 15)]])
            default: bytes.append(b)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
