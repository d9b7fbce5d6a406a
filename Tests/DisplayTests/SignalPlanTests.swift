@testable import Display
import TestSupport
import Testing

/// What the first commit sets besides the mode, on the properties real drivers have (i915,
/// amdgpu, a virtual card with none), and what the overscan setting decides on real TVs.
@Suite struct SignalPlanTests {
    static func connector(_ props: ObjectProperties, edid: String?, type: UInt32 = 11) throws -> ConnectorInfo {
        ConnectorInfo(id: 30, type: type, typeIndex: 1, status: .connected, modes: [.synthetic(1920, 1080, preferred: true)],
                      encoderIDs: [20], edid: try edid.map(EDIDTests.blob) ?? [], properties: props)
    }

    static let crtc = CrtcInfo(id: 10, index: 0, properties: FakeCard.i915Crtc)
    static let mode = Mode.synthetic(1920, 1080)

    @Test func i915WithATVThatTakesFullRange() throws {
        let c = try Self.connector(FakeCard.i915Connector, edid: "lg-tv-4k30")
        let plan = SignalPlan.make(connector: c, crtc: Self.crtc, mode: Self.mode, settings: SignalSettings())
        #expect(plan.values.map { "\($0.object) \($0)" } == [
            "30 max bpc=8", "30 content type=Graphics", "30 HDR_OUTPUT_METADATA=0 (cleared)", "30 Colorspace=Default",
            "10 GAMMA_LUT=0 (cleared)", "10 DEGAMMA_LUT=0 (cleared)", "10 CTM=0 (cleared)", "30 Broadcast RGB=Full",
        ])
        #expect(plan.values.first { $0.property.name == "Broadcast RGB" }?.value == 1)
        #expect(plan.missing.isEmpty)
        #expect(plan.broadcastRGB == "Full (the TV's VCDB: RGB range selectable)")
        // The LG underscans computer formats by default: nothing to keep free.
        #expect(plan.overscan.safeAreaPercent == 0 && plan.overscan.hardware == .none)
    }

    @Test func broadcastRGBFollowsTheSettingAndTheVCDB() throws {
        let noQS = try Self.connector(FakeCard.i915Connector, edid: "samsung-tv-4k60")   // VCDB with QS=0
        func rgb(_ c: ConnectorInfo, _ b: BroadcastRGB) -> String? {
            SignalPlan.make(connector: c, crtc: Self.crtc, mode: Self.mode, settings: SignalSettings(broadcastRGB: b))
                .values.first { $0.property.name == "Broadcast RGB" }?.shown
        }
        #expect(rgb(noQS, .auto) == "Automatic")
        #expect(rgb(noQS, .full) == "Full")
        #expect(rgb(noQS, .limited) == "Limited 16:235")
        #expect(rgb(try Self.connector(FakeCard.i915Connector, edid: "lg-tv-4k30"), .limited) == "Limited 16:235")
    }

    @Test func amdgpuUnderscansATVThatMayCrop() throws {
        let c = try Self.connector(FakeCard.amdgpuConnector, edid: "samsung-tv-1080i")
        let plan = SignalPlan.make(connector: c, crtc: CrtcInfo(id: 10, index: 0), mode: Self.mode, settings: SignalSettings())
        #expect(plan.values.map(\.description) == ["max bpc=8", "HDR_OUTPUT_METADATA=0 (cleared)", "Colorspace=Default",
                                                  "underscan=on", "underscan hborder=96", "underscan vborder=54"])
        #expect(plan.missing == ["content type", "GAMMA_LUT", "DEGAMMA_LUT", "CTM", "Broadcast RGB"])
        #expect(plan.overscan == OverscanDecision(hardware: .underscan(h: 96, v: 54), safeAreaPercent: 0,
                                                 why: "an HDMI TV without a VCDB: the driver underscans by 96x54 px"))
        // overscan = off: the driver's underscan is turned off, nothing kept free.
        let off = SignalPlan.make(connector: c, crtc: CrtcInfo(id: 10, index: 0), mode: Self.mode, settings: SignalSettings(overscan: .off))
        #expect(off.values.map(\.description).suffix(1) == ["underscan=off"] && off.overscan.safeAreaPercent == 0)
    }

    @Test func aVirtualCardHasNoneAndSaysSo() throws {
        let c = try Self.connector(ObjectProperties([PropertyInfo(id: 1, name: "CRTC_ID")]), edid: "samsung-tv-1080i", type: 15)
        let plan = SignalPlan.make(connector: c, crtc: CrtcInfo(id: 10, index: 0), mode: Self.mode, settings: SignalSettings())
        #expect(plan.values.isEmpty)
        #expect(plan.missing == ["max bpc", "content type", "HDR_OUTPUT_METADATA", "Colorspace", "GAMMA_LUT", "DEGAMMA_LUT", "CTM", "Broadcast RGB"])
        // A TV that may crop, no driver help: the scene keeps 5 % of each edge free.
        #expect(plan.overscan.safeAreaPercent == 5 && plan.overscan.why == "an HDMI TV without a VCDB: safe area 5%")
    }

    @Test func overscanTable() throws {
        let samsung1080i = try EDID(EDIDTests.blob("samsung-tv-1080i")).cta
        let lg = try EDID(EDIDTests.blob("lg-tv-4k30")).cta
        let monitor = try EDID(EDIDTests.blob("samsung-syncmaster")).cta
        var underscanned = try #require(lg)
        underscanned.vcdb?.sIT = 2
        underscanned.underscansITByDefault = false
        var overscanned = underscanned
        overscanned.vcdb?.sIT = 1
        let cases: [(OverscanSetting, CTA861?, Bool, Bool, ClosedRange<UInt64>?, ClosedRange<UInt64>?, Double, OverscanDecision.Hardware)] = [
            (.auto, samsung1080i, true, true, nil, nil, 5, .none),
            (.auto, samsung1080i, true, true, nil, 0...100, 0, .margins(h: 96, v: 54)),    // vc4's TV margins
            (.auto, samsung1080i, true, true, 0...50, nil, 5, .none),                      // borders beyond the driver's range
            (.auto, lg, true, true, nil, nil, 0, .none),
            (.auto, underscanned, true, true, nil, nil, 0, .none),
            (.auto, overscanned, true, true, nil, nil, 5, .none),
            (.auto, monitor, true, false, nil, nil, 0, .none),                             // a DVI monitor, no CTA block
            (.auto, nil, false, true, nil, nil, 5, .none),                                 // HDMI, no EDID: may be a TV
            (.auto, nil, false, false, nil, nil, 0, .none),
            (.off, samsung1080i, true, true, 0...128, nil, 0, .none),
            (.percent(2.5), lg, true, true, 0...128, nil, 2.5, .none),
        ]
        for (k, (setting, cta, hasEDID, hdmi, underscan, margins, safe, hardware)) in cases.enumerated() {
            let d = OverscanPolicy.decide(setting, cta: cta, hasEDID: hasEDID, isHDMIConnector: hdmi, mode: Self.mode,
                                          underscan: underscan, margins: margins)
            #expect(d.safeAreaPercent == safe && d.hardware == hardware, "case \(k): \(d)")
        }
        #expect(OverscanSetting(parsing: "5%") == .percent(5) && OverscanSetting(parsing: "2.5") == .percent(2.5))
        #expect(OverscanSetting(parsing: "AUTO") == .auto && OverscanSetting(parsing: "off") == .off)
        for bad in ["", "-1%", "25%", "lots", "%"] { #expect(OverscanSetting(parsing: bad) == nil, "\(bad)") }
        #expect(OverscanSetting.percent(2.5).description == "2.5%")
    }
}
