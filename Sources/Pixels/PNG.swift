import CPNG
import Platform

/// PNG reading and writing through libpng's simplified API, in memory: files are read and
/// written by Platform.Files (regular files only, bounded, never blocking on a FIFO; written
/// atomically through a unique temporary), so where bytes come from or go is never libpng's.
public enum PNG {
    public struct Failure: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// A PNG file larger than this is refused before it is read (a frame at 8192×8192 is less).
    public static let maxFileBytes = 256 << 20

    // MARK: writing

    /// The canvas as the bytes of an 8-bit RGB PNG. `fast` trades file size for encoding
    /// speed (libpng's PNG_IMAGE_FLAG_FAST: no filters, zlib level 3), for frames written
    /// continuously. Encoded row by row straight from the canvas's pixels: no copy of the
    /// image is made (a 4K frame as RGB bytes would be 25 MB, with libpng's own copy 50), only
    /// the compressed file grows, a few KiB at a time. The bytes are those of libpng's
    /// simplified API for the same pixels (PNGTests holds them to that).
    public static func encode(_ canvas: Canvas, fast: Bool = false) throws(Failure) -> [UInt8] {
        let sink = Sink()
        let message = UnsafeMutablePointer<CChar>.allocate(capacity: 128)
        defer { message.deallocate() }
        message.initialize(repeating: 0, count: 128)
        let status = quizkiosk_png_write_xrgb(canvas.pixels, UInt32(canvas.width), UInt32(canvas.height), canvas.stride, fast ? 1 : 0,
                                              { user, bytes, count in
                                                  guard let user, let bytes else { return }
                                                  Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue().bytes
                                                      .append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
                                              }, Unmanaged.passUnretained(sink).toOpaque(), message)
        withExtendedLifetime(sink) {}
        guard status == 0 else { throw Failure(path: "PNG", reason: String(cString: message)) }
        return sink.bytes
    }

    /// Where the row-by-row encoder's bytes go (reached through a pointer from C).
    private final class Sink {
        var bytes: [UInt8] = []
    }

    /// The canvas through libpng's simplified API from a copy of its pixels as RGB bytes: what
    /// `encode` wrote before it went row by row (the tests compare the two).
    static func encodeThroughCopy(_ canvas: Canvas, fast: Bool = false) throws(Failure) -> [UInt8] {
        try encode(canvas.rgbBytes(), width: canvas.width, height: canvas.height, format: UInt32(PNG_FORMAT_RGB), channels: 3,
                   fast: fast)
    }

    /// Writes the canvas as a PNG file, atomically: a reader (or a crash) never sees half a
    /// file, and the temporary beside it has a unique name created exclusively.
    public static func write(_ canvas: Canvas, to path: String, fast: Bool = false) throws {
        try Files.writeAtomically(try named(path) { () throws(Failure) in try encode(canvas, fast: fast) }, to: path)
    }

