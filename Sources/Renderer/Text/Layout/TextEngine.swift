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
    private let fits = FrameCache<FitKey, TextBlock>(byteBudget: TextEngine.fitCacheBytes, cost: \.byteCount)

    private struct ParagraphKey: Hashable {
        let text: Substring
        let size: Int
        let weight: FontWeight
    }

    private struct FitKey: Hashable {
        let text: String
        let weight: FontWeight
        let maxSize: Int, minSize: Int, width: Int, height: Int, maxLines: Int
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
    /// breaks (newlines, U+2028, …) start new lines.
    public func layout(_ text: String, size: Int, weight: FontWeight = .regular, maxWidth: Int? = nil) -> TextBlock {
        let size = max(1, size)
        let m = fonts.face(weight).metrics(size: size)
        var block = TextBlock(lines: [], size: size, weight: weight, ascent: m.ascent, descent: m.descent,
                              lineHeight: max(m.ascent + m.descent, Int((Double(size) * lineSpacing).rounded())))
        let limit = maxWidth.map { max(1, $0) * 64 } ?? Int.max
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            fill(shaped(paragraph, size: size, weight: weight), limit: limit, into: &block.lines)
        }
        return block
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
    private func fill(_ p: ShapedParagraph, limit: Int, into lines: inout [TextLine]) {
        let n = p.count
        guard n > 0 else {
            lines.append(TextLine(glyphs: [], width: 0, text: ""))
            return
        }
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
            if end < n, lastBreak > start { end = lastBreak }
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
    }

    private func makeLine(_ p: ShapedParagraph, _ start: Int, _ end: Int) -> TextLine {
        var stop = end
        while stop > start, p.isSpace[stop - 1] { stop -= 1 }
        let (glyphs, advance) = p.lineGlyphs(from: start, to: stop, fonts: fonts, shaper: shaper)
        return TextLine(glyphs: glyphs, width: (advance + 32) >> 6, text: String(p.characters[start..<stop]),
                        runs: p.lineRuns(from: start, to: stop))
    }

    /// Lays `text` out in a box: starts at `maxSize` and shrinks in steps of about 8% until it
    /// fits the box (and `maxLines`); at `minSize` keeps the lines that fit and ends the last
    /// with an ellipsis.
    public func fit(_ text: String, weight: FontWeight = .regular, maxSize: Int, minSize: Int,
                    width: Int, height: Int, maxLines: Int = .max) -> TextBlock {
        let key = FitKey(text: text, weight: weight, maxSize: maxSize, minSize: minSize, width: width, height: height,
                         maxLines: maxLines)
        if let b = fits.value(for: key, frame: cache.frame) { return b }
        let b = computeFit(text, weight: weight, maxSize: maxSize, minSize: minSize, width: width, height: height,
                           maxLines: maxLines)
        fits.insert(b, for: key, frame: cache.frame)
        return b
    }

    private func computeFit(_ text: String, weight: FontWeight, maxSize: Int, minSize: Int,
                            width: Int, height: Int, maxLines: Int) -> TextBlock {
        let floor = max(1, min(minSize, maxSize))
        var size = max(floor, maxSize)
        while true {
            let block = layout(text, size: size, weight: weight, maxWidth: width)
            if block.height <= height && block.lines.count <= maxLines { return block }
            if size == floor { return truncate(block, width: width, height: height, maxLines: maxLines) }
            size = max(floor, min(size - 1, Int((Double(size) * 0.92).rounded(.down))))
        }
    }

    private func truncate(_ block: TextBlock, width: Int, height: Int, maxLines: Int) -> TextBlock {
        var b = block
        let fitLines = height >= b.ascent + b.descent ? 1 + (height - b.ascent - b.descent) / b.lineHeight : 1
        let keep = max(1, min(maxLines, fitLines, b.lines.count))
        guard keep < b.lines.count || b.lines.contains(where: { $0.width > width }) else { return b }
        b.lines.removeSubrange(keep...)
        let last = b.lines[keep - 1].text
        var chars = Array(last)
        while true {
            while let l = chars.last, l.isWhitespace { chars.removeLast() }
            let candidate = layout(String(chars) + "…", size: b.size, weight: b.weight, maxWidth: nil)
            if candidate.width <= width || chars.isEmpty {
                b.lines[keep - 1] = candidate.lines[0]
                break
            }
            chars.removeLast()
        }
        b.truncated = true
        return b
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
            let left: Int
            switch align {
            case .left: left = rect.minX
            case .center: left = rect.minX + (rect.width - line.width) / 2
            case .right: left = rect.maxX - line.width
            }
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
