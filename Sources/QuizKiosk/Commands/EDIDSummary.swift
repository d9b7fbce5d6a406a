import Display
import QuizContract

/// What `edid` and `displays` say about a display from its EDID: the CTA-861 data, the mode
/// the policy picks and why, and what the overscan setting decides — as text lines and JSON.
struct EDIDSummary {
    let edid: EDID
    /// The modes the policy chooses from (the kernel's list on a card; the EDID's own for a file).
    let modes: [Mode]
    let pick: ModePolicy.Choice?
    let overscan: OverscanDecision

    /// For an EDID file: its modes as a driver with 4:2:0 output (i915, amdgpu) would list them:
    /// none above the TV's own max TMDS clock (which i915, amdgpu and vc4 enforce; the HDMI Forum
    /// block's when it raises it), the 4:2:0 ones kept and left to the policy, which takes RGB
    /// before them — so the pick is the same on a driver that drops them.
    init(file edid: EDID, bytes: [UInt8], settings: DisplaySettings) {
        self.edid = edid
        modes = edid.modes.map(\.mode)
        // The panel's shape from the base block's centimetres (what the kernel reports as mm).
        let aspect = edid.widthMM > 0 && edid.heightMM > 0 ? Double(edid.widthMM) / Double(edid.heightMM)
            : bytes[21] > 0 && bytes[22] > 0 ? Double(bytes[21]) / Double(bytes[22]) : nil
        pick = settings.policy.choose(from: modes, display: ModePolicy.Display(aspect: aspect, hasEDID: true, cta: edid.cta,
                                                                               appliesTMDSLimit: true))
        overscan = OverscanPolicy.decide(settings.signal.overscan, cta: edid.cta, hasEDID: true,
                                         isHDMIConnector: edid.cta?.isHDMI ?? false,
                                         mode: pick?.mode ?? .synthetic(1920, 1080), underscan: nil, margins: nil)
    }

    /// For a connector: the kernel's modes, and the driver's properties for the overscan decision.
    init(connector c: ConnectorInfo, edid: EDID, settings: DisplaySettings) {
        self.edid = edid
        modes = c.modes
        pick = settings.policy.choose(for: c)
        let plan = SignalPlan.make(connector: c, crtc: CrtcInfo(id: 0, index: 0), mode: pick?.mode ?? .synthetic(1920, 1080),
                                   settings: settings.signal)
        overscan = plan.overscan
    }

    var ctaLine: String? {
        guard let cta = edid.cta else { return nil }
        var parts = ["CTA-861 rev \(cta.revision)", cta.isHDMI ? "HDMI" : "no HDMI block"]
        parts.append("VICs " + cta.vics.map(String.init).joined(separator: " "))
        if !cta.ycbcr420OnlyVICs.isEmpty { parts.append("4:2:0 only " + cta.ycbcr420OnlyVICs.map(String.init).joined(separator: " ")) }
        if !cta.ycbcr420CapableVICs.isEmpty { parts.append("4:2:0 also " + cta.ycbcr420CapableVICs.map(String.init).joined(separator: " ")) }
        if let v = cta.vcdb {
            parts.append("VCDB QS=\(v.qs ? 1 : 0) S_IT=\(v.sIT) (\(CTA861.VCDB.scan(v.sIT))) S_CE=\(v.sCE) (\(CTA861.VCDB.scan(v.sCE)))")
        } else {
            parts.append("no VCDB")
        }
        if let t = cta.maxTMDSClockMHz { parts.append("max TMDS \(t) MHz") }
        if let hf = cta.hdmiForum {
            var forum = "HDMI Forum \(hf.isSCDB ? "SCDB" : "VSDB")"
            if let rate = hf.maxTMDSCharacterRateMHz { forum += " \(rate) MHz" }
            if hf.scdcPresent { forum += ", SCDC" }
            if let frl = hf.frl { forum += ", FRL \(frl)" }
            parts.append(forum)
        }
        if !cta.colorimetry.isEmpty { parts.append("colorimetry " + cta.colorimetry.joined(separator: " ")) }
        return parts.joined(separator: ", ")
    }

    var pickLine: String {
        guard let pick else { return "no mode to pick" }
        return "\(pick.mode): \(pick.why)"
    }

    func writeCTA(_ w: JSONWriter) {
        guard let cta = edid.cta else {
            w.null()
            return
        }
        w.object {
            w.member("revision", cta.revision)
            w.member("hdmi", cta.isHDMI)
            w.key("vics")
            w.array(cta.vics) { w.int($0) }
            w.key("nativeVICs")
            w.array(cta.nativeVICs) { w.int($0) }
            w.key("ycbcr420OnlyVICs")
            w.array(cta.ycbcr420OnlyVICs) { w.int($0) }
            w.key("ycbcr420CapableVICs")
            w.array(cta.ycbcr420CapableVICs) { w.int($0) }
            w.key("hdmiVICs")
            w.array(cta.hdmiVICs) { w.int($0) }
            w.key("vcdb")
            if let v = cta.vcdb {
                w.object {
                    w.member("qy", v.qy)
                    w.member("qs", v.qs)
                    w.member("s_pt", v.sPT)
                    w.member("s_it", v.sIT)
                    w.member("s_ce", v.sCE)
                }
            } else {
                w.null()
            }
            w.member("underscansITByDefault", cta.underscansITByDefault)
            w.key("maxTMDSClockMHz")
            if let t = cta.maxTMDSClockMHz { w.int(t) } else { w.null() }
            w.key("hdmiForum")
            if let hf = cta.hdmiForum {
                w.object {
                    w.member("block", hf.isSCDB ? "HF-SCDB" : "HF-VSDB")
                    w.member("version", hf.version)
                    w.key("maxTMDSCharacterRateMHz")
                    if let rate = hf.maxTMDSCharacterRateMHz { w.int(rate) } else { w.null() }
                    w.member("scdcPresent", hf.scdcPresent)
                    w.member("readRequest", hf.readRequest)
                    w.member("scramblesAt340OrLess", hf.scramblesAt340OrLess)
                    w.key("maxFRL")
                    if let frl = hf.frl { w.string(frl) } else { w.null() }
                    w.key("deepColor420")
                    w.array(hf.deepColor420) { w.int($0) }
                }
            } else {
                w.null()
            }
            w.key("colorimetry")
            w.array(cta.colorimetry) { w.string($0) }
            w.member("hdrStaticMetadata", cta.hdrStaticMetadata)
        }
    }

    /// A mode's size, refresh (two decimals, as its name shows it: 59.94, 60) and scan.
    static func writeModeFields(_ m: Mode, _ w: JSONWriter) {
        w.member("width", m.width)
        w.member("height", m.height)
        w.key("refresh")
        w.number((m.refreshHz * 100).rounded() / 100)
        w.member("interlaced", m.isInterlaced)
    }

    /// The policy's pick: the mode, its name and why (null when the display has no modes).
    static func writeChoice(_ choice: ModePolicy.Choice?, _ w: JSONWriter) {
        guard let choice else {
            w.null()
            return
        }
        w.object {
            writeModeFields(choice.mode, w)
            w.member("name", choice.mode.description)
            w.member("why", choice.why)
        }
    }

    func writeOverscan(_ w: JSONWriter) {
        w.object {
            w.key("safeAreaPercent")
            w.number(overscan.safeAreaPercent)
            w.key("hardware")
            switch overscan.hardware {
            case .none: w.null()
            case .underscan(let h, let v): w.string("underscan \(h)x\(v)")
            case .margins(let h, let v): w.string("margins \(h)x\(v)")
            }
            w.member("why", overscan.why)
        }
    }
}
