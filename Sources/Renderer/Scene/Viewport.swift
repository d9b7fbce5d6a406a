import Pixels

/// Maps the scene's reference space to display pixels, inside the display's safe area.
///
/// Landscape safe areas use a reference space 1920 units wide, portrait ones 1080 units wide,
/// scaled by `s` so that the whole reference space fits: s = min(w / 1920, h / 1080) (or
/// min(w / 1080, h / 1920) in portrait) for a safe area of w × h pixels. On a 16:9 display
/// without overscan that is exactly s = width / 1920, the seed app's rule (48 × width / 1920
/// for the question text). The other dimension of the reference space grows to fill the safe
/// area, so a 4:3 or 21:9 screen gets more room rather than bars. A TV that crops its edges
/// (overscan) shows the safe area across its whole glass, so type measured in the safe area
/// keeps its size on the glass.
public struct Viewport: Sendable, Equatable {
    /// The canvas.
    public let width: Int
    public let height: Int
    /// Where everything is laid out, in pixels; the background alone goes past it.
    public let safeArea: Rect
    public let scale: Double
    public let isPortrait: Bool
    /// Size of the reference space (at least 1920×1080, or 1080×1920 in portrait).
    public let referenceWidth: Double
    public let referenceHeight: Double

    public init(width: Int, height: Int, safeArea: SafeArea = .full) {
        self.width = width
        self.height = height
        let safe = safeArea.rect(width: width, height: height)
        self.safeArea = safe
        isPortrait = safe.height > safe.width
        let (rw, rh) = isPortrait ? (1080.0, 1920.0) : (1920.0, 1080.0)
        scale = max(1e-3, min(Double(safe.width) / rw, Double(safe.height) / rh))
        referenceWidth = Double(safe.width) / scale
        referenceHeight = Double(safe.height) / scale
    }

    /// A reference length in pixels (font sizes, radii).
    public func px(_ v: Double) -> Int { max(1, Int((v * scale).rounded())) }

    public func length(_ v: Double) -> Double { v * scale }

    /// A reference rectangle in pixels; edges are rounded separately so neighbours tile exactly.
    public func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
        let x0 = Int((x * scale).rounded()), y0 = Int((y * scale).rounded())
        let x1 = Int(((x + w) * scale).rounded()), y1 = Int(((y + h) * scale).rounded())
        return Rect(x: safeArea.x + x0, y: safeArea.y + y0, width: x1 - x0, height: y1 - y0)
    }

    /// A reference point in pixels (for paths).
    public func point(_ x: Double, _ y: Double) -> (Double, Double) {
        (Double(safeArea.x) + x * scale, Double(safeArea.y) + y * scale)
    }

    /// A pixel y back in reference units (to place things under text that was laid out in pixels).
    func unitY(_ y: Int) -> Double { Double(y - safeArea.y) / scale }
    func unitX(_ x: Int) -> Double { Double(x - safeArea.x) / scale }
}

/// The part of the picture a TV really shows. Many TVs crop a few percent off every edge
/// (overscan); a scene keeps everything it draws inside what is left. Fractions of the width
/// and height cut from each side.
public struct SafeArea: Equatable, Sendable {
    public var left: Double
    public var top: Double
    public var right: Double
    public var bottom: Double

    public init(left: Double, top: Double, right: Double, bottom: Double) {
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom
    }

    public static let full = SafeArea(left: 0, top: 0, right: 0, bottom: 0)

    /// The largest overscan a setting may ask for, in percent of each edge.
    public static let maxOverscan = 20.0

    /// `percent` of the width and of the height kept free at each edge, the `overscan`
    /// setting's unit (5: 5% at every edge, the middle 90% shown — EBU R 95's graphics-safe
    /// area, and what `overscan = auto` uses for a TV that may crop).
    public static func overscan(_ percent: Double) -> SafeArea {
        let f = min(max(percent.isFinite ? percent : 0, 0), maxOverscan) / 100
        return SafeArea(left: f, top: f, right: f, bottom: f)
    }

    /// The safe area of a `width` × `height` canvas, whole pixels, never empty.
    public func rect(width: Int, height: Int) -> Rect {
        func clamp(_ v: Double) -> Double { v.isFinite ? min(max(v, 0), 0.45) : 0 }
        let x0 = Int((Double(width) * clamp(left)).rounded()), y0 = Int((Double(height) * clamp(top)).rounded())
        let x1 = width - Int((Double(width) * clamp(right)).rounded())
        let y1 = height - Int((Double(height) * clamp(bottom)).rounded())
        return Rect(x: x0, y: y0, width: max(1, x1 - x0), height: max(1, y1 - y0))
    }
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
    func offsetBy(_ dx: Double, _ dy: Double) -> Box { Box(x: x + dx, y: y + dy, w: w, h: h) }
}

extension Viewport {
    func rect(_ b: Box) -> Rect { rect(b.x, b.y, b.w, b.h) }
}
