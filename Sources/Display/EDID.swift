import Pixels

/// The parts of a monitor's EDID (VESA E-EDID 1.3/1.4 base block and its CTA-861 extension)
/// that an operator and the kiosk need: who made it, its name and serial, its physical size,
/// its preferred timing, every mode it offers, and what the TV says in its CTA block (overscan,
/// quantization range, TMDS clock). Parsed from the connector's EDID property blob; a running
/// kiosk takes its modes from the kernel, which parsed the same bytes.
public struct EDID: Equatable, Sendable {
    public struct Timing: Equatable, Sendable {
        public let width: Int
        public let height: Int
        public let refreshHz: Double
        public let interlaced: Bool
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case tooShort(Int)
        case badHeader
        /// Block `block` (0 = base) does not sum to 0 mod 256.
        case badChecksum(block: Int)
        /// The base block announces more extension blocks than the bytes hold.
        case truncated(bytes: Int, announced: Int)
        public var description: String {
            switch self {
            case .tooShort(let n): return "EDID is \(n) bytes, a base block has 128"
            case .badHeader: return "EDID does not start with the 00 FF FF FF FF FF FF 00 header"
            case .badChecksum(let k): return "EDID block \(k)\(k == 0 ? " (base)" : "") has a bad checksum"
            case .truncated(let n, let a): return "EDID is \(n) bytes but announces \(a) extension block\(a == 1 ? "" : "s") (\((a + 1) * 128) bytes)"
            }
        }
    }

    /// Three-letter PNP ID ("SAM", "GSM"), from the packed manufacturer field.
    public let manufacturerID: String
    public let productCode: UInt16
    /// The numeric serial (0 when the maker left it out; many TVs do).
    public let serialNumber: UInt32
    /// The serial string descriptor (0xFF), when present.
    public let serialText: String?
    /// The monitor name descriptor (0xFC): "QEMU Monitor", "SAMSUNG".
    public let name: String?
    /// Unspecified text descriptors (0xFE): laptop panels put the panel maker there.
    public let texts: [String]
    public let version: String
    public let week: Int?
    /// Year of manufacture (or model year when `isModelYear`).
    public let year: Int?
    public let isModelYear: Bool
    /// Physical size of the image area in millimetres, 0 when unknown (projectors, some TVs).
    public let widthMM: Int
    public let heightMM: Int
    /// The first detailed timing, which EDID 1.3+ defines as the preferred mode.
    public let preferredTiming: Timing?
    public let extensionCount: Int
    /// Whether the base block's bytes sum to 0 mod 256 (the kernel rejects blocks that don't,
    /// unless it can repair them; we report rather than refuse).
    public let checksumValid: Bool
    /// The first CTA-861 extension block, when there is one (TVs, most HDMI monitors).
    public let cta: CTA861?
    /// Every mode the EDID offers (see `EDIDModes.swift`), the preferred one first.
    public let modes: [EDIDMode]

    /// The maker's name for a few common PNP IDs, else the ID itself.
    public var make: String { EDID.makers[manufacturerID] ?? manufacturerID }

    public init(_ bytes: [UInt8]) throws(Failure) {
        guard bytes.count >= 128 else { throw .tooShort(bytes.count) }
        guard Array(bytes[0..<8]) == [0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00] else { throw .badHeader }
        let b = Array(bytes[0..<128])
        let packed = UInt16(b[8]) << 8 | UInt16(b[9])
        manufacturerID = String(decoding: [10, 5, 0].map { shift -> UInt8 in
            let v = UInt8((packed >> UInt16(shift)) & 0x1F)
            return (1...26).contains(v) ? 0x40 + v : 0x3F   // "?" for codes outside A–Z
        }, as: UTF8.self)
        productCode = UInt16(b[10]) | UInt16(b[11]) << 8
        serialNumber = UInt32(b[12]) | UInt32(b[13]) << 8 | UInt32(b[14]) << 16 | UInt32(b[15]) << 24
        isModelYear = b[16] == 0xFF
        week = (1...54).contains(b[16]) ? Int(b[16]) : nil
        year = b[17] == 0 ? nil : 1990 + Int(b[17])
        version = "\(b[18]).\(b[19])"
        extensionCount = Int(b[126])
        checksumValid = b.reduce(UInt8(0), &+) == 0

        var name: String?, serialText: String?, texts: [String] = [], timing: Timing?
        var dtdWidthMM = 0, dtdHeightMM = 0
        for d in stride(from: 54, to: 126, by: 18) {
            let desc = Array(b[d..<d + 18])
            if desc[0] != 0 || desc[1] != 0 {
                // Detailed timing descriptor: the first one is the preferred timing.
                if timing == nil { timing = EDID.timing(desc) }
                if dtdWidthMM == 0 {
                    dtdWidthMM = Int(desc[12]) | Int(desc[14] & 0xF0) << 4
                    dtdHeightMM = Int(desc[13]) | Int(desc[14] & 0x0F) << 8
                }
                continue
            }
            switch desc[3] {
            case 0xFC: name = EDID.text(desc)
            case 0xFF: serialText = EDID.text(desc)
            case 0xFE: if let t = EDID.text(desc) { texts.append(t) }
            default: break
            }
        }
        var cta: CTA861?
        for k in 0..<min(extensionCount, bytes.count / 128 - 1) where cta == nil {
            cta = CTA861(Array(bytes[(128 * (k + 1))..<(128 * (k + 2))]))
        }
        self.cta = cta
        modes = EDID.modes(bytes, cta: cta)
        self.name = name
        self.serialText = serialText
        self.texts = texts
        preferredTiming = timing
        // The basic block gives centimetres; a detailed timing gives millimetres. Prefer the
        // finer one when it agrees with the coarse one (some TVs put a ratio like 16x9 mm there).
        let cmW = Int(b[21]) * 10, cmH = Int(b[22]) * 10
        // Some TVs put the aspect ratio where the size goes ("16 x 9 cm", in the detailed
        // timing too): a size no TV has. Report it as unknown rather than a 7-inch screen.
        let ratios: [(UInt8, UInt8)] = [(16, 9), (16, 10), (4, 3), (5, 4)]
        let ratioOnly = ratios.contains { $0 == (b[21], b[22]) } && (dtdWidthMM == 0 || dtdWidthMM == cmW || dtdWidthMM < 100)
        if ratioOnly {
            widthMM = 0
            heightMM = 0
        } else if dtdWidthMM > 0, dtdHeightMM > 0, cmW == 0 || abs(dtdWidthMM - cmW) <= 10 + cmW / 10 {
            widthMM = dtdWidthMM
            heightMM = dtdHeightMM
        } else if cmW > 0, cmH > 0 {
            widthMM = cmW
            heightMM = cmH
        } else {
            widthMM = 0
            heightMM = 0
        }
    }

