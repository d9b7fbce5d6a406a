import Glibc
import Pixels
import Platform

/// Frames as PNG files, for tests and for anyone without a TV at hand: each frame replaces
/// `DIR/latest.png` atomically (written beside it, then renamed), and with `keepFrames` every
/// frame is also kept as `DIR/frame-NNNNNN.png`.
public final class HeadlessOutput: Output {
    public let name = "headless"
    public let width: Int
    public let height: Int
    public let directory: String
    public let keepFrames: Bool
    public var onReady: (() -> Void)?
    public private(set) var framesWritten = 0
    private let canvas: Canvas

    public init(width: Int, height: Int, directory: String, keepFrames: Bool = false) throws(SystemError) {
        self.width = width
        self.height = height
        self.directory = directory
        self.keepFrames = keepFrames
        canvas = Canvas(width: width, height: height)
        try Files.makeDirectory(directory)
    }

    public var latestPath: String { directory + "/latest.png" }

    public func nextFrame() -> Canvas? { canvas }

    public func present(damage: [Rect]?) throws {
        framesWritten += 1
        let tmp = directory + "/.latest.png.tmp"
        try PNG.write(canvas, to: tmp, fast: true)
        if keepFrames {
            let kept = directory + "/frame-" + String(framesWritten).leftPadded(6) + ".png"
            _ = try syscall("link", subject: kept) { link(tmp, kept) }
        }
        _ = try syscall("rename", subject: latestPath) { rename(tmp, latestPath) }
    }
}

extension String {
    func leftPadded(_ n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}
