import CWebP

/// WebP through libwebp, straight into premultiplied BGRA. A WebP larger than the pixel
/// limit (it may claim 16383 × 16383) is decoded by libwebp at a reduced size; animated ones
/// are refused (a quiz picture is a still).
enum WebPDecoding {
    static func header(_ bytes: [UInt8]) throws(PictureError) -> PictureHeader {
        var features = WebPBitstreamFeatures()
        let status = bytes.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &features) }
        guard status == VP8_STATUS_OK else { throw PictureError("not a valid WebP: \(describe(status))") }
        guard features.has_animation == 0 else { throw PictureError("an animated WebP (a picture must be a still)") }
        return try PictureHeader(format: .webp, width: Int(features.width), height: Int(features.height))
    }

    /// Full size when it fits the pixel limit, else the largest size within it (aspect kept).
    static func decode(_ bytes: [UInt8], header: PictureHeader) throws(PictureError) -> Bitmap {
        var w = header.storedWidth, h = header.storedHeight
        let limit = PictureLimits.maxDecodedPixels
        var scaled = false
        if w * h > limit {
            let f = (Double(limit) / Double(w * h)).squareRoot()
            w = max(1, Int(Double(w) * f))
            h = max(1, Int(Double(h) * f))
            scaled = true
        }
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else { throw PictureError("cannot start the WebP decoder (library version)") }
        let (ow, oh) = (w, h)
        return try Bitmap(width: ow, height: oh) { (px) throws(PictureError) in
            config.output.colorspace = MODE_bgrA  // premultiplied
            config.output.is_external_memory = 1
            config.output.width = Int32(ow)
            config.output.height = Int32(oh)
            config.output.u.RGBA.rgba = UnsafeMutableRawPointer(px.baseAddress!).assumingMemoryBound(to: UInt8.self)
            config.output.u.RGBA.stride = Int32(ow * 4)
            config.output.u.RGBA.size = ow * oh * 4
            if scaled {
                config.options.use_scaling = 1
                config.options.scaled_width = Int32(ow)
                config.options.scaled_height = Int32(oh)
            }
            let status = bytes.withUnsafeBufferPointer { WebPDecode($0.baseAddress, $0.count, &config) }
            // External memory: nothing of libwebp's to free, but the call is the documented pairing.
            WebPFreeDecBuffer(&config.output)
            guard status == VP8_STATUS_OK else { throw PictureError("broken WebP: \(describe(status))") }
        }
    }

    static func describe(_ status: VP8StatusCode) -> String {
        switch status {
        case VP8_STATUS_OUT_OF_MEMORY: return "out of memory"
        case VP8_STATUS_INVALID_PARAM: return "invalid parameter"
        case VP8_STATUS_BITSTREAM_ERROR: return "bitstream error"
        case VP8_STATUS_UNSUPPORTED_FEATURE: return "unsupported feature"
        case VP8_STATUS_SUSPENDED: return "suspended"
        case VP8_STATUS_USER_ABORT: return "aborted"
        case VP8_STATUS_NOT_ENOUGH_DATA: return "truncated (not enough data)"
        default: return "error \(status.rawValue)"
        }
    }
}
