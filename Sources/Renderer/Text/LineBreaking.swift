/// Where a line may break, for Latin and Japanese text.
///
/// Latin breaks after spaces; Japanese (and other CJK) between any two characters, with the
/// basic kinsoku rules: closing punctuation, small kana and the prolonged sound mark never
/// start a line, opening brackets never end one.
enum LineBreaking {
    /// `result[i]` tells whether a line may start at `chars[i]` (index 0 is always false).
    static func opportunities(_ chars: [Character]) -> [Bool] {
        var result = [Bool](repeating: false, count: chars.count)
        guard chars.count > 1 else { return result }
        for i in 1..<chars.count {
            let prev = chars[i - 1], cur = chars[i]
            if cur.isWhitespace { continue }
            if prev.isWhitespace {
                result[i] = true
                continue
            }
            if isNoStart(cur) || isNoEnd(prev) { continue }
            if isCJK(prev) || isCJK(cur) {
                result[i] = true
            } else if prev == "-" || prev == "/" || prev == "\u{2014}" {
                result[i] = cur.isLetter || cur.isNumber
            }
        }
        return result
    }

    static func isCJK(_ c: Character) -> Bool {
        guard let s = c.unicodeScalars.first?.value else { return false }
        switch s {
        case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3000...0x303F, 0x3040...0x30FF, 0x3100...0x31FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xF900...0xFAFF,
             0xFF00...0xFFEF, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }

    private static let noStart: Set<Character> = [
        "、", "。", "，", "．", "」", "』", "）", "！", "？", "ー", "・", "：", "；", "〕", "］", "｝", "〉",
        "》", "】", "〙", "〗", "ゝ", "ゞ", "ヽ", "ヾ", "々", "〻", "‐", "゠", "〜", "～", "…", "‥",
        "ぁ", "ぃ", "ぅ", "ぇ", "ぉ", "っ", "ゃ", "ゅ", "ょ", "ゎ", "ゕ", "ゖ",
        "ァ", "ィ", "ゥ", "ェ", "ォ", "ッ", "ャ", "ュ", "ョ", "ヮ", "ヵ", "ヶ",
        "ㇰ", "ㇱ", "ㇲ", "ㇳ", "ㇴ", "ㇵ", "ㇶ", "ㇷ", "ㇸ", "ㇹ", "ㇺ", "ㇻ", "ㇼ", "ㇽ", "ㇾ", "ㇿ",
        ")", "]", "}", ",", ".", "!", "?", ":", ";", "%", "’", "”",
    ]

    private static let noEnd: Set<Character> = [
        "「", "『", "（", "［", "｛", "〈", "《", "【", "〔", "〘", "〖", "(", "[", "{", "‘", "“",
    ]

    static func isNoStart(_ c: Character) -> Bool { noStart.contains(c) }
    static func isNoEnd(_ c: Character) -> Bool { noEnd.contains(c) }
}
