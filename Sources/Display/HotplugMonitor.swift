import Platform

/// Tells when the displays may have changed: kernel uevents (debounced) when the netlink socket
/// can be opened, else a re-probe every few seconds (said once in the log). Used by `run` to
/// rescan and by `displays --watch` to print.
public final class HotplugMonitor {
    public let cardPath: String
    public private(set) var usingUevents = false
    private var listener: UeventListener?
    private var debounce: HotplugDebounce?
    private var timer: EventLoop.Token?
    private let loop: EventLoop
    private let interval: Double
    private let onChange: (_ reason: String, _ events: [Uevent]) -> Void
    /// Every DRM hotplug uevent as it arrives, before coalescing (`displays --watch` prints them).
    public var onEvent: ((Uevent) -> Void)?

    /// - Parameter forceFallback: skip uevents (`QUIZKIOSK_NO_UEVENTS=1`, to test the fallback).
    public init(loop: EventLoop, cardPath: String, fallbackInterval: Double = 3, forceFallback: Bool = false,
                onChange: @escaping (_ reason: String, _ events: [Uevent]) -> Void) {
        self.loop = loop
        self.cardPath = cardPath
        self.interval = fallbackInterval
        self.onChange = onChange
        var why = "QUIZKIOSK_NO_UEVENTS=1"
        if !forceFallback {
            do {
                let l = try UeventListener(loop: loop)
                let d = HotplugDebounce(loop: loop) { [weak self] events in
                    let mine = events.filter { $0.concerns(cardPath: cardPath) }
                    guard let self, !mine.isEmpty else { return }
                    self.onChange("hotplug: " + (mine.last?.summary ?? "") + (mine.count > 1 ? " (\(mine.count) events)" : ""), mine)
                    self.scheduleSettle()
                }
                l.onHotplug = { [weak self] e in self?.received(e) }
                listener = l
                debounce = d
                usingUevents = true
                return
            } catch {
                why = error.description
            }
        }
        Log.warning("\(cardPath): no kernel uevents (\(why)): re-probing the displays every \(Int(interval)) s instead")
        schedule()
    }

    deinit {
        for t in [timer, settle] { if let t { loop.cancel(t) } }
    }

    /// One DRM hotplug uevent from the kernel (internal: tests hand in events the kernel would).
    func received(_ e: Uevent) {
        onEvent?(e)
        debounce?.event(e)
    }

    /// One more look a second after a hotplug: some drivers send the uevent before their own
    /// state has caught up (virtio-gpu asks the host for the new display info and sends the
    /// event without waiting for the answer), and no second event follows. Rescans are
    /// idempotent, so looking again costs a probe and changes nothing when all was right.
    private var settle: EventLoop.Token?
    private func scheduleSettle() {
        if let t = settle { loop.cancel(t) }
        settle = loop.after(1.0) { [weak self] in
            self?.settle = nil
            self?.onChange("hotplug settled", [])
        }
    }

    private func schedule() {
        timer = loop.after(interval) { [weak self] in
            guard let self else { return }
            self.onChange("periodic re-probe", [])
            self.schedule()
        }
    }
}
