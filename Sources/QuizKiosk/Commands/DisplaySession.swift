import Display
import Glibc
import Platform

/// `run` on the TV from power-on: waits for the card to drive (`CardWaiter`), opens it and
/// drives it (`RunDisplay.manager`), lets it go when it disappears (its remove uevent, or
/// ENODEV from its ioctls) and chooses again. Every trouble a restart would not fix better is
/// waited out here, in the process, so systemd's restart is never used as a poll loop; only a
/// bad setting (`--connector`/`--mode` the real card does not have), the display owned by another
/// program or a card the user may not open ends the run (`onFatal`).
final class DisplaySession {
    /// A setting that cannot work on this machine: the run should end with this error.
    var onFatal: ((DisplayError) -> Void)?
    /// The manager of the card driven now (nil while waiting).
    private(set) var manager: DisplayManager?

    private let loop: EventLoop
    private let waiter: CardWaiter
    private let open: (String) throws(DisplayError) -> DisplayManager
    private var failures = 0
    private var lastProblem: String?
    private var health: EventLoop.Token?
    /// A firmware card on which the settings could not be met: not chosen again until the set
    /// of cards changes (a real card will be, and there they are checked for real).
    private var refusedFirmware: Set<String> = []

    /// - Parameter open: opens a card and starts driving it (throws what went wrong).
    init(loop: EventLoop, waiter: CardWaiter, open: @escaping (String) throws(DisplayError) -> DisplayManager) {
        self.loop = loop
        self.waiter = waiter
        self.open = open
        waiter.onChoose = { [weak self] path in self?.use(path) }
        waiter.onCurrentRemoved = { [weak self] in self?.letGo(reason: "the card is gone") }
    }

    deinit { shutdown() }

    func start() {
        waiter.evaluate()
        // Without uevents nothing announces a card that comes later: look now and then.
        if !waiter.hearsCardEvents { pollWithoutUevents() }
    }

    func shutdown() {
        if let t = health { loop.cancel(t) }
        health = nil
        manager?.shutdown()
        manager = nil
    }

    private func use(_ path: String) {
        if refusedFirmware.contains(path) { return }
        if let m = manager {
            guard m.device.path != path else { return }
            letGo(reason: "moving to \(path)")
        }
        do {
            let m = try open(path)
            manager = m
            waiter.current = path
            failures = 0
            lastProblem = nil
            watchHealth()
        } catch {
            manager = nil
            waiter.current = nil
            handle(error, path: path)
        }
    }

    private func handle(_ error: DisplayError, path: String) {
        let firmware = CardInventory.cards().first { $0.path == path }?.isFirmware ?? false
        failures += 1
        switch error {
        case .unknownConnector:
            // On the real card a connector it lacks is final (a --mode it lacks is only a
            // warning: the mode policy picks); the firmware's card has one made-up connector,
            // so there it only means: wait for the real card.
            if !firmware { return fail(error) }
            refusedFirmware.insert(path)
            Log.warning("\(error) (on the firmware's card \(path)); waiting for the real GPU card")
            return
        case .masterHeld:
            // A display manager or compositor owns the screen: it will not let go because we
            // try again; say who it is and end (as a second `run` by hand must).
            return fail(error)
        case .permissionDenied where failures > 4:
            // Not udev's moment of delay after the card appeared (retried for ~7 s): the user
            // is not in the video group.
            return fail(error)
        default:
            break
        }
        // Transient: the node's group not set yet by udev, a driver still registering. Said
        // once, retried with backoff.
        let delay = min(5, 0.25 * Double(1 << min(failures, 5)))
        let line = "\(error)"
        if line != lastProblem { Log.warning("\(line); trying again") }
        lastProblem = line
        waiter.retry(after: delay)
    }

    private func fail(_ error: DisplayError) {
        if let onFatal { onFatal(error) } else { Log.error("\(error)") }
    }

    /// Lets the card go (its outputs leave the kiosk) and chooses again.
    private func letGo(reason: String) {
        if let t = health { loop.cancel(t) }
        health = nil
        guard let m = manager else { return }
        Log.info("\(m.device.path): letting the card go (\(reason))")
        manager = nil
        waiter.current = nil
        m.shutdown()
        refusedFirmware.removeAll()
        waiter.retry(after: 0)
    }

    /// Every 2 s: is the card still there? An unplugged card fails every ioctl with ENODEV,
    /// which would otherwise be a present retried forever; its remove uevent usually comes
    /// first, this catches the rest.
    private func watchHealth() {
        health = loop.after(2) { [weak self] in
            guard let self, let m = self.manager else { return }
            if let card = m.device as? DRMCard, card.isUnplugged {
                self.letGo(reason: "its ioctls fail with ENODEV: unplugged")
                return
            }
            self.watchHealth()
        }
    }

    private func pollWithoutUevents() {
        loop.after(3) { [weak self] in
            guard let self else { return }
            self.waiter.evaluate()
            self.pollWithoutUevents()
        }
    }
}
