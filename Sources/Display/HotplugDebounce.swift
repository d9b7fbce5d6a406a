import Platform

/// Coalesces bursts of hotplug events into one rescan: a TV being switched on flaps between
/// connected and disconnected for a moment, and a dock reports each screen on its own. The
/// rescan runs `quiet` seconds after the last event, but never later than `maxDelay` after
/// the first (a display that keeps flapping still gets looked at).
public final class HotplugDebounce {
    public let quiet: Double
    public let maxDelay: Double
    private let loop: EventLoop
    private let action: ([Uevent]) -> Void
    private var pending: [Uevent] = []
    private var firstAt: Double = 0
    private var timer: EventLoop.Token?

    public init(loop: EventLoop, quiet: Double = 0.1, maxDelay: Double = 0.4, _ action: @escaping ([Uevent]) -> Void) {
        self.loop = loop
        self.quiet = quiet
        self.maxDelay = maxDelay
        self.action = action
    }

    public func event(_ e: Uevent) {
        let now = loop.now
        if pending.isEmpty { firstAt = now }
        pending.append(e)
        if let t = timer { loop.cancel(t) }
        let delay = min(quiet, max(0, firstAt + maxDelay - now))
        timer = loop.after(delay) { [weak self] in self?.fire() }
    }

    private func fire() {
        timer = nil
        let events = pending
        pending.removeAll()
        if !events.isEmpty { action(events) }
    }
}
