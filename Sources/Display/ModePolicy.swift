/// Which of a display's modes the kiosk uses, and why: one pure function over the kernel's
/// mode list, so every rule is table-tested on the mode lists of real TVs.
///
/// What a venue's HDMI TV needs is a steady, sharp, progressive picture at the panel's shape:
/// - `--mode` when the display offers it (otherwise a warning, and the rules below);
/// - a mode the operator forced with the kernel's `video=` option (USERDEF);
/// - the display's preferred mode when it is progressive, at least 50 Hz and of the panel's
///   aspect — a TV that prefers 1080i (thin lines flicker) or 3840×2160@30 (an HDMI 1.4 port)
///   does not get it;
/// - else a progressive mode of the preferred size at 50 Hz or more (1080i60 → 1080p60,
///   1080i50 → 1080p50: the refresh nearest the preferred one);
/// - with no preferred mode at all (the kernel pruned it: a link or clock limit), the largest
///   progressive ≥ 50 Hz mode of the panel's aspect, so a 16:9 TV gets 3840×2160 and not DCI
///   4096×2160; without an EDID, 1920×1080 first (every HDMI TV takes it; the kernel's
///   no-EDID lists are guesses);
/// - then 1920×1080 at 60 or 50 Hz, then the largest progressive ≥ 50 Hz mode, then any
///   progressive mode; interlaced only when nothing else exists.
/// Modes over the pixel-clock cap and modes the driver refused (test-only commit) are out.
///
/// Modes the TV takes only as YCbCr 4:2:0 (`CTA861.Encoding.ycbcr420`) are left out of every
/// rule after `video=` — used only when `--mode`/`video=` names one or nothing else is left.
/// The kernel lists them when the driver can send 4:2:0 (i915 from display version 10, amdgpu;
/// not vc4, nor older i915: drm_mode_validate_ycbcr420 prunes 4:2:0-only modes there) and then
/// converts our XRGB8888 frames on the link itself. We still prefer RGB, as i915 does (it tries
/// every RGB depth before its 4:2:0 fallback, which exists so a display lights at all): 4:2:0
/// halves the colour resolution both ways, so coloured text and thin coloured rules smear over
/// 2×2 pixels, and 4K in 4:2:0 has no more colour detail than 1080p RGB while costing four
/// times the drawing; a YCbCr link is limited range whatever `Broadcast RGB` says; and the pick
/// would depend on the box (4K60 on a new Intel, 1080p60 on a Pi 4 for the same TV).
public struct ModePolicy: Equatable, Sendable {
    /// `--mode WxH[@Hz]`.
    public var request: ModeRequest?
    /// `max-pixel-clock = KHZ`: modes above it are never used (a Pi 4 without 4K60 enabled:
    /// 340000; a cable that cannot carry 594 MHz).
    public var maxPixelClockKHz: Int?

    public init(request: ModeRequest? = nil, maxPixelClockKHz: Int? = nil) {
        self.request = request
        self.maxPixelClockKHz = maxPixelClockKHz
    }

    /// What the display is, as far as choosing goes.
    public struct Display: Equatable, Sendable {
        /// Width / height of the panel (from its size in millimetres); nil when unknown.
        public var aspect: Double?
        /// Whether it has an EDID (without one the kernel's list is a guess).
        public var hasEDID: Bool
        /// The EDID's CTA-861 block: which modes reach the TV only as YCbCr 4:2:0.
        public var cta: CTA861?
        /// Whether modes over the TV's max TMDS clock must still be taken out: true for an
        /// EDID file's own list (`quizkiosk edid`), false for the kernel's, where the driver has
        /// already applied the limit it enforces (i915, amdgpu and vc4 do).
        public var appliesTMDSLimit: Bool

        public init(aspect: Double? = nil, hasEDID: Bool = true, cta: CTA861? = nil, appliesTMDSLimit: Bool = false) {
            self.aspect = aspect
            self.hasEDID = hasEDID
            self.cta = cta
            self.appliesTMDSLimit = appliesTMDSLimit
        }

