import CHarfBuzz

/// A paragraph (the text between two hard line breaks) with its bidi levels resolved
/// (`Bidi`), itemized into runs of one face, script and level, shaped with HarfBuzz (each run
/// in its own direction) and measured per grapheme cluster at one pixel size: everything line
/// filling needs, computed once and cached by the engine.
///
/// Lines are cut only between grapheme clusters, on the logical text; each line is then
/// reordered on its own (UAX #9 L1, L2) and its runs drawn left to right in visual order. A
/// line's glyphs are taken from the paragraph's when HarfBuzz says both of its ends are safe to
/// break; otherwise (a ligature, kerning or Arabic joining across the cut) its text is shaped
/// again on its own.
/// The face for the last `count` clusters of a paragraph (an ellipsis, a hyphen).
struct TailFace: Hashable, Sendable {
    var face: Int
    var count: Int
}

final class ShapedParagraph {
    struct Run {
        var face: Int
        var script: hb_script_t
        /// Code point range in the paragraph.
        var range: Range<Int>
        /// The bidi embedding level: odd is right to left.
        var level: UInt8
        /// Its glyphs in `glyphs`, in visual order.
        var glyphs: Range<Int> = 0..<0

        var direction: TextDirection { level & 1 == 1 ? .rightToLeft : .leftToRight }
    }

    let size: Int
    let weight: FontWeight
    /// The room's language ("de", "zh-Hant"), when the caller knows it: HarfBuzz's language
    /// for runs of its script.
    let language: String?
    /// What HarfBuzz shapes: the code points, control characters as spaces.
    let scalars: [UInt32]
    /// The code points as given.
    let source: [Unicode.Scalar]
    let characters: [Character]
    /// First code point of each grapheme cluster, plus `scalars.count` at the end.
    let clusterStart: [Int]
    /// Advance of each cluster (26.6): its glyphs' advances, kerning with the next included.
    let advance: [Int]
    let isSpace: [Bool]
    /// May a line start at this cluster (UAX #14 at the cluster's first code point, with Thai
    /// word boundaries from libthai)?
    let breakBefore: [LineBreakAction]
    /// Can shaping be cut before this cluster without reshaping?
    let safeBefore: [Bool]
    let runs: [Run]
    let glyphs: [ShapedGlyph]
    /// The paragraph's direction and levels.
    let bidi: Bidi.Paragraph
    /// The face that draws each cluster.
    let clusterFace: [Int]
    /// Some cluster holds two or more combining marks, whose ink may rise above (or sink
    /// below) the line box the face's metrics give.
    let hasStackedMarks: Bool

    var count: Int { characters.count }
    var direction: TextDirection { bidi.direction }

    /// An estimate of the bytes its arrays hold, for the cache's budget.
    var byteCount: Int {
        glyphs.count * MemoryLayout<ShapedGlyph>.stride + runs.count * MemoryLayout<Run>.stride
            + scalars.count * (MemoryLayout<UInt32>.stride + MemoryLayout<Unicode.Scalar>.stride + 1
                + (bidi.isTrivial ? 0 : MemoryLayout<UInt32>.stride))
            + characters.count * (MemoryLayout<Character>.stride + 3 * MemoryLayout<Int>.stride + 3)
    }

