/// Every mode an EDID offers, as the kernel would list them: detailed timings (the first is
/// the preferred one), the CTA block's VICs and HDMI VICs, standard and established timings.
/// For `quizkiosk edid` (what will my TV get?) and for testing the mode policy on real TVs'
/// lists; a running kiosk uses the kernel's own list.
public struct EDIDMode: Equatable, Sendable {
    public var mode: Mode
    /// "DTD 1", "VIC 16", "HDMI VIC 1", "standard", "established".
    public var source: String
    /// Listed by the YCbCr 4:2:0 Video Data Block only: drivers without 4:2:0 output drop it,
    /// the others convert our RGB frames to 4:2:0 on the link (`CTA861.encoding(of:)` says how
    /// any mode, this one or a 4:2:0-capable one over the TMDS limit, reaches the TV).
    public var ycbcr420Only: Bool
}

extension EDID {
    /// The modes of `bytes` (base block and extensions), duplicates of a size and refresh kept
    /// once (the first source wins, as the kernel's probe does).
    static func modes(_ bytes: [UInt8], cta: CTA861?) -> [EDIDMode] {
        let b = Array(bytes.prefix(128))
        var out: [EDIDMode] = []
        func add(_ m: Mode, _ source: String, y420: Bool = false) {
            guard !out.contains(where: { $0.mode.width == m.width && $0.mode.height == m.height
                                         && $0.mode.isInterlaced == m.isInterlaced
                                         && abs($0.mode.refreshHz - m.refreshHz) < 0.05 }) else { return }
            out.append(EDIDMode(mode: m, source: source, ycbcr420Only: y420))
        }
        // EDID 1.3+: the first detailed timing is the preferred mode.
        var dtds = stride(from: 54, to: 126, by: 18).map { Array(b[$0..<($0 + 18)]) }.filter { $0[0] != 0 || $0[1] != 0 }
        dtds += cta?.detailedTimings ?? []
        for (k, d) in dtds.enumerated() {
            guard var m = detailedMode(d) else { continue }
            if k == 0 { m.type |= Mode.typePreferred }
            add(m, "DTD \(k + 1)")
        }
        if let cta {
            let y420 = Set(cta.ycbcr420OnlyVICs)
            for v in cta.vics + cta.ycbcr420OnlyVICs.filter({ !cta.vics.contains($0) }) {
                if let f = CTAVideoFormats.format(v) { add(f.mode, "VIC \(v)", y420: y420.contains(v) && !cta.vics.contains(v)) }
            }
            for v in cta.hdmiVICs {
                if let f = CTAVideoFormats.format(v) { add(f.mode, "HDMI VIC \(v)") }
            }
        }
        for k in 0..<8 {
            let x = b[38 + 2 * k], y = b[39 + 2 * k]
            guard !(x == 1 && y == 1), x != 0 else { continue }
            let w = (Int(x) + 31) * 8
            let hz = Int(y & 0x3F) + 60
            let h: Int
            switch y >> 6 {
            case 0: h = b[18] == 1 && b[19] < 3 ? w : w * 10 / 16   // 1:1 before EDID 1.3, else 16:10
            case 1: h = w * 3 / 4
            case 2: h = w * 4 / 5
            default: h = w * 9 / 16
            }
            add(nominal(w, h, Double(hz)), "standard")
        }
        let established: [(Int, Int, Int, Double, Bool)] = [
            (35, 7, 720, 70, false), (35, 5, 640, 60, false), (35, 4, 640, 67, false), (35, 3, 640, 72, false),
            (35, 2, 640, 75, false), (35, 1, 800, 56, false), (35, 0, 800, 60, false), (36, 7, 800, 72, false),
            (36, 6, 800, 75, false), (36, 5, 832, 75, false), (36, 4, 1024, 87, true), (36, 3, 1024, 60, false),
            (36, 2, 1024, 70, false), (36, 1, 1024, 75, false), (36, 0, 1280, 75, false), (37, 7, 1152, 75, false),
            (35, 6, 720, 88, false),
        ]
        let heights = [720: 400, 640: 480, 800: 600, 832: 624, 1024: 768, 1280: 1024, 1152: 870]
        for (byte, bit, w, hz, interlaced) in established where b[byte] & (1 << UInt8(bit)) != 0 {
            add(nominal(w, heights[w] ?? 0, hz, interlaced: interlaced), "established")
        }
        return out
    }