        public init(_ c: ConnectorInfo) {
            aspect = c.widthMM > 0 && c.heightMM > 0 ? Double(c.widthMM) / Double(c.heightMM) : nil
            hasEDID = !c.edid.isEmpty
            cta = c.edid.isEmpty ? nil : (try? EDID(c.edid))?.cta
            appliesTMDSLimit = false
        }

        /// How the mode travels to this display (RGB without a CTA block: a monitor).
        public func encoding(of m: Mode) -> CTA861.Encoding { cta?.encoding(of: m) ?? .rgb }
    }

    public struct Choice: Equatable, Sendable {
        public var mode: Mode
        /// One phrase an operator reads: "preferred 1920x1080i@60.00 is interlaced; 1920x1080@60.00 is its size, progressive".
        public var why: String
        /// `--mode` was given but this display does not offer it (the caller warns once).
        public var requestMissing: Bool
    }

    /// The lowest refresh that does not visibly flicker or judder on a TV (50 Hz regions).
    static let minimumHz = 49.5
    /// Panels are 16:9 unless their size says otherwise (TVs and most monitors today).
    static let defaultAspect = 16.0 / 9.0

    public func choose(from all: [Mode], display: Display, refused: Set<Mode> = []) -> Choice? {
        var notes: [String] = []
        var modes = all.filter { !refused.contains($0) }
        if modes.count < all.count {
            notes.append("refused by the driver: " + all.filter { refused.contains($0) }.map(\.description).joined(separator: ", "))
        }
        // A cap that leaves nothing would leave the screen dark: the smallest clock then.
        func keep(_ within: [Mode]) -> [Mode] { within.isEmpty ? Array(modes.sorted { $0.clock < $1.clock }.prefix(1)) : within }
        if let cap = maxPixelClockKHz {
            let within = modes.filter { Int($0.clock) <= cap }
            if within.count < modes.count { notes.append("\(ModePolicy.count(modes.count - within.count)) over max-pixel-clock \(cap) kHz") }
            modes = keep(within)
        }
        if display.appliesTMDSLimit, let tmds = display.cta?.maxTMDSClockMHz {
            let within = modes.filter { display.encoding(of: $0) != .tooFast }
            if within.count < modes.count { notes.append("\(ModePolicy.count(modes.count - within.count)) over the TV's max TMDS clock \(tmds) MHz") }
            modes = keep(within)
        }
        guard !modes.isEmpty else { return nil }
        func done(_ m: Mode, _ why: String, missing: Bool = false) -> Choice {
            Choice(mode: m, why: (notes + [why]).joined(separator: "; "), requestMissing: missing)
        }

        // The operator's own choice may be a 4:2:0 one: the driver converts (said, not refused).
        func named(_ m: Mode, _ why: String) -> String { display.encoding(of: m) == .ycbcr420 ? why + ", as YCbCr 4:2:0" : why }
        var requestMissing = false
        if let request {
            if let m = ModePolicy.requested(request, from: modes) { return done(m, named(m, "--mode \(request)")) }
            requestMissing = true
            notes.append("--mode \(request) not offered")
        }
        if let m = modes.first(where: \.isUserDefined) {
            return done(m, named(m, "forced with the kernel's video= option"), missing: requestMissing)
        }
        // YCbCr 4:2:0 only when nothing else is left (see the type's comment for why).
        let ycbcr420 = modes.filter { display.encoding(of: $0) == .ycbcr420 }
        if !ycbcr420.isEmpty, ycbcr420.count < modes.count {
            notes.append("\(ModePolicy.count(ycbcr420.count)) only as YCbCr 4:2:0")
            modes.removeAll { ycbcr420.contains($0) }
        }
        let aspect = display.aspect ?? ModePolicy.defaultAspect
        let progressive = modes.filter { !$0.isInterlaced }
        let steady = progressive.filter { $0.refreshHz >= ModePolicy.minimumHz }
        let preferred = all.first(where: \.isPreferred)

        if let p = preferred, modes.contains(p) {
            let fits = ModePolicy.sameAspect(p, aspect)
            if !p.isInterlaced && p.refreshHz >= ModePolicy.minimumHz && fits {
                return done(p, "the display's preferred mode", missing: requestMissing)
            }
            let problem = p.isInterlaced ? "is interlaced" : p.refreshHz < ModePolicy.minimumHz ? "is below 50 Hz"
                : "is not the panel's \(ModePolicy.ratio(aspect)) shape"
            notes.append("preferred \(p) \(problem)")
            if fits, let m = ModePolicy.nearest(p.refreshHz, in: steady.filter { $0.width == p.width && $0.height == p.height }) {
                return done(m, "\(m) is its size, progressive", missing: requestMissing)
            }
        } else if display.hasEDID {
            notes.append(preferred.map { ycbcr420.contains($0) ? "preferred \($0) is one of them" : "preferred \($0) is out" } ?? "no preferred mode")
            if let m = ModePolicy.largest(steady.filter { ModePolicy.sameAspect($0, aspect) }) {
                return done(m, "\(m) is the largest at the panel's \(ModePolicy.ratio(aspect)) shape", missing: requestMissing)
            }
        } else {
            notes.append("no EDID")
        }
        // 60 Hz, or 50 when the display prefers 50 (a European TV's 1080i50).
        let fullHD = steady.filter { $0.width == 1920 && $0.height == 1080 && $0.refreshHz < 61 }
        let target = preferred.map(\.refreshHz).flatMap { $0 >= ModePolicy.minimumHz ? $0 : nil } ?? 60
        if let m = ModePolicy.nearest(target, in: fullHD) {
            return done(m, "\(m), which every HDMI TV takes", missing: requestMissing)
        }
        if let m = ModePolicy.largest(steady.filter { ModePolicy.sameAspect($0, aspect) }) ?? ModePolicy.largest(steady) {
            return done(m, "\(m) is the largest at 50 Hz or more", missing: requestMissing)
        }
        if let m = ModePolicy.largest(progressive) {
            return done(m, "\(m) is the largest progressive mode (none at 50 Hz or more)", missing: requestMissing)
        }
        let m = ModePolicy.largest(modes)!
        return done(m, "\(m): only interlaced modes", missing: requestMissing)
    }

