/// The `overscan` setting and what it decides for one display: whether the driver's own
/// underscan (amdgpu, radeon) or TV margins (vc4) shrink the picture, and how much of each
/// edge the scene keeps free (its safe area). A pure function of the setting, the TV's EDID
/// and the connector's properties, table-tested on real TVs.
public enum OverscanSetting: Equatable, Sendable, CustomStringConvertible {
    /// Decide from the EDID and the driver (the default).
    case auto
    /// Do nothing about overscan: the picture is laid out to the edges.
    case off
    /// Keep this percentage of each edge free in the scene (the TV's crop is known).
    case percent(Double)

    /// "auto", "off", "5%" or "2.5" (0–20 %).
    public init?(parsing text: String) {
        switch text.lowercased() {
        case "auto": self = .auto
        case "off": self = .off
        default:
            let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
            guard let v = Double(digits), v >= 0, v <= 20 else { return nil }
            self = .percent(v)
        }
    }

    public var description: String {
        switch self {
        case .auto: return "auto"
        case .off: return "off"
        case .percent(let p): return Mode.format(p).replacingZeroDecimals + "%"
        }
    }
}

public struct OverscanDecision: Equatable, Sendable {
    public enum Hardware: Equatable, Sendable {
        case none
        /// amdgpu/radeon `underscan` on, with these borders in pixels.
        case underscan(h: Int, v: Int)
        /// TV margins (`left margin` …) in pixels, the same on opposite edges.
        case margins(h: Int, v: Int)
    }

    public var hardware: Hardware
    /// Percentage of each edge the scene keeps free (0: lay out to the edges).
    public var safeAreaPercent: Double
    /// One phrase for `displays` and the log: "SAMSUNG TV: no VCDB, an HDMI TV may crop; safe area 5%".
    public var why: String
}

public enum OverscanPolicy {
    /// What a TV may crop, per edge: EBU R 95's graphics-safe area (5 % of each edge) holds
    /// text on every TV; real crops are 1.25–2.5 % per edge.
    public static let assumedCropPercent = 5.0

    /// - Parameters:
    ///   - cta: the EDID's CTA-861 block (nil: none, or no EDID);
    ///   - hasEDID: whether the display sent an EDID at all;
    ///   - isHDMIConnector: the connector is HDMI (a display without EDID there is likely a TV);
    ///   - underscan / margins: the connector's `underscan hborder`-style and `left margin`-style
    ///     properties (their ranges), when the driver has them.
    public static func decide(_ setting: OverscanSetting, cta: CTA861?, hasEDID: Bool, isHDMIConnector: Bool,
                              mode: Mode, underscan: ClosedRange<UInt64>?, margins: ClosedRange<UInt64>?) -> OverscanDecision {
        switch setting {
        case .off:
            return OverscanDecision(hardware: .none, safeAreaPercent: 0, why: "overscan = off")
        case .percent(let p):
            return OverscanDecision(hardware: .none, safeAreaPercent: p, why: "overscan = \(setting): safe area \(setting)")
        case .auto:
            break
        }
        let mayCrop: String
        if let cta, cta.isHDMI {
            if let v = cta.vcdb, v.sIT == 2 {
                return OverscanDecision(hardware: .none, safeAreaPercent: 0, why: "the TV shows computer formats uncropped (VCDB S_IT: always underscanned)")
            }
            if cta.underscansITByDefault {
                let also = cta.vcdb.map { "; VCDB S_IT: \(CTA861.VCDB.scan($0.sIT))" } ?? ""
                return OverscanDecision(hardware: .none, safeAreaPercent: 0,
                                        why: "the TV underscans computer formats by default (CTA-861 byte 3\(also))")
            }
            mayCrop = cta.vcdb.map { "VCDB S_IT: \(CTA861.VCDB.scan($0.sIT))" } ?? "an HDMI TV without a VCDB"
        } else if hasEDID {
            return OverscanDecision(hardware: .none, safeAreaPercent: 0,
                                    why: cta == nil ? "a monitor (no CTA-861 block): no overscan" : "a monitor (no HDMI block): no overscan")
        } else if isHDMIConnector {
            mayCrop = "no EDID on an HDMI connector"
        } else {
            return OverscanDecision(hardware: .none, safeAreaPercent: 0, why: "no EDID, not HDMI: assumed not to crop")
        }
        // The picture may be cropped: the driver shrinks it when it can, else the scene does.
        let h = Int((Double(mode.width) * assumedCropPercent / 100).rounded())
        let v = Int((Double(mode.height) * assumedCropPercent / 100).rounded())
        func fits(_ r: ClosedRange<UInt64>?) -> Bool { r.map { $0.contains(UInt64(h)) && $0.contains(UInt64(v)) } ?? false }
        if fits(underscan) {
            return OverscanDecision(hardware: .underscan(h: h, v: v), safeAreaPercent: 0,
                                    why: "\(mayCrop): the driver underscans by \(h)x\(v) px")
        }
        if fits(margins) {
            return OverscanDecision(hardware: .margins(h: h, v: v), safeAreaPercent: 0,
                                    why: "\(mayCrop): TV margins of \(h)x\(v) px")
        }
        let pct = Mode.format(assumedCropPercent).replacingZeroDecimals
        return OverscanDecision(hardware: .none, safeAreaPercent: assumedCropPercent, why: "\(mayCrop): safe area \(pct)%")
    }
}

extension String {
    /// "5.00" → "5", "2.50" → "2.5".
    var replacingZeroDecimals: String {
        guard contains(".") else { return self }
        var s = self
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }
}
