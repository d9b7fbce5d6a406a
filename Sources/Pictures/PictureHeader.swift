/// What a picture's header says, read before any pixel is decoded: its format, its stored size
/// and how it must be turned to stand up. Sizes over the limits are refused here.
public struct PictureHeader: Equatable, Sendable {
    public let format: PictureFormat
    /// As stored.
    public let storedWidth: Int
    public let storedHeight: Int
    let orientation: Orientation
    let progressive: Bool

    /// As shown (after the EXIF orientation).
    public var width: Int { orientation.swapsAxes ? storedHeight : storedWidth }
    public var height: Int { orientation.swapsAxes ? storedWidth : storedHeight }
    /// The EXIF orientation (1 = as stored).
    public var exifOrientation: Int { orientation.rawValue }

    init(format: PictureFormat, width: Int, height: Int, orientation: Orientation = .up, progressive: Bool = false) throws(PictureError) {
        guard width > 0, height > 0 else { throw PictureError("\(format.rawValue) header claims \(width)x\(height) pixels") }
        let side = PictureLimits.maxSide
        guard width <= side, height <= side else { throw .tooLarge(width, height, limit: "\(side) pixels a side") }
        let pixels = width * height
        switch format {
        case .png:
            let m = PictureLimits.maxDecodedPixels
            guard pixels <= m else { throw .tooLarge(width, height, limit: "\(m >> 20) M pixels for a PNG") }
        case .jpeg:
            let m = progressive ? PictureLimits.maxProgressiveJPEGPixels : PictureLimits.maxJPEGPixels
            guard pixels <= m else {
                throw .tooLarge(width, height, limit: progressive ? "\(m >> 20) M pixels for a progressive JPEG" : "\(m / 1_000_000) M pixels for a JPEG")
            }
        case .webp:
            break  // decoded at a reduced size when larger than maxDecodedPixels
        }
        self.format = format
        storedWidth = width
        storedHeight = height
        self.orientation = orientation
        self.progressive = progressive
    }

    /// Reads the header of `bytes` (a whole file), refusing what is not a picture we show or
    /// is too large.
    public static func read(_ bytes: [UInt8]) throws(PictureError) -> PictureHeader {
        guard bytes.count <= PictureLimits.maxBytes else { throw .tooManyBytes(bytes.count) }
        guard let format = PictureFormat(sniffing: bytes) else { throw .notAnImage(bytes) }
        switch format {
        case .png: return try PNGDecoding.header(bytes)
        case .jpeg: return try JPEGDecoding.header(bytes)
        case .webp: return try WebPDecoding.header(bytes)
        }
    }
}
