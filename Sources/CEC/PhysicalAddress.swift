/// Where a device sits in the HDMI tree, as four nibbles a.b.c.d (HDMI 1.4b §8.7): the TV is
/// 0.0.0.0, a box in its HDMI 2 input 2.0.0.0, one behind an AV receiver in that input
/// 2.1.0.0. A source learns its own from the EDID of the display it is plugged into (the HDMI
/// vendor block's CEC address); f.f.f.f while there is none (nothing connected, or a TV in
/// standby holding hot-plug detect low).
public struct PhysicalAddress: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt16

    public static let invalid = PhysicalAddress(rawValue: 0xFFFF)
    /// The root of the tree: the TV itself.
    public static let root = PhysicalAddress(rawValue: 0)

    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// `a.b.c.d`, each a hex digit (`1.0.0.0`, `f.f.f.f`); nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var v: UInt16 = 0
        for p in parts {
            guard p.count == 1, let n = UInt16(p, radix: 16) else { return nil }
            v = v << 4 | n
        }
        rawValue = v
    }

    /// The two operand bytes as messages carry them (high byte first).
    public init(_ high: UInt8, _ low: UInt8) { rawValue = UInt16(high) << 8 | UInt16(low) }

    public var bytes: [UInt8] { [UInt8(rawValue >> 8), UInt8(rawValue & 0xFF)] }

    /// f.f.f.f: no address (HPD low, nothing connected).
    public var isValid: Bool { self != .invalid }

    public var description: String {
        (0..<4).map { String((rawValue >> UInt16(12 - 4 * $0)) & 0xF, radix: 16) }.joined(separator: ".")
    }
}
