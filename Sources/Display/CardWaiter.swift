import Platform

/// Finds the card to drive and keeps looking: at boot the service can start before udev has
/// loaded the GPU driver (no card at all), or while only the firmware's framebuffer card
/// (simpledrm) is there, which the real driver removes when it loads. The waiter listens for
/// the kernel's `add`/`remove` uevents of DRM cards, applies `CardChoice`, and says which card
/// to open (`onChoose`) and when the one in use went away (`onCurrentRemoved`). Nothing here
/// polls: a choice is made again only on a card event, at the firmware deadline, or when the
/// owner asks (`evaluate`, `retry`).
public final class CardWaiter {
    /// `--device PATH`: only this card, whatever its driver, once it exists.
    public let device: String?
    /// When a firmware card may be used: start + the `firmware-wait` setting (monotonic).
    public let firmwareDeadline: Double
    /// The card being driven, set by the owner once it opened it; nil while waiting.
    public var current: String?
    /// Open this card (the first choice, or a real card replacing a firmware one).
    public var onChoose: ((String) -> Void)?
    /// The card in use is gone (removed by its driver, or unplugged): let it go.
    public var onCurrentRemoved: (() -> Void)?
    /// How many times the cards were looked at (tests wait for the next look).
    public private(set) var evaluations = 0

    private let loop: EventLoop
    private let inventory: () -> [CardCandidate]
    private var listener: UeventListener?
    private var soon: EventLoop.Token?
    private var deadlineTimer: EventLoop.Token?
    private var said: CardChoice?
    /// A card just announced may not be ready to open yet (udev sets its group a moment later,
    /// a driver finishes registering): events are gathered for this long before choosing.
    private let settle: Double

    /// - Parameters:
    ///   - firmwareWait: seconds a firmware card is skipped while a real driver may still come.
    ///   - listen: open the uevent socket (tests drive `cardEvent` themselves).
    ///   - inventory: the cards there are now (`CardInventory.cards` by default).
    public init(loop: EventLoop, firmwareWait: Double, device: String? = nil, listen: Bool = true, settle: Double = 0.2,
                inventory: @escaping () -> [CardCandidate] = { CardInventory.cards() }) {
        self.loop = loop
        self.device = device
        self.firmwareDeadline = Clock.monotonic() + firmwareWait
        self.inventory = inventory
        self.settle = settle
        guard listen else { return }
        do {
            let l = try UeventListener(loop: loop)
            l.onCardEvent = { [weak self] e in self?.cardEvent(e) }
            listener = l
        } catch {
            // Without uevents (a sandbox without netlink) a card that comes later is found by
            // the owner's retries and the firmware deadline only; say so once.
            Log.warning("no kernel uevents (\(error)): a DRM card that appears later is looked for every few seconds")
        }
    }

    deinit {
        for t in [soon, deadlineTimer] { if let t { loop.cancel(t) } }
    }

    /// Whether card arrivals are announced (else the owner should retry now and then).
    public var hearsCardEvents: Bool { listener != nil }

    /// A DRM card was added or removed: choose again once the burst is over (a real driver
    /// removes the firmware card and adds its own within milliseconds).
    public func cardEvent(_ e: Uevent) {
        Log.info("\(e.devname.map { "/dev/" + $0 } ?? e.devpath): DRM card \(e.action == "add" ? "added" : "removed")")
        retry(after: settle)
    }

    /// Choose again `seconds` from now (the owner could not open the card it was given yet).
    public func retry(after seconds: Double) {
        if let t = soon { loop.cancel(t) }
        soon = loop.after(seconds) { [weak self] in
            self?.soon = nil
            self?.evaluate()
        }
    }

    /// Looks at the cards now and acts: tells the owner its card is gone, or which to open, or
    /// waits (saying why once).
    public func evaluate() {
        evaluations += 1
        var cards = inventory()
        if let device { cards = cards.filter { $0.path == device || Uevent.resolved($0.path) == Uevent.resolved(device) } }
        if let current {
            if !cards.contains(where: { $0.path == current }) {
                Log.warning("\(current): the card is gone; choosing again")
                self.current = nil
                onCurrentRemoved?()
            } else {
                if device == nil, let better = CardChoice.replacement(for: current, among: cards) {
                    Log.info("\(better): a real GPU card is here (\(driverName(better, cards))): moving from the firmware's card \(current)")
                    onChoose?(better)
                }
                return
            }
        }
        let choice = device != nil ? (cards.first.map { .use($0.path) } ?? .waitForAnyCard)
            : CardChoice.decide(cards, now: Clock.monotonic(), firmwareDeadline: firmwareDeadline)
        switch choice {
        case .use(let path):
            said = nil
            onChoose?(path)
        case .waitForAnyCard:
            if said != choice {
                Log.warning(device.map { "\($0): no such DRM card yet; waiting for it" }
                            ?? "no DRM card yet (no GPU driver loaded so far); waiting for the kernel to add one")
            }
            said = choice
        case .waitForRealCard(let until):
            if said != choice {
                let names = cards.map { "\($0.path) (\($0.driver ?? "?"))" }.joined(separator: ", ")
                Log.info("only the firmware's framebuffer card: \(names); waiting up to \(Self.seconds(until - Clock.monotonic())) s for the real GPU driver")
            }
            said = choice
            if deadlineTimer == nil {
                deadlineTimer = loop.after(max(0, until - Clock.monotonic())) { [weak self] in
                    self?.deadlineTimer = nil
                    self?.evaluate()
                }
            }
        }
    }

    private func driverName(_ path: String, _ cards: [CardCandidate]) -> String {
        cards.first { $0.path == path }?.driver ?? "?"
    }

    static func seconds(_ s: Double) -> String {
        let r = (max(0, s) * 10).rounded() / 10
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}

extension Uevent {
    /// A DRM card node added or removed ("add@…/drm/card1", DEVNAME=dri/card1); connector
    /// and render-node events are not.
    public var isCardArrivalOrRemoval: Bool {
        guard subsystem == "drm", action == "add" || action == "remove", let name = devname, name.hasPrefix("dri/card") else { return false }
        return name.dropFirst("dri/card".count).allSatisfy(\.isNumber)
    }
}
