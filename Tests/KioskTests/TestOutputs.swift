import Display
import Outputs
import Pixels

/// An output that keeps frames in memory and can hold a "flip" pending, like a DRM output.
final class FlippingOutput: Output {
    let name: String
    let width: Int
    let height: Int
    var onReady: (() -> Void)?
    let canvas: Canvas
    var presented = 0
    var flipPending = false
    var holdFlips = false
    var lastDamage: [Rect]?

    init(name: String = "memory", width: Int = 320, height: Int = 180) {
        self.name = name
        self.width = width
        self.height = height
        canvas = Canvas(width: width, height: height)
    }

    func nextFrame() -> Canvas? { flipPending ? nil : canvas }

    func present(damage: [Rect]?) throws {
        presented += 1
        lastDamage = damage
        if holdFlips { flipPending = true }
    }

    func completeFlip() {
        flipPending = false
        onReady?()
    }

    /// Pixels the last frame changed.
    var lastDamageArea: Int { (lastDamage ?? []).reduce(0) { $0 + $1.width * $1.height } }
}

/// An output whose first presents fail, like a DRM output whose mode set the driver refused.
final class FlakyOutput: Output {
    let name = "flaky"
    let width = 160
    let height = 90
    var onReady: (() -> Void)?
    let canvas = Canvas(width: 160, height: 90)
    var failuresLeft: Int
    var attempts = 0
    var shown = 0

    init(failures: Int) { failuresLeft = failures }

    struct Refused: Error {}

    func nextFrame() -> Canvas? { canvas }
    func present(damage: [Rect]?) throws {
        attempts += 1
        if failuresLeft > 0 {
            failuresLeft -= 1
            throw Refused()
        }
        shown += 1
    }
}
