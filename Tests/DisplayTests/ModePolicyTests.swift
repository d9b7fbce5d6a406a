@testable import Display
import TestSupport
import Testing

/// The mode policy on the mode lists of real TVs (their EDIDs, decoded as the kernel does;
/// 4:2:0-only formats left out, as drivers without 4:2:0 output prune them).
@Suite struct ModePolicyTests {
    /// The TV's modes and its panel shape (the kernel reports the EDID's centimetres as mm).
    static func tv(_ name: String) throws -> ([Mode], ModePolicy.Display) {
        let bytes = try EDIDTests.blob(name)
        let e = try EDID(bytes)
        return (e.modes.filter { !$0.ycbcr420Only }.map(\.mode), ModePolicy.Display(aspect: Double(bytes[21]) / Double(bytes[22])))
    }

    static func pick(_ modes: [Mode], _ d: ModePolicy.Display = .init(), policy: ModePolicy = ModePolicy(),
                     refused: Set<Mode> = []) -> (String, String) {
        let c = policy.choose(from: modes, display: d, refused: refused)
        return (c?.mode.description ?? "none", c?.why ?? "")
    }

    @Test func a1080iTelevisionGets1080p60() throws {
        let (modes, d) = try Self.tv("samsung-tv-1080i")
        #expect(modes.first?.description == "1920x1080i@60.00" && modes.first?.isPreferred == true)
        let (m, why) = Self.pick(modes, d)
        #expect(m == "1920x1080@60.00")
        #expect(why == "preferred 1920x1080i@60.00 is interlaced; 1920x1080@60.00 is its size, progressive")
    }

    @Test func a4K30TelevisionGets1080p60AndSaysWhy() throws {
        let (modes, d) = try Self.tv("lg-tv-4k30")
        let (m, why) = Self.pick(modes, d)
        #expect(m == "1920x1080@60.00")
        #expect(why == "preferred 3840x2160@30.00 is below 50 Hz; 1920x1080@60.00, which every HDMI TV takes")
    }

    @Test func a4K60TelevisionGetsItsPreferredMode() throws {
        let (modes, d) = try Self.tv("samsung-tv-4k60")
        #expect(Self.pick(modes, d) == ("3840x2160@60.00", "the display's preferred mode"))
    }

    /// The preferred mode pruned (a driver that cannot do its timing; VIC 97 is the same mode,
    /// so it goes too): the largest area would be DCI 4096x2160@60, a 17:9 picture on a 16:9
    /// panel; the policy takes 3840x2160, at 50 Hz.
    @Test func prunedPreferredAndDCI4KGive3840x2160() throws {
        let (all, d) = try Self.tv("samsung-tv-4k60")
        let pruned = all.filter { !$0.isPreferred }
        #expect(pruned.max { $0.width * $0.height < $1.width * $1.height }?.description == "4096x2160@50.00")   // what "largest area" took
        let (m, why) = Self.pick(pruned, d)
        #expect(m == "3840x2160@50.00")
        #expect(why == "no preferred mode; 3840x2160@50.00 is the largest at the panel's 16:9 shape")
    }

    /// A Pi 4 without 4K60 enabled, or the TV's own HDMI 1.4 limit: max-pixel-clock 300000.
    @Test func aPixelClockCapRulesOut4K60() throws {
        let (modes, d) = try Self.tv("samsung-tv-4k60")
        let (m, why) = Self.pick(modes, d, policy: ModePolicy(maxPixelClockKHz: 300_000))
        #expect(m == "1920x1080@60.00")
        #expect(why.hasPrefix("4 modes over max-pixel-clock 300000 kHz; preferred 3840x2160@60.00 is out; "))
    }

    /// The test-only commit refused 4K60, then 4K50: each time one step down the list.
    @Test func refusedModesStepDown() throws {
        let (modes, d) = try Self.tv("samsung-tv-4k60")
        let k60 = try #require(modes.first { $0.description == "3840x2160@60.00" })
        let k50 = try #require(modes.first { $0.description == "3840x2160@50.00" })
        var (m, why) = Self.pick(modes, d, refused: [k60])
        #expect(m == "3840x2160@50.00")
        #expect(why.hasPrefix("refused by the driver: 3840x2160@60.00; preferred 3840x2160@60.00 is out; "))
        (m, why) = Self.pick(modes, d, refused: [k60, k50])
        #expect(m == "1920x1080@60.00")
    }

