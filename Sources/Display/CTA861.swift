/// What a TV says about itself in its CTA-861 extension block (tag 0x02): the video formats it
/// lists by number, whether it crops (the Video Capability Data Block), the fastest TMDS clock
/// its HDMI port takes (the HDMI 1.4 block's, raised by the HDMI Forum block), which formats it
/// takes as YCbCr 4:2:0, and its colorimetry. Everything the mode policy, the overscan setting
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

    /// The HDMI Forum's block (HDMI 2.0 and later): the HF-VSDB, a vendor block with OUI
    /// C4-5D-D8, or the same fields as the HF-SCDB (extended tag 0x79). Its Max_TMDS_Character_Rate
    /// is what lets a TV whose HDMI 1.4 block says 300 MHz take 3840x2160@60 (594 MHz) in RGB.
    public struct HDMIForum: Equatable, Sendable {
        /// Carried as the HF-SCDB (extended tag 0x79) rather than the vendor block.
        public var isSCDB: Bool
        public var version: Int
        /// Max_TMDS_Character_Rate in MHz (the byte × 5), nil when 0: no more than 340 MHz.
        public var maxTMDSCharacterRateMHz: Int?
        /// SCDC_Present: the status and control channel a source must use to turn scrambling on
        /// above 340 MHz (the kernel scrambles only for a TV that has it).
        public var scdcPresent: Bool
        /// RR_Capable: the TV may ask the source to read its SCDC.
        public var readRequest: Bool
        /// LTE_340Mcsc_scramble: the TV also takes scrambling at 340 MHz and below.
        public var scramblesAt340OrLess: Bool
        /// Max_FRL_Rate (HDMI 2.1's fixed-rate link): 0 none, 1–6 as `frl` says.
        public var maxFRLRate: Int
        /// Deep colour in YCbCr 4:2:0: the bits per component it takes besides 8 (10, 12, 16).
        public var deepColor420: [Int]

        public init(isSCDB: Bool = false, version: Int = 1, maxTMDSCharacterRateMHz: Int?, scdcPresent: Bool,
                    readRequest: Bool = false, scramblesAt340OrLess: Bool = false, maxFRLRate: Int = 0, deepColor420: [Int] = []) {
            self.isSCDB = isSCDB
            self.version = version
            self.maxTMDSCharacterRateMHz = maxTMDSCharacterRateMHz
            self.scdcPresent = scdcPresent
            self.readRequest = readRequest
            self.scramblesAt340OrLess = scramblesAt340OrLess
            self.maxFRLRate = maxFRLRate
            self.deepColor420 = deepColor420
        }

        /// The fixed-rate link the rate code names ("6 Gbps on 4 lanes"), nil for none or reserved.
        public var frl: String? {
            let links = [(3, 3), (6, 3), (6, 4), (8, 4), (10, 4), (12, 4)]
            guard (1...links.count).contains(maxFRLRate) else { return nil }
            let (gbps, lanes) = links[maxFRLRate - 1]
            return "\(gbps) Gbps on \(lanes) lanes"
        }

        /// The block's payload (after the header byte; the OUI or the 0x79 tag and two reserved
        /// bytes first), nil when shorter than the 7 bytes the kernel requires.
        init?(_ p: [UInt8], isSCDB: Bool) {
            guard p.count >= 7 else { return nil }
            self.isSCDB = isSCDB
            version = Int(p[3])
            maxTMDSCharacterRateMHz = p[4] == 0 ? nil : Int(p[4]) * 5
            scdcPresent = p[5] & 0x80 != 0
            readRequest = p[5] & 0x40 != 0
            scramblesAt340OrLess = p[5] & 0x08 != 0
            maxFRLRate = Int(p[6] >> 4)
            deepColor420 = [(0x01, 10), (0x02, 12), (0x04, 16)].filter { p[6] & $0.0 != 0 }.map(\.1)
        }
    }

    /// How a mode can travel to the TV at 8 bits a component, as i915 and amdgpu decide it.
    public enum Encoding: String, Equatable, Sendable {
        /// RGB (what our XRGB8888 frames are): within the TV's max TMDS clock.
        case rgb
        /// Only as YCbCr 4:2:0: a format the TV lists as 4:2:0-only, or one its capability map
        /// allows in 4:2:0 whose RGB clock is over the TV's limit (4:2:0 halves it). A driver
        /// with 4:2:0 output converts the RGB frame on the link; one without drops the mode.
        case ycbcr420
        /// Over the TV's max TMDS clock in every encoding it allows: drivers drop it.
        case tooFast
    }

    public var revision: Int
    /// Byte 3 bit 7: the TV underscans IT formats by default (older blocks' only overscan hint).
    public var underscansITByDefault: Bool
    public var ycbcr444: Bool
    public var ycbcr422: Bool
    /// The Video Data Block's VICs in the TV's order; `nativeVICs` those flagged native.
    public var vics: [Int]
    public var nativeVICs: [Int]
    /// Formats the TV takes only as YCbCr 4:2:0 (the YCbCr 4:2:0 Video Data Block, extended
    /// tag 0x0E): a driver with 4:2:0 output sends them so, converting our RGB frames.
    public var ycbcr420OnlyVICs: [Int]
    /// VICs of the Video Data Block the TV takes as YCbCr 4:2:0 too (the 4:2:0 Capability Map
    /// Data Block, extended tag 0x0F: one bit per SVD, in the VDB's order; an empty map means all).
    public var ycbcr420CapableVICs: [Int]
    /// HDMI 1.4 VICs from the HDMI vendor block, as CTA VICs (4K at 30/25/24 Hz, DCI 4K at 24).
    public var hdmiVICs: [Int]
    public var vcdb: VCDB?
    /// Whether there is an HDMI vendor block (OUI 00-0C-03): an HDMI sink, not a DVI monitor.
    public var isHDMI: Bool
    /// The HDMI vendor block's CEC physical address (bytes 4–5, a.b.c.d as four nibbles): where
    /// the source reading this EDID sits in the HDMI tree (0x1000 = 1.0.0.0, the TV's input 1).
    /// Nil without an HDMI block; 0xFFFF when the TV says it has none.
    public var cecPhysicalAddress: UInt16?
    /// The fastest TMDS clock the TV takes, in MHz, as the kernel reads it: the HDMI vendor
    /// block's Max_TMDS_Clock, replaced by the HDMI Forum block's rate when that is above 340 MHz
    /// (drm_edid.c: a later block wins; the Forum's only above 340). Nil: the TV gives none.
    public var maxTMDSClockMHz: Int?
    public var hdmiForum: HDMIForum?
    /// The Colorimetry Data Block's names ("BT2020RGB", "xvYCC709"…), empty when absent.
    public var colorimetry: [String]
    public var hdrStaticMetadata: Bool
    /// Detailed timings in the extension block (the base block's come first in `EDID`).
    var detailedTimings: [[UInt8]]
    /// Every SVD's VIC in the Video Data Blocks' order, 0 for a reserved one: the positions the
    /// 4:2:0 capability map's bits refer to.
    var svds: [Int]

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
        ycbcr420CapableVICs = []
        hdmiForum = nil
        hdmiVICs = []
        vcdb = nil
        isHDMI = false
        cecPhysicalAddress = nil
        maxTMDSClockMHz = nil
        colorimetry = []
        hdrStaticMetadata = false
        detailedTimings = []
        svds = []
        var capabilityMap: [UInt8]?
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
            case 7 where p.first == 0x0F: capabilityMap = Array(p.dropFirst())
            case 7: extendedBlock(p)
            default: break
            }
            i += 1 + length
        }
        // The map may come before the Video Data Block it indexes: resolved once all are read.
        if let map = capabilityMap {
            // As drm_edid.c: the first 8 bytes (64 SVDs) count, and an empty map means every SVD.
            let bits = map.isEmpty ? [UInt8](repeating: 0xFF, count: 8) : Array(map.prefix(8))
            ycbcr420CapableVICs = svds.prefix(bits.count * 8).enumerated()
                .filter { $0.element != 0 && bits[$0.offset / 8] & (1 << UInt8($0.offset % 8)) != 0 }.map(\.element)
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
                svds.append(v & 0x7F)
            case 1...127, 193...253:
                vics.append(v)
                svds.append(v)
            default:
                svds.append(0)   // 0, 128, 254, 255: reserved, but a place in the capability map
            }
        }
    }

    private mutating func vendorBlock(_ p: [UInt8]) {
        guard p.count >= 3 else { return }
        let oui = Int(p[0]) | Int(p[1]) << 8 | Int(p[2]) << 16
        if oui == 0x000C03 {
            isHDMI = true
            if p.count >= 5 { cecPhysicalAddress = UInt16(p[3]) << 8 | UInt16(p[4]) }
            // As drm_edid.c: this block sets the limit (0: none given), a later HDMI Forum block may raise it.
            if p.count >= 7 { maxTMDSClockMHz = p[6] == 0 ? nil : Int(p[6]) * 5 }
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
        } else if oui == 0xC45DD8 {
            hdmiForumBlock(p, isSCDB: false)
        }
    }

    /// HF-VSDB or HF-SCDB: the same fields at the same offsets. The rate replaces the HDMI
    /// block's only above 340 MHz (up to 340 is what the HDMI 1.4 block already covers).
    private mutating func hdmiForumBlock(_ p: [UInt8], isSCDB: Bool) {
        guard hdmiForum == nil, let hf = HDMIForum(p, isSCDB: isSCDB) else { return }
        hdmiForum = hf
        if let rate = hf.maxTMDSCharacterRateMHz, rate > 340 { maxTMDSClockMHz = rate }
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
        case 0x79:
            hdmiForumBlock(p, isSCDB: true)
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

extension CTA861 {
    /// How `mode` can reach the TV (8 bits a component), by the rules i915 and amdgpu apply:
    /// a format the 4:2:0 Video Data Block lists goes as 4:2:0 at half the TMDS clock; another
    /// goes as RGB when its clock is within the TV's max TMDS clock, else as 4:2:0 if the
    /// capability map allows it and half the clock fits (intel_hdmi_mode_valid's fallback;
    /// amdgpu retries the stream with 4:2:0 the same way). A mode is a format by its timing,
    /// as drm_match_cea_mode finds it (a detailed timing equal to VIC 97 is VIC 97).
    public func encoding(of mode: Mode) -> Encoding {
        let formats = Set(CTAVideoFormats.vics(matching: mode))
        let limitKHz = maxTMDSClockMHz.map { $0 * 1000 } ?? Int.max
        let clock = Int(mode.clock)
        if !formats.isDisjoint(with: ycbcr420OnlyVICs) { return clock / 2 <= limitKHz ? .ycbcr420 : .tooFast }
        if clock <= limitKHz { return .rgb }
        return !formats.isDisjoint(with: ycbcr420CapableVICs) && clock / 2 <= limitKHz ? .ycbcr420 : .tooFast
    }
}
