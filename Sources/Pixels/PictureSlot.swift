/// Where a picture is shown: the largest box it may take, in pixels, and the colour its
/// transparent parts show (the theme's surface under it). A picture is prepared once per slot
/// — fitted inside the box with its aspect kept, composited over the surface — so drawing it
/// in a frame is a copy.
public struct PictureSlot: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public var surface: Color

    public init(width: Int, height: Int, surface: Color) {
        self.width = width
        self.height = height
        self.surface = surface
    }

    /// The size a `width` × `height` picture takes in this slot: as large as fits, aspect kept
    /// (smaller pictures are enlarged: the room should see them), never under one pixel.
    public func fitted(width w: Int, height h: Int) -> (width: Int, height: Int) {
        guard w > 0, h > 0, width > 0, height > 0 else { return (max(1, min(width, w)), max(1, min(height, h))) }
        let s = min(Double(width) / Double(w), Double(height) / Double(h))
        return (max(1, min(width, Int((Double(w) * s).rounded()))), max(1, min(height, Int((Double(h) * s).rounded()))))
    }

    public var description: String { "\(width)x\(height)" }
}
