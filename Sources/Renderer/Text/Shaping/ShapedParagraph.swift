import CHarfBuzz

/// A paragraph (the text between two hard line breaks) itemized into runs of one face and
/// script, shaped with HarfBuzz and measured per grapheme cluster at one pixel size: everything
/// line filling needs, computed once and cached by the engine.
///
/// Lines are cut only between grapheme clusters. A line's glyphs are taken from the paragraph's
/// when HarfBuzz says both of its ends are safe to break; otherwise (a ligature or kerning pair
/// across the cut) its text is shaped again on its own.
final class ShapedParagraph {
    struct Run {
        var face: Int
        var script: hb_script_t
        /// Code point range in the paragraph.
        var range: Range<Int>
    }

    let size: Int
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
    /// May a line start at this cluster (UAX #14 at the cluster's first code point)?
    let breakBefore: [LineBreakAction]
    /// Can shaping be cut before this cluster without reshaping?
    let safeBefore: [Bool]
    let runs: [Run]
    let glyphs: [ShapedGlyph]

    var count: Int { characters.count }

    /// An estimate of the bytes its arrays hold, for the cache's budget.
    var byteCount: Int {
        glyphs.count * MemoryLayout<ShapedGlyph>.stride + runs.count * MemoryLayout<Run>.stride
            + scalars.count * (MemoryLayout<UInt32>.stride + MemoryLayout<Unicode.Scalar>.stride)
            + characters.count * (MemoryLayout<Character>.stride + 2 * MemoryLayout<Int>.stride + 3)
    }

    init(_ text: Substring, size: Int, weight: FontWeight, fonts: FontSet, shaper: Shaper, breaker: LineBreaker) {
        self.size = size
        let characters = DisplayClusters.split(text)
        var scalars: [UInt32] = []
        var unicodeScalars: [Unicode.Scalar] = []
        var clusterStart: [Int] = []
        var isSpace: [Bool] = []
        var runs: [Run] = []
        clusterStart.reserveCapacity(characters.count + 1)
        for c in characters {
            clusterStart.append(scalars.count)
            isSpace.append(c.isWhitespace)
            for s in c.unicodeScalars {
                // Fonts draw control characters (a tab) as .notdef boxes: shape them as spaces.
                scalars.append(s.properties.generalCategory == .control ? 0x20 : s.value)
                unicodeScalars.append(s)
            }
            let script = Self.script(of: c)
            var face = fonts.faceID(for: c.unicodeScalars, weight: weight)
            // Spaces and punctuation between words of a fallback face stay in that face (one run:
            // its own spacing and kerning), as long as it has them. Not colour faces: an emoji
            // font's space is not the text's.
            if Self.isNeutral(script), let previous = runs.last?.face, previous != face,
               let f = fonts.face(id: previous), !f.isColor, previous != fonts.face(weight).id,
               c.unicodeScalars.allSatisfy({ EmojiPresentation.isIgnorable($0) || f.covers($0) }) {
                face = previous
            }
            let start = clusterStart[clusterStart.count - 1]
            if var last = runs.last, last.face == face, Self.sameScript(last.script, script) {
                if Self.isNeutral(last.script) { last.script = script }
                last.range = last.range.lowerBound..<scalars.count
                runs[runs.count - 1] = last
            } else {
                runs.append(Run(face: face, script: script, range: start..<scalars.count))
            }
        }
        clusterStart.append(scalars.count)
        // A neutral run (spaces, punctuation) alone takes its neighbour's script.
        for i in runs.indices where Self.isNeutral(runs[i].script) {
            if i > 0 { runs[i].script = runs[i - 1].script } else if i + 1 < runs.count { runs[i].script = runs[i + 1].script }
        }

        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(scalars.count)
        scalars.withUnsafeBufferPointer { text in
            for run in runs { Self.shape(run, text: text, size: size, fonts: fonts, shaper: shaper, into: &glyphs) }
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

        let actions = breaker.breaks(unicodeScalars)
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
    }

    /// Shapes `run`, or for the replacement face makes one box per cluster.
    static func shape(_ run: Run, text: UnsafeBufferPointer<UInt32>, size: Int, fonts: FontSet, shaper: Shaper,
                      clip: Range<Int>? = nil, into glyphs: inout [ShapedGlyph]) {
        let range = clip.map { run.range.clamped(to: $0) } ?? run.range
        guard !range.isEmpty else { return }
        if let face = fonts.face(id: run.face) {
            shaper.shape(text, range: range, script: run.script, face: face, size: size, into: &glyphs)
            return
        }
        // Characters no font has: one box per cluster, at its first code point.
        var k = range.lowerBound
        while k < range.upperBound {
            glyphs.append(ShapedGlyph(face: FontSet.replacementID, glyph: text[k], cluster: k,
                                      advance: ReplacementGlyph.advance(size: size), dx: 0, dy: 0, unsafeToBreak: false))
            k += 1
            while k < range.upperBound, let s = Unicode.Scalar(text[k]), isContinuation(s) { k += 1 }
        }
    }

    private static func isContinuation(_ s: Unicode.Scalar) -> Bool {
        EmojiPresentation.isIgnorable(s) || s.properties.generalCategory == .nonspacingMark
            || s.properties.generalCategory == .spacingMark || s.properties.generalCategory == .enclosingMark
    }

    /// The glyphs of clusters `lo..<hi`, pen positions from 0, and the line's advance (26.6).
    func lineGlyphs(from lo: Int, to hi: Int, fonts: FontSet, shaper: Shaper) -> (glyphs: [PlacedGlyph], advance: Int) {
        let s0 = clusterStart[lo], s1 = clusterStart[hi]
        var source: [ShapedGlyph] = []
        if safeBefore[lo] && (hi == count || safeBefore[hi]) {
            source = glyphs.filter { $0.cluster >= s0 && $0.cluster < s1 }
        } else {
            scalars.withUnsafeBufferPointer { text in
                for run in runs where run.range.overlaps(s0..<s1) {
                    Self.shape(run, text: text, size: size, fonts: fonts, shaper: shaper, clip: s0..<s1, into: &source)
                }
            }
        }
        var placed: [PlacedGlyph] = []
        placed.reserveCapacity(source.count)
        var pen = 0
        for g in source {
            placed.append(PlacedGlyph(face: g.face, glyph: g.glyph, x: pen + g.dx, y: g.dy))
            pen += g.advance
        }
        return (placed, pen)
    }

    /// The runs of clusters `lo..<hi`: each face and the text it draws.
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

    private static func script(of c: Character) -> hb_script_t {
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
