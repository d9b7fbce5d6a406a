import CPNG

/// PNG through libpng's simplified API (errors are return values, never a longjmp into Swift):
/// any bit depth, palette, grey or gamma, to premultiplied BGRA at full size.
enum PNGDecoding {
    /// One png_image being read from memory, released in deinit whatever happens. The bytes it
    /// reads must outlive it: they are pinned for its whole life by the caller's closure.
    private final class Reader {
        var image = png_image()
        init() { image.version = UInt32(PNG_IMAGE_VERSION) }
        deinit { png_image_free(&image) }

        var message: String {
            withUnsafeBytes(of: &image.message) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
        }

        func begin(_ bytes: UnsafeRawBufferPointer) throws(PictureError) {
            guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
                throw PictureError("not a valid PNG: \(message)")
            }
        }
    }

    static func header(_ bytes: [UInt8]) throws(PictureError) -> PictureHeader {
        let size: Result<(Int, Int), PictureError> = bytes.withUnsafeBytes { raw in
            let reader = Reader()
            do throws(PictureError) {
                try reader.begin(raw)
                return .success((Int(reader.image.width), Int(reader.image.height)))
            } catch {
                return .failure(error)
            }
        }
        let (w, h) = try size.get()
        return try PictureHeader(format: .png, width: w, height: h)
    }

    static func decode(_ bytes: [UInt8], header: PictureHeader) throws(PictureError) -> Bitmap {
        let w = header.storedWidth, h = header.storedHeight
        let decoded: Result<Bitmap, PictureError> = bytes.withUnsafeBytes { raw in
            do throws(PictureError) {
                let reader = Reader()
                try reader.begin(raw)
                // BGRA in memory is our native 0xAARRGGBB word.
                reader.image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_BGR | PNG_FORMAT_FLAG_ALPHA)
                let bitmap = try Bitmap(width: w, height: h) { (px) throws(PictureError) in
                    guard png_image_finish_read(&reader.image, nil, px.baseAddress, Int32(w * 4), nil) != 0 else {
                        throw PictureError("broken PNG: \(reader.message)")
                    }
                    premultiply(px)
                }
                return .success(bitmap)
            } catch {
                return .failure(error)
            }
        }
        return try decoded.get()
    }

    /// libpng gives straight alpha; scaling and compositing want it premultiplied.
    static func premultiply(_ px: UnsafeMutableBufferPointer<UInt32>) {
        for i in px.indices {
            let p = px[i]
            let a = p >> 24
            if a == 255 { continue }
            if a == 0 {
                px[i] = 0
                continue
            }
            func m(_ c: UInt32) -> UInt32 { (c * a + 127) / 255 }
            px[i] = a << 24 | m((p >> 16) & 0xFF) << 16 | m((p >> 8) & 0xFF) << 8 | m(p & 0xFF)
        }
    }
}
