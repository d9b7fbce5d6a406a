/// The units line filling works with: grapheme clusters (UAX #29), except where outside text
/// makes one absurd. A grapheme cluster has no length limit: 32 emoji joined by ZWJ, 200
/// leading jamo, or "A" followed by a thousand combining marks are each one cluster, and a line
/// can only be cut between clusters, so one of them would run off the screen.
/// - A cluster of more than `maxClusterScalars` code points is split before each code point
///   that starts a new visible piece (anything but a mark, ZWJ, variation selector, emoji
///   modifier or tag): every real cluster (a flag, a keycap, a family emoji with skin tones, a
///   tag sequence, a Hangul syllable) is shorter, so it stays whole.
/// - Combining marks after one base are capped at `maxMarksPerBase`: a stack that tall is no
///   longer text anyone can read (Zalgo floods), and it would draw far above the line.
enum DisplayClusters {
    static let maxClusterScalars = 16
    static let maxMarksPerBase = 8

    static func split(_ text: Substring) -> [Character] {
        var out: [Character] = []
        out.reserveCapacity(text.count)
        for c in text {
            let scalars = c.unicodeScalars
            if scalars.count <= maxClusterScalars {
                out.append(c)
                continue
            }
            out.append(contentsOf: pieces(of: c))
        }
        return out
    }

    /// `c` cut before each code point that starts a new piece, marks beyond the cap dropped.
    private static func pieces(of c: Character) -> [Character] {
        var out: [Character] = []
        var piece = String.UnicodeScalarView()
        var marks = 0
        func flush() {
            guard !piece.isEmpty else { return }
            let s = String(piece)
            // Each piece should be one grapheme cluster; if the rules disagree, keep it as the
            // characters Swift sees (never build a Character from several).
            if s.count == 1, let ch = s.first { out.append(ch) } else { out.append(contentsOf: s) }
            piece = String.UnicodeScalarView()
            marks = 0
        }
        for s in c.unicodeScalars {
            if isMark(s) {
                marks += 1
                if marks > maxMarksPerBase { continue }
                piece.append(s)
            } else if extendsPiece(s) {
                piece.append(s)
            } else {
                // A code point after ZWJ is joined to it by the font when it can; on its own
                // line it is drawn as the separate emoji it is.
                flush()
                piece.append(s)
            }
        }
        flush()
        return out
    }

    private static func isMark(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        default: return false
        }
    }

    /// ZWJ, variation selectors, emoji skin-tone modifiers and tag characters: part of the
    /// piece before them.
    private static func extendsPiece(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x200D, 0xFE00...0xFE0F, 0xE0100...0xE01EF, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F: return true
        default: return false
        }
    }
}
