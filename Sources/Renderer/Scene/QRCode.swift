import CQRencode
import Pixels

/// A QR code symbol: a square of dark and light modules, encoded by libqrencode at error
/// correction level M (15% of the symbol may be unreadable, e.g. a TV's glare, and it still
/// scans).
public struct QRCode: Sendable, Equatable {
    /// Light modules a reader needs around the symbol to find it (ISO/IEC 18004 asks for 4).
    public static let quietZone = 4

    /// Modules per side, without the quiet zone.
    public let size: Int
    private let dark: [Bool]

    /// nil when `text` cannot be encoded as given: empty, holding a NUL (C would cut the string
    /// there and the code would lead somewhere else), or too long for the largest symbol.
    public init?(_ text: String) {
        guard !text.isEmpty, !text.utf8.contains(0) else { return nil }
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        guard width > 0, let data = code.pointee.data else { return nil }
        size = width
        // Bit 0 of each byte is the module's colour; the other bits describe its role.
        dark = (0..<width * width).map { data[$0] & 1 != 0 }
    }

    public func isDark(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < size, y < size else { return false }
        return dark[y * size + x]
    }

    /// Modules per side with the quiet zone on every side.
    public var sizeWithQuietZone: Int { size + 2 * Self.quietZone }
}

extension Canvas {
    /// Draws `code` with its quiet zone as large as fits in `square`, centred, every module a
    /// whole number of pixels so edges stay crisp and nothing inside a module is blended.
    /// Returns the rectangle covered (quiet zone included), or nil when not even one pixel per
    /// module fits.
    @discardableResult
    public func drawQRCode(_ code: QRCode, in square: Rect, dark: Color = .black, light: Color = .white,
                           cornerRadius: Double = 0) -> Rect? {
        let side = min(square.width, square.height)
        let module = side / code.sizeWithQuietZone
        guard module >= 1 else { return nil }
        let total = module * code.sizeWithQuietZone
        let x0 = square.x + (square.width - total) / 2, y0 = square.y + (square.height - total) / 2
        let card = Rect(x: x0, y: y0, width: total, height: total)
        // Rounding stays inside the quiet zone (radius ≤ 2 modules), away from the finder patterns.
        fillRoundedRect(card, radius: min(cornerRadius, Double(2 * module)), light)
        let origin = (x: x0 + QRCode.quietZone * module, y: y0 + QRCode.quietZone * module)
        for my in 0..<code.size {
            var mx = 0
            // One rectangle per horizontal run of dark modules.
            while mx < code.size {
                guard code.isDark(x: mx, y: my) else { mx += 1; continue }
                var end = mx + 1
                while end < code.size, code.isDark(x: end, y: my) { end += 1 }
                fillRect(Rect(x: origin.x + mx * module, y: origin.y + my * module, width: (end - mx) * module, height: module), dark)
                mx = end
            }
        }
        return card
    }
}
