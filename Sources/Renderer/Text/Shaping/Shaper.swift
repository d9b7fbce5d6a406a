import CHarfBuzz

/// A glyph HarfBuzz placed, in 26.6 pixels at the size it was shaped at.
struct ShapedGlyph: Sendable {
    var face: Int
    var glyph: UInt32
    /// Index of the first code point (in the paragraph) of the cluster this glyph belongs to.
    var cluster: Int
    var advance: Int
    var dx: Int
    /// Up is positive, as in HarfBuzz.
    var dy: Int
    /// HarfBuzz's UNSAFE_TO_BREAK: cutting the text before this glyph's cluster changes shaping.
    var unsafeToBreak: Bool
}

/// Shapes runs of one face, script and direction with HarfBuzz. Owns one reusable buffer.
final class Shaper {
    private let buffer: OpaquePointer
    private let japanese = hb_language_from_string("ja", -1)
    private let korean = hb_language_from_string("ko", -1)
    private let english = hb_language_from_string("en", -1)

    init() {
        buffer = hb_buffer_create()
    }

    deinit { hb_buffer_destroy(buffer) }

    /// Shapes `range` of `text` (the whole paragraph is passed as context, so joining and
    /// contextual forms see their neighbours) with `face` at `size` pixels, in `direction` (the
    /// run's bidi level, or the script's own direction when nil); appends the glyphs in visual
    /// order (a right-to-left run's last character first). HarfBuzz mirrors brackets in a
    /// right-to-left run. The language is the room's (`language`) when it writes this script,
    /// else one set from the script, so results never depend on the process locale.
    func shape(_ text: UnsafeBufferPointer<UInt32>, range: Range<Int>, script: hb_script_t, direction: TextDirection? = nil,
               language: String? = nil, face: FontFace, size: Int,
               features: [hb_feature_t] = [], into out: inout [ShapedGlyph]) {
        guard let base = text.baseAddress, !range.isEmpty else { return }
        face.setSize(size)
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf32(buffer, base, Int32(text.count), UInt32(range.lowerBound), Int32(range.count))
        hb_buffer_set_script(buffer, script)
        hb_buffer_set_language(buffer, self.language(for: script, room: language))
        if let direction {
            hb_buffer_set_direction(buffer, direction == .rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        }
        hb_buffer_guess_segment_properties(buffer)
        // Clusters per character, not merged per grapheme: line filling measures its own units
        // (grapheme clusters, and the pieces an absurdly long one is split into, see
        // DisplayClusters), and a ZWJ chain merged into one HarfBuzz cluster would give the
        // whole chain's advance to its first piece.
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
        var flags = HB_BUFFER_FLAG_DEFAULT.rawValue
        if range.lowerBound == 0 { flags |= HB_BUFFER_FLAG_BOT.rawValue }
        if range.upperBound == text.count { flags |= HB_BUFFER_FLAG_EOT.rawValue }
        hb_buffer_set_flags(buffer, hb_buffer_flags_t(flags))
        features.withUnsafeBufferPointer { f in
            hb_shape(face.hbFont, buffer, f.baseAddress, UInt32(f.count))
        }

        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return }
        let scale = face.scale
        func px(_ v: Int32) -> Int { scale == 1 ? Int(v) : Int((Double(v) * scale).rounded()) }
        out.reserveCapacity(out.count + Int(count))
        for i in 0..<Int(count) {
            let flags = hb_glyph_info_get_glyph_flags(infos + i).rawValue
            out.append(ShapedGlyph(face: face.id, glyph: infos[i].codepoint, cluster: Int(infos[i].cluster),
                                   advance: px(positions[i].x_advance), dx: px(positions[i].x_offset),
                                   dy: px(positions[i].y_offset),
                                   unsafeToBreak: flags & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0))
        }
    }

    /// One line of `text` in one face with OpenType `features` switched on ("tnum"), pen from 0.
    func shapeLine(_ text: String, face: FontFace, size: Int, features: [String]) -> TextLine {
        let scalars = text.unicodeScalars.map(\.value)
        let feats: [hb_feature_t] = features.map { name in
            var f = hb_feature_t()
            _ = hb_feature_from_string(name, -1, &f)
            return f
        }
        var glyphs: [ShapedGlyph] = []
        scalars.withUnsafeBufferPointer { buf in
            shape(buf, range: 0..<buf.count, script: HB_SCRIPT_COMMON, face: face, size: size, features: feats, into: &glyphs)
        }
        var placed: [PlacedGlyph] = []
        var pen = 0
        for g in glyphs {
            placed.append(PlacedGlyph(face: g.face, glyph: g.glyph, x: pen + g.dx, y: g.dy))
            pen += g.advance
        }
        return TextLine(glyphs: placed, width: (pen + 32) >> 6, text: text, runs: [TextRun(face: face.id, text: text)],
                        advance: pen)
    }

    private func language(for script: hb_script_t, room: String?) -> hb_language_t? {
        if let room, Self.writes(room, script) {
            if let known = roomLanguages[room] { return known }
            let l = hb_language_from_string(room, -1)
            if roomLanguages.count < 64 { roomLanguages[room] = l }
            return l
        }
        switch script {
        case HB_SCRIPT_HANGUL: return korean
        case HB_SCRIPT_HAN, HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA, HB_SCRIPT_COMMON: return japanese
        default: return english
        }
    }

    private var roomLanguages: [String: hb_language_t?] = [:]

    /// Whether the language `tag` ("zh-Hant", "de-CH") is written in `script`: only then does
    /// it replace the script's default language (a German room's Japanese text stays Japanese).
    static func writes(_ tag: String, _ script: hb_script_t) -> Bool {
        let primary = tag.split(separator: "-").first.map { $0.lowercased() } ?? ""
        switch script {
        case HB_SCRIPT_HAN: return primary == "zh" || primary == "ja" || primary == "ko"
        case HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA: return primary == "ja"
        case HB_SCRIPT_HANGUL: return primary == "ko"
        case HB_SCRIPT_ARABIC: return ["ar", "fa", "ur", "ps", "ku", "sd", "ug"].contains(primary)
        case HB_SCRIPT_HEBREW: return primary == "he" || primary == "yi" || primary == "iw"
        case HB_SCRIPT_THAI: return primary == "th"
        case HB_SCRIPT_DEVANAGARI: return ["hi", "mr", "ne", "sa", "kok", "mai", "bho"].contains(primary)
        case HB_SCRIPT_LATIN:
            return !["ja", "zh", "ko", "ar", "fa", "ur", "he", "yi", "th", "hi", "mr", "ne", "ru", "uk", "bg", "el", "sr"].contains(primary)
        default: return false
        }
    }

    /// The Unicode script of a code point, from HarfBuzz's Unicode functions.
    static func script(of scalar: Unicode.Scalar) -> hb_script_t {
        hb_unicode_script(hb_unicode_funcs_get_default(), scalar.value)
    }
}
