/// One DRM card as the choice sees it: what sysfs says about it, without opening it (opening a
/// card makes the opener DRM master for a moment, and a probe forces a slow connector detection).
public struct CardCandidate: Equatable, Sendable {
    /// "/dev/dri/card0"
    public var path: String
    /// The kernel driver bound to the card's device ("virtio_gpu", "bochs-drm",
    /// "simple-framebuffer" for simpledrm); nil when sysfs does not say.
    public var driver: String?
    /// The PCI device the firmware used for the boot console (sysfs `boot_vga`).
    public var bootVGA: Bool
    /// A connector reports a connected display (sysfs `status`, the kernel's last probe).
    public var hasConnectedDisplay: Bool

    public init(path: String, driver: String?, bootVGA: Bool = false, hasConnectedDisplay: Bool = false) {
        self.path = path
        self.driver = driver
        self.bootVGA = bootVGA
        self.hasConnectedDisplay = hasConnectedDisplay
    }

    /// The firmware's framebuffer wrapped as a DRM card (simpledrm and its kin): there from the
    /// first moment of boot, but only until the real GPU driver loads and removes it, and
    /// limited to the one mode the firmware set. Both the kernel driver names and the DRM
    /// driver names are listed, so either may be given.
    public static let firmwareDrivers: Set<String> = [
        "simple-framebuffer", "simpledrm", "efi-framebuffer", "efidrm", "vesa-framebuffer", "vesadrm", "ofdrm",
    ]

    public var isFirmware: Bool { driver.map(Self.firmwareDrivers.contains) ?? false }

    /// The card's number (card3 → 3), for a stable order.
    public var number: Int {
        let digits = path.reversed().prefix { $0.isNumber }
        return Int(String(digits.reversed())) ?? Int.max
    }
}

/// Which card `run` drives: a pure function of the cards there are and the time, so every case
/// (no card yet, only the firmware's card, two GPUs) is tested without a kernel.
public enum CardChoice: Equatable, Sendable {
    /// Drive this card.
    case use(String)
    /// No card at all: wait for the kernel to announce one.
    case waitForAnyCard
    /// Only firmware cards: a real driver may still be loading (udev loads GPU drivers a few
    /// seconds into boot), so wait for it until `until` (monotonic seconds), then take the
    /// firmware card rather than leave the TV dark.
    case waitForRealCard(until: Double)

    /// - Parameters:
    ///   - firmwareDeadline: from when a firmware card may be used (start + the `firmware-wait`
    ///     setting).
    public static func decide(_ cards: [CardCandidate], now: Double, firmwareDeadline: Double) -> CardChoice {
        if let best = bestReal(cards) { return .use(best.path) }
        let firmware = cards.filter(\.isFirmware).sorted { $0.number < $1.number }
        guard let first = firmware.first else { return .waitForAnyCard }
        return now >= firmwareDeadline ? .use(first.path) : .waitForRealCard(until: firmwareDeadline)
    }

    /// The real card to drive among several: one with a display connected, then the one the
    /// firmware booted on (`boot_vga`: the GPU the TV's cable most likely goes to), then the
    /// lowest number.
    public static func bestReal(_ cards: [CardCandidate]) -> CardCandidate? {
        cards.filter { !$0.isFirmware }.min { a, b in
            if a.hasConnectedDisplay != b.hasConnectedDisplay { return a.hasConnectedDisplay }
            if a.bootVGA != b.bootVGA { return a.bootVGA }
            return a.number < b.number
        }
    }

    /// While driving `current`: the card to move to, if any. Only a firmware card is left for
    /// another (a real card arrived); a real card is kept as long as it is there, so a second
    /// GPU appearing never pulls the picture away from a working screen.
    public static func replacement(for current: String, among cards: [CardCandidate]) -> String? {
        guard let mine = cards.first(where: { $0.path == current }) else { return nil }
        guard mine.isFirmware, let real = bestReal(cards) else { return nil }
        return real.path
    }
}
