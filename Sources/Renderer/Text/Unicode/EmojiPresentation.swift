/// Whether a grapheme cluster asks to be drawn as a colour emoji rather than as text: the
/// choice UTS #51 leaves to the renderer: selectors first, then the default presentation.
enum EmojiPresentation {
    static func prefersEmoji<S: Collection>(_ cluster: S) -> Bool where S.Element == Unicode.Scalar {
        guard let first = cluster.first else { return false }
        var sawJoiner = false
        for s in cluster {
            switch s.value {
            case 0xFE0E: return false  // text presentation selector
            case 0xFE0F, 0x20E3: return true  // emoji presentation selector, keycap
            case 0x1F3FB...0x1F3FF: return true  // skin tone modifier
            case 0xE0020...0xE007F: return true  // tag sequence (subdivision flags)
            case 0x200D: sawJoiner = true
            default: break
            }
        }
        if (0x1F1E6...0x1F1FF).contains(first.value) { return true }  // regional indicators: flags
        if first.properties.isEmojiPresentation { return true }
        return sawJoiner && first.properties.isEmoji && cluster.count > 1
    }

    /// Scalars that no font needs to have for a cluster to be drawn: joiners, variation
    /// selectors and other default-ignorable code points (HarfBuzz hides them).
    static func isIgnorable(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x20E3: return false  // the keycap is drawn
        case 0x09, 0x0A, 0x0D: return true
        default: return s.properties.isDefaultIgnorableCodePoint
        }
    }
}
