/// What a BCP 47 language tag ("he", "ar-EG", "zh-Hant", "az-Arab") tells the text layer: the
/// direction of a paragraph with no strong character in it ("1989", "?"), and which
/// hyphenation dictionary applies (see `Hyphenator`).
enum TextLanguage {
    /// Languages written right to left (their usual script): Arabic, Hebrew, Persian, Urdu,
    /// Yiddish, Pashto, Sindhi, Uyghur, Dhivehi, Sorani Kurdish, Aramaic.
    private static let rightToLeft: Set<String> = ["ar", "arc", "ckb", "dv", "fa", "he", "iw", "ps", "sd", "ug", "ur", "yi"]

    /// The direction `tag` is written in; left to right for nil and for anything unknown. A
    /// script subtag decides over the language ("az-Arab" is right to left, "ku-Latn" not).
    static func direction(of tag: String?) -> TextDirection {
        guard let tag else { return .leftToRight }
        let parts = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
        if let script = parts.dropFirst().first(where: { $0.count == 4 }) {
            return ["arab", "hebr", "syrc", "thaa", "nkoo", "adlm", "rohg"].contains(script) ? .rightToLeft : .leftToRight
        }
        return parts.first.map { rightToLeft.contains($0) } == true ? .rightToLeft : .leftToRight
    }
}
