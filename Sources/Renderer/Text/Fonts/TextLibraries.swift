import CFreeType
import CHarfBuzz

/// The versions of the libraries that draw text, as loaded at run time (not the headers built
/// against): what a picture of text depends on besides the fonts. The golden-image tests store
/// them beside their references so a mismatch can say whether they changed.
public enum TextLibraries {
    /// FreeType's version, "2.12.1" (FT_Library_Version; "?" if FreeType does not start).
    public static let freeTypeVersion: String = {
        guard let library = try? FreeTypeLibrary() else { return "?" }
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(library.handle, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }()

    /// HarfBuzz's version, "6.0.0" (hb_version_string).
    public static let harfBuzzVersion = String(cString: hb_version_string())
}

extension FontFace {
    /// The font's own revision from its `head` table, "2.042" (nil when it has none): with the
    /// file's size and hash, what tells two builds of a font apart.
    public var revision: String? {
        guard let table = FT_Get_Sfnt_Table(face, FT_SFNT_HEAD) else { return nil }
        let fixed = Int(table.assumingMemoryBound(to: TT_Header.self).pointee.Font_Revision)
        // 16.16 fixed point, written with the three decimals font tools show.
        let thousandths = (fixed * 1000 + 0x8000) >> 16
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
