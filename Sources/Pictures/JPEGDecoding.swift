import CTurboJPEG

/// JPEG through libjpeg-turbo's TurboJPEG API, decoded by the DCT at the smallest of its
/// scales (1/8 … 8/8) that is still at least the size asked for: a 4000×3000 photo for a
/// 640×480 box is decoded at 1000×750, never at full size. Every warning is an error
/// (TJFLAG_STOPONWARNING: a truncated file is refused, not shown half grey) and a progressive
/// file may have at most 500 scans (TJFLAG_LIMITSCANS: a known way to make a decoder spin).
enum JPEGDecoding {
    /// A TurboJPEG decompressor, destroyed in deinit.
    private final class Handle {
        let raw: tjhandle
        init() throws(PictureError) {
            guard let h = tjInitDecompress() else { throw PictureError("cannot start the JPEG decoder") }
            raw = h
        }
        deinit { tjDestroy(raw) }
        var message: String { String(cString: tjGetErrorStr2(raw)) }
    }

    static let flags = Int32(TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS)

    static func header(_ bytes: [UInt8]) throws(PictureError) -> PictureHeader {
        let handle = try Handle()
        var w: Int32 = 0, h: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let rc = bytes.withUnsafeBufferPointer { buf in
            tjDecompressHeader3(handle.raw, buf.baseAddress, UInt(buf.count), &w, &h, &subsampling, &colorspace)
        }
        guard rc == 0 else { throw PictureError("not a valid JPEG: \(handle.message)") }
        let markers = JPEGMarkers(bytes)
        return try PictureHeader(format: .jpeg, width: Int(w), height: Int(h), orientation: markers.orientation,
                                 progressive: markers.progressive)
    }

    /// The stored pixels at the smallest DCT scale whose size is at least `minWidth` ×
    /// `minHeight` (stored axes), or full size.
    static func decode(_ bytes: [UInt8], header: PictureHeader, minWidth: Int, minHeight: Int) throws(PictureError) -> Bitmap {
        let (w, h) = scaledSize(header.storedWidth, header.storedHeight, minWidth: minWidth, minHeight: minHeight)
        let handle = try Handle()
        return try Bitmap(width: w, height: h) { (px) throws(PictureError) in
            let rc = bytes.withUnsafeBufferPointer { buf in
                px.withMemoryRebound(to: UInt8.self) { out in
                    // BGRX: libjpeg-turbo writes 0xFF into X, an opaque premultiplied pixel.
                    tjDecompress2(handle.raw, buf.baseAddress, UInt(buf.count), out.baseAddress, Int32(w), Int32(w * 4), Int32(h),
                                  Int32(TJPF_BGRX.rawValue), flags)
                }
            }
            guard rc == 0 else { throw PictureError("broken JPEG: \(handle.message)") }
        }
    }

    /// The size libjpeg-turbo decodes at for the smallest M/8 scale that is at least the
    /// minimum (its own rounding: up).
    static func scaledSize(_ width: Int, _ height: Int, minWidth: Int, minHeight: Int) -> (Int, Int) {
        var count: Int32 = 0
        var best = (width, height)
        guard let factors = tjGetScalingFactors(&count) else { return best }
        for k in 0..<Int(count) {
            let f = factors[k]
            let num = Int(f.num), denom = Int(f.denom)
            guard num > 0, denom > 0, num <= denom else { continue }  // only reductions
            let sw = (width * num + denom - 1) / denom, sh = (height * num + denom - 1) / denom
            if sw >= min(minWidth, width), sh >= min(minHeight, height), sw * sh < best.0 * best.1 { best = (sw, sh) }
        }
        return best
    }
}