    /// What `quizkiosk edid FILE` decides: the EDID's own list, the TV's TMDS limit applied.
    static func file(_ name: String, policy: ModePolicy = ModePolicy(), edit: (inout [UInt8]) throws -> Void = { _ in }) throws -> (String, String) {
        var bytes = try EDIDTests.blob(name)
        try edit(&bytes)
        let e = try EDID(bytes)
        let d = ModePolicy.Display(aspect: Double(bytes[21]) / Double(bytes[22]), cta: e.cta, appliesTMDSLimit: true)
        return pick(e.modes.map(\.mode), d, policy: policy)
    }

    /// A connector as i915 (display version 10 and later) or amdgpu lists a TV: every mode of
    /// its EDID but those over its max TMDS clock in every encoding, the 4:2:0 ones included.
    static func connector(_ name: String) throws -> ConnectorInfo {
        let bytes = try EDIDTests.blob(name)
        let e = try EDID(bytes)
        let modes = e.modes.map(\.mode).filter { e.cta?.encoding(of: $0) != .tooFast }
        return ConnectorInfo(id: 30, type: 11, typeIndex: 1, status: .connected, modes: modes, encoderIDs: [20],
                             widthMM: Int(bytes[21]) * 10, heightMM: Int(bytes[22]) * 10, edid: bytes)
    }

    /// The TVs: an HDMI 1.4 block saying 300 MHz, an HDMI Forum block saying 600. The
    /// kernel offers them 3840x2160@60 in RGB, and so does the policy.
    @Test func a4K60TelevisionWithAnHDMIForumBlockGets4K60() throws {
        for name in ["samsung-tv-4k60-hf", "lg-tv-4k60"] {
            #expect(try Self.file(name) == ("3840x2160@60.00", "the display's preferred mode"), "\(name)")
            #expect(ModePolicy().choose(for: try Self.connector(name))?.mode.description == "3840x2160@60.00", "\(name)")
        }
        // The same TV read as its HDMI 1.4 block alone (the rate byte 0): 1080p60.
        let (m, why) = try Self.file("samsung-tv-4k60-hf") { bytes in
            bytes[try CTA861Tests.offset(of: [0xD8, 0x5D, 0xC4], in: bytes) + 4] = 0
        }
        #expect(m == "1920x1080@60.00")
        #expect(why == "4 modes only as YCbCr 4:2:0; preferred 3840x2160@60.00 is one of them; 1920x1080@60.00 is the largest at the panel's 16:9 shape")
    }

    /// The 2014 Samsung (no HDMI Forum block, 300 MHz): i915 and amdgpu list 3840x2160@60 and
    /// would send it as 4:2:0; the policy takes RGB 1080p60 unless `--mode` asks for 4K.
    @Test func fourTwoZeroModesOnlyWhenAsked() throws {
        let c = try Self.connector("samsung-tv-4k60")
        #expect(c.modes.contains { $0.description == "3840x2160@60.00" && $0.isPreferred })
        var choice = try #require(ModePolicy().choose(for: c))
        #expect(choice.mode.description == "1920x1080@60.00")
        #expect(choice.why == "4 modes only as YCbCr 4:2:0; preferred 3840x2160@60.00 is one of them; 1920x1080@60.00 is the largest at the panel's 16:9 shape")
        choice = try #require(ModePolicy(request: ModeRequest(width: 3840, height: 2160, refresh: 60)).choose(for: c))
        #expect(choice.mode.description == "3840x2160@60.00" && choice.why == "--mode 3840x2160@60.00, as YCbCr 4:2:0")
        // video= forcing one is the operator's choice too.
        var forced = c
        let k50 = try #require(forced.modes.firstIndex { $0.description == "3840x2160@50.00" })
        forced.modes[k50].type |= Mode.typeUserDefined
        #expect(ModePolicy().choose(for: forced)?.why == "forced with the kernel's video= option, as YCbCr 4:2:0")
        // The same list without the EDID (nothing says what is 4:2:0): the preferred 4K60.
        var blind = c
        blind.edid = []
        #expect(ModePolicy().choose(for: blind)?.mode.description == "3840x2160@60.00")
        // `edid FILE` says the same as the card.
        #expect(try Self.file("samsung-tv-4k60").0 == "1920x1080@60.00")
    }

