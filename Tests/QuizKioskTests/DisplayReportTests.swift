import Display
@testable import QuizKiosk
import QuizContract
import TestSupport
import Testing

/// What `displays` says about a TV on a card (no DRM device here: a snapshot as a probe of an
/// i915 HDMI port with the LG 4K30 TV would give it).
@Suite struct DisplayReportTests {
    static func card() throws -> CardSnapshot {
        var s = FakeCard.card(heads: 1, types: [11])
        let bytes = Array(TempDir.read(repositoryRoot + "/Tests/DisplayTests/EDID/lg-tv-4k30.hex").filter(\.isHexDigit).utf8)
        let edid = stride(from: 0, to: bytes.count, by: 2).map { UInt8(String(decoding: bytes[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
        s.connectors[0].edid = edid
        s.connectors[0].modes = try EDID(edid).modes.filter { !$0.ycbcr420Only }.map(\.mode)
        s.connectors[0].widthMM = 1600
        s.connectors[0].heightMM = 900
        s.connectors[0].properties = FakeCard.i915Connector
        s.crtcs[0].properties = FakeCard.i915Crtc
        return s
    }

    static let driver = DRMCard.Driver(name: "i915", version: "1.6.0", date: "", description: "Intel Graphics")

    @Test func theTableSaysThePickOverscanAndRange() throws {
        let r = DisplayReport(path: "/dev/dri/card0", driver: Self.driver, atomic: true, snapshot: try Self.card())
        let t = r.table
        #expect(t.contains("    monitor: LG Electronics \"LG TV\""), "\(t)")
        #expect(t.contains("    cta: CTA-861 rev 3, HDMI, VICs 95 16 31"))
        #expect(t.contains("    pick: 1920x1080@60.00: preferred 3840x2160@30.00 is below 50 Hz; 1920x1080@60.00, which every HDMI TV takes"))
        #expect(t.contains("    overscan: the TV underscans computer formats by default (CTA-861 byte 3; VCDB S_IT: over- or underscanned)"))
        #expect(t.contains("    Broadcast RGB: Full (the TV's VCDB: RGB range selectable)"))
        #expect(!t.contains("driver lacks"))
    }

    /// A TV the driver sends 4K60 to only as 4:2:0 (i915 from display version 10 lists it):
    /// the modes say so, the pick takes RGB 1080p60, and a TV's HDMI Forum block is shown.
    @Test func jsonMarksTheFourTwoZeroModes() throws {
        for (name, forum) in [("samsung-tv-4k60", false), ("samsung-tv-4k60-hf", true)] {
            var s = try Self.card()
            let bytes = Array(TempDir.read(repositoryRoot + "/Tests/DisplayTests/EDID/\(name).hex").filter(\.isHexDigit).utf8)
            s.connectors[0].edid = stride(from: 0, to: bytes.count, by: 2).map { UInt8(String(decoding: bytes[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
            s.connectors[0].modes = try EDID(s.connectors[0].edid).modes.map(\.mode)
            let w = JSONWriter()
            DisplayReport(path: "/dev/dri/card0", driver: Self.driver, atomic: true, snapshot: s).writeJSON(w)
            let c = try #require(try JSONParser.parse(w.bytes)["connectors"]?.array?.first)
            let y420 = c["modes"]?.array?.filter { $0["ycbcr420"]?.bool == true }.compactMap { $0["name"]?.string } ?? []
            #expect(y420 == (forum ? [] : ["3840x2160@60.00", "3840x2160@50.00", "4096x2160@50.00", "4096x2160@60.00"]), "\(name)")
            #expect(c["pick"]?["name"]?.string == (forum ? "3840x2160@60.00" : "1920x1080@60.00"), "\(name)")
            #expect(c["cta"]?["hdmiForum"]?["maxTMDSCharacterRateMHz"]?.number == (forum ? 600 : nil), "\(name)")
            #expect(c["cta"]?["hdmiForum"]?.isNull == !forum, "\(name)")
        }
    }

    @Test func jsonCarriesTheSameAndTheSettingsChangeIt() throws {
        var settings = DisplaySettings()
        settings.signal.overscan = .percent(3)
        settings.signal.broadcastRGB = .limited
        let r = DisplayReport(path: "/dev/dri/card0", driver: Self.driver, atomic: true, snapshot: try Self.card(), settings: settings)
        let w = JSONWriter()
        r.writeJSON(w)
        let v = try JSONParser.parse(w.bytes)
        let c = try #require(v["connectors"]?.array?.first)
        #expect(c["cta"]?["vcdb"]?["qs"]?.bool == true)
        #expect(c["pick"]?["name"]?.string == "1920x1080@60.00")
        #expect(c["overscan"]?["safeAreaPercent"]?.number == 3)
        #expect(c["broadcastRGB"]?.string == "Limited 16:235 (broadcast-rgb = limited)")
        #expect(c["propertiesMissing"]?.array?.isEmpty == true)
    }
}
