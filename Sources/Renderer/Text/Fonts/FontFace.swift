import CFreeType
import CHarfBuzz
import Glibc
import Platform

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

/// One font opened with FreeType, with the HarfBuzz font that shapes with it (hb-ft reads the
/// same `FT_Face`, so glyph ids and advances agree with what is rasterized). Not thread-safe: a
/// face belongs to the thread that draws.
///
/// Outline faces are set to the pixel size asked for. Bitmap-only colour faces (Noto Color
/// Emoji: CBDT strikes at 109 px) load the nearest strike at or above the size, and everything
/// measured or drawn from them is scaled by `scale` to the size asked for.
public final class FontFace {
    public let path: String
    /// Distinguishes faces in cache keys and placed glyphs (see `FontSet.face(id:)`).
    public let id: Int
    let library: FreeTypeLibrary
    let face: FT_Face
    /// `hb_font_t`, created by hb-ft over `face`.
    let hbFont: OpaquePointer
    public let familyName: String
    /// The face positions pairs of glyphs (a GPOS table or an old `kern` table).
    public let hasKerning: Bool
    /// Colour glyphs (CBDT/sbix bitmaps or COLR layers): drawn in their own colours.
    public let isColor: Bool
    /// Pixel heights of the fixed bitmap strikes of a face without outlines; empty otherwise.
    let strikes: [Int]
    private var currentSize = 0
    private var features: [String: Bool] = [:]
    private var centredEllipsis: Bool?
    /// Pixels at the requested size per pixel of what FreeType loaded (1 for outline faces).
    private(set) var scale = 1.0

    init(path: String, index: Int = 0, id: Int, library: FreeTypeLibrary) throws(FontError) {
        try Self.checkRegularFile(path)
        var f: FT_Face?
        let err = FT_New_Face(library.handle, path, FT_Long(index), &f)
        guard err == 0, let f else {
            throw FontError(path: path, reason: describeOpenError(err, path: path))
        }
        var strikes: [Int] = []
        if qk_ft_is_scalable(f) == 0 {
            for i in 0..<Int(f.pointee.num_fixed_sizes) {
                strikes.append(Int((f.pointee.available_sizes[i].y_ppem + 32) >> 6))
            }
            guard qk_ft_has_color(f) != 0, !strikes.isEmpty else {
                FT_Done_Face(f)
                throw FontError(path: path, reason: "not a scalable font")
            }
        }
        guard let hb = hb_ft_font_create_referenced(f) else {
            FT_Done_Face(f)
            throw FontError(path: path, reason: "HarfBuzz cannot use it")
        }
        self.path = path
        self.id = id
        self.library = library
        self.face = f
        self.hbFont = hb
        self.strikes = strikes
        familyName = f.pointee.family_name.map { String(cString: $0) } ?? "?"
        isColor = qk_ft_has_color(f) != 0
        hasKerning = qk_ft_has_kerning(f) != 0 || hb_ot_layout_has_positioning(hb_font_get_face(hb)) != 0
        hb_ft_font_set_load_flags(hb, loadFlags)
    }

    deinit {
        hb_font_destroy(hbFont)
        FT_Done_Face(face)
    }

    /// Unhinted: outlines scale exactly with the display (the question on a 4K screen is exactly
    /// twice the 1080p one); at TV sizes (24 px and up) hinting adds nothing visible.
    var loadFlags: Int32 {
        Int32(FT_LOAD_NO_HINTING) | (isColor ? Int32(FT_LOAD_COLOR) : 0)
    }

    /// Sets FreeType (and hb-ft, which reads FreeType's size) to `px` pixels per em.
    func setSize(_ px: Int) {
        let px = max(1, px)
        guard px != currentSize else { return }
        if strikes.isEmpty {
            FT_Set_Pixel_Sizes(face, 0, FT_UInt(px))
            scale = 1
        } else {
            // The smallest strike at least as large (scaling down looks better than up), else
            // the largest.
            var best = 0
            for (i, s) in strikes.enumerated() {
                let b = strikes[best]
                if (s >= px && (b < px || s < b)) || (b < px && s > b) { best = i }
            }
            FT_Select_Size(face, FT_Int(best))
            scale = Double(px) / Double(strikes[best])
        }
        hb_ft_font_changed(hbFont)
        currentSize = px
    }

