/// When an output's frames are drawn while its screen moves, and which of them were late.
///
/// On a display a frame is drawn for a vblank. The page-flip event of one frame carries the
/// kernel's timestamp of the vblank it went on screen at; the next frame is drawn at once, for
/// the vblank one refresh interval later, and queued for it. There is no timer running faster
/// than the display and no busy loop: the display's own flips set the pace. A flip that lands
/// half an interval or more after the vblank its frame was drawn for missed that vblank (the
/// frame took too long, or the loop was busy): it is counted, and the next frame is drawn for
/// the vblank after the one it landed on. A driver that completes flips without waiting for a
/// vblank (virtio-gpu acknowledges a flip as soon as the host has it) still gets no more than
/// one frame per interval: the next frame waits for its vblank's turn.
///
/// Outputs without vblanks (PNG files, memory) use the same arithmetic with a 60 Hz clock of
/// their own and no flips to judge.
struct FramePacing {
    let interval: Double
    let hasVblanks: Bool
    /// The vblank the last frame was drawn for.
    private(set) var lastTarget: Double?
    /// The kernel's time of the last vblank a frame went on screen at.
    private(set) var lastVblank: Double?
    /// The vblank the frame in flight was drawn for, when it came from the pace (frames drawn
    /// for a change out of the blue have no vblank to make).
    private var judged: Double?
    /// Frames that landed one or more vblanks after the one they were drawn for.
    private(set) var missed = 0
    /// Frames drawn for a vblank of the pace (those that could miss it).
    private(set) var paced = 0

    init(refreshInterval: Double?) {
        hasVblanks = refreshInterval != nil
        interval = refreshInterval.map { $0 > 0 && $0.isFinite ? $0 : 1.0 / 60 } ?? 1.0 / 60
    }

    /// The vblank a frame drawn now, out of the pace, will reach: the first after `now` (the
    /// phase known from the last flip), or `now` itself before any.
    func target(now: Double) -> Double {
        guard hasVblanks, let v = lastVblank else { return now }
        let k = ((now - v) / interval).rounded(.down) + 1
        return v + max(1, k) * interval
    }

    /// While the screen moves: when to draw its next frame (never before now) and the vblank
    /// it is for. On a display that is one interval ahead — right after a flip, at once — so
    /// the frame is queued for its vblank; without one, at the frame's own time.
    func next(now: Double) -> (drawAt: Double, target: Double) {
        let base = max(lastTarget ?? now, lastVblank ?? -.infinity)
        var target = base + interval
        if target < now { target = self.target(now: now) }
        if !hasVblanks && target < now { target = now }
        return (max(now, hasVblanks ? target - interval : target), target)
    }

    /// A frame for `target` was drawn (shown or, unchanged, not).
    mutating func drew(target: Double) {
        lastTarget = target
    }

    /// A frame for `target` was presented; `fromPace`: drawn by `next`, so its vblank is judged.
    mutating func presented(target: Double, fromPace: Bool) {
        lastTarget = target
        judged = fromPace && hasVblanks ? target : nil
        if fromPace && hasVblanks { paced += 1 }
    }

    /// Its flip completed at the vblank `time`.
    mutating func flipped(at time: Double) {
        if let target = judged, time - target >= interval / 2 {
            missed += Int(((time - target) / interval).rounded())
        }
        judged = nil
        lastVblank = time
    }
}
