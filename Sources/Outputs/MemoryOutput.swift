import Pixels

/// An output that keeps its frame in memory and shows it nowhere: for benchmarks and soak runs
/// that measure the loop, not a display or PNG encoding.
public final class MemoryOutput: Output {
    public let name: String
    public let width: Int
    public let height: Int
    public var onReady: (() -> Void)?
    public let canvas: Canvas
    public private(set) var framesPresented = 0

    public init(name: String = "memory", width: Int, height: Int) {
        self.name = name
        self.width = width
        self.height = height
        canvas = Canvas(width: width, height: height)
    }

    public func nextFrame() -> Canvas? { canvas }
    public func present(damage: [Rect]?) throws { framesPresented += 1 }
}
