import Pixels

/// Bytes in, pictures ready to draw out: the header read and checked, the pixels decoded once
/// (JPEG by the DCT near the largest size needed), turned upright, then for each slot resampled
/// to fit and composited over its surface. Pure and thread-safe: the screen runs it on its
/// picture thread, `render --media` and the host's quiz check in line.
public enum PicturePipeline {
    /// Checks that `bytes` are a picture a screen can show (the host's check of a quiz file):
    /// within the limits, and decoding whole. Returns what its header says.
    @discardableResult
    public static func check(_ bytes: [UInt8]) throws(PictureError) -> PictureHeader {
        let header = try PictureHeader.read(bytes)
        // Decoded for a small slot: JPEG then costs its smallest DCT scale, but every byte of
        // the entropy-coded data is still read, so a truncated or broken file is found.
        _ = try decode(bytes, header: header, atLeast: (1, 1))
        return header
    }

    /// The picture prepared for each slot, in order.
    public static func prepare(_ bytes: [UInt8], for slots: [PictureSlot]) throws(PictureError) -> [OpaqueImage] {
        let header = try PictureHeader.read(bytes)
        let sizes = slots.map { $0.fitted(width: header.width, height: header.height) }
        let need = (sizes.map(\.width).max() ?? 1, sizes.map(\.height).max() ?? 1)
        let upright = try decode(bytes, header: header, atLeast: need)
        var out: [OpaqueImage] = []
        for (slot, size) in zip(slots, sizes) {
            out.append(flatten(try Scaler.scale(upright, width: size.width, height: size.height), over: slot.surface))
        }
        return out
    }

    /// The upright pixels, at least `atLeast` (shown axes) where the format can decode smaller.
    static func decode(_ bytes: [UInt8], header: PictureHeader, atLeast: (Int, Int)) throws(PictureError) -> Bitmap {
        let stored: Bitmap
        switch header.format {
        case .png:
            stored = try PNGDecoding.decode(bytes, header: header)
        case .webp:
            stored = try WebPDecoding.decode(bytes, header: header)
        case .jpeg:
            let (w, h) = header.orientation.swapsAxes ? (atLeast.1, atLeast.0) : atLeast
            stored = try JPEGDecoding.decode(bytes, header: header, minWidth: w, minHeight: h)
        }
        return header.orientation.apply(stored)
    }

    /// Premultiplied pixels composited over an opaque surface colour. Resampling can ring a
    /// channel past its alpha (Lanczos has negative lobes): clamped, so no colour overflows.
    static func flatten(_ b: Bitmap, over surface: Color) -> OpaqueImage {
        let sr = UInt32(surface.r), sg = UInt32(surface.g), sb = UInt32(surface.b)
        var out = b.pixels
        out.withUnsafeMutableBufferPointer { px in
            for i in px.indices {
                let p = px[i]
                let a = p >> 24
                if a == 255 {
                    px[i] = p
                    continue
                }
                let inv = 255 - a
                func ch(_ c: UInt32, _ s: UInt32) -> UInt32 { min(255, min(c, a) + (s * inv + 127) / 255) }
                px[i] = 0xFF00_0000 | ch((p >> 16) & 0xFF, sr) << 16 | ch((p >> 8) & 0xFF, sg) << 8 | ch(p & 0xFF, sb)
            }
        }
        return OpaqueImage(width: b.width, height: b.height, pixels: out)
    }
}
