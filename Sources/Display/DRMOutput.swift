import Pixels
import Platform

/// One display driven through KMS: two scan-out buffers and a page flip on vblank. The kiosk
/// draws into a cached canvas (dumb buffers may be write-combined: slow to read back, which
/// blending does), and `present` copies what changed into the back buffer and flips it. The
/// buffer being scanned out is never written.
public final class DRMOutput: Output {
    public let head: HeadConfig
    public var name: String { head.connectorName }
    public var width: Int { head.mode.width }
    public var height: Int { head.mode.height }
    public var onReady: (() -> Void)?
    /// After the first frame is on screen (the readiness line).
    var onShown: ((DRMOutput) -> Void)?
    /// When showing a frame failed (lost master, device gone): the manager rescans.
    var onTrouble: ((DRMOutput, DisplayError) -> Void)?

    private let device: KMSDevice
    /// Emptied when the head is let go, so the framebuffers go even if someone still holds
    /// the output object.
    private var buffers: [ScanoutBuffer]
    private let shadow: Canvas
    /// Index of the buffer on screen; nil before the first frame.
    private var front: Int?
    public private(set) var flipPending = false
    /// The buffer a pending flip will put on screen.
    private var pendingBack = 0
    /// Damage of the frame before: the back buffer still holds the frame before that.
    private var previousDamage: [Rect]?
    public private(set) var framesShown = 0
    private var released = false

    init(device: KMSDevice, head: HeadConfig) throws(DisplayError) {
        self.device = device
        self.head = head
        buffers = [try device.makeBuffer(width: head.mode.width, height: head.mode.height),
                   try device.makeBuffer(width: head.mode.width, height: head.mode.height)]
        shadow = Canvas(width: head.mode.width, height: head.mode.height)
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
            for r in (damage ?? []) + (previousDamage ?? []) { target.copy(r, from: shadow) }
        }
        previousDamage = damage
        do {
            if front == nil {
                // First frame: set the mode with it. Returns once it is on screen.
                try device.modeSetter.enable(head, buffer: buffers[back].bufferID)
                front = back
                framesShown += 1
                onShown?(self)
            } else {
                try device.modeSetter.flip(head, buffer: buffers[back].bufferID)
                flipPending = true
                pendingBack = back
            }
        } catch {
            previousDamage = nil   // the next frame copies everything
            onTrouble?(self, error)
            throw error
        }
    }

    /// The kernel reported the flip done: the back buffer is on screen now.
    func flipCompleted() {
        guard flipPending else { return }
        flipPending = false
        front = pendingBack
        framesShown += 1
        onReady?()
    }

    /// Turns this head off (disconnect, mode change); the buffers go with the object.
    func release() {
        guard !released else { return }
        released = true
        flipPending = false
        do {
            try device.modeSetter.disable(head)
        } catch {
            Log.warning("\(name): turning CRTC \(head.crtcID) off failed: \(error)")
        }
        buffers.removeAll()
    }

    /// Stops using the head without touching the hardware (shutdown restored it already).
    func abandon() {
        released = true
        flipPending = false
        buffers.removeAll()
    }
}
