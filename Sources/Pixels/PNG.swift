import CPNG
import Platform

/// PNG reading and writing through libpng's simplified API.
public enum PNG {
    public struct Failure: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// The canvas as the bytes of an 8-bit RGB PNG. `fast` trades file size for encoding
    /// speed (libpng's PNG_IMAGE_FLAG_FAST), for frames written continuously. Encoded in memory,
    /// so where the bytes go (a file written atomically, standard output) is the caller's
    /// choice and a full disk is reported as what it is, not as libpng's "Write Error".
    public static func encode(_ canvas: Canvas, fast: Bool = false) throws(Failure) -> [UInt8] {
        var rgb = canvas.rgbBytes()
        func attempt(_ capacity: Int) -> (bytes: [UInt8]?, needed: Int, error: String?) {
            var image = png_image()
            image.version = UInt32(PNG_IMAGE_VERSION)
            image.width = UInt32(canvas.width)
            image.height = UInt32(canvas.height)
            image.format = UInt32(PNG_FORMAT_RGB)
            if fast { image.flags = UInt32(PNG_IMAGE_FLAG_FAST) }
            var out = [UInt8](repeating: 0, count: capacity)
            var size = capacity
            let ok = out.withUnsafeMutableBytes { dst in
                rgb.withUnsafeMutableBytes { src in
                    png_image_write_to_memory(&image, dst.baseAddress, &size, 0, src.baseAddress, Int32(canvas.width * 3), nil)
                }
            }
            defer { png_image_free(&image) }
            if ok != 0 {
                out.removeSubrange(size...)
                return (out, size, nil)
            }
            // Too small a buffer: libpng says how much it needs (more than it was given).
            return (nil, size, size > capacity ? nil : message(&image))
        }
        // The raw pixels plus a filter byte per row and zlib's worst-case overhead: enough for
        // any frame in one pass, so nothing is encoded twice.
        let raw = canvas.height * (1 + canvas.width * 3)
        var result = attempt(raw + raw / 1000 + 4096)
        if result.bytes == nil, result.error == nil { result = attempt(result.needed) }
        guard let bytes = result.bytes else { throw Failure(path: "PNG", reason: result.error ?? "cannot encode") }
        return bytes
    }

    /// Writes the canvas as a PNG file, atomically: a reader (or a crash) never sees half a
    /// file, and the temporary beside it has a unique name created exclusively.
    public static func write(_ canvas: Canvas, to path: String, fast: Bool = false) throws {
        let bytes: [UInt8]
        do {
            bytes = try encode(canvas, fast: fast)
        } catch {
            throw Failure(path: path, reason: error.reason)
        }
        try Files.writeAtomically(bytes, to: path)
    }

    /// Reads any PNG into a new canvas (alpha composited over black, which golden images never
    /// have).
    public static func read(_ path: String) throws(Failure) -> Canvas {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&image, path) != 0 else {
            let reason = message(&image)
            png_image_free(&image)
            throw Failure(path: path, reason: reason)
        }
        image.format = UInt32(PNG_FORMAT_RGB)
        let w = Int(image.width), h = Int(image.height)
        guard w > 0, h > 0, w <= 16384, h <= 16384 else {
            png_image_free(&image)
            throw Failure(path: path, reason: "unsupported size \(w)x\(h)")
        }
        var rgb = [UInt8](repeating: 0, count: w * h * 3)
        let ok = rgb.withUnsafeMutableBytes { buf in
            png_image_finish_read(&image, nil, buf.baseAddress, Int32(w * 3), nil)
        }
        guard ok != 0 else {
            let reason = message(&image)
            png_image_free(&image)
            throw Failure(path: path, reason: reason)
        }
        let canvas = Canvas(width: w, height: h)
        rgb.withUnsafeBufferPointer { src in
            for y in 0..<h {
                let row = canvas.pixels + y * canvas.stride
                for x in 0..<w {
                    let i = (y * w + x) * 3
                    row[x] = 0xFF00_0000 | UInt32(src[i]) << 16 | UInt32(src[i + 1]) << 8 | UInt32(src[i + 2])
                }
            }
        }
        return canvas
    }

    /// Writes an image with its transparency (premultiplied BGRA in, straight RGBA PNG out).
    public static func write(_ image: Image, to path: String) throws(Failure) {
        var rgba = [UInt8](repeating: 0, count: image.width * image.height * 4)
        for i in stride(from: 0, to: rgba.count, by: 4) {
            let a = UInt32(image.bgra[i + 3])
            func straight(_ c: UInt8) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (UInt32(c) * 255 + a / 2) / a)) }
            rgba[i] = straight(image.bgra[i + 2])
            rgba[i + 1] = straight(image.bgra[i + 1])
            rgba[i + 2] = straight(image.bgra[i])
            rgba[i + 3] = UInt8(a)
        }
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        png.width = UInt32(image.width)
        png.height = UInt32(image.height)
        png.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        let ok = rgba.withUnsafeMutableBytes { buf in
            png_image_write_to_file(&png, path, 0, buf.baseAddress, Int32(image.width * 4), nil)
        }
        if ok == 0 {
            let reason = message(&png)
            png_image_free(&png)
            throw Failure(path: path, reason: reason)
        }
    }

    /// Reads a PNG with its transparency (a venue's logo) as premultiplied BGRA, refusing
    /// images larger than `maxSide` pixels on a side before decoding them.
    public static func readImage(_ path: String, maxSide: Int = 4096) throws(Failure) -> Image {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&image, path) != 0 else {
            let reason = message(&image)
            png_image_free(&image)
            throw Failure(path: path, reason: reason)
        }
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_BGR | PNG_FORMAT_FLAG_ALPHA)
        let w = Int(image.width), h = Int(image.height)
        guard w > 0, h > 0, w <= maxSide, h <= maxSide else {
            png_image_free(&image)
            throw Failure(path: path, reason: "\(w)x\(h) pixels; at most \(maxSide)x\(maxSide)")
        }
        var bgra = [UInt8](repeating: 0, count: w * h * 4)
        let ok = bgra.withUnsafeMutableBytes { buf in
            png_image_finish_read(&image, nil, buf.baseAddress, Int32(w * 4), nil)
        }
        guard ok != 0 else {
            let reason = message(&image)
            png_image_free(&image)
            throw Failure(path: path, reason: reason)
        }
        // libpng gives straight alpha; blending and scaling want it premultiplied.
        for i in stride(from: 0, to: bgra.count, by: 4) {
            let a = UInt32(bgra[i + 3])
            guard a < 255 else { continue }
            for c in 0..<3 { bgra[i + c] = UInt8((UInt32(bgra[i + c]) * a + 127) / 255) }
        }
        return Image(width: w, height: h, bgra: bgra)
    }

    private static func message(_ image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}

/// An image with transparency: premultiplied BGRA, rows packed (what `Canvas.blitBGRA` draws).
public struct Image: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let bgra: [UInt8]

    public init(width: Int, height: Int, bgra: [UInt8]) {
        self.width = width
        self.height = height
        self.bgra = bgra
    }
}
