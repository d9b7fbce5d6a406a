/// The `broadcast-rgb` setting: the RGB quantization range sent to the TV.
public enum BroadcastRGB: String, Equatable, Sendable {
    /// Full range where the TV's EDID says it honours it (VCDB QS=1), else the driver's choice
    /// (i915's Automatic is limited range for CE modes such as 1080p).
    case auto
    case full
    case limited
}

/// The display settings `run` takes (`overscan`, `broadcast-rgb`), beside the mode policy.
public struct SignalSettings: Equatable, Sendable {
    public var overscan: OverscanSetting
    public var broadcastRGB: BroadcastRGB

    public init(overscan: OverscanSetting = .auto, broadcastRGB: BroadcastRGB = .auto) {
        self.overscan = overscan
        self.broadcastRGB = broadcastRGB
    }
}

/// What the first commit of a head sets besides the mode, decided from the settings, the
/// TV's EDID and the properties the connector and CRTC have (ids and enum values resolved at
/// probe). Every property is optional: one the driver lacks is left out and named in
/// `missing` (the manager says so once per connector). A pure function, table-tested.
///
/// - `max bpc` = 8: the buffer is 8 bits a channel; i915 may otherwise send 12-bit deep
///   colour that some TVs show wrongly (wlroots clamps it to the buffer's depth too).
/// - colour state reset — `GAMMA_LUT`, `DEGAMMA_LUT`, `CTM` cleared, `Colorspace` Default,
///   `HDR_OUTPUT_METADATA` cleared — so nothing a previous program left is inherited (weston
///   does the same on every commit).
/// - `content type` = Graphics (i915, vc4): the AVI IT-content bit many TVs take as "do not
///   crop, do not sharpen".
/// - `Broadcast RGB` from the setting; underscan or TV margins from the overscan decision.
public struct SignalPlan: Equatable, Sendable {
    public var values: [PropertyValue]
    /// Properties the settings would set that this driver does not have ("max bpc", …).
    public var missing: [String]
    public var overscan: OverscanDecision
    /// The quantization range asked for, and why ("Full (the TV's VCDB: RGB range selectable)").
    public var broadcastRGB: String?

    public static func make(connector c: ConnectorInfo, crtc: CrtcInfo, mode: Mode, settings: SignalSettings) -> SignalPlan {
        let edid = c.edid.isEmpty ? nil : try? EDID(c.edid)
        let cp = c.properties, rp = crtc.properties
        var values: [PropertyValue] = []
        var missing: [String] = []
        func set(_ props: ObjectProperties, _ object: UInt32, _ name: String, _ value: UInt64, _ shown: String? = nil) {
            guard let p = props[name] else {
                missing.append(name)
                return
            }
            values.append(PropertyValue(object: object, property: p, value: value, shown: shown))
        }
        func setEnum(_ props: ObjectProperties, _ object: UInt32, _ name: String, _ choices: [String]) {
            guard let p = props[name] else {
                missing.append(name)
                return
            }
            guard let pick = choices.first(where: { p.enums[$0] != nil }) else {
                missing.append("\(name) \(choices[0])")
                return
            }
            values.append(PropertyValue(object: c.id, property: p, value: p.enums[pick]!, shown: pick))
        }

        if let p = cp["max bpc"] {
            let bpc = p.range.map { min(max(8, $0.lowerBound), $0.upperBound) } ?? 8
            values.append(PropertyValue(object: c.id, property: p, value: bpc))
        } else {
            missing.append("max bpc")
        }
        setEnum(cp, c.id, "content type", ["Graphics"])
        set(cp, c.id, "HDR_OUTPUT_METADATA", 0, "0 (cleared)")
        setEnum(cp, c.id, "Colorspace", ["Default"])
        for name in ["GAMMA_LUT", "DEGAMMA_LUT", "CTM"] { set(rp, crtc.id, name, 0, "0 (cleared)") }

        var range: String?
        let qs = edid?.cta?.vcdb?.qs == true
        let wanted: [String]
        switch settings.broadcastRGB {
        case .full: wanted = ["Full"]; range = "Full (broadcast-rgb = full)"
        case .limited: wanted = ["Limited 16:235"]; range = "Limited 16:235 (broadcast-rgb = limited)"
        case .auto where qs: wanted = ["Full"]; range = "Full (the TV's VCDB: RGB range selectable)"
        case .auto: wanted = ["Automatic"]; range = "Automatic (the driver's choice: the TV does not say it takes full range)"
        }
        if cp.has("Broadcast RGB") {
            setEnum(cp, c.id, "Broadcast RGB", wanted)
        } else {
            missing.append("Broadcast RGB")
            range = nil
        }

        let underscan = cp["underscan"] != nil ? cp["underscan hborder"]?.range.flatMap { h in cp["underscan vborder"]?.range.map { v in
            UInt64(max(h.lowerBound, v.lowerBound))...UInt64(min(h.upperBound, v.upperBound)) } } : nil
        let marginNames = ["left margin", "right margin", "top margin", "bottom margin"]
        let margins = marginNames.allSatisfy(cp.has) ? cp["left margin"]?.range : nil
        let decision = OverscanPolicy.decide(settings.overscan, cta: edid?.cta, hasEDID: edid != nil,
                                             isHDMIConnector: c.type == 11 || c.type == 12, mode: mode,
                                             underscan: underscan, margins: margins)
        switch decision.hardware {
        case .underscan(let h, let v):
            setEnum(cp, c.id, "underscan", ["on"])
            set(cp, c.id, "underscan hborder", UInt64(h))
            set(cp, c.id, "underscan vborder", UInt64(v))
        case .margins(let h, let v):
            for (name, px) in zip(marginNames, [h, h, v, v]) { set(cp, c.id, name, UInt64(px)) }
        case .none:
            // Our own layout handles it (or nothing needs to): no driver shrinking on top.
            if cp.has("underscan") { setEnum(cp, c.id, "underscan", ["off"]) }
            if margins != nil { for name in marginNames { set(cp, c.id, name, 0) } }
        }
        return SignalPlan(values: values, missing: missing, overscan: decision, broadcastRGB: range)
    }
}
