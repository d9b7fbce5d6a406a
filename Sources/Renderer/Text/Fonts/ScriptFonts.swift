import CHarfBuzz

/// The writing systems a quiz room may use, the machine fonts that draw each best (asked of
/// fontconfig by family, in order, before its own ranking) and the Debian package that has
/// them: what `doctor` reports and what a warning about a missing font names.
///
/// Latin, Greek, Cyrillic and Japanese (kana and the kanji of JIS X 0208/0213) are drawn by the
/// bundled BIZ UDPGothic. Every other script comes from Debian's font packages
/// (`fonts-noto-core` covers them all but CJK; `fonts-noto-cjk` Chinese; `fonts-nanum` Korean),
/// recommended by the quizkiosk package.
struct ScriptFonts: Sendable {
    /// What `doctor` calls it.
    let name: String
    let scripts: [hb_script_t]
    /// A character of it (what `doctor` asks fontconfig about).
    let sample: Unicode.Scalar
    /// The families to try first, best first; fontconfig's own choice after them.
    let families: [String]
    /// The fontconfig language to ask with (its ranking prefers fonts for that language).
    let language: String
    /// The Debian package that covers it.
    let package: String
    /// Drawn before the bundled faces when the room's language is this one (Chinese rooms:
    /// their Han characters in Chinese forms, not BIZ UDPGothic's Japanese ones).
    var roomLanguages: [String] = []

    static let all: [ScriptFonts] = [
        ScriptFonts(name: "Latin", scripts: [HB_SCRIPT_LATIN], sample: "A", families: [], language: "en", package: "bundled"),
        ScriptFonts(name: "Greek", scripts: [HB_SCRIPT_GREEK], sample: "Ω", families: ["Noto Sans", "DejaVu Sans"],
                    language: "el", package: "fonts-noto-core"),
        ScriptFonts(name: "Cyrillic", scripts: [HB_SCRIPT_CYRILLIC], sample: "Ж", families: ["Noto Sans", "DejaVu Sans"],
                    language: "ru", package: "fonts-noto-core"),
        ScriptFonts(name: "Japanese", scripts: [HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA], sample: "あ", families: [],
                    language: "ja", package: "bundled"),
        // Nanum first: the golden images were drawn with it, and fontconfig ranks it first too.
        ScriptFonts(name: "Hangul", scripts: [HB_SCRIPT_HANGUL], sample: "한", families: ["NanumGothic", "Noto Sans CJK KR"],
                    language: "ko", package: "fonts-nanum"),
        ScriptFonts(name: "Han (Simplified Chinese)", scripts: [HB_SCRIPT_HAN], sample: "们",
                    families: ["Noto Sans CJK SC", "Noto Sans SC", "WenQuanYi Zen Hei"], language: "zh-cn",
                    package: "fonts-noto-cjk", roomLanguages: ["zh", "zh-hans", "zh-cn", "zh-sg"]),
        ScriptFonts(name: "Han (Traditional Chinese)", scripts: [HB_SCRIPT_HAN], sample: "們",
                    families: ["Noto Sans CJK TC", "Noto Sans TC", "Noto Sans CJK HK"], language: "zh-tw",
                    package: "fonts-noto-cjk", roomLanguages: ["zh-hant", "zh-tw", "zh-hk", "zh-mo"]),
        ScriptFonts(name: "Arabic", scripts: [HB_SCRIPT_ARABIC], sample: "ب", families: ["Noto Sans Arabic", "Noto Naskh Arabic", "DejaVu Sans"],
                    language: "ar", package: "fonts-noto-core"),
        ScriptFonts(name: "Hebrew", scripts: [HB_SCRIPT_HEBREW], sample: "א", families: ["Noto Sans Hebrew", "DejaVu Sans"],
                    language: "he", package: "fonts-noto-core"),
        ScriptFonts(name: "Thai", scripts: [HB_SCRIPT_THAI], sample: "ก", families: ["Noto Sans Thai", "Noto Sans Thai UI", "Loma"],
                    language: "th", package: "fonts-noto-core"),
        ScriptFonts(name: "Devanagari", scripts: [HB_SCRIPT_DEVANAGARI], sample: "क", families: ["Noto Sans Devanagari", "Lohit Devanagari"],
                    language: "hi", package: "fonts-noto-core"),
        ScriptFonts(name: "Bengali", scripts: [HB_SCRIPT_BENGALI], sample: "ক", families: ["Noto Sans Bengali"], language: "bn",
                    package: "fonts-noto-core"),
        ScriptFonts(name: "Tamil", scripts: [HB_SCRIPT_TAMIL], sample: "த", families: ["Noto Sans Tamil"], language: "ta",
                    package: "fonts-noto-core"),
        ScriptFonts(name: "Georgian", scripts: [HB_SCRIPT_GEORGIAN], sample: "ქ", families: ["Noto Sans Georgian"], language: "ka",
                    package: "fonts-noto-core"),
        ScriptFonts(name: "Armenian", scripts: [HB_SCRIPT_ARMENIAN], sample: "Ա", families: ["Noto Sans Armenian"], language: "hy",
                    package: "fonts-noto-core"),
        ScriptFonts(name: "Ethiopic", scripts: [HB_SCRIPT_ETHIOPIC], sample: "አ", families: ["Noto Sans Ethiopic"], language: "am",
                    package: "fonts-noto-core"),
        ScriptFonts(name: "Khmer", scripts: [HB_SCRIPT_KHMER], sample: "ក", families: ["Noto Sans Khmer"], language: "km",
                    package: "fonts-noto-core"),
        ScriptFonts(name: "Lao", scripts: [HB_SCRIPT_LAO], sample: "ກ", families: ["Noto Sans Lao"], language: "lo",
                    package: "fonts-noto-core"),
        ScriptFonts(name: "Myanmar", scripts: [HB_SCRIPT_MYANMAR], sample: "က", families: ["Noto Sans Myanmar"], language: "my",
                    package: "fonts-noto-core"),
        ScriptFonts(name: "Emoji", scripts: [], sample: "🎉", families: ["Noto Color Emoji"], language: "und-zsye",
                    package: "fonts-noto-color-emoji"),
    ]