    /// The Q70A's 4K120 exists only as 4:2:0: with 4K60 and 4K50 refused, the next is its RGB
    /// 2560x1440@120 (the largest 16:9 mode at 50 Hz or more), not 3840x2160@100 in 4:2:0.
    @Test func refusalsStepPastFourTwoZeroModes() throws {
        let c = try Self.connector("samsung-q70a")
        #expect(ModePolicy().choose(for: c)?.why == "4 modes only as YCbCr 4:2:0; the display's preferred mode")
        let refused = Set(c.modes.filter { ["3840x2160@60.00", "3840x2160@50.00"].contains($0.description) })
        let choice = try #require(ModePolicy().choose(for: c, refused: refused))
        #expect(choice.mode.description == "2560x1440@120.00")
        #expect(choice.why.hasSuffix("; 4 modes only as YCbCr 4:2:0; preferred 3840x2160@60.00 is out; 2560x1440@120.00 is the largest at the panel's 16:9 shape"))
    }

    /// Nothing but 4:2:0 left (a list cut down to them): those, rather than a dark screen.
    @Test func fourTwoZeroWhenNothingElseIsLeft() throws {
        var c = try Self.connector("lg-tv-4k30")
        c.modes = c.modes.filter { ModePolicy.Display(c).encoding(of: $0) == .ycbcr420 }
        #expect(c.modes.count == 4)
        #expect(ModePolicy().choose(for: c)?.mode.description == "3840x2160@60.00")
    }

    /// `edid FILE` applies the TV's own limit as a driver would: 225 MHz leaves no 4K at all.
    @Test func theTVsTMDSLimitForAFile() throws {
        let (m, why) = try Self.file("lg-tv-4k30") { bytes in
            bytes[try CTA861Tests.offset(of: [0x03, 0x0C, 0x00], in: bytes) + 6] = 45
        }
        // 4K and DCI 4K at 24–30 Hz, 1080p at 100 and 120 (297 MHz), the 4:2:0 ones (297 halved).
        #expect(m == "1920x1080@60.00")
        #expect(why == "12 modes over the TV's max TMDS clock 225 MHz; preferred 3840x2160@30.00 is out; 1920x1080@60.00 is the largest at the panel's 16:9 shape")
    }

    @Test func withoutAnEDID1920x1080IfOffered() {
        // What a driver lists without an EDID: guesses up to some size, none preferred.
        let guessed: [Mode] = [.synthetic(2560, 1600), .synthetic(1920, 1200), .synthetic(1920, 1080),
                               .synthetic(1280, 720), .synthetic(1024, 768)]
        #expect(Self.pick(guessed, .init(hasEDID: false)) == ("1920x1080@60.00", "no EDID; 1920x1080@60.00, which every HDMI TV takes"))
        let vga: [Mode] = [.synthetic(1024, 768), .synthetic(800, 600), .synthetic(640, 480)]
        #expect(Self.pick(vga, .init(hasEDID: false)).0 == "1024x768@60.00")
    }

    @Test func theTable() {
        let p1080i50 = Mode.synthetic(1920, 1080, hz: 50, preferred: true, interlaced: true)
        let cases: [(String, [Mode], ModePolicy, String)] = [
            ("video= forces a mode", [.synthetic(1920, 1080, preferred: true), .synthetic(1280, 720, userDefined: true)],
             ModePolicy(), "1280x720@60.00"),
            ("--mode wins over video=", [.synthetic(1920, 1080, hz: 50), .synthetic(1280, 720, userDefined: true)],
             ModePolicy(request: ModeRequest(width: 1920, height: 1080)), "1920x1080@50.00"),
            ("1080i50 preferred: 1080p50, the refresh nearest", [p1080i50, .synthetic(1920, 1080), .synthetic(1920, 1080, hz: 50)],
             ModePolicy(), "1920x1080@50.00"),
            ("a 17:9 preferred on a 16:9 panel", [.synthetic(4096, 2160, preferred: true), .synthetic(3840, 2160), .synthetic(1920, 1080)],
             ModePolicy(), "1920x1080@60.00"),
            ("interlaced only when nothing else", [.synthetic(1920, 1080, preferred: true, interlaced: true)],
             ModePolicy(), "1920x1080i@60.00"),
            ("a progressive 30 Hz before interlaced", [.synthetic(1920, 1080, preferred: true, interlaced: true), .synthetic(1280, 720, hz: 30)],
             ModePolicy(), "1280x720@30.00"),
            ("a cap that leaves nothing: the smallest clock", [.synthetic(3840, 2160, preferred: true), .synthetic(1920, 1080)],
             ModePolicy(maxPixelClockKHz: 50_000), "1920x1080@60.00"),
        ]
        for (name, modes, policy, expected) in cases {
            #expect(Self.pick(modes, policy: policy).0 == expected, "\(name)")
        }
        #expect(ModePolicy().choose(from: [], display: .init()) == nil)
    }
}
