/// The languages the screen's own words ("Join code", "Time's up", …) exist in: one phrase table
/// each (`Phrases`), their plural rules and number formats from CLDR (`CLDRData.swift`).
/// Adding one: a case here, its row in `scripts/gen-cldr.py`'s LANGUAGES (then rerun it), a
/// `Phrases+<tag>.swift` table, and its name in `LanguageTag`'s matching when the tag is not
/// simply the case's name.
public enum Language: String, CaseIterable, Sendable {
    case en, ja, de, fr, es, pt, it, nl, ko
    case zhHans = "zh-Hans", zhHant = "zh-Hant"
    case ar, he, th, hi

    /// The BCP 47 tag the tables are for ("zh-Hant").
    public var tag: String { rawValue }

    /// The language's name in itself, for a menu or a log line.
    public var name: String {
        switch self {
        case .en: return "English"
        case .ja: return "日本語"
        case .de: return "Deutsch"
        case .fr: return "Français"
        case .es: return "Español"
        case .pt: return "Português"
        case .it: return "Italiano"
        case .nl: return "Nederlands"
        case .ko: return "한국어"
        case .zhHans: return "简体中文"
        case .zhHant: return "繁體中文"
        case .ar: return "العربية"
        case .he: return "עברית"
        case .th: return "ไทย"
        case .hi: return "हिन्दी"
        }
    }

    /// Written right to left: a room in this language gets mirrored screens (the choice grid,
    /// the standings and the podium read from the right), as the phone page does.
    public var isRightToLeft: Bool { self == .ar || self == .he }
}
