import Pixels

/// Lays text out and draws it: shapes with HarfBuzz (kerning, ligatures, marks, emoji
/// sequences) in the faces `FontSet` picks per grapheme cluster, breaks lines where UAX #14
/// with Japanese kinsoku allows (between grapheme clusters only; a word longer than the line is
/// cut between clusters rather than overflow), shrinks text that does not fit, and draws glyphs
/// from the cache.
///
/// Three caches keep a repeated frame cheap: shaped paragraphs by (text, size, weight), whole
/// `fit` results by their arguments, and rasterized glyphs (`GlyphCache`). The first two are
/// bounded by `paragraphCacheBytes` and `fitCacheBytes` (estimated from their arrays) and age
/// by the glyph cache's frames (see `FrameCache`).
public final class TextEngine {
    public let fonts: FontSet
    public let cache: GlyphCache
    /// Line pitch as a multiple of the pixel size.
    public var lineSpacing = 1.3 {
        didSet { fits.removeAll() }
    }
    public var breaker = LineBreaker(strict: true) {
        didSet {
            paragraphs.removeAll()
            fits.removeAll()
        }
    }
    public static let paragraphCacheBytes = 4 << 20
    public static let fitCacheBytes = 1 << 20

    private let shaper = Shaper()
    private let paragraphs = FrameCache<ParagraphKey, ShapedParagraph>(byteBudget: TextEngine.paragraphCacheBytes,
                                                                        cost: \.byteCount)
    private let fits = FrameCache<FitKey, [TextBlock]>(byteBudget: TextEngine.fitCacheBytes,
                                                       cost: { $0.reduce(0) { $0 + $1.byteCount } })

    private struct ParagraphKey: Hashable {
        let text: Substring
        let size: Int
        let weight: FontWeight
    }

    private struct FitKey: Hashable {
        let texts: [String]
        let weight: FontWeight
        let maxSize: Int, minSize: Int, width: Int, height: Int, maxLines: Int
        let balance: Bool
        let cut: TextCut
    }

    public init(fonts: FontSet, cache: GlyphCache = GlyphCache()) {
        self.fonts = fonts
        self.cache = cache
    }

    /// Lookups of laid-out text (`fit` results and shaped paragraphs) since the last reset.
    public var layoutHits: Int { fits.hits + paragraphs.hits }
    public var layoutMisses: Int { fits.misses + paragraphs.misses }
    public var layoutCacheCount: Int { fits.count + paragraphs.count }
    /// Estimated bytes held by the paragraph and fit caches.
    public var layoutCacheBytes: Int { fits.bytes + paragraphs.bytes }

    public func resetStatistics() {
        cache.resetStatistics()
        fits.resetStatistics()
        paragraphs.resetStatistics()
    }