    public func glyphIndex(_ scalar: Unicode.Scalar) -> UInt32 {
        UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value)))
    }

    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0
    }

    /// Whether the face's GSUB or GPOS table lists the OpenType feature `tag` ("tnum").
    public func hasFeature(_ tag: String) -> Bool {
        if let known = features[tag] { return known }
        let wanted = hb_tag_from_string(tag, -1)
        let hbFace = hb_font_get_face(hbFont)
        var found = false
        for table in ["GSUB", "GPOS"] where !found {
            let t = hb_tag_from_string(table, -1)
            var tags = [hb_tag_t](repeating: 0, count: 256)
            var count = UInt32(tags.count)
            _ = hb_ot_layout_table_get_feature_tags(hbFace, t, 0, &count, &tags)
            found = tags.prefix(Int(count)).contains(wanted)
        }
        features[tag] = found
        return found
    }

    /// The ink of a glyph at `px` pixels, 26.6 from the baseline, up positive: the top of its
    /// ink and the bottom (negative below the baseline); nil for a glyph without outline data.
    func inkExtents(glyph: UInt32, size px: Int) -> (top: Int, bottom: Int)? {
        setSize(px)
        var e = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(hbFont, glyph, &e) != 0 else { return nil }
        let top = Double(e.y_bearing) * scale, bottom = Double(e.y_bearing + e.height) * scale
        return (Int(top.rounded(.up)), Int(bottom.rounded(.down)))
    }

    /// Whether the face's "…" (U+2026) sits at mid-height, as Japanese and Chinese set it,
    /// rather than on the baseline as Latin, Greek, Cyrillic or Hebrew want it: its dots are
    /// entirely above the top of the face's own full stop. Nil when the face has no "…".
    public var hasCentredEllipsis: Bool? {
        if let known = centredEllipsis { return known }
        let ellipsis = glyphIndex("\u{2026}"), stop = glyphIndex(".")
        guard ellipsis != 0 else { return nil }
        var answer = false
        if stop != 0, let e = inkExtents(glyph: ellipsis, size: 100), let s = inkExtents(glyph: stop, size: 100) {
            answer = e.bottom > s.top
        }
        centredEllipsis = answer
        return answer
    }

    /// Vertical metrics at a pixel size, in whole pixels.
    public func metrics(size px: Int) -> (ascent: Int, descent: Int) {
        setSize(px)
        let m = face.pointee.size.pointee.metrics
        let ascent = Double(m.ascender) * scale / 64, descent = Double(-m.descender) * scale / 64
        return (Int(ascent.rounded(.up)), Int(descent.rounded(.up)))
    }

    /// Loads and renders one glyph at `px` pixels. Returns its advance (26.6) and bitmap; nil
    /// bitmap for glyphs without ink (space) or that FreeType cannot render.
    func render(glyph: UInt32, size px: Int) -> (advance: Int, bitmap: GlyphBitmap?) {
        setSize(px)
        guard FT_Load_Glyph(face, glyph, loadFlags) == 0, let slot = face.pointee.glyph else { return (0, nil) }
        let advance = Int((Double(slot.pointee.advance.x) * scale).rounded())
        if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP {
            guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return (advance, nil) }
        }
        let bm = slot.pointee.bitmap
        let w = Int(bm.width), h = Int(bm.rows)
        guard w > 0, h > 0, let buffer = bm.buffer else { return (advance, nil) }
        let isColor = bm.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue)
        guard isColor || bm.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else { return (advance, nil) }
        let channels = isColor ? 4 : 1
        let rowBytes = w * channels
        let pitch = Int(bm.pitch)
        var pixels = [UInt8](repeating: 0, count: rowBytes * h)
        pixels.withUnsafeMutableBufferPointer { dst in
            for y in 0..<h {
                // A negative pitch means rows run bottom-up.
                let src = pitch >= 0 ? buffer + y * pitch : buffer + (h - 1 - y) * (-pitch)
                for x in 0..<rowBytes { dst[y * rowBytes + x] = src[x] }
            }
        }
        var left = Int(slot.pointee.bitmap_left), top = Int(slot.pointee.bitmap_top)
        var width = w, height = h
        if scale != 1 {
            let scaled = BitmapScaler.scale(pixels, width: w, height: h, channels: channels, by: scale)
            pixels = scaled.pixels
            width = scaled.width
            height = scaled.height
            left = Int((Double(left) * scale).rounded())
            top = Int((Double(top) * scale).rounded())
        }
        let bitmap = GlyphBitmap(width: width, height: height, pitch: width * channels, left: left, top: top,
                                 isColor: isColor, pixels: pixels)
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

extension FontFace {
    /// A font must be a regular file, looked at without blocking before FreeType opens it: a
    /// FIFO at a font path (given with --font, or inside --fonts DIR) would otherwise block the
    /// one thread that draws the screen, for ever.
    static func checkRegularFile(_ path: String) throws(FontError) {
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor(open: path, O_RDONLY | O_NONBLOCK)
        } catch {
            throw FontError(path: path, reason: error.errno == ENOENT ? "no such file" : error.message)
        }
        guard let st = try? fd.stat() else { throw FontError(path: path, reason: "cannot be read") }
        switch st.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw FontError(path: path, reason: "is a directory, not a font file")
        default: throw FontError(path: path, reason: "not a regular file (a pipe or device?)")
        }
    }
}

private func describeOpenError(_ err: FT_Error, path: String) -> String {
    var st = stat()
    if stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR { return "is a directory, not a font file" }
    if err == 0x01 {
        // FreeType says only "cannot open resource"; errno tells missing from unreadable.
        return access(path, F_OK) != 0 ? "no such file" : "cannot be read (permission?)"
    }
    if err == 0x02 { return "not a font file (unknown format)" }
    return "not a usable font (\(freeTypeErrorName(err)))"
}