    /// `tail` draws the last clusters (an ellipsis or a hyphen in the face of the text they
    /// end) where that face has all of their characters.
    init(_ text: Substring, size: Int, weight: FontWeight, base: BaseDirection, language: String?, fonts: FontSet,
         shaper: Shaper, breaker: LineBreaker, words: ComplexWords, tail: TailFace? = nil) {
        self.size = size
        self.weight = weight
        self.language = language
        let characters = DisplayClusters.split(text)
        var scalars: [UInt32] = []
        var unicodeScalars: [Unicode.Scalar] = []
        var clusterStart: [Int] = []
        var isSpace: [Bool] = []
        var stacked = false
        clusterStart.reserveCapacity(characters.count + 1)
        for c in characters {
            clusterStart.append(scalars.count)
            isSpace.append(c.isWhitespace)
            var marks = 0
            for s in c.unicodeScalars {
                // Marks that stack on their base; not variation selectors (hidden) nor the
                // keycap (part of an emoji glyph).
                if s.properties.generalCategory == .nonspacingMark || s.properties.generalCategory == .enclosingMark,
                   s.value != 0x20E3, !s.properties.isDefaultIgnorableCodePoint {
                    marks += 1
                }
                // Fonts draw control characters (a tab) as .notdef boxes: shape them as spaces.
                scalars.append(s.properties.generalCategory == .control ? 0x20 : s.value)
                unicodeScalars.append(s)
            }
            if marks >= 2 { stacked = true }
        }
        clusterStart.append(scalars.count)
        // The levels come from the code points as given (a tab is a segment separator).
        let bidi = Bidi.resolve(unicodeScalars.map(\.value), base: base)

        var runs: [Run] = []
        var clusterFace: [Int] = []
        clusterFace.reserveCapacity(characters.count)
        for (g, c) in characters.enumerated() {
            let script = Self.script(of: c)
            func has(_ id: Int) -> Bool {
                guard let f = fonts.face(id: id) else { return false }
                return c.unicodeScalars.allSatisfy { EmojiPresentation.isIgnorable($0) || f.covers($0) }
            }
            let face: Int
            if let tail, g >= characters.count - tail.count, has(tail.face) {
                face = tail.face
            } else if Self.isNeutral(script), let previous = runs.last?.face, previous != fonts.face(weight).id,
                      fonts.face(id: previous)?.isColor == false, has(previous) {
                // Spaces and punctuation between words of a fallback face stay in that face (one
                // run: its own spacing and kerning; an Arabic "؟" in the Arabic face), as long
                // as it has them. Not colour faces: an emoji font's space is not the text's.
                face = previous
            } else {
                face = fonts.faceID(for: c.unicodeScalars, weight: weight, language: language)
            }
            clusterFace.append(face)
            let start = clusterStart[g]
            let level = bidi.levels.isEmpty ? 0 : bidi.levels[start]
            if var last = runs.last, last.face == face, last.level == level, Self.sameScript(last.script, script) {
                if Self.isNeutral(last.script) { last.script = script }
                last.range = last.range.lowerBound..<clusterStart[g + 1]
                runs[runs.count - 1] = last
            } else {
                runs.append(Run(face: face, script: script, range: start..<clusterStart[g + 1], level: level))
            }
        }
        // A neutral run (spaces, punctuation, digits) alone takes its neighbour's script.
        for i in runs.indices where Self.isNeutral(runs[i].script) {
            if i > 0 { runs[i].script = runs[i - 1].script } else if i + 1 < runs.count { runs[i].script = runs[i + 1].script }
        }

        for run in runs where run.face == FontSet.replacementID { fonts.reportMissing(unicodeScalars[run.range]) }

        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(scalars.count)
        scalars.withUnsafeBufferPointer { text in
            for i in runs.indices {
                let first = glyphs.count
                Self.shape(runs[i], text: text, size: size, language: language, fonts: fonts, shaper: shaper, into: &glyphs)
                runs[i].glyphs = first..<glyphs.count
            }
        }

        // Per cluster: advances, and whether HarfBuzz allows cutting before it.
        var clusterOf = [Int](repeating: 0, count: scalars.count + 1)
        for (g, start) in clusterStart.dropLast().enumerated() {
            for k in start..<clusterStart[g + 1] { clusterOf[k] = g }
        }
        var advance = [Int](repeating: 0, count: characters.count)
        var safe = [Bool](repeating: true, count: characters.count + 1)
        var hasGlyph = [Bool](repeating: false, count: characters.count)
        for glyph in glyphs {
            let g = clusterOf[glyph.cluster]
            advance[g] += glyph.advance
            hasGlyph[g] = true
            if glyph.unsafeToBreak { safe[g] = false }
        }
        for g in 0..<characters.count where !hasGlyph[g] { safe[g] = false }  // inside a ligature
        for run in runs { safe[clusterOf[run.range.lowerBound]] = true }  // runs are shaped apart

        var actions = breaker.breaks(unicodeScalars)
        words.addBreaks(unicodeScalars, to: &actions)
        var breakBefore = [LineBreakAction](repeating: .prohibited, count: characters.count)
        for g in 1..<max(1, characters.count) { breakBefore[g] = actions[clusterStart[g]] }

        self.scalars = scalars
        self.source = unicodeScalars
        self.characters = characters
        self.clusterStart = clusterStart
        self.advance = advance
        self.isSpace = isSpace
        self.breakBefore = breakBefore
        self.safeBefore = safe
        self.runs = runs
        self.glyphs = glyphs
        self.bidi = bidi
        self.clusterFace = clusterFace
        self.hasStackedMarks = stacked
    }

    /// Shapes `run` in its direction, or for the replacement face makes one box per cluster.
    static func shape(_ run: Run, text: UnsafeBufferPointer<UInt32>, size: Int, language: String?, fonts: FontSet,
                      shaper: Shaper, clip: Range<Int>? = nil, level: UInt8? = nil, into glyphs: inout [ShapedGlyph]) {
        let range = clip.map { run.range.clamped(to: $0) } ?? run.range
        guard !range.isEmpty else { return }
        let rtl = (level ?? run.level) & 1 == 1
        if let face = fonts.face(id: run.face) {
            shaper.shape(text, range: range, script: run.script, direction: rtl ? .rightToLeft : .leftToRight,
                         language: language, face: face, size: size, into: &glyphs)
            return
        }
        // Characters no font has: one box per cluster, at its first code point.
        var boxes: [ShapedGlyph] = []
        var k = range.lowerBound
        while k < range.upperBound {
            boxes.append(ShapedGlyph(face: FontSet.replacementID, glyph: text[k], cluster: k,
                                     advance: ReplacementGlyph.advance(size: size), dx: 0, dy: 0, unsafeToBreak: false))
            k += 1
            while k < range.upperBound, let s = Unicode.Scalar(text[k]), isContinuation(s) { k += 1 }
        }
        glyphs += rtl ? boxes.reversed() : boxes
    }

