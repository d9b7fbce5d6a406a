/// The room's language and number conventions, from a BCP 47 tag (the quiz state's `locale`,
/// the quiz file's) or guessed from the quiz's text: which phrase table the screen uses, which
/// plural rules pick a phrase's form, how numbers are written.
public struct RoomLocale: Equatable, Sendable {
    public let language: Language
    /// ISO 3166 region (upper case) or UN M.49 area ("419"): numbers only ("en-IN" groups
    /// 12,34,567, "de-CH" 1’234); the words are the language's.
    public let region: String?
    /// The tag's `-u-nu-` keyword ("latn", "arab", "native"), when it has one.
    public let numberingSystem: String?

    public init(_ language: Language, region: String? = nil, numberingSystem: String? = nil) {
        self.language = language
        self.region = region
        self.numberingSystem = numberingSystem
    }

    /// The locale a tag names, or nil when its language is none of the fifteen (the caller
    /// then guesses from the text). Matching as BCP 47 and CLDR read tags, case-insensitive,
    /// "_" taken for "-": "de", "de-AT" → de; "zh-Hant", "zh-TW", "zh-HK", "zh-MO" →
    /// zh-Hant; "zh", "zh-Hans", "zh-CN", "zh-SG" → zh-Hans; "pt-BR", "pt-PT" → pt (the
    /// table is Brazilian); "iw" (the old code) → he; "ar-u-nu-latn" → ar with Latin digits.
    public init?(tag: String) {
        let parts = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy(\.isLetter) else { return nil }
        var script: String?, region: String?, nu: String?
        var i = 1
        while i < parts.count {
            let p = parts[i]
            if p.count == 1 {
                // A singleton starts an extension; only -u- keywords matter here (-u-nu-latn).
                if p == "u" {
                    var j = i + 1
                    while j < parts.count, parts[j].count > 1 {
                        if parts[j] == "nu", j + 1 < parts.count, parts[j + 1].count >= 3 { nu = parts[j + 1] }
                        j += 1
                    }
                }
                break
            }
            if script == nil, region == nil, p.count == 4, p.allSatisfy(\.isLetter) { script = p }
            else if region == nil, (p.count == 2 && p.allSatisfy(\.isLetter)) || (p.count == 3 && p.allSatisfy(\.isNumber)) {
                region = p.uppercased()
            }
            i += 1
        }
        let language: Language
        switch first {
        case "en": language = .en
        case "ja": language = .ja
        case "de": language = .de
        case "fr": language = .fr
        case "es": language = .es
        case "pt": language = .pt
        case "it": language = .it
        case "nl": language = .nl
        case "ko": language = .ko
        case "ar": language = .ar
        case "he", "iw": language = .he
        case "th": language = .th
        case "hi": language = .hi
        case "zh":
            switch script {
            case "hant": language = .zhHant
            case "hans": language = .zhHans
            default: language = ["TW", "HK", "MO"].contains(region ?? "") ? .zhHant : .zhHans
            }
        default: return nil
        }
        self.init(language, region: region, numberingSystem: nu)
    }

    /// The tag, rebuilt ("zh-Hant-TW", "ar-u-nu-latn").
    public var tag: String {
        language.tag + (region.map { "-" + $0 } ?? "") + (numberingSystem.map { "-u-nu-" + $0 } ?? "")
    }

    public var phrases: Phrases { Phrases.of(language) }
    public var numbers: RoomNumbers { RoomNumbers(self) }
    public var isRightToLeft: Bool { language.isRightToLeft }

    /// The room's locale: the tag's when it names one of the fifteen languages; otherwise the
    /// language the texts are written in (`ScriptGuess`, each text's letters counted `weight`
    /// times); nil when neither tells.
    public static func of(tag: String?, weighted texts: [(text: String, weight: Int)]) -> RoomLocale? {
        if let tag, let known = RoomLocale(tag: tag) { return known }
        return ScriptGuess.language(weighted: texts).map { RoomLocale($0) }
    }

    public static func of(tag: String?, texts: [String]) -> RoomLocale? { of(tag: tag, weighted: texts.map { ($0, 1) }) }
}
