/// What a TV says about itself in its CTA-861 extension block (tag 0x02): the video formats it
/// lists by number, whether it crops (the Video Capability Data Block), the fastest TMDS clock
/// its HDMI port takes, and its colorimetry. Everything the mode policy, the overscan setting
/// and `Broadcast RGB` need; audio, speakers and 3D are skipped.
public struct CTA861: Equatable, Sendable {
    /// The Video Capability Data Block: how the TV scans each kind of video and whether RGB
    /// quantization (full or limited range) can be chosen by the source.
    public struct VCDB: Equatable, Sendable {
        /// QY: YCbCr quantization range selectable.
        public var qy: Bool
        /// QS: RGB quantization range selectable (the TV honours full range when told).
        public var qs: Bool
        /// Scan behaviour, 0 no data, 1 always overscanned, 2 always underscanned, 3 both.
        public var sPT: Int
        /// For IT formats (a computer's picture).
        public var sIT: Int
        /// For CE formats (video).
        public var sCE: Int

        public init(qy: Bool, qs: Bool, sPT: Int, sIT: Int, sCE: Int) {
            self.qy = qy
            self.qs = qs
            self.sPT = sPT
            self.sIT = sIT
            self.sCE = sCE
        }

        public static func scan(_ v: Int) -> String {
            ["no data", "always overscanned", "always underscanned", "over- or underscanned"][v & 3]
        }
    }

    public var revision: Int
    /// Byte 3 bit 7: the TV underscans IT formats by default (older blocks' only overscan hint).
    public var underscansITByDefault: Bool
    public var ycbcr444: Bool
    public var ycbcr422: Bool
    /// The Video Data Block's VICs in the TV's order; `nativeVICs` those flagged native.
    public var vics: [Int]
    public var nativeVICs: [Int]
    /// Formats the TV takes only as YCbCr 4:2:0 (a scan-out of RGB cannot use them).
    public var ycbcr420OnlyVICs: [Int]
    /// HDMI 1.4 VICs from the HDMI vendor block, as CTA VICs (4K at 30/25/24 Hz, DCI 4K at 24).
    public var hdmiVICs: [Int]
    public var vcdb: VCDB?
    /// Whether there is an HDMI vendor block (OUI 00-0C-03): an HDMI sink, not a DVI monitor.
    public var isHDMI: Bool
    /// The HDMI vendor block's Max_TMDS_Clock, or the HDMI Forum block's higher rate, in MHz.
    public var maxTMDSClockMHz: Int?
    /// The Colorimetry Data Block's names ("BT2020RGB", "xvYCC709"…), empty when absent.
    public var colorimetry: [String]
    public var hdrStaticMetadata: Bool
    /// Detailed timings in the extension block (the base block's come first in `EDID`).
    var detailedTimings: [[UInt8]]

    /// Parses one 128-byte extension block; nil when it is not a CTA-861 block.
    public init?(_ b: [UInt8]) {
        guard b.count == 128, b[0] == 0x02 else { return nil }
        revision = Int(b[1])
        let dtdStart = Int(b[2])
        underscansITByDefault = b[3] & 0x80 != 0
        ycbcr444 = b[3] & 0x20 != 0
        ycbcr422 = b[3] & 0x10 != 0
        vics = []
        nativeVICs = []
        ycbcr420OnlyVICs = []
        hdmiVICs = []
        vcdb = nil
        isHDMI = false
        maxTMDSClockMHz = nil
        colorimetry = []
        hdrStaticMetadata = false
        detailedTimings = []
        // Data blocks from byte 4 up to the first detailed timing (0: none; revision 1 has none).
        var i = 4
        let end = dtdStart >= 4 && dtdStart <= 127 ? dtdStart : 4
        while i < end {
            let tag = Int(b[i] >> 5), length = Int(b[i] & 0x1F)
            guard i + 1 + length <= end else { break }
            let p = Array(b[(i + 1)..<(i + 1 + length)])
            switch tag {
            case 2: videoDataBlock(p)
            case 3: vendorBlock(p)
            case 7: extendedBlock(p)
            default: break
            }
            i += 1 + length
        }
        if dtdStart >= 4 {
            var d = dtdStart
            while d + 18 <= 127, b[d] != 0 || b[d + 1] != 0 {
                detailedTimings.append(Array(b[d..<(d + 18)]))
                d += 18
            }
        }
    }

    /// SVDs: 1–64 with bit 7 meaning "native", 65–127 and 193–219 as they are.
    private mutating func videoDataBlock(_ p: [UInt8]) {
        for svd in p {
            let v = Int(svd)
            switch v {
            case 129...192:
                vics.append(v & 0x7F)
                nativeVICs.append(v & 0x7F)
            case 1...127, 193...253:
                vics.append(v)
            default:
                break   // 0, 128, 254, 255: reserved
            }
        }
    }

    private mutating func vendorBlock(_ p: [UInt8]) {
        guard p.count >= 3 else { return }
        let oui = Int(p[0]) | Int(p[1]) << 8 | Int(p[2]) << 16
        if oui == 0x000C03 {
            isHDMI = true
            if p.count >= 7, p[6] != 0 { maxTMDSClockMHz = max(maxTMDSClockMHz ?? 0, Int(p[6]) * 5) }
            // Byte 7's flags say which optional fields follow; the HDMI VICs come after them.
            guard p.count >= 8 else { return }
            var o = 8
            if p[7] & 0x80 != 0 { o += 2 }   // video and audio latency
            if p[7] & 0x40 != 0 { o += 2 }   // interlaced latency
            guard p[7] & 0x20 != 0, o + 1 < p.count else { return }
            let count = Int(p[o + 1] >> 5)
            for k in 0..<count where o + 2 + k < p.count {
                if let v = CTAVideoFormats.hdmiVIC(Int(p[o + 2 + k])) { hdmiVICs.append(v) }
            }
        } else if oui == 0xC45DD8, p.count >= 5, p[4] != 0 {
            // HDMI Forum (HDMI 2.x): Max_TMDS_Character_Rate, when above 340 MHz.
            maxTMDSClockMHz = max(maxTMDSClockMHz ?? 0, Int(p[4]) * 5)
        }
    }

    private mutating func extendedBlock(_ p: [UInt8]) {
        guard let ext = p.first else { return }
        switch ext {
        case 0 where p.count >= 2:
            let v = p[1]
            vcdb = VCDB(qy: v & 0x80 != 0, qs: v & 0x40 != 0, sPT: Int(v >> 4) & 3, sIT: Int(v >> 2) & 3, sCE: Int(v) & 3)
        case 5 where p.count >= 2:
            let names = ["xvYCC601", "xvYCC709", "sYCC601", "opYCC601", "opRGB", "BT2020cYCC", "BT2020YCC", "BT2020RGB"]
            colorimetry = names.enumerated().filter { p[1] & (1 << UInt8($0.offset)) != 0 }.map(\.element)
            if p.count >= 3, p[2] & 0x80 != 0 { colorimetry.append("DCI-P3") }
        case 6:
            hdrStaticMetadata = true
        case 14:
            for svd in p.dropFirst() {
                let v = Int(svd)
                switch v {
                case 129...192: ycbcr420OnlyVICs.append(v & 0x7F)
                case 1...127, 193...253: ycbcr420OnlyVICs.append(v)
                default: break
                }
            }
        default:
            break
        }
    }
}
