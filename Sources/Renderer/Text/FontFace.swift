import CFreeType
import Glibc

/// Why a font could not be used, always naming the file: it is what the user must fix.
public struct FontError: Error, CustomStringConvertible, Equatable {
    public let path: String
    public let reason: String
    public var description: String { "font \(path): \(reason)" }
}

/// Owns an `FT_Library`. Faces keep their library alive, so it is freed after the last face.
final class FreeTypeLibrary {
    let handle: FT_Library

    init() throws(FontError) {
        var lib: FT_Library?
        let err = FT_Init_FreeType(&lib)
        guard err == 0, let lib else { throw FontError(path: "-", reason: "FreeType failed to start (\(freeTypeErrorName(err)))") }
        handle = lib
    }

    deinit { FT_Done_FreeType(handle) }
}

/// A rasterized glyph: an 8-bit coverage mask, or premultiplied BGRA for colour glyphs.
public final class GlyphBitmap: Sendable {
    public let width: Int
    public let height: Int
    /// Bytes per row.
    public let pitch: Int
    /// Offset from the pen position to the bitmap's top-left, y growing down.
    public let left: Int
    public let top: Int
    public let isColor: Bool
    public let pixels: [UInt8]

    init(width: Int, height: Int, pitch: Int, left: Int, top: Int, isColor: Bool, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pitch = pitch
        self.left = left
        self.top = top
        self.isColor = isColor
        self.pixels = pixels
    }

    public var byteCount: Int { pixels.count + 64 }
}

/// One font file opened with FreeType. Not thread-safe: a face belongs to the thread that draws.
public final class FontFace {
    public let path: String
    /// Distinguishes faces in cache keys.
    public let id: Int
    let library: FreeTypeLibrary
    let face: FT_Face
    private var currentSize: Int = 0
    public let familyName: String
    public let hasKerning: Bool

    init(path: String, id: Int, library: FreeTypeLibrary) throws(FontError) {
        var f: FT_Face?
        let err = FT_New_Face(library.handle, path, 0, &f)
        guard err == 0, let f else {
            throw FontError(path: path, reason: describeOpenError(err, path: path))
        }
        guard qk_ft_is_scalable(f) != 0 || qk_ft_has_color(f) != 0 else {
            FT_Done_Face(f)
            throw FontError(path: path, reason: "not a scalable font")
        }
        self.path = path
        self.id = id
        self.library = library
        self.face = f
        familyName = f.pointee.family_name.map { String(cString: $0) } ?? "?"
        hasKerning = qk_ft_has_kerning(f) != 0
    }

    deinit { FT_Done_Face(face) }

    func setSize(_ px: Int) {
        guard px != currentSize else { return }
        FT_Set_Pixel_Sizes(face, 0, FT_UInt(max(1, px)))
        currentSize = px
    }

    public func glyphIndex(_ scalar: Unicode.Scalar) -> UInt32 {
        UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value)))
    }

    /// Vertical metrics at a pixel size, in whole pixels.
    public func metrics(size px: Int) -> (ascent: Int, descent: Int) {
        setSize(px)
        let m = face.pointee.size.pointee.metrics
        return (Int((m.ascender + 63) >> 6), Int((-m.descender + 63) >> 6))
    }

    /// Kerning between two glyphs in 26.6 pixels.
    func kerning(_ left: UInt32, _ right: UInt32, size px: Int) -> Int {
        guard hasKerning, left != 0, right != 0 else { return 0 }
        setSize(px)
        var v = FT_Vector()
        guard FT_Get_Kerning(face, left, right, FT_KERNING_DEFAULT.rawValue, &v) == 0 else { return 0 }
        return Int(v.x)
    }

    /// Loads and renders one glyph. Returns its advance (26.6) and bitmap; nil bitmap for
    /// glyphs without ink (space) or that FreeType cannot render.
    func render(glyph: UInt32, size px: Int) -> (advance: Int, bitmap: GlyphBitmap?) {
        setSize(px)
        // Unhinted: outlines scale exactly with the display (the question on a 4K screen is
        // exactly twice the 1080p one); at TV sizes (24 px and up) hinting adds nothing visible.
        let flags = FT_Int32(FT_LOAD_NO_HINTING)
        guard FT_Load_Glyph(face, glyph, flags) == 0, let slot = face.pointee.glyph else { return (0, nil) }
        let advance = Int(slot.pointee.advance.x)
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return (advance, nil) }
        let bm = slot.pointee.bitmap
        let w = Int(bm.width), h = Int(bm.rows)
        guard w > 0, h > 0, let buffer = bm.buffer else { return (advance, nil) }
        let pitch = Int(bm.pitch)
        let isColor = bm.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue)
        guard isColor || bm.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else { return (advance, nil) }
        let rowBytes = isColor ? w * 4 : w
        var pixels = [UInt8](repeating: 0, count: rowBytes * h)
        pixels.withUnsafeMutableBufferPointer { dst in
            for y in 0..<h {
                // A negative pitch means rows run bottom-up.
                let src = pitch >= 0 ? buffer + y * pitch : buffer + (h - 1 - y) * (-pitch)
                for x in 0..<rowBytes { dst[y * rowBytes + x] = src[x] }
            }
        }
        let bitmap = GlyphBitmap(width: w, height: h, pitch: rowBytes, left: Int(slot.pointee.bitmap_left),
                                 top: Int(slot.pointee.bitmap_top), isColor: isColor, pixels: pixels)
        return (advance, bitmap)
    }
}

func freeTypeErrorName(_ err: FT_Error) -> String {
    switch err {
    case 0x01: return "cannot open resource"
    case 0x02: return "unknown file format"
    case 0x03: return "broken file"
    case 0x08, 0x09, 0x0A: return "invalid font data"
    case 0x40: return "out of memory"
    case 0x51, 0x52, 0x53: return "truncated or corrupt file"
    default: return "FreeType error 0x" + String(err, radix: 16)
    }
}

private func describeOpenError(_ err: FT_Error, path: String) -> String {
    if err == 0x01 {
        // FreeType says only "cannot open resource"; errno tells missing from unreadable.
        return access(path, F_OK) != 0 ? "no such file" : "cannot be read (permission?)"
    }
    if err == 0x02 { return "not a font file (unknown format)" }
    return "not a usable font (\(freeTypeErrorName(err)))"
}