    /// Writes an image with its transparency (premultiplied BGRA in, straight RGBA PNG out).
    public static func write(_ image: Image, to path: String) throws {
        var rgba = [UInt8](repeating: 0, count: image.width * image.height * 4)
        for i in stride(from: 0, to: rgba.count, by: 4) {
            let a = UInt32(image.bgra[i + 3])
            func straight(_ c: UInt8) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (UInt32(c) * 255 + a / 2) / a)) }
            rgba[i] = straight(image.bgra[i + 2])
            rgba[i + 1] = straight(image.bgra[i + 1])
            rgba[i + 2] = straight(image.bgra[i])
            rgba[i + 3] = UInt8(a)
        }
        let bytes = try named(path) { () throws(Failure) in
            try encode(rgba, width: image.width, height: image.height, format: UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA),
                       channels: 4, fast: false)
        }
        try Files.writeAtomically(bytes, to: path)
    }

    private static func encode(_ pixels: [UInt8], width: Int, height: Int, format: UInt32, channels: Int,
                               fast: Bool) throws(Failure) -> [UInt8] {
        var pixels = pixels
        func attempt(_ capacity: Int) -> (bytes: [UInt8]?, needed: Int, error: String?) {
            var image = png_image()
            image.version = UInt32(PNG_IMAGE_VERSION)
            image.width = UInt32(width)
            image.height = UInt32(height)
            image.format = format
            if fast { image.flags = UInt32(PNG_IMAGE_FLAG_FAST) }
            var out = [UInt8](repeating: 0, count: capacity)
            var size = capacity
            let ok = out.withUnsafeMutableBytes { dst in
                pixels.withUnsafeMutableBytes { src in
                    png_image_write_to_memory(&image, dst.baseAddress, &size, 0, src.baseAddress, Int32(width * channels), nil)
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
        // any image in one pass, so nothing is encoded twice.
        let raw = height * (1 + width * channels)
        var result = attempt(raw + raw / 1000 + 4096)
        if result.bytes == nil, result.error == nil { result = attempt(result.needed) }
        guard let bytes = result.bytes else { throw Failure(path: "PNG", reason: result.error ?? "cannot encode") }
        return bytes
    }

    // MARK: reading

    /// Reads any PNG into a new canvas (alpha composited over black, which golden images never
    /// have).
    public static func read(_ path: String) throws(Failure) -> Canvas {
        let (w, h, rgb) = try decode(try file(path), format: UInt32(PNG_FORMAT_RGB), channels: 3, maxSide: 16384, path: path)
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

    /// Reads a PNG with its transparency (a venue's logo) as premultiplied BGRA, refusing
    /// images larger than `maxSide` pixels on a side before decoding them.
    public static func readImage(_ path: String, maxSide: Int = 4096) throws(Failure) -> Image {
        try image(from: try file(path), maxSide: maxSide, path: path)
    }

    /// PNG bytes as premultiplied BGRA (`path` names them in errors).
    public static func image(from bytes: [UInt8], maxSide: Int = 4096, path: String = "PNG") throws(Failure) -> Image {
        let (w, h, decoded) = try decode(bytes, format: UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_BGR | PNG_FORMAT_FLAG_ALPHA),
                                      channels: 4, maxSide: maxSide, path: path)
        // libpng gives straight alpha; blending and scaling want it premultiplied.
        var bgra = decoded
        for i in stride(from: 0, to: bgra.count, by: 4) {
            let a = UInt32(bgra[i + 3])
            guard a < 255 else { continue }
            for c in 0..<3 { bgra[i + c] = UInt8((UInt32(bgra[i + c]) * a + 127) / 255) }
        }
        return Image(width: w, height: h, bgra: bgra)
    }

    /// The one decoder: PNG bytes to `channels`-byte pixels in `format`, the size checked
    /// against `maxSide` from the header, before any pixel is decoded.
    private static func decode(_ bytes: [UInt8], format: UInt32, channels: Int, maxSide: Int,
                               path: String) throws(Failure) -> (Int, Int, [UInt8]) {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let begun = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else {
            let reason = message(&image)
            png_image_free(&image)
            throw Failure(path: path, reason: reason.isEmpty ? "not a PNG" : reason)
        }
        defer { png_image_free(&image) }
        image.format = format
        let w = Int(image.width), h = Int(image.height)
        guard w > 0, h > 0, w <= maxSide, h <= maxSide else {
            throw Failure(path: path, reason: "\(w)x\(h) pixels; at most \(maxSide)x\(maxSide)")
        }
        var pixels = [UInt8](repeating: 0, count: w * h * channels)
        // The compressed bytes stay alive through the whole read (libpng reads them as it goes).
        let ok = bytes.withUnsafeBytes { _ in
            pixels.withUnsafeMutableBytes { buf in png_image_finish_read(&image, nil, buf.baseAddress, Int32(w * channels), nil) }
        }
        guard ok != 0 else { throw Failure(path: path, reason: message(&image)) }
        return (w, h, pixels)
    }

    private static func file(_ path: String) throws(Failure) -> [UInt8] {
        do {
            return try Files.read(path, limit: maxFileBytes)
        } catch {
            throw Failure(path: path, reason: error.message)
        }
    }

    /// Runs `body`, naming `path` in its failure.
    private static func named(_ path: String, _ body: () throws(Failure) -> [UInt8]) throws(Failure) -> [UInt8] {
        do {
            return try body()
        } catch {
            throw Failure(path: path, reason: error.reason)
        }
    }

    private static func message(_ image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
