/// An image with no transparency left: XRGB8888 words like a canvas's, rows packed. A
/// question's picture becomes one once it is composited over its surface (off the frame
/// path), so drawing it is copying rows.
public struct OpaqueImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt32]

    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height, "pixels must be width × height")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Memory held, for cache budgets.
    public var byteCount: Int { pixels.count * 4 }
}

extension Canvas {
    /// Draws `image` with its top-left at (x, y) and its corners rounded by `radius` pixels
    /// (anti-aliased against what is under them, as `fillRoundedRect` does). Rows outside the
    /// corners are copied whole; only the corner pixels are blended. Clipped like every call.
    public func draw(_ image: OpaqueImage, x: Int, y: Int, radius: Double = 0) {
        let rect = Rect(x: x, y: y, width: image.width, height: image.height)
        let visible = rect.intersection(clip)
        guard !visible.isEmpty else { return }
        let r = max(0, min(radius, Double(min(image.width, image.height)) / 2))
        let band = Int(r.rounded(.up))
        let left = Double(rect.minX) + r, right = Double(rect.maxX) - r
        let top = Double(rect.minY) + r, bottom = Double(rect.maxY) - r
        image.pixels.withUnsafeBufferPointer { src in
            guard let base = src.baseAddress else { return }
            for row in visible.minY..<visible.maxY {
                let from = base + (row - y) * image.width
                let to = pixels + row * stride
                let inTop = row < rect.minY + band, inBottom = row >= rect.maxY - band
                guard band > 0, inTop || inBottom else {
                    (to + visible.minX).update(from: from + (visible.minX - x), count: visible.width)
                    continue
                }
                let cy = Double(row) + 0.5
                let dy = inTop ? max(0, top - cy) : max(0, cy - bottom)
                for col in visible.minX..<visible.maxX {
                    let inLeft = col < rect.minX + band, inRight = col >= rect.maxX - band
                    let p = from[col - x] | 0xFF00_0000
                    guard inLeft || inRight else {
                        to[col] = p
                        continue
                    }
                    let dx = inLeft ? max(0, left - (Double(col) + 0.5)) : max(0, (Double(col) + 0.5) - right)
                    to[col] = blend(to[col], p, Self.coverage(dx: dx, dy: dy, radius: r))
                }
            }
        }
    }
}
