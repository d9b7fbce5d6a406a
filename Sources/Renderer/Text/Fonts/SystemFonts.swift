import CFontconfig

/// The machine's fonts, found through fontconfig, for characters that neither the `--font`
/// faces nor the bundled ones have. Fontconfig is started on the first such character, not
/// before: a frame whose text the bundled fonts cover never pays for it.
///
/// The answer for a character is what fontconfig ranks first among the fonts that have it (its
/// ranking puts coverage before family), so it depends only on the fonts installed: the same
/// on every machine set up by `scripts/setup`.
final class SystemFonts {
    struct Match: Hashable {
        let path: String
        let index: Int
        /// Its first family name, as fontconfig lists it.
        var family = ""

        static func == (a: Match, b: Match) -> Bool { a.path == b.path && a.index == b.index }
        func hash(into h: inout Hasher) {
            h.combine(path)
            h.combine(index)
        }
    }

    private var config: OpaquePointer?
    private var started = false

    deinit {
        if let config { FcConfigDestroy(config) }
    }

    private func start() -> OpaquePointer? {
        if !started {
            started = true
            config = FcInitLoadConfigAndFonts()
        }
        return config
    }

    /// The first font fontconfig ranks for `scalar`: a colour (emoji) font when `emoji`, sans
    /// serif otherwise, bold when asked. With `script`, its families come first and its
    /// language is the one asked for; otherwise Japanese is the preferred language, so a
    /// character that Chinese and Japanese fonts both have is drawn in the Japanese style.
    func match(for scalar: Unicode.Scalar, emoji: Bool, bold: Bool, script: ScriptFonts? = nil) -> Match? {
        guard let config = start(), let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        guard let charset = FcCharSetCreate() else { return nil }
        defer { FcCharSetDestroy(charset) }
        FcCharSetAddChar(charset, scalar.value)
        FcPatternAddCharSet(pattern, FC_CHARSET, charset)
        if !emoji, let script {
            for family in script.families { addString(pattern, FC_FAMILY, family) }
        }
        addString(pattern, FC_FAMILY, emoji ? "emoji" : "sans-serif")
        addString(pattern, FC_LANG, emoji ? (isHangul(scalar) ? "ko" : "ja") : script?.language ?? (isHangul(scalar) ? "ko" : "ja"))
        if emoji { FcPatternAddBool(pattern, FC_COLOR, FcBool(FcTrue)) }
        FcPatternAddInteger(pattern, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR)
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let set = FcFontSort(config, pattern, FcBool(FcTrue), nil, &result) else { return nil }
        defer { FcFontSetDestroy(set) }
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i] else { continue }
            var fontCharset: OpaquePointer?
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &fontCharset) == FcResultMatch,
                  FcCharSetHasChar(fontCharset, scalar.value) != 0 else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            var index: Int32 = 0
            _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
            let path = String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
            var family: UnsafeMutablePointer<FcChar8>?
            var name = ""
            if FcPatternGetString(font, FC_FAMILY, 0, &family) == FcResultMatch, let family {
                name = String(cString: UnsafeRawPointer(family).assumingMemoryBound(to: CChar.self))
            }
            return Match(path: path, index: Int(index), family: name)
        }
        return nil
    }

    private func isHangul(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xD7B0...0xD7FF: return true
        default: return false
        }
    }

    private func addString(_ pattern: OpaquePointer, _ object: String, _ value: String) {
        value.withCString { c in
            c.withMemoryRebound(to: FcChar8.self, capacity: value.utf8.count + 1) { v in
                _ = FcPatternAddString(pattern, object, v)
            }
        }
    }
}
