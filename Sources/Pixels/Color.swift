import Glibc

/// An opaque sRGB colour. Pixels are stored as XRGB8888 (`0xFFRRGGBB` in a little-endian
/// `UInt32`, bytes B, G, R, X in memory): the layout DRM scans out, so a frame can be drawn
/// straight into a mapped buffer.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// `0xRRGGBB`.
    public init(hex: UInt32) {
        self.init(r: UInt8((hex >> 16) & 0xFF), g: UInt8((hex >> 8) & 0xFF), b: UInt8(hex & 0xFF))
    }

    /// X is always written as 0xFF so a frame saved with its padding byte reads as opaque.
    @inline(__always) public var pixel: UInt32 {
        0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    }

    @inline(__always) public init(pixel: UInt32) {
        self.init(r: UInt8(truncatingIfNeeded: pixel >> 16), g: UInt8(truncatingIfNeeded: pixel >> 8),
                  b: UInt8(truncatingIfNeeded: pixel))
    }

    public var description: String {
        let v = UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        let hex = String(v, radix: 16)
        return "#" + String(repeating: "0", count: 6 - hex.count) + hex
    }

    /// Mixes toward `other` by `t` in 0...1 (for dimmed and tinted variants of a palette colour).
    public func mixed(with other: Color, _ t: Double) -> Color {
        func m(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8((Double(a) + (Double(b) - Double(a)) * min(max(t, 0), 1)).rounded())
        }
        return Color(r: m(r, other.r), g: m(g, other.g), b: m(b, other.b))
    }

    /// WCAG 2.x relative luminance.
    public var relativeLuminance: Double {
        func channel(_ c: UInt8) -> Double {
            let v = Double(c) / 255
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    }

    /// WCAG 2.x contrast ratio, 1...21.
    public func contrast(with other: Color) -> Double {
        let a = relativeLuminance, b = other.relativeLuminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    public static let black = Color(hex: 0x000000)
    public static let white = Color(hex: 0xFFFFFF)
}

/// Blends `color` over the pixel `dst` with coverage `alpha` (0...255), exactly and
/// deterministically in integers so golden images do not depend on float rounding.
@inline(__always)
func blend(_ dst: UInt32, _ color: UInt32, _ alpha: UInt32) -> UInt32 {
    if alpha >= 255 { return color }
    if alpha == 0 { return dst }
    let inv = 255 - alpha
    // Red and blue together, then green: two multiplies instead of three.
    let rbD = dst & 0x00FF_00FF, gD = (dst >> 8) & 0xFF
    let rbC = color & 0x00FF_00FF, gC = (color >> 8) & 0xFF
    var rb = rbC &* alpha &+ rbD &* inv &+ 0x0080_0080
    rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    var g = gC &* alpha &+ gD &* inv &+ 0x80
    g = ((g &+ (g >> 8)) >> 8) & 0xFF
    return 0xFF00_0000 | rb | (g << 8)
}
