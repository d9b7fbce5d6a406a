/// The room's language guessed from what the quiz is written in, for a state without a
/// `locale` (or with one the screen has no words for): the script with the most letters wins,
/// each syllable or ideograph (Hangul, kana, Han) counting as two letters, as one says about
/// as much as two or three Latin letters ("What does こんにちは mean?" stays English).
///
/// - Hangul → ko, Arabic → ar, Hebrew → he, Thai → th, Devanagari → hi, Latin → en
///   (the other Latin-script languages cannot be told apart from a line of text: a French
///   room sends `locale: "fr"`).
/// - Kana, or kana with kanji → ja. Han alone (no kana) → Chinese: Traditional when the text
///   holds more characters only Traditional Chinese uses (CLDR's exemplar sets) than
///   characters only Simplified uses, else Simplified. Japanese almost always has kana; a
///   kanji-only title ("金曜日") is then read as Chinese only when nothing else on screen
///   has kana.
///
/// Blocks, not Unicode's full Script property: the letters of these scripts live in them,
/// and a character outside them (digits, punctuation, emoji) counts for none.
public enum ScriptGuess {
    enum Script { case latin, hangul, kana, han, arabic, hebrew, thai, devanagari }

    static func script(_ s: Unicode.Scalar) -> Script? {
        switch s.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF: return .latin
        case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xD7B0...0xD7FF: return .hangul
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return .kana
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F: return .han
        case 0x0600...0x06FF, 0x0750...0x077F, 0x08A0...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return .arabic
        case 0x0591...0x05F4, 0xFB1D...0xFB4F: return .hebrew
        case 0x0E01...0x0E5B: return .thai
        case 0x0900...0x097F, 0xA8E0...0xA8FF: return .devanagari
        default: return nil
        }
    }

    /// The language of `texts` taken together, or nil when they hold no letter of these
    /// scripts (an empty idle screen, a title of digits).
    public static func language(of texts: [String]) -> Language? { language(weighted: texts.map { ($0, 1) }) }

    /// The same with each text's letters counted `weight` times: a question says more about
    /// the room than its title, and its choices (names, numbers, code) least.
    public static func language(weighted: [(text: String, weight: Int)]) -> Language? {
        var weight: [Script: Int] = [:]
        var hans = 0, hant = 0
        for (text, w) in weighted {
            for s in text.unicodeScalars {
                guard let script = script(s) else { continue }
                switch script {
                case .latin, .arabic, .hebrew, .thai, .devanagari: weight[script, default: 0] += w
                case .hangul, .kana: weight[script, default: 0] += 2 * w
                case .han:
                    weight[.han, default: 0] += 2 * w
                    if binarySearch(CLDR.hansOnly, s.value) { hans += 1 }
                    if binarySearch(CLDR.hantOnly, s.value) { hant += 1 }
                }
            }
        }
        // Kana makes kanji Japanese: the two are one writing system.
        if let kana = weight[.kana] {
            weight[.kana] = kana + (weight[.han] ?? 0)
            weight[.han] = nil
        }
        // The heaviest script; ties go to the first in this order (a stable answer).
        let order: [Script] = [.kana, .han, .hangul, .arabic, .hebrew, .thai, .devanagari, .latin]
        var best: Script?, most = 0
        for script in order where (weight[script] ?? 0) > most {
            best = script
            most = weight[script] ?? 0
        }
        guard let best else { return nil }
        switch best {
        case .latin: return .en
        case .hangul: return .ko
        case .kana: return .ja
        case .han: return hant > hans ? .zhHant : .zhHans
        case .arabic: return .ar
        case .hebrew: return .he
        case .thai: return .th
        case .devanagari: return .hi
        }
    }

    static func binarySearch(_ table: [UInt32], _ v: UInt32) -> Bool {
        var lo = 0, hi = table.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if table[mid] < v { lo = mid + 1 } else { hi = mid }
        }
        return lo < table.count && table[lo] == v
    }
}
