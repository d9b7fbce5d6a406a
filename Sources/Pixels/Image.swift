/// An image with transparency: premultiplied BGRA, rows packed (what `Canvas.blitBGRA` draws).
public struct Image: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let bgra: [UInt8]

    public init(width: Int, height: Int, bgra: [UInt8]) {
        self.width = width
        self.height = height
        self.bgra = bgra
    }
}