    /// An 18-byte detailed timing descriptor as the kernel turns it into a mode (an interlaced
    /// one's vertical values are per field: doubled, and the frame total made odd).
    static func detailedMode(_ d: [UInt8]) -> Mode? {
        let clock = (Int(d[0]) | Int(d[1]) << 8) * 10
        let hActive = Int(d[2]) | Int(d[4] & 0xF0) << 4
        let hBlank = Int(d[3]) | Int(d[4] & 0x0F) << 8
        let vActive = Int(d[5]) | Int(d[7] & 0xF0) << 4
        let vBlank = Int(d[6]) | Int(d[7] & 0x0F) << 8
        let hFront = Int(d[8]) | Int(d[11] >> 6) << 8
        let hSync = Int(d[9]) | Int((d[11] >> 4) & 3) << 8
        let vFront = Int(d[10] >> 4) | Int((d[11] >> 2) & 3) << 4
        let vSync = Int(d[10] & 0x0F) | Int(d[11] & 3) << 4
        guard clock > 0, hActive > 0, vActive > 0, hBlank > 0, vBlank > 0 else { return nil }
        let interlaced = d[17] & 0x80 != 0
        var flags: UInt32 = 0
        if d[17] & 0x18 == 0x18 {   // digital separate sync: polarities given
            flags |= d[17] & 0x02 != 0 ? 1 : 2
            flags |= d[17] & 0x04 != 0 ? 4 : 8
        }
        var vs = vActive + vFront, ve = vs + vSync, vt = vActive + vBlank, vd = vActive
        if interlaced {
            flags |= Mode.flagInterlace
            vd *= 2; vs *= 2; ve *= 2; vt = vt * 2 | 1
        }
        guard hActive + hBlank <= Int(UInt16.max), vt <= Int(UInt16.max) else { return nil }
        return Mode(clock: UInt32(clock), hdisplay: UInt16(hActive), hsyncStart: UInt16(hActive + hFront),
                    hsyncEnd: UInt16(hActive + hFront + hSync), htotal: UInt16(hActive + hBlank),
                    vdisplay: UInt16(vd), vsyncStart: UInt16(vs), vsyncEnd: UInt16(ve), vtotal: UInt16(vt),
                    // Clamped: a hostile descriptor (a huge clock over tiny totals) must not trap.
                    vrefresh: UInt32(min(Double(UInt32.max), (Double(clock) * 1000 / Double((hActive + hBlank) * vt) * (interlaced ? 2 : 1)).rounded())),
                    flags: flags)
    }

    /// A mode known only by size and refresh (standard and established timings): blanking in
    /// the proportions of the VESA ones, so its refresh and clock come out right.
    static func nominal(_ w: Int, _ h: Int, _ hz: Double, interlaced: Bool = false) -> Mode {
        let htotal = w * 4 / 3, vtotal = h + h / 24 + 3
        let clock = Double(htotal * vtotal) * hz / 1000 / (interlaced ? 2 : 1)
        return Mode(clock: UInt32(clock.rounded()), hdisplay: UInt16(w), hsyncStart: UInt16(w + 16), hsyncEnd: UInt16(w + 16 + w / 10),
                    htotal: UInt16(htotal), vdisplay: UInt16(h), vsyncStart: UInt16(h + 3), vsyncEnd: UInt16(h + 6),
                    vtotal: UInt16(vtotal), vrefresh: UInt32(hz.rounded()), flags: interlaced ? Mode.flagInterlace : 0)
    }
}