    /// The request's match: progressive before interlaced, then the closest refresh (or the
    /// preferred one, then the highest, when no refresh was asked for).
    static func requested(_ request: ModeRequest, from modes: [Mode]) -> Mode? {
        modes.filter(request.matches).min { a, b in
            if a.isInterlaced != b.isInterlaced { return !a.isInterlaced }
            if let r = request.refresh { return abs(a.refreshHz - r) < abs(b.refreshHz - r) }
            if a.isPreferred != b.isPreferred { return a.isPreferred }
            return a.refreshHz > b.refreshHz
        }
    }

    /// "1 mode", "4 modes".
    static func count(_ n: Int) -> String { n == 1 ? "1 mode" : "\(n) modes" }

    /// Within 3 %: 1366×768 and 1360×768 are 16:9; 4096×2160 (17:9) and 1920×1200 are not.
    static func sameAspect(_ m: Mode, _ aspect: Double) -> Bool {
        guard m.height > 0 else { return false }
        return abs(Double(m.width) / Double(m.height) / aspect - 1) < 0.03
    }

    /// The mode whose refresh is nearest `hz` (the kernel's order breaks ties).
    static func nearest(_ hz: Double, in modes: [Mode]) -> Mode? {
        modes.min { abs($0.refreshHz - hz) < abs($1.refreshHz - hz) }
    }

    /// The largest area; among those, the refresh nearest 60 Hz (more is bandwidth for nothing).
    static func largest(_ modes: [Mode]) -> Mode? {
        guard let area = modes.map({ $0.width * $0.height }).max() else { return nil }
        return nearest(60, in: modes.filter { $0.width * $0.height == area })
    }

    static func ratio(_ aspect: Double) -> String {
        for (w, h) in [(16, 9), (16, 10), (4, 3), (5, 4), (21, 9), (64, 27), (256, 135)]
        where abs(Double(w) / Double(h) / aspect - 1) < 0.03 {
            return "\(w):\(h)"
        }
        return Mode.format(aspect) + ":1"
    }
}
