import Glibc
import Pixels
import Platform

/// Frames as PNG files, for tests and for anyone without a TV at hand: each frame replaces
/// `DIR/latest.png` atomically (written beside it, then renamed). (`run --keep-frames` keeps
/// one frame per state by hard-linking latest.png: RunSources.keepOneFramePerState.)
public final class HeadlessOutput: Output {
    public let name = "headless"
    public let width: Int
    public let height: Int
    public let directory: String
    public var onReady: (() -> Void)?
    public private(set) var framesWritten = 0
    private let canvas: Canvas

    public init(width: Int, height: Int, directory: String) throws(SystemError) {
        self.width = width
        self.height = height
        self.directory = directory
        canvas = Canvas(width: width, height: height)
        try Files.makeDirectory(directory)
    }

    public var latestPath: String { directory + "/latest.png" }

    public func nextFrame() -> Canvas? { canvas }

    public func present(damage: [Rect]?) throws {
        framesWritten += 1
        let tmp = directory + "/.latest.png.tmp"
        try PNG.write(canvas, to: tmp, fast: true)
        _ = try syscall("rename", subject: latestPath) { rename(tmp, latestPath) }
    }
}