    private static func isContinuation(_ s: Unicode.Scalar) -> Bool {
        EmojiPresentation.isIgnorable(s) || s.properties.generalCategory == .nonspacingMark
            || s.properties.generalCategory == .spacingMark || s.properties.generalCategory == .enclosingMark
    }

    /// A piece of a line: part of one run, at the level the line gives it.
    private struct Piece {
        var run: Int
        var range: Range<Int>
        var level: UInt8
    }

    /// The glyphs of clusters `lo..<hi` in visual order, pen positions from 0 (the left end of
    /// the line), and the line's advance (26.6).
    func lineGlyphs(from lo: Int, to hi: Int, fonts: FontSet, shaper: Shaper) -> (glyphs: [PlacedGlyph], advance: Int) {
        let s0 = clusterStart[lo], s1 = clusterStart[hi]
        guard s1 > s0 else { return ([], 0) }
        // Left-to-right text (the common case) is its runs in order, without FriBidi.
        let (levels, order) = bidi.isTrivial ? ([], []) : Bidi.reorderLine(bidi, range: s0..<s1)
        // The line's runs, split where rule L1 gave part of one another level (spaces before a
        // tab), in logical order.
        var pieces: [Piece] = []
        for (r, run) in runs.enumerated() {
            let clipped = run.range.clamped(to: s0..<s1)
            guard !clipped.isEmpty else { continue }
            guard !levels.isEmpty else {
                pieces.append(Piece(run: r, range: clipped, level: run.level))
                continue
            }
            var k = clipped.lowerBound
            while k < clipped.upperBound {
                let level = levels[k - s0]
                var e = k + 1
                while e < clipped.upperBound, levels[e - s0] == level { e += 1 }
                pieces.append(Piece(run: r, range: k..<e, level: level))
                k = e
            }
        }
        // Each piece is one block in the visual order (a stretch of one level reverses as a
        // whole): order the pieces by where their first code point went.
        if pieces.count > 1, !order.isEmpty {
            var visual = [Int](repeating: 0, count: s1 - s0)
            for (position, logical) in order.enumerated() { visual[logical - s0] = position }
            pieces.sort { visual[$0.range.lowerBound - s0] < visual[$1.range.lowerBound - s0] }
        }
        let reuse = safeBefore[lo] && (hi == count || safeBefore[hi])
        var placed: [PlacedGlyph] = []
        placed.reserveCapacity(s1 - s0)
        var pen = 0
        var source: [ShapedGlyph] = []
        scalars.withUnsafeBufferPointer { text in
            for piece in pieces {
                let run = runs[piece.run]
                source.removeAll(keepingCapacity: true)
                if reuse, piece.level == run.level {
                    for g in glyphs[run.glyphs] where piece.range.contains(g.cluster) { source.append(g) }
                } else {
                    Self.shape(run, text: text, size: size, language: language, fonts: fonts, shaper: shaper,
                               clip: piece.range, level: piece.level, into: &source)
                }
                for g in source {
                    placed.append(PlacedGlyph(face: g.face, glyph: g.glyph, x: pen + g.dx, y: g.dy))
                    pen += g.advance
                }
            }
        }
        return (placed, pen)
    }

    /// The runs of clusters `lo..<hi` in logical order: each face and the text it draws.
    func lineRuns(from lo: Int, to hi: Int) -> [TextRun] {
        let s0 = clusterStart[lo], s1 = clusterStart[hi]
        var out: [TextRun] = []
        for run in runs {
            let r = run.range.clamped(to: s0..<s1)
            guard !r.isEmpty else { continue }
            var text = String.UnicodeScalarView()
            text.append(contentsOf: source[r])
            if let last = out.last, last.face == run.face {
                out[out.count - 1].text += String(text)
            } else {
                out.append(TextRun(face: run.face, text: String(text)))
            }
        }
        return out
    }

    // MARK: scripts

    static func script(of c: Character) -> hb_script_t {
        var result = HB_SCRIPT_COMMON
        for s in c.unicodeScalars {
            let script = Shaper.script(of: s)
            if !isNeutral(script) { return script }
            if result == HB_SCRIPT_COMMON { result = script }
        }
        return result
    }

    static func isNeutral(_ s: hb_script_t) -> Bool {
        s == HB_SCRIPT_COMMON || s == HB_SCRIPT_INHERITED || s == HB_SCRIPT_UNKNOWN
    }

    /// Spaces, digits and punctuation join the run before them whatever its script.
    private static func sameScript(_ a: hb_script_t, _ b: hb_script_t) -> Bool {
        a == b || isNeutral(a) || isNeutral(b)
    }
}
