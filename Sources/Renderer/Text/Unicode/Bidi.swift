import CFriBidi

/// Which way a paragraph (or a run of it) is written.
public enum TextDirection: String, Sendable, Hashable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"

    var isRightToLeft: Bool { self == .rightToLeft }
}

/// How a paragraph's base direction is chosen.
public enum BaseDirection: Sendable, Hashable {
    /// From the paragraph's first strong character (UAX #9 rules P2 and P3), `fallback` when it
    /// has none ("1989", "?"): the room's language decides those.
    case firstStrong(fallback: TextDirection)
    /// As given, whatever the text holds (a cut line keeps its paragraph's direction).
    case forced(TextDirection)

    public static let natural = BaseDirection.firstStrong(fallback: .leftToRight)
}

/// The Unicode Bidirectional Algorithm (UAX #9) through FriBidi: a paragraph's embedding levels
/// are resolved once on the whole logical text (rules P2–I2, with bracket pairs), lines are
/// broken on the logical text, and each line is reordered on its own (L1 and L2), as UAX #9
/// prescribes. Text that holds nothing right-to-left (no R, AL or AN character, no explicit
/// embedding or isolate) in a left-to-right paragraph is all level 0 without asking FriBidi.
enum Bidi {
    struct Paragraph: Sendable {
        var direction: TextDirection
        /// Resolved embedding level of each code point (rules up to I2; L1 is per line).
        var levels: [UInt8]
        /// FriBidi's bidi type of each code point (L1 needs them per line); empty when trivial.
        var types: [FriBidiCharType]

        /// Every code point at the paragraph's own level 0: nothing to reorder.
        var isTrivial: Bool { types.isEmpty }
    }

    /// Resolves the embedding levels of one paragraph (no paragraph separator inside).
    static func resolve(_ scalars: [UInt32], base: BaseDirection) -> Paragraph {
        let n = scalars.count
        var types = [FriBidiCharType](repeating: FRIBIDI_TYPE_ON, count: n)
        scalars.withUnsafeBufferPointer { s in
            types.withUnsafeMutableBufferPointer { t in
                if let sb = s.baseAddress, let tb = t.baseAddress { fribidi_get_bidi_types(sb, FriBidiStrIndex(n), tb) }
            }
        }
        let needsAlgorithm = types.contains { $0.rawValue & Self.nonTrivialMask != 0 }
        if !needsAlgorithm {
            let ltr: Bool
            switch base {
            case .forced(let d): ltr = d == .leftToRight
            case .firstStrong(let fallback): ltr = fallback == .leftToRight || types.contains(FRIBIDI_TYPE_LTR)
            }
            if ltr { return Paragraph(direction: .leftToRight, levels: [UInt8](repeating: 0, count: n), types: []) }
        }
        var brackets = [FriBidiBracketType](repeating: 0, count: n)
        scalars.withUnsafeBufferPointer { s in
            types.withUnsafeBufferPointer { t in
                brackets.withUnsafeMutableBufferPointer { b in
                    if let sb = s.baseAddress, let tb = t.baseAddress, let bb = b.baseAddress {
                        fribidi_get_bracket_types(sb, FriBidiStrIndex(n), tb, bb)
                    }
                }
            }
        }
        let urls = urlSpans(scalars)
        guard !urls.isEmpty else { return resolve(types: types, brackets: brackets, base: base) }
        // A URL is read left to right as one piece wherever it stands: resolved as if inside a
        // left-to-right isolate (UAX #9 HL3: LRI before it, PDI after it, that are not in the
        // text), so "https://example.com/مسابقة/join" in an Arabic sentence keeps its order.
        var extTypes: [FriBidiCharType] = [], extBrackets: [FriBidiBracketType] = [], real: [Int] = []
        extTypes.reserveCapacity(n + 2 * urls.count)
        var next = 0
        for i in 0..<n {
            if next < urls.count, urls[next].lowerBound == i {
                extTypes.append(FRIBIDI_TYPE_LRI)
                extBrackets.append(0)
            }
            real.append(extTypes.count)
            extTypes.append(types[i])
            extBrackets.append(brackets[i])
            if next < urls.count, urls[next].upperBound == i + 1 {
                extTypes.append(FRIBIDI_TYPE_PDI)
                extBrackets.append(0)
                next += 1
            }
        }
        let ext = resolve(types: extTypes, brackets: extBrackets, base: base)
        return Paragraph(direction: ext.direction, levels: real.map { ext.levels[$0] }, types: types)
    }

