import Pixels
import Platform

/// An output that scans out at a refresh rate without any hardware: a frame presented is
/// "flipped" at the next vblank (a multiple of the refresh interval on the loop's clock), then
/// the output is ready again, as a DRM output is after its page-flip event. For tests on
/// virtual time and for benchmarks of the kiosk's pacing; the frames stay in memory.
public final class SimulatedDisplay: Output {
    public let name: String
    public let width: Int
    public let height: Int
    public var onReady: (() -> Void)?
    public let canvas: Canvas
    public let refreshInterval: Double?
    public private(set) var lastVblank: Double?
    public private(set) var framesPresented = 0
    /// The damage of each frame presented, and the vblank it was shown at (kept for tests;
    /// `keepHistory = false` for long runs).
    public private(set) var history: [(vblank: Double, damage: [Rect]?, settled: Bool)] = []
    public var keepHistory = true
    private let loop: EventLoop
    private var flipPending = false

    public init(name: String = "simulated", width: Int, height: Int, refreshHz: Double = 60, loop: EventLoop) {
        self.name = name
        self.width = width
        self.height = height
        refreshInterval = 1 / refreshHz
        self.loop = loop
        canvas = Canvas(width: width, height: height)
    }

    public func nextFrame() -> Canvas? { flipPending ? nil : canvas }

    public func present(damage: [Rect]?) throws { try present(damage: damage, settled: true) }

    public func present(damage: [Rect]?, settled: Bool) throws {
        framesPresented += 1
        flipPending = true
        let interval = refreshInterval ?? 1.0 / 60
        // The first vblank after now (not the one now is on, give or take a rounding).
        let vblank = ((loop.now / interval + 1e-6).rounded(.down) + 1) * interval
        if keepHistory { history.append((vblank, damage, settled)) }
        loop.after(vblank - loop.now) { [weak self] in
            guard let self else { return }
            self.flipPending = false
            self.lastVblank = vblank
            self.onReady?()
        }
    }
}
