import Outputs
import Platform
import QuizContract
import Renderer

/// Tells systemd (Type=notify) how the screen is doing: READY=1 after the first frame is on
/// screen, or once it is clear there is no display to wait for yet; STATUS= with what is shown
/// where; WATCHDOG=1 from a timer on the kiosk's own loop, so a stuck loop stops the pings and
/// systemd restarts the service.
public final class ServiceNotifications {
    private let notifier: SystemdNotifier
    private let kiosk: Kiosk
    private var ready = false

    public init(kiosk: Kiosk, notifier: SystemdNotifier = SystemdNotifier()) {
        self.kiosk = kiosk
        self.notifier = notifier
        kiosk.observeFrames { [weak self] _, state in self?.frameShown(state) }
        if let interval = notifier.watchdogInterval { schedulePing(every: interval / 2) }
    }

    /// For outputs that may not exist yet (no display connected): ready anyway, saying so.
    public func waitingForDisplay() {
        guard !ready else { return }
        ready = true
        notifier.ready(status: "waiting for a display")
    }

    public func stopping() { notifier.stopping() }

    private func frameShown(_ state: QuizState) {
        let status = Self.status(state, outputs: kiosk.outputs, controllerOnline: kiosk.controllerOnline)
        if !ready {
            ready = true
            notifier.ready(status: status)
        } else {
            notifier.status(status)
        }
    }

    private func schedulePing(every seconds: Double) {
        kiosk.loop.after(seconds) { [weak self] in
            guard let self else { return }
            self.notifier.watchdog()
            self.schedulePing(every: seconds)
        }
    }

    /// "question 3/10 on HDMI-A-1 1920x1080", "lobby on HDMI-A-1 1920x1080, DP-1 3840x2160".
    public static func status(_ state: QuizState, outputs: [Output], controllerOnline: Bool) -> String {
        var what = state.phase.rawValue
        if state.phase == .question || state.phase == .reveal, let n = state.question?.number {
            what += " \(n)" + (state.question?.total.map { "/\($0)" } ?? "")
        }
        let where_ = outputs.isEmpty ? "no display" : outputs.map { "\($0.name) \($0.width)x\($0.height)" }.joined(separator: ", ")
        return what + " on " + where_ + (controllerOnline ? "" : " (controller offline)")
    }
}