    /// The URLs in a paragraph: from "http://", "https://" or "www." at the start of a word to
    /// the next space, without the punctuation that ends the sentence around it.
    static func urlSpans(_ scalars: [UInt32]) -> [Range<Int>] {
        func lower(_ c: UInt32) -> UInt32 { (0x41...0x5A).contains(c) ? c + 0x20 : c }
        func starts(_ prefix: String, at i: Int) -> Bool {
            let p = prefix.unicodeScalars.map(\.value)
            guard i + p.count <= scalars.count else { return false }
            for (k, c) in p.enumerated() where lower(scalars[i + k]) != c { return false }
            return true
        }
        func isSpace(_ c: UInt32) -> Bool { Unicode.Scalar(c)?.properties.isWhitespace ?? false }
        var spans: [Range<Int>] = []
        var i = 0
        while i < scalars.count {
            let atWordStart = i == 0 || isSpace(scalars[i - 1]) || "([{«\"'".unicodeScalars.contains { $0.value == scalars[i - 1] }
            guard atWordStart, starts("http://", at: i) || starts("https://", at: i) || starts("www.", at: i) else {
                i += 1
                continue
            }
            var end = i
            while end < scalars.count, !isSpace(scalars[end]) { end += 1 }
            let trailing = ".,;:!?)]}»\"'؟،۔".unicodeScalars.map(\.value)
            while end > i, trailing.contains(scalars[end - 1]) { end -= 1 }
            if end > i { spans.append(i..<end) }
            i = max(end, i + 1)
        }
        return spans
    }

    /// Rules P2–I2 on bidi types and bracket types given directly (the conformance tests feed
    /// BidiTest.txt's classes this way, and Unicode 15's types for a character FriBidi's older
    /// tables do not know).
    static func resolve(types: [FriBidiCharType], brackets: [FriBidiBracketType], base: BaseDirection) -> Paragraph {
        let n = types.count
        var parType: FriBidiParType
        switch base {
        case .forced(.leftToRight): parType = FRIBIDI_PAR_LTR
        case .forced(.rightToLeft): parType = FRIBIDI_PAR_RTL
        case .firstStrong(.leftToRight): parType = FRIBIDI_PAR_WLTR
        case .firstStrong(.rightToLeft): parType = FRIBIDI_PAR_WRTL
        }
        var levels = [FriBidiLevel](repeating: 0, count: n)
        let ok = types.withUnsafeBufferPointer { t in
            brackets.withUnsafeBufferPointer { b in
                levels.withUnsafeMutableBufferPointer { l in
                    guard let tb = t.baseAddress, let bb = b.baseAddress, let lb = l.baseAddress else { return FriBidiLevel(1) }
                    return fribidi_get_par_embedding_levels_ex(tb, bb, FriBidiStrIndex(n), &parType, lb)
                }
            }
        }
        // Resolved to FRIBIDI_PAR_RTL or _LTR from a strong character; left as the weak
        // _WRTL or _WLTR asked for when there is none: the right-to-left bit tells either way.
        let direction: TextDirection = parType.rawValue & UInt32(FRIBIDI_MASK_RTL) != 0 ? .rightToLeft : .leftToRight
        // FriBidi fails only when it cannot allocate: then the text is drawn in its base
        // direction, unreordered, rather than not at all.
        guard ok != 0 else {
            let level: UInt8 = direction == .rightToLeft ? 1 : 0
            return Paragraph(direction: direction, levels: [UInt8](repeating: level, count: n), types: types)
        }
        return Paragraph(direction: direction, levels: levels.map { UInt8(clamping: $0) }, types: types)
    }

    /// One line of a paragraph, `range` of its code points: the levels after rule L1 (spaces at
    /// the end of the line and before tabs go back to the paragraph's level) and the visual
    /// order (L2): `order[k]` is the code point (paragraph index) drawn k-th from the left.
    /// Combining marks are not moved after their bases (L3): HarfBuzz shapes each run in its
    /// own direction and places marks itself.
    static func reorderLine(_ p: Paragraph, range: Range<Int>) -> (levels: [UInt8], order: [Int]) {
        guard !p.isTrivial else { return ([UInt8](repeating: 0, count: range.count), Array(range)) }
        let n = p.levels.count
        var levels = p.levels.map { FriBidiLevel(bitPattern: $0) }
        var map = [FriBidiStrIndex](0..<FriBidiStrIndex(n))
        let parType: FriBidiParType = p.direction == .rightToLeft ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_LTR
        let ok = p.types.withUnsafeBufferPointer { t in
            levels.withUnsafeMutableBufferPointer { l in
                map.withUnsafeMutableBufferPointer { m in
                    guard let tb = t.baseAddress, let lb = l.baseAddress, let mb = m.baseAddress else { return FriBidiLevel(1) }
                    return fribidi_reorder_line(0, tb, FriBidiStrIndex(range.count), FriBidiStrIndex(range.lowerBound), parType,
                                                lb, nil, mb)
                }
            }
        }
        guard ok != 0 else { return (Array(p.levels[range]), Array(range)) }
        return (levels[range].map { UInt8(clamping: $0) }, map[range].map(Int.init))
    }

    /// R, AL, AN, and the explicit embeddings, overrides and isolates: with none of them a
    /// left-to-right paragraph is all level 0.
    private static let nonTrivialMask = UInt32(FRIBIDI_MASK_RTL | FRIBIDI_MASK_ARABIC | FRIBIDI_MASK_EXPLICIT | FRIBIDI_MASK_ISOLATE)
}