    /// Lays `text` out at `size` pixels, wrapping at `maxWidth` pixels when given. Hard line
    /// breaks (newlines, U+2028, …) start new lines. With `balance`, a paragraph whose last
    /// line would hold only a scrap ("い。" alone under a full line) is wrapped narrower, as
    /// narrow as keeps its number of lines, so its lines come out even.
    public func layout(_ text: String, size: Int, weight: FontWeight = .regular, maxWidth: Int? = nil,
                       balance: Bool = false) -> TextBlock {
        let size = max(1, size)
        let m = fonts.face(weight).metrics(size: size)
        var block = TextBlock(lines: [], size: size, weight: weight, ascent: m.ascent, descent: m.descent,
                              lineHeight: max(m.ascent + m.descent, Int((Double(size) * lineSpacing).rounded())))
        let limit = maxWidth.map { max(1, $0) * 64 } ?? Int.max
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let p = shaped(paragraph, size: size, weight: weight)
            var lines: [TextLine] = []
            fill(p, limit: limit, into: &lines)
            if balance, limit != Int.max, lines.count >= 2, let widest = lines.map(\.width).max(),
               let last = lines.last, last.width * 3 < widest {
                lines = balanced(p, lines: lines, limit: limit)
            }
            block.lines += lines
        }
        return block
    }

    /// The narrowest wrapping (in whole pixels) that keeps the paragraph's number of lines and
    /// cuts no more words than the full width did.
    private func balanced(_ p: ShapedParagraph, lines: [TextLine], limit: Int) -> [TextLine] {
        var best = lines
        var scratch: [TextLine] = []
        let forced = fill(p, limit: limit, into: &scratch)
        var lo = 1, hi = limit / 64
        while lo < hi {
            let mid = (lo + hi) / 2
            var trial: [TextLine] = []
            if fill(p, limit: mid * 64, into: &trial) <= forced, trial.count <= lines.count {
                hi = mid
                best = trial
            } else {
                lo = mid + 1
            }
        }
        return best
    }

    private func shaped(_ paragraph: Substring, size: Int, weight: FontWeight) -> ShapedParagraph {
        let key = ParagraphKey(text: paragraph, size: size, weight: weight)
        if let p = paragraphs.value(for: key, frame: cache.frame) { return p }
        let p = ShapedParagraph(paragraph, size: size, weight: weight, fonts: fonts, shaper: shaper, breaker: breaker)
        paragraphs.insert(p, for: key, frame: cache.frame)
        return p
    }

    /// Greedy line filling: each line takes as many clusters as fit and ends at the last break
    /// opportunity among them; with none (a word longer than the line), at the last cluster that
    /// fits. Spaces at a break belong to neither line.
    /// Returns how many lines ended where no break was allowed (a word cut because it was
    /// longer than the line).
    @discardableResult
    private func fill(_ p: ShapedParagraph, limit: Int, into lines: inout [TextLine]) -> Int {
        let n = p.count
        guard n > 0 else {
            lines.append(TextLine(glyphs: [], width: 0, text: ""))
            return 0
        }
        var forced = 0
        var start = 0
        while start < n {
            var x = 0, end = start, lastBreak = -1
            while end < n {
                if end > start, p.breakBefore[end] != .prohibited { lastBreak = end }
                let w = x + p.advance[end]
                if w > limit, end > start, !p.isSpace[end] { break }
                x = w
                end += 1
            }
            if end < n, lastBreak > start { end = lastBreak } else if end < n, p.breakBefore[end] == .prohibited { forced += 1 }
            var line = makeLine(p, start, end)
            // A line shaped on its own can be wider than its clusters measured in the paragraph
            // (a kerning pair cut in two): then it ends one opportunity (or cluster) earlier.
            while line.width * 64 > limit, end - start > 1 {
                var earlier = end - 1
                while earlier > start + 1, p.breakBefore[earlier] == .prohibited { earlier -= 1 }
                end = earlier
                line = makeLine(p, start, end)
            }
            lines.append(line)
            start = end
            while start < n, p.isSpace[start] { start += 1 }
        }
        return forced
    }

    private func makeLine(_ p: ShapedParagraph, _ start: Int, _ end: Int) -> TextLine {
        var stop = end
        while stop > start, p.isSpace[stop - 1] { stop -= 1 }
        let (glyphs, advance) = p.lineGlyphs(from: start, to: stop, fonts: fonts, shaper: shaper)
        return TextLine(glyphs: glyphs, width: (advance + 32) >> 6, text: String(p.characters[start..<stop]),
                        runs: p.lineRuns(from: start, to: stop), advance: advance)
    }

    /// Lays `text` out in a box: starts at `maxSize` and shrinks in steps of about 8% until it
    /// fits the box (and `maxLines`); at `minSize` keeps the lines that fit and cuts the rest
    /// with an ellipsis, as `cut` says.
    public func fit(_ text: String, weight: FontWeight = .regular, maxSize: Int, minSize: Int,
                    width: Int, height: Int, maxLines: Int = .max, balance: Bool = false, cut: TextCut = .end) -> TextBlock {
        fitGroup([text], weight: weight, maxSize: maxSize, minSize: minSize, width: width, height: height,
                 maxLines: maxLines, balance: balance, cut: cut)[0]
    }

    /// Lays several texts out at one size — the largest at which every one of them fits its
    /// box (all boxes `width` × `height`) — so a group (the choices, the names of a
    /// leaderboard) reads as one. At `minSize` the texts that still do not fit are cut.
    public func fitGroup(_ texts: [String], weight: FontWeight = .regular, maxSize: Int, minSize: Int,
                         width: Int, height: Int, maxLines: Int = .max, balance: Bool = false,
                         cut: TextCut = .end) -> [TextBlock] {
        let key = FitKey(texts: texts, weight: weight, maxSize: maxSize, minSize: minSize, width: width, height: height,
                         maxLines: maxLines, balance: balance, cut: cut)
        if let b = fits.value(for: key, frame: cache.frame) { return b }
        var blocks: [TextBlock] = []
        let fitting = largestSize(from: maxSize, to: minSize) { size in
            blocks = texts.map { layout($0, size: size, weight: weight, maxWidth: width, balance: balance) }
            // A cluster wider than the box (one huge emoji, a long unbreakable run) also shrinks.
            return blocks.allSatisfy { $0.height <= height && $0.lines.count <= maxLines && $0.width <= width }
        }
        if fitting == nil {
            blocks = zip(texts, blocks).map { text, block in
                guard block.height > height || block.lines.count > maxLines || block.width > width else { return block }
                // Cut text fills its lines: balancing would leave them short above a full last line.
                let full = balance ? layout(text, size: block.size, weight: weight, maxWidth: width) : block
                return truncate(full, text: text, width: width, height: height, maxLines: maxLines, cut: cut)
            }
        }
        fits.insert(blocks, for: key, frame: cache.frame)
        return blocks
    }

    /// The one shrink loop of the renderer: sizes from `maxSize` down by about 8% a step (at
    /// least a pixel) to `minSize`; the first for which `fits` says yes, or nil when even
    /// `minSize` does not fit (`fits` has then been called last with `minSize`).
    public func largestSize(from maxSize: Int, to minSize: Int, where fits: (Int) -> Bool) -> Int? {
        let floor = max(1, min(minSize, maxSize))
        var size = max(floor, maxSize)
        while true {
            if fits(size) { return size }
            if size == floor { return nil }
            size = max(floor, min(size - 1, Int((Double(size) * 0.92).rounded(.down))))
        }
    }

    /// Keeps the lines that fit and ends the last with "…", filled with as much of the text
    /// that follows as fits (not cut back to the last word that fitted: "Marie-Claire
    /// Dubois-Fon…" rather than "Marie-Claire…"). With `.middle` one line keeps the start and
    /// the end and drops the middle.
    private func truncate(_ block: TextBlock, text: String, width: Int, height: Int, maxLines: Int, cut: TextCut) -> TextBlock {
        var b = block
        let fitLines = height >= b.ascent + b.descent ? 1 + (height - b.ascent - b.descent) / b.lineHeight : 1
        let keep = max(1, min(maxLines, fitLines, b.lines.count))
        guard keep < b.lines.count || b.lines.contains(where: { $0.width > width }) else { return b }
        let chars = Array(text.map { $0.isNewline ? " " : $0 })
        let rest = remainder(chars, after: b.lines.prefix(keep - 1)) ?? Array(b.lines[keep - 1].text)
        func shape(_ chars: [Character]) -> TextLine {
            layout(String(chars), size: b.size, weight: b.weight, maxWidth: nil).lines[0]
        }
        func trimmed(_ chars: ArraySlice<Character>) -> [Character] {
            var kept = Array(chars)
            while let l = kept.last, l.isWhitespace { kept.removeLast() }
            return kept
        }
        func line(keeping n: Int) -> TextLine {
            if cut == .middle && keep == 1 {
                let head = (n + 1) / 2, tail = n / 2
                return shape(trimmed(rest.prefix(head)) + ["…"] + Array(rest.suffix(tail)))
            }
            return shape(trimmed(rest.prefix(n)) + ["…"])
        }
        // The longest cut that fits, by bisection (widths grow with what is kept).
        var fits = 0, tooWide = rest.count
        while tooWide - fits > 1 {
            let mid = (fits + tooWide) / 2
            if line(keeping: mid).width <= width { fits = mid } else { tooWide = mid }
        }
        b.lines.removeSubrange(keep...)
        b.lines[keep - 1] = line(keeping: fits)
        b.truncated = true
        return b
    }

    /// The characters of `text` after the ones `lines` hold (the spaces a break swallowed
    /// skipped); nil when the lines are not a plain prefix of the text.
    private func remainder(_ text: [Character], after lines: ArraySlice<TextLine>) -> [Character]? {
        var pos = 0
        for line in lines {
            while pos < text.count, text[pos].isWhitespace { pos += 1 }
            let l = Array(line.text)
            guard pos + l.count <= text.count, Array(text[pos..<pos + l.count]) == l else { return nil }
            pos += l.count
        }
        while pos < text.count, text[pos].isWhitespace { pos += 1 }
        return Array(text[pos...])
    }

    /// A number (a score, a count) laid out with tabular figures: every digit as wide as the
    /// widest, so a column of right-aligned numbers does not wobble from row to row. HarfBuzz's
    /// `tnum` feature where the face has it; otherwise (BIZ UDPGothic has none) each digit is
    /// centred in a cell as wide as the face's widest digit. Anything the face lacks falls
    /// back to ordinary layout.
    public func layoutNumber(_ text: String, size: Int, weight: FontWeight = .regular) -> TextBlock {
        let face = fonts.face(weight)
        var block = layout(text, size: size, weight: weight, maxWidth: nil)
        guard block.lines.count == 1, text.unicodeScalars.allSatisfy({ $0.properties.isWhitespace || face.covers($0) }) else {
            return block
        }
        if face.hasFeature("tnum") {
            block.lines[0] = shaper.shapeLine(text, face: face, size: block.size, features: ["tnum"])
            return block
        }
        let cell = digitCell(size: block.size, weight: weight)
        var glyphs: [PlacedGlyph] = []
        var pen = 0
        for c in text {
            let piece = layout(String(c), size: block.size, weight: weight, maxWidth: nil).lines[0]
            let advance = c.isASCII && c.isNumber ? cell : piece.advance
            let offset = (advance - piece.advance) / 2
            glyphs += piece.glyphs.map { PlacedGlyph(face: $0.face, glyph: $0.glyph, x: pen + offset + $0.x, y: $0.y) }
            pen += advance
        }
        block.lines[0].glyphs = glyphs
        block.lines[0].width = (pen + 32) >> 6
        block.lines[0].advance = pen
        return block
    }

    /// The advance (26.6) of the widest of 0–9 at `size`.
    private func digitCell(size: Int, weight: FontWeight) -> Int {
        "0123456789".map { layout(String($0), size: size, weight: weight, maxWidth: nil).lines[0].advance }.max() ?? 0
    }

    /// Draws `block` inside `rect`, each line aligned horizontally, the block vertically.
    /// Returns the rectangle the lines occupy (line boxes, not ink).
    @discardableResult
    public func draw(_ block: TextBlock, in canvas: Canvas, rect: Rect, align: HorizontalAlignment = .left,
                     vertical: VerticalAlignment = .top, color: Color) -> Rect {
        let top: Int
        switch vertical {
        case .top: top = rect.minY
        case .center: top = rect.minY + (rect.height - block.height) / 2
        case .bottom: top = rect.maxY - block.height
        }
        var drawn = Rect(x: 0, y: 0, width: 0, height: 0)
        for (i, line) in block.lines.enumerated() {
            let baseline = top + block.ascent + i * block.lineHeight
            let left = align.start(of: line.width, in: rect)
            drawLine(line, size: block.size, in: canvas, x: left, baseline: baseline, color: color)
            drawn = drawn.union(Rect(x: left, y: baseline - block.ascent, width: line.width, height: block.ascent + block.descent))
        }
        return drawn
    }

    public func drawLine(_ line: TextLine, size: Int, in canvas: Canvas, x: Int, baseline: Int, color: Color) {
        for g in line.glyphs {
            let entry: GlyphCache.Entry
            if let face = fonts.face(id: g.face) {
                entry = cache.lookup(face: face, glyph: g.glyph, size: size)
            } else {
                entry = cache.lookupReplacement(size: size)
            }
            guard let bm = entry.bitmap else { continue }
            let gx = x + ((g.x + 32) >> 6) + bm.left
            let gy = baseline - ((g.y + 32) >> 6) - bm.top
            bm.pixels.withUnsafeBufferPointer { p in
                guard let base = p.baseAddress else { return }
                if bm.isColor {
                    canvas.blitBGRA(base, width: bm.width, height: bm.height, pitch: bm.pitch, x: gx, y: gy)
                } else {
                    canvas.blitMask(base, width: bm.width, height: bm.height, pitch: bm.pitch, x: gx, y: gy, color: color)
                }
            }
        }
    }
}
