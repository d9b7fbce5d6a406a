import Pixels

/// Maps the scene's reference space to display pixels.
///
/// Landscape displays use a reference space 1920 units wide, portrait ones 1080 units wide,
/// scaled by `s` so that the whole reference space fits: s = min(width / 1920, height / 1080)
/// (or min(width / 1080, height / 1920) in portrait). On 16:9 displays that is exactly
/// s = width / 1920, the seed app's rule (48 × width / 1920 for the question text). The other
/// dimension of the reference space grows to fill the display, so a 4:3 or 21:9 screen gets
/// more room rather than bars.
public struct Viewport: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let scale: Double
    public let isPortrait: Bool
    /// Size of the reference space (at least 1920×1080, or 1080×1920 in portrait).
    public let referenceWidth: Double
    public let referenceHeight: Double

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        isPortrait = height > width
        let (rw, rh) = isPortrait ? (1080.0, 1920.0) : (1920.0, 1080.0)
        scale = max(1e-3, min(Double(width) / rw, Double(height) / rh))
        referenceWidth = Double(width) / scale
        referenceHeight = Double(height) / scale
    }

    /// A reference length in pixels (font sizes, radii).
    public func px(_ v: Double) -> Int { max(1, Int((v * scale).rounded())) }

    public func length(_ v: Double) -> Double { v * scale }

    /// A reference rectangle in pixels; edges are rounded separately so neighbours tile exactly.
    public func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
        let x0 = Int((x * scale).rounded()), y0 = Int((y * scale).rounded())
        let x1 = Int(((x + w) * scale).rounded()), y1 = Int(((y + h) * scale).rounded())
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func point(_ x: Double, _ y: Double) -> (Double, Double) { (x * scale, y * scale) }
}

/// A rectangle in reference units, for layouts computed before they are drawn.
struct Box: Equatable {
    var x: Double
    var y: Double
    var w: Double
    var h: Double

    var maxX: Double { x + w }
    var maxY: Double { y + h }
    var midX: Double { x + w / 2 }
    var midY: Double { y + h / 2 }

    func inset(_ dx: Double, _ dy: Double) -> Box { Box(x: x + dx, y: y + dy, w: max(0, w - 2 * dx), h: max(0, h - 2 * dy)) }
}

extension Viewport {
    func rect(_ b: Box) -> Rect { rect(b.x, b.y, b.w, b.h) }
}
