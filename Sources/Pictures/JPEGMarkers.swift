/// What the TurboJPEG API does not say about a JPEG, read from its marker segments (everything
/// before the first scan): the EXIF orientation a phone writes instead of turning the pixels,
/// and whether it is progressive (it then keeps the whole image's coefficients in memory).
/// Every offset is checked against the bytes: a hostile file can only end the walk early.
struct JPEGMarkers {
    var orientation = Orientation.up
    var progressive = false

    init(_ bytes: [UInt8]) {
        var i = 2  // after SOI
        let n = bytes.count
        while i + 4 <= n {
            guard bytes[i] == 0xFF else { return }
            let marker = bytes[i + 1]
            if marker == 0xFF {  // fill byte
                i += 1
                continue
            }
            // Markers without a length: TEM, RSTn, SOI; the scan or the end stops the walk.
            if marker == 0x01 || (0xD0...0xD8).contains(marker) {
                i += 2
                continue
            }
            if marker == 0xDA || marker == 0xD9 { return }
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length >= 2, i + 2 + length <= n else { return }
            let body = (i + 4)..<(i + 2 + length)
            switch marker {
            case 0xC2, 0xC6, 0xCA, 0xCE: progressive = true
            case 0xE1: if let o = Self.exifOrientation(bytes[body]) { orientation = o }
            default: break
            }
            i += 2 + length
        }
    }

    /// The Orientation tag (0x0112) of IFD0 in an APP1 "Exif\0\0" segment (TIFF inside).
    static func exifOrientation(_ segment: ArraySlice<UInt8>) -> Orientation? {
        let s = Array(segment)
        guard s.count >= 14, s.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0]) else { return nil }
        let tiff = Array(s[6...])
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            return little ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for k in 0..<min(count, 512) {
            let entry = ifd + 2 + 12 * k
            guard let tag = u16(entry) else { return nil }
            // SHORT (type 3), one value, stored in the first two bytes of the value field.
            if tag == 0x0112, u16(entry + 2) == 3, let v = u16(entry + 8) {
                return Orientation(rawValue: v)
            }
        }
        return nil
    }
}

/// EXIF orientation: how the stored pixels must be turned to stand up (TIFF 6.0 tag 274).
enum Orientation: Int {
    case up = 1, mirrored = 2, upsideDown = 3, flipped = 4
    case transposed = 5, rotatedRight = 6, transversed = 7, rotatedLeft = 8

    /// Width and height trade places (a phone held upright: 6 or 8).
    var swapsAxes: Bool { rawValue >= 5 }

    /// `bitmap` turned to stand up.
    func apply(_ b: Bitmap) -> Bitmap {
        guard self != .up else { return b }
        let w = b.width, h = b.height
        let (ow, oh) = swapsAxes ? (h, w) : (w, h)
        var out = [UInt32](repeating: 0, count: w * h)
        b.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<oh {
                    for x in 0..<ow {
                        // The stored pixel that lands at (x, y).
                        let (sx, sy): (Int, Int)
                        switch self {
                        case .up: (sx, sy) = (x, y)
                        case .mirrored: (sx, sy) = (w - 1 - x, y)
                        case .upsideDown: (sx, sy) = (w - 1 - x, h - 1 - y)
                        case .flipped: (sx, sy) = (x, h - 1 - y)
                        case .transposed: (sx, sy) = (y, x)
                        case .rotatedRight: (sx, sy) = (y, h - 1 - x)
                        case .transversed: (sx, sy) = (w - 1 - y, h - 1 - x)
                        case .rotatedLeft: (sx, sy) = (w - 1 - y, x)
                        }
                        dst[y * ow + x] = src[sy * w + sx]
                    }
                }
            }
        }
        return Bitmap(width: ow, height: oh, pixels: out)
    }
}
