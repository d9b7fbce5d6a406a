import CUtf8proc
import Glibc

/// The name rules of the players' contract: a name is kept in Unicode NFC (a name typed as "e"
/// and a combining accent is the same name as "é"), without spaces around it, 1–20 characters
/// (code points), without control or format characters, and drawable by the TV's fonts.
/// Uniqueness ignores case: `key` folds a name so that "Aiko", "AIKO" and "ａｉｋｏ" meet.
public enum PlayerName {
    public static let maxLength = 20

    /// Why a name is refused (a phone gets `name-invalid`; the console and the log get this).
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case empty
        case tooLong(Int)
        /// A control (Cc), format (Cf), line or paragraph separator, private-use or unassigned
        /// character, with its code point.
        case forbidden(UInt32)
        /// Starts with a combining mark, which has nothing to sit on.
        case startsWithMark
        case notUTF8
        case cannotDraw

        public var description: String {
            switch self {
            case .empty: return "the name is empty"
            case .tooLong(let n): return "the name has \(n) characters, at most \(PlayerName.maxLength) allowed"
            case .forbidden(let u): return "the name holds U+\(String(u, radix: 16, uppercase: true)), which a name may not"
            case .startsWithMark: return "the name starts with a combining mark"
            case .notUTF8: return "the name is not valid Unicode"
            case .cannotDraw: return "the TV's fonts cannot draw the name"
            }
        }
    }

    /// The name as it is kept and shown, or why it cannot be one. `canDraw` says whether the
    /// TV's fonts have every character (the caller's: QuizHost does not load fonts).
    public static func normalized(_ raw: String, canDraw: (String) -> Bool) throws(Problem) -> String {
        guard let nfc = map(raw, options: UTF8PROC_STABLE.rawValue | UTF8PROC_COMPOSE.rawValue) else { throw .notUTF8 }
        var scalars = Array(nfc.unicodeScalars)
        while let f = scalars.first, f.properties.isWhitespace { scalars.removeFirst() }
        while let l = scalars.last, l.properties.isWhitespace { scalars.removeLast() }
        guard !scalars.isEmpty else { throw .empty }
        guard scalars.count <= maxLength else { throw .tooLong(scalars.count) }
        for (i, s) in scalars.enumerated() {
            switch s.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned, .surrogate:
                throw .forbidden(s.value)
            case .format:
                guard s.value == 0x200D, joinsEmoji(scalars, at: i) else { throw .forbidden(s.value) }
            case .nonspacingMark, .spacingMark, .enclosingMark:
                if i == 0 { throw .startsWithMark }
            default:
                break
            }
        }
        var name = ""
        name.unicodeScalars.append(contentsOf: scalars)
        guard canDraw(name) else { throw .cannotDraw }
        return name
    }

    /// The zero-width joiner is a format character, but inside an emoji sequence (👩‍💻) it
    /// draws one picture instead of two, hides nothing, and is how phones type those emoji:
    /// allowed there, between two emoji (a skin tone or emoji presentation selector may follow
    /// the first), refused everywhere else.
    private static func joinsEmoji(_ s: [Unicode.Scalar], at i: Int) -> Bool {
        guard i + 1 < s.count, isEmoji(s[i + 1]) else { return false }
        var k = i - 1
        while k >= 0, s[k].value == 0xFE0F || s[k].properties.isEmojiModifier { k -= 1 }
        return k >= 0 && isEmoji(s[k])
    }

    private static func isEmoji(_ s: Unicode.Scalar) -> Bool { !s.isASCII && s.properties.isEmoji }

    /// What makes two names the same name: NFKC with full case folding and the default
    /// ignorable characters dropped (Unicode's NFKC_Casefold), white space runs as one space.
    /// "Aiko", "AIKO", "ａｉｋｏ" and "Straße"/"STRASSE" each share a key.
    public static func key(_ name: String) -> String {
        let folded = map(name, options: UTF8PROC_STABLE.rawValue | UTF8PROC_COMPOSE.rawValue | UTF8PROC_COMPAT.rawValue
                         | UTF8PROC_CASEFOLD.rawValue | UTF8PROC_IGNORE.rawValue) ?? name
        var out = ""
        var space = false
        for s in folded.unicodeScalars {
            if s.properties.isWhitespace {
                space = true
                continue
            }
            if space, !out.isEmpty { out.unicodeScalars.append(" ") }
            space = false
            out.unicodeScalars.append(s)
        }
        return out
    }

    /// utf8proc_map over the string's UTF-8 (with its length: a NUL inside must not cut it).
    private static func map(_ text: String, options: UInt32) -> String? {
        var bytes = Array(text.utf8)
        if bytes.isEmpty { return "" }
        var out: UnsafeMutablePointer<utf8proc_uint8_t>?
        let n = bytes.withUnsafeMutableBufferPointer { b in
            utf8proc_map(b.baseAddress, utf8proc_ssize_t(b.count), &out, utf8proc_option_t(rawValue: options))
        }
        defer { free(out) }
        guard n >= 0, let out else { return nil }
        return String(decoding: UnsafeBufferPointer(start: out, count: n), as: UTF8.self)
    }
}
