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
