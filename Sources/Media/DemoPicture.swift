import Pictures
import Pixels
import QuizContract

/// The demo quiz's picture, drawn by the program itself (a mountain at dawn over a lake) and
/// encoded as PNG: the demo needs no network and no data file beside the binary, and still
/// takes the real path of a picture (bytes, digest, decode, scale).
public enum DemoPicture {
    public static let bytes: [UInt8] = {
        let w = 960, h = 640
        let c = Canvas(width: w, height: h)
        for y in 0..<h {
            let t = Double(y) / Double(h)
            c.fillRect(Rect(x: 0, y: y, width: w, height: 1),
                       Color(r: UInt8(250 - 90 * t), g: UInt8(170 + 40 * t), b: UInt8(120 + 120 * t)))
        }
        func pt(_ x: Double, _ y: Double) -> Path.Point { Path.Point(x * Double(w), y * Double(h)) }
        c.fill(.circle(cx: 0.77 * Double(w), cy: 0.2 * Double(h), radius: 0.07 * Double(w)), Color(hex: 0xFFECAA))
        c.fill(Path(polygon: [pt(0.08, 0.78), pt(0.42, 0.22), pt(0.58, 0.22), pt(0.92, 0.78)]), Color(hex: 0x46568C))
        c.fill(Path(polygon: [pt(0.33, 0.36), pt(0.42, 0.22), pt(0.58, 0.22), pt(0.67, 0.36), pt(0.60, 0.33), pt(0.55, 0.38),
                              pt(0.50, 0.33), pt(0.45, 0.38), pt(0.40, 0.33)]), Color(hex: 0xF5F8FF))
        c.fillRect(Rect(x: 0, y: Int(0.78 * Double(h)), width: w, height: h - Int(0.78 * Double(h))), Color(hex: 0x285A96))
        for k in 1...6 {
            let y = Int((0.78 + 0.22 * Double(k) / 7) * Double(h))
            c.fillRect(Rect(x: Int(0.2 * Double(w)), y: y, width: Int(0.6 * Double(w)), height: 2), Color(hex: 0x5A8CC8))
        }
        return (try? PNG.encode(c)) ?? []
    }()

    public static let sha256 = SHA256.hex(bytes)

    /// How the demo's question names it.
    public static var reference: QuizState.Picture {
        QuizState.Picture(sha256: sha256, alt: "A snow-capped mountain at dawn over a lake")
    }
}
