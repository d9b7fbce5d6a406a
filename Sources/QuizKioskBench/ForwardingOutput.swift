import Outputs
import Pixels

/// An output that hands everything to another: a bench that watches frames go by subclasses
/// it, overrides `nextFrame` or `present(damage:settled:)`, and calls `super`. Every
/// requirement is forwarded, the ones with defaults too (the refresh and vblank an output
/// paces by, whether a frame is settled), so the kiosk drives the inner output as it would
/// without the bench in between.
class ForwardingOutput: Output {
    let inner: Output

    init(_ inner: Output) { self.inner = inner }

    var name: String { inner.name }
    var width: Int { inner.width }
    var height: Int { inner.height }
    var onReady: (() -> Void)? {
        get { inner.onReady }
        set { inner.onReady = newValue }
    }
    var safeAreaPercent: Double? { inner.safeAreaPercent }
    var refreshInterval: Double? { inner.refreshInterval }
    var lastVblank: Double? { inner.lastVblank }

    func nextFrame() -> Canvas? { inner.nextFrame() }

    func present(damage: [Rect]?) throws { try present(damage: damage, settled: true) }

    func present(damage: [Rect]?, settled: Bool) throws { try inner.present(damage: damage, settled: settled) }
}