    /// What `quizkiosk edid` insists on before decoding a file: the header, every block's
    /// checksum, and as many extension blocks as the base block announces. (A connector's EDID
    /// is shown even when a checksum is off: the kernel already accepted or repaired it.)
    public static func validate(_ bytes: [UInt8]) throws(Failure) {
        guard bytes.count >= 128 else { throw .tooShort(bytes.count) }
        guard Array(bytes[0..<8]) == [0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00] else { throw .badHeader }
        let announced = Int(bytes[126])
        guard bytes.count >= (announced + 1) * 128 else { throw .truncated(bytes: bytes.count, announced: announced) }
        for k in 0...announced where bytes[(k * 128)..<((k + 1) * 128)].reduce(UInt8(0), &+) != 0 {
            throw .badChecksum(block: k)
        }
    }

    /// A display descriptor's text: 13 bytes, ended by a newline and padded with spaces.
    static func text(_ desc: [UInt8]) -> String? {
        var chars = Array(desc[5..<18])
        if let nl = chars.firstIndex(of: 0x0A) { chars = Array(chars[..<nl]) }
        let printable = chars.map { (0x20...0x7E).contains($0) ? $0 : 0x3F }
        let s = String(decoding: printable, as: UTF8.self)
        let trimmed = s.reversed().drop { $0 == " " }.reversed()
        return trimmed.isEmpty ? nil : String(trimmed)
    }

    static func timing(_ d: [UInt8]) -> Timing? {
        let clockHz = Double(Int(d[0]) | Int(d[1]) << 8) * 10_000
        let hActive = Int(d[2]) | Int(d[4] & 0xF0) << 4
        let hBlank = Int(d[3]) | Int(d[4] & 0x0F) << 8
        let vActive = Int(d[5]) | Int(d[7] & 0xF0) << 4
        let vBlank = Int(d[6]) | Int(d[7] & 0x0F) << 8
        let interlaced = d[17] & 0x80 != 0
        guard hActive > 0, vActive > 0, hActive + hBlank > 0, vActive + vBlank > 0 else { return nil }
        // An interlaced DTD gives one field's lines: the frame has twice as many, and the rate
        // computed here is the field rate, which is what TVs advertise (1080i60).
        let refresh = clockHz / Double((hActive + hBlank) * (vActive + vBlank))
        return Timing(width: hActive, height: interlaced ? vActive * 2 : vActive, refreshHz: refresh, interlaced: interlaced)
    }

    static let makers: [String: String] = [
        "AAC": "AcerView", "ACR": "Acer", "AOC": "AOC", "AUO": "AU Optronics", "BNQ": "BenQ", "BOE": "BOE",
        "CMN": "Chimei Innolux", "DEL": "Dell", "ENC": "Eizo", "GSM": "LG Electronics", "HPN": "HP", "HSD": "HannStar",
        "HWP": "HP", "IVM": "Iiyama", "LEN": "Lenovo", "LGD": "LG Display", "MEI": "Panasonic", "NEC": "NEC",
        "PHL": "Philips", "RHT": "Red Hat (QEMU)", "SAM": "Samsung", "SDC": "Samsung Display", "SEC": "Seiko Epson",
        "SHP": "Sharp", "SNY": "Sony", "TCL": "TCL", "TOS": "Toshiba", "VIZ": "Vizio", "VSC": "ViewSonic",
        "HIS": "Hisense", "HEC": "Hisense", "MST": "MStar", "XXX": "unknown",
    ]
}
