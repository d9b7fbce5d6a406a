import Outputs
import Pixels
import Platform

/// One display driven through KMS: two scan-out buffers and a page flip on vblank. The kiosk
/// draws into a cached canvas (dumb buffers may be write-combined: slow to read back, which
/// blending does), and `present` copies what changed into the back buffer and flips it. The
/// buffer being scanned out is never written.
///
/// Every flip (and the non-blocking mode set of the first frame) carries a token naming this
/// output and that request; the manager hands completions back by token, so an event that
/// arrives after the head was set up again (or for another output now on the CRTC) is
/// recognised as late and changes nothing.
public final class DRMOutput: Output {
    /// The head and what its commits need; its snapshot is the card's state as the mode set
    /// found it (see `plannedOn`).
    public private(set) var setup: HeadSetup
    public var head: HeadConfig { setup.head }
    public var name: String { head.connectorName }
    public var width: Int { head.mode.width }
    public var height: Int { head.mode.height }
    /// The overscan decision's safe area, per edge, for the scene's layout.
    public var safeAreaPercent: Double? { setup.safeAreaPercent }
    /// One frame period of the mode (the pixel clock over the totals: 59.94 Hz is not 60).
    public var refreshInterval: Double? {
        let hz = head.mode.refreshHz
        return hz > 1 ? 1 / hz : nil
    }
    /// The kernel's timestamp of the vblank the last flip completed at.
    public private(set) var lastVblank: Double?
    public var onReady: (() -> Void)?
    /// After the first frame is on screen (the readiness line).
    var onShown: ((DRMOutput) -> Void)?
    /// When showing a frame failed (lost master, device gone, mode refused): the manager acts.
    var onTrouble: ((DRMOutput, DisplayError) -> Void)?
    /// A flip or mode set was queued with this token (the manager starts its deadline).
    var onQueued: ((DRMOutput, UInt64) -> Void)?
    /// The card's state now, as the commits since the last probe left it: the mode set is
    /// planned on it, not on the probe that planned the pass (the head set up just before this
    /// one may have taken a CRTC or a connector this one's probe still saw elsewhere).
    var plannedOn: (() -> CardSnapshot?)?
    /// A mode set or disable was accepted: the manager's state of the card moves with it.
    var onCommitted: ((AtomicCommit) -> Void)?

    private let device: KMSDevice
    /// Emptied when the head is let go, so the framebuffers go even if someone still holds
    /// the output object.
    private var buffers: [ScanoutBuffer]
    private let shadow: Canvas
    /// Index of the buffer on screen; nil before the first frame.
    private var front: Int?
    /// The token of the request in flight (a flip, or the first frame's mode set), if any.
    public private(set) var pendingToken: UInt64?
    public var flipPending: Bool { pendingToken != nil }
    /// When the request in flight was queued (monotonic seconds).
    public private(set) var pendingSince: Double = 0
    /// Whether the request in flight is the mode set (drivers may take seconds for it).
    public private(set) var pendingIsModeSet = false
    /// The buffer a pending flip will put on screen.
    private var pendingBack = 0
    /// Damage of the frame before: the back buffer still holds the frame before that.
    private var previousDamage: [Rect]?
    public private(set) var framesShown = 0
    private var released = false
    private let tokens: () -> UInt64

    /// - Parameter tokens: hands out a new token for each request (unique across outputs).
    init(device: KMSDevice, setup: HeadSetup, tokens: @escaping () -> UInt64) throws(DisplayError) {
        self.device = device
        self.setup = setup
        self.tokens = tokens
        let mode = setup.head.mode
        buffers = [try device.makeBuffer(width: mode.width, height: mode.height),
                   try device.makeBuffer(width: mode.width, height: mode.height)]
        shadow = Canvas(width: mode.width, height: mode.height)
    }

    /// The framebuffers that are ours (a CRTC showing anything else was taken over).
    public var bufferIDs: Set<UInt32> { Set(buffers.map(\.bufferID)) }

    public func nextFrame() -> Canvas? { flipPending || released ? nil : shadow }

    /// Whether a frame of ours is on screen (before that, the CRTC still shows what was there).
    public var isShowing: Bool { front != nil && !released }

    public func present(damage: [Rect]?) throws {
        guard !released, !flipPending, buffers.count == 2 else { return }
        let back = front.map { 1 - $0 } ?? 0
        let target = buffers[back].canvas
        // The back buffer holds the frame before the previous one: bring over what changed in
        // both frames (nil = everything).
        if front == nil || damage == nil || previousDamage == nil {
            target.copy(target.bounds, from: shadow)
        } else {
            // The previous frame's rectangles that this frame's do not already cover (a
            // cross-fade repeats the same tiles frame after frame: copied once, not twice).
            let now = damage ?? []
            let before = (previousDamage ?? []).filter { p in !now.contains { $0.intersection(p) == p } }
            for r in now + before { target.copy(r, from: shadow) }
        }
        previousDamage = damage
        let token = tokens()
        do {
            if front == nil {
                // First frame: set the mode with it, planned on the card as it is now.
                if let now = plannedOn?() { setup.snapshot = now }
                let byEvent = try device.modeSetter.enable(setup, buffer: buffers[back].bufferID, token: token)
                onCommitted?(AtomicCommit.modeSet(setup, buffer: buffers[back].bufferID, signal: false))
                if byEvent {
                    queued(token, back: back, modeSet: true)
                } else {
                    front = back
                    framesShown += 1
                    onShown?(self)
                }
            } else {
                try device.modeSetter.flip(setup, buffer: buffers[back].bufferID, token: token)
                queued(token, back: back, modeSet: false)
            }
        } catch {
            previousDamage = nil   // the next frame copies everything
            onTrouble?(self, error)
            throw error
        }
    }

    private func queued(_ token: UInt64, back: Int, modeSet: Bool) {
        pendingToken = token
        pendingBack = back
        pendingIsModeSet = modeSet
        pendingSince = Clock.monotonic()
        onQueued?(self, token)
    }

    /// The kernel reported request `token` done, at the vblank `time` (loop clock). False when
    /// it is not the one in flight (late, or for a flip this output gave up on): nothing
    /// changes then.
    @discardableResult
    func completed(_ token: UInt64, at time: Double? = nil) -> Bool {
        guard !released, pendingToken == token else { return false }
        pendingToken = nil
        if let time { lastVblank = time }
        let first = front == nil
        front = pendingBack
        framesShown += 1
        if first { onShown?(self) }
        onReady?()
        return true
    }

    /// Turns this head off (disconnect, mode change, stuck flip); the buffers go with the object.
    func release() {
        guard !released else { return }
        released = true
        pendingToken = nil
        do {
            try device.modeSetter.disable(setup)
            onCommitted?(AtomicCommit.disable(setup))
        } catch {
            Log.warning("\(name): turning CRTC \(head.crtcID) off failed: \(error)")
        }
        buffers.removeAll()
    }

    /// Stops using the head without touching the hardware (shutdown restored it already).
    func abandon() {
        released = true
        pendingToken = nil
        buffers.removeAll()
    }
}
