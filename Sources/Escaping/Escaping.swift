/// Text from outside (controller messages, file names, EDID monitor names, broker replies)
/// made safe to print, in one place. A log line goes to a terminal or to journald, where a raw
/// newline followed by `<0>` forges an emergency-level entry, an ESC sequence recolours or
/// clears the operator's terminal, and a bidi control reorders what the operator reads. So
/// every such character becomes a visible escape, and a quoted value is cut to a bounded length.
public enum Escaping {
    /// `value` in double quotes for a message: escaped (see `escaped`) and cut to `max` visible
    /// characters with "…" (a 1,000-character question in an error says which, not all of it).
    public static func quoted(_ value: some StringProtocol, max: Int = 64) -> String {
        var out = "\""
        var count = 0
        for scalar in value.unicodeScalars {
            if count == max {
                out += "…"
                break
            }
            if scalar == "\"" || scalar == "\\" { out += "\\" }
            append(scalar, to: &out)
            count += 1
        }
        return out + "\""
    }

    /// A whole line made safe: every control, C1, bidi and line-separator character escaped,
    /// nothing cut (a line is ours; only the values in it came from outside).
    public static func escaped(_ line: some StringProtocol) -> String {
        guard line.unicodeScalars.contains(where: needsEscape) else { return String(line) }
        var out = ""
        for scalar in line.unicodeScalars { append(scalar, to: &out) }
        return out
    }

    /// C0 controls and DEL, C1 controls, the bidi embedding/override/isolate controls and
    /// marks, and the Unicode line and paragraph separators.
    public static func needsEscape(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        case 0x2028, 0x2029: return true
        default: return false
        }
    }

    private static func append(_ scalar: Unicode.Scalar, to out: inout String) {
        guard needsEscape(scalar) else {
            out.unicodeScalars.append(scalar)
            return
        }
        switch scalar {
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "\u{1B}": out += "\\e"
        default:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            out += "\\u{" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "}"
        }
    }
}