    private static let byScript: [UInt32: ScriptFonts] = {
        var out: [UInt32: ScriptFonts] = [:]
        for s in all where s.roomLanguages.isEmpty {
            for script in s.scripts where out[script.rawValue] == nil { out[script.rawValue] = s }
        }
        return out
    }()

    /// The entry for the script of `scalar` (not the Chinese ones: Han outside a Chinese room
    /// is left to fontconfig's ranking with Japanese preferred, as before); nil for scripts not
    /// listed.
    static func of(_ scalar: Unicode.Scalar) -> ScriptFonts? {
        byScript[Shaper.script(of: scalar).rawValue]
    }

    /// The entry for a script name as HarfBuzz has it.
    static func named(_ script: hb_script_t) -> ScriptFonts? { byScript[script.rawValue] }

    /// The entry whose room language is `tag` and that draws `scalar`'s script, before the
    /// bundled faces (Chinese Han in a Chinese room).
    static func forRoom(_ tag: String?, drawing scalar: Unicode.Scalar) -> ScriptFonts? {
        guard let tag else { return nil }
        let lower = tag.lowercased().replacingUnderscores
        let script = Shaper.script(of: scalar)
        // The longest room language that the tag is or starts: "zh-hant-hk" is "zh-hant"
        // (Traditional), not "zh".
        var best: (entry: ScriptFonts, length: Int)?
        for s in all where s.scripts.contains(script) && !s.roomLanguages.isEmpty {
            for r in s.roomLanguages where (lower == r || lower.hasPrefix(r + "-")) && r.count > (best?.length ?? 0) {
                best = (s, r.count)
            }
        }
        return best?.entry
    }
}

private extension String {
    var replacingUnderscores: String { String(map { $0 == "_" ? "-" : $0 }) }
}

/// Whether this machine can draw a script, and with what: a line of `quizkiosk doctor`.
public struct ScriptCoverage: Sendable {
    /// "Thai", "Han (Traditional Chinese)".
    public let script: String
    /// The family that draws it, nil when no font has it.
    public let family: String?
    /// Its file (the bundled faces' too).
    public let file: String?
    /// Drawn by the bundled BIZ UDPGothic.
    public let bundled: Bool
    /// The Debian package that has fonts for it.
    public let package: String
    /// Drawn, but not in the forms the script's readers expect (Chinese Han in BIZ
    /// UDPGothic's Japanese forms when no Chinese font is installed).
    public let makeshift: Bool
}

extension FontSet {
    /// Every script `ScriptFonts` lists, with the face this machine draws it with.
    public func scriptCoverage() -> [ScriptCoverage] {
        ScriptFonts.all.map { entry in
            let weightless = entry.sample
            if !entry.roomLanguages.isEmpty {
                // Chinese: a face of the script's own families, else BIZ UDPGothic's Japanese forms.
                if let f = systemFace(for: weightless, emoji: false, bold: false, script: entry) {
                    return ScriptCoverage(script: entry.name, family: f.familyName, file: f.path, bundled: false,
                                          package: entry.package, makeshift: false)
                }
                let drawn = regular.covers(weightless)
                return ScriptCoverage(script: entry.name, family: drawn ? regular.familyName : nil, file: drawn ? regular.path : nil,
                                      bundled: drawn, package: entry.package, makeshift: drawn)
            }
            let id = faceID(for: [weightless], weight: .regular, language: nil)
            guard let f = face(id: id) else {
                return ScriptCoverage(script: entry.name, family: nil, file: nil, bundled: false, package: entry.package,
                                      makeshift: false)
            }
            return ScriptCoverage(script: entry.name, family: f.familyName, file: f.path, bundled: f === regular || f === bold,
                                  package: entry.package, makeshift: false)
        }
    }
}
