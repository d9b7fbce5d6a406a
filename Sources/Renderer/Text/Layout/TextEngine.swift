import CHarfBuzz
import Pixels

/// Lays text out and draws it: resolves each paragraph's bidi levels (UAX #9, `Bidi`), shapes
/// with HarfBuzz (kerning, ligatures, marks, emoji sequences, each run in its own direction) in
/// the faces `FontSet` picks per grapheme cluster, breaks lines where UAX #14 with Japanese
/// kinsoku and Thai word boundaries allows (between grapheme clusters only; a word longer than
/// the line is hyphenated where the room's language has a dictionary, else cut between
/// clusters rather than overflow), reorders each line for display, shrinks text that does not
/// fit, and draws glyphs from the cache.
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
        didSet {
            fits.removeAll()
            numbers.removeAll()
        }
    }
    public var breaker = LineBreaker(strict: true) {
        didSet {
            paragraphs.removeAll()
            fits.removeAll()
            numbers.removeAll()
        }
    }
    public static let paragraphCacheBytes = 4 << 20
    public static let fitCacheBytes = 1 << 20

    private let shaper = Shaper()
    private let words = ComplexWords()
    /// The pen advance (26.6) of "-" by face and size.
    private var hyphenAdvances: [Int: Int] = [:]
    private let paragraphs = FrameCache<ParagraphKey, ShapedParagraph>(byteBudget: TextEngine.paragraphCacheBytes,
                                                                        cost: \.byteCount)
    private let fits = FrameCache<FitKey, [TextBlock]>(byteBudget: TextEngine.fitCacheBytes,
                                                       cost: { $0.reduce(0) { $0 + $1.byteCount } })
    /// Numbers with tabular figures: a leaderboard lays out every score at each size it tries,
    /// and scores that count up ask again at every frame.
    private let numbers = FrameCache<ParagraphKey, TextBlock>(byteBudget: 1 << 20, cost: \.byteCount)

    private struct ParagraphKey: Hashable {
        let text: Substring
        let size: Int
        let weight: FontWeight
        var base = BaseDirection.natural
        var language: String? = nil
        var tail: TailFace? = nil
    }

    private struct FitKey: Hashable {
        let texts: [String]
        let weight: FontWeight
        let maxSize: Int, minSize: Int, width: Int, height: Int, maxLines: Int
        let balance: Bool
        let cut: TextCut
        let base: BaseDirection
        let language: String?
    }

    public init(fonts: FontSet, cache: GlyphCache = GlyphCache()) {
        self.fonts = fonts
        self.cache = cache
    }

    /// Lookups of laid-out text (`fit` results and shaped paragraphs) since the last reset.
    public var layoutHits: Int { fits.hits + paragraphs.hits + numbers.hits }
    public var layoutMisses: Int { fits.misses + paragraphs.misses + numbers.misses }
    public var layoutCacheCount: Int { fits.count + paragraphs.count + numbers.count }
    /// Estimated bytes held by the paragraph, fit and number caches.
    public var layoutCacheBytes: Int { fits.bytes + paragraphs.bytes + numbers.bytes }

    public func resetStatistics() {
        cache.resetStatistics()
        fits.resetStatistics()
        paragraphs.resetStatistics()
        numbers.resetStatistics()
    }

    /// Lays `text` out at `size` pixels, wrapping at `maxWidth` pixels when given. Hard line
    /// breaks (newlines, U+2028, …) start new lines. With `balance`, a paragraph whose last
    /// line would hold only a scrap ("い。" alone under a full line) is wrapped narrower, as
    /// narrow as keeps its number of lines, so its lines come out even.
    ///
    /// `language` is the room's BCP 47 tag ("de", "he", "zh-Hant") when known: it picks the
    /// hyphenation dictionary, HarfBuzz's language for text of its script, and the direction
    /// of a paragraph with no strong character ("1989" is right to left in a Hebrew room).
    /// `direction` overrides how paragraphs get their direction (default: each from its first
    /// strong character, UAX #9 P2–P3).
    public func layout(_ text: String, size: Int, weight: FontWeight = .regular, maxWidth: Int? = nil,
                       balance: Bool = false, direction: BaseDirection? = nil, language: String? = nil) -> TextBlock {
        let size = max(1, size)
        let base = direction ?? .firstStrong(fallback: TextLanguage.direction(of: language))
        let m = fonts.face(weight).metrics(size: size)
        var block = TextBlock(lines: [], size: size, weight: weight, ascent: m.ascent, descent: m.descent,
                              lineHeight: max(m.ascent + m.descent, Int((Double(size) * lineSpacing).rounded())))
        let limit = maxWidth.map { max(1, $0) * 64 } ?? Int.max
        let hyphenation = language.flatMap { Hyphenator.dictionaryPath(for: $0) }.map(Hyphenation.init(path:))
        var ink: (top: Int, bottom: Int)?
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let p = shaped(paragraph, size: size, weight: weight, base: base, language: language)
            var lines: [TextLine] = []
            fill(p, limit: limit, hyphenation: hyphenation, into: &lines)
            if balance, limit != Int.max, lines.count >= 2, let widest = lines.map(\.width).max(),
               let last = lines.last, last.width * 3 < widest {
                lines = balanced(p, lines: lines, limit: limit, hyphenation: hyphenation)
            }
            // (Not below 8 pixels, where no mark can be told from another: a whole screen that
            // small — hostile sizes down to 1×1 — keeps the face's boxes.)
            if p.hasStackedMarks, size >= 8 {
                for line in lines {
                    guard let e = inkExtents(of: line, size: size) else { continue }
                    ink = (max(ink?.top ?? e.top, e.top), min(ink?.bottom ?? e.bottom, e.bottom))
                }
            }
            block.lines += lines
        }
        // Stacked marks whose ink leaves the face's line box: the box grows to hold them, so
        // they are neither clipped nor drawn into the next line — a pixel more than the outline
        // reaches (a mark's offset is rounded to the pixel, its bitmap covers partial pixels),
        // and at most an em either way: a flood of marks (DisplayClusters keeps eight per
        // letter) must not push the rest of the screen off it. Ink beyond that is clipped, and
        // its line says so (`inkClipped`).
        if let ink {
            let top = (ink.top + 63) >> 6 + 1, bottom = (-ink.bottom + 63) >> 6 + 1
            let maxAscent = m.ascent + size, maxDescent = m.descent + size
            block.ascent = max(block.ascent, min(top, maxAscent))
            block.descent = max(block.descent, min(bottom, maxDescent))
            block.lineHeight = max(block.lineHeight, block.ascent + block.descent)
            if top > maxAscent || bottom > maxDescent {
                for i in block.lines.indices {
                    guard let e = inkExtents(of: block.lines[i], size: size) else { continue }
                    block.lines[i].inkClipped = (e.top + 63) >> 6 + 1 > maxAscent || (-e.bottom + 63) >> 6 + 1 > maxDescent
                }
            }
        }
        return block
    }

    /// The top and bottom of a line's ink (26.6, up positive), from the glyphs' outlines.
    private func inkExtents(of line: TextLine, size: Int) -> (top: Int, bottom: Int)? {
        var top = Int.min, bottom = Int.max
        for g in line.glyphs {
            guard let face = fonts.face(id: g.face), let e = face.inkExtents(glyph: g.glyph, size: size) else { continue }
            top = max(top, g.y + e.top)
            bottom = min(bottom, g.y + e.bottom)
        }
        return top == Int.min ? nil : (top, bottom)
    }

    /// The narrowest wrapping (in whole pixels) that keeps the paragraph's number of lines and
    /// cuts no more words than the full width did.
    private func balanced(_ p: ShapedParagraph, lines: [TextLine], limit: Int, hyphenation: Hyphenation?) -> [TextLine] {
        var best = lines
        var scratch: [TextLine] = []
        let forced = fill(p, limit: limit, hyphenation: hyphenation, into: &scratch)
        var lo = 1, hi = limit / 64
        while lo < hi {
            let mid = (lo + hi) / 2
            var trial: [TextLine] = []
            if fill(p, limit: mid * 64, hyphenation: hyphenation, into: &trial) <= forced, trial.count <= lines.count {
                hi = mid
                best = trial
            } else {
                lo = mid + 1
            }
        }
        return best
    }

    private func shaped(_ paragraph: Substring, size: Int, weight: FontWeight, base: BaseDirection, language: String?,
                        tail: TailFace? = nil) -> ShapedParagraph {
        let key = ParagraphKey(text: paragraph, size: size, weight: weight, base: base, language: language, tail: tail)
        if let p = paragraphs.value(for: key, frame: cache.frame) { return p }
        let p = ShapedParagraph(paragraph, size: size, weight: weight, base: base, language: language, fonts: fonts,
                                shaper: shaper, breaker: breaker, words: words, tail: tail)
        paragraphs.insert(p, for: key, frame: cache.frame)
        return p
    }


    /// Greedy line filling: each line takes as many clusters as fit and ends at the last break
    /// opportunity among them; with none (a word longer than the line), inside the word (see
    /// `cut`). Spaces at a break belong to neither line.
    /// Returns how many lines ended where no break was allowed (a word cut because it was
    /// longer than the line).
    @discardableResult
    private func fill(_ p: ShapedParagraph, limit: Int, hyphenation: Hyphenation?, into lines: inout [TextLine]) -> Int {
        let n = p.count
        guard n > 0 else {
            lines.append(TextLine(glyphs: [], width: 0, text: "", direction: p.direction))
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
            var hyphen = false
            var inWord = false
            if end < n, lastBreak > start {
                end = lastBreak
            } else if end < n {
                forced += 1
                inWord = true
                (end, hyphen) = cut(p, from: start, overflow: end, limit: limit, hyphenation: hyphenation)
            }
            var line = makeLine(p, start, end, hyphen: hyphen)
            // A line shaped on its own can be wider than its clusters measured in the paragraph
            // (a kerning pair cut in two, a hyphen wider than thought): then it ends one
            // opportunity (or cut) earlier.
            while line.width * 64 > limit, end - start > 1 {
                if inWord {
                    (end, hyphen) = cut(p, from: start, overflow: end - 1, limit: limit, hyphenation: hyphenation)
                } else {
                    var earlier = end - 1
                    while earlier > start + 1, p.breakBefore[earlier] == .prohibited { earlier -= 1 }
                    end = earlier
                }
                line = makeLine(p, start, end, hyphen: hyphen)
            }
            lines.append(line)
            start = end
            while start < n, p.isSpace[start] { start += 1 }
        }
        return forced
    }

    /// Where a line that holds no break opportunity ends: clusters `start..<overflow` fit the
    /// line (`overflow` did not). With the room's hyphenation dictionary, a word is hyphenated
    /// at the last point the dictionary allows that fits with the hyphen, or else cut at the
    /// last letter that does, with a hyphen too. Without one (no language known, or none
    /// installed for it) the cut is at the last cluster that fits, unmarked, as a word of
    /// unknown language or a code ("QK-ABCDEF…") must not be shown a hyphen it does not have;
    /// nor is anything that is not a word (capitals only, digits, a URL) ever given one. Either
    /// way the next line never starts with closing punctuation ("?", "。", "」") and this one
    /// never ends with an opening bracket, as long as the line keeps a cluster (kinsoku, as for
    /// any other break).
    private func cut(_ p: ShapedParagraph, from start: Int, overflow: Int, limit: Int,
                     hyphenation: Hyphenation?) -> (end: Int, hyphen: Bool) {
        let overflow = max(start + 1, overflow)
        guard overflow > start + 1 else { return (overflow, false) }
        // The pen after each cluster of the line.
        var widths = [Int](repeating: 0, count: overflow - start + 1)
        for k in start..<overflow { widths[k - start + 1] = widths[k - start] + p.advance[k] }
        func fits(_ k: Int, hyphen: Bool) -> Bool {
            widths[k - start] + (hyphen ? hyphenAdvance(p, before: k) : 0) <= limit
        }
        // The dictionary is loaded here, the first time a word of its language must be cut
        // (German's takes seconds to load), not for every text that names a language.
        let hyphenator = hyphenation != nil && Self.isWord(p, around: overflow - 1) ? hyphenation?.dictionary : nil
        let words = hyphenator != nil
        // The word the line ends in: letters (with their marks) around the last that fits.
        if let hyphenator, words, Self.isLetter(p.characters[overflow - 1]) {
            var first = overflow - 1
            while first > 0, Self.isLetter(p.characters[first - 1]) { first -= 1 }
            var last = overflow - 1
            while last + 1 < p.count, Self.isLetter(p.characters[last + 1]) { last += 1 }
            let points = hyphenator.points(Array(p.characters[first...last])).map { first + $0 }
            if let k = points.last(where: { $0 > start && $0 <= overflow && fits($0, hyphen: true) }) { return (k, true) }
        }
        var fallback: (end: Int, hyphen: Bool)?
        for k in stride(from: overflow, to: start, by: -1) {
            // A hyphen inside a left-to-right word only (no right-to-left script hyphenates).
            let hyphen = words && k < p.count && p.bidi.levels[p.clusterStart[k - 1]] & 1 == 0
                && Self.takesHyphen(p.characters[k - 1]) && Self.takesHyphen(p.characters[k])
            guard fits(k, hyphen: hyphen) else { continue }
            if fallback == nil { fallback = (k, hyphen) }
            if k == p.count || !Self.mayNotStart(p.characters[k]) && !Self.mayNotEnd(p.characters[k - 1]) { return (k, hyphen) }
        }
        return fallback ?? (start + 1, false)
    }

    /// Whether the text around cluster `k` (up to the spaces either side) is a word a hyphen
    /// may break: some lowercase letter, no digit, nothing of a URL, an address or a code.
    private static func isWord(_ p: ShapedParagraph, around k: Int) -> Bool {
        var first = k, last = k
        while first > 0, !p.isSpace[first - 1] { first -= 1 }
        while last + 1 < p.count, !p.isSpace[last + 1] { last += 1 }
        var lowercase = false
        for i in first...last {
            let c = p.characters[i]
            if c.isNumber || "/:@_=&#%\\<>".contains(c) { return false }
            // A full stop inside the token: a domain ("example.com"), not a sentence's end.
            if c == ".", i < last, p.characters[i + 1].isLetter { return false }
            if c.isLowercase { lowercase = true }
        }
        return lowercase
    }

    /// A letter of any script, with its marks.
    private static func isLetter(_ c: Character) -> Bool {
        c.unicodeScalars.first.map { $0.properties.isAlphabetic } ?? false
    }

    /// A letter of an alphabet that marks a word broken across lines with a hyphen.
    private static func takesHyphen(_ c: Character) -> Bool {
        guard let s = c.unicodeScalars.first, s.properties.isAlphabetic else { return false }
        switch Shaper.script(of: s) {
        case HB_SCRIPT_LATIN, HB_SCRIPT_GREEK, HB_SCRIPT_CYRILLIC, HB_SCRIPT_ARMENIAN, HB_SCRIPT_GEORGIAN: return true
        default: return false
        }
    }

    /// Closing punctuation, "!", "?", separators, small kana and other nonstarters: UAX #14
    /// (LB13, LB21, LB22) never lets a line start with them.
    private static func mayNotStart(_ c: Character) -> Bool {
        guard let s = c.unicodeScalars.first else { return false }
        switch LineBreaker.property(s).cls {
        case .CL, .CP, .EX, .IS, .SY, .NS, .IN, .CJ, .BA, .HY: return true
        default: return false
        }
    }

    /// Opening brackets and quotation marks (LB14) never end a line.
    private static func mayNotEnd(_ c: Character) -> Bool {
        guard let s = c.unicodeScalars.first else { return false }
        return LineBreaker.property(s).cls == .OP
    }

    /// The advance of a hyphen drawn after cluster `k - 1`, in its face.
    private func hyphenAdvance(_ p: ShapedParagraph, before k: Int) -> Int {
        let face = fonts.face(id: p.clusterFace[k - 1]).flatMap { $0.covers("-") ? $0 : nil } ?? fonts.face(p.weight)
        let key = face.id << 16 | p.size
        if let known = hyphenAdvances[key] { return known }
        let advance = shaper.shapeLine("-", face: face, size: p.size, features: []).advance
        if hyphenAdvances.count >= 4096 { hyphenAdvances.removeAll(keepingCapacity: true) }
        hyphenAdvances[key] = advance
        return advance
    }

    private func makeLine(_ p: ShapedParagraph, _ start: Int, _ end: Int, hyphen: Bool = false) -> TextLine {
        var stop = end
        while stop > start, p.isSpace[stop - 1] { stop -= 1 }
        guard hyphen, stop > start else {
            let (glyphs, advance) = p.lineGlyphs(from: start, to: stop, fonts: fonts, shaper: shaper)
            return TextLine(glyphs: glyphs, width: (advance + 32) >> 6, text: String(p.characters[start..<stop]),
                            runs: p.lineRuns(from: start, to: stop), advance: advance, direction: p.direction)
        }
        // The line with its hyphen, shaped as a line of its own in the paragraph's direction; in
        // a right-to-left paragraph a left-to-right mark keeps the hyphen at the end of the
        // (left-to-right) word it breaks.
        let text = String(p.characters[start..<stop]) + (p.direction == .rightToLeft ? "-\u{200E}" : "-")
        let tail = TailFace(face: p.clusterFace[stop - 1], count: p.direction == .rightToLeft ? 2 : 1)
        let q = shaped(Substring(text), size: p.size, weight: p.weight, base: .forced(p.direction), language: p.language,
                       tail: tail)
        let (glyphs, advance) = q.lineGlyphs(from: 0, to: q.count, fonts: fonts, shaper: shaper)
        return TextLine(glyphs: glyphs, width: (advance + 32) >> 6, text: text, runs: q.lineRuns(from: 0, to: q.count),
                        advance: advance, direction: p.direction, hyphenated: true)
    }

    /// Lays `text` out in a box: starts at `maxSize` and shrinks in steps of about 8% until it
    /// fits the box (and `maxLines`); at `minSize` keeps the lines that fit and cuts the rest
    /// with an ellipsis, as `cut` says. `direction` and `language` as for `layout`.
    public func fit(_ text: String, weight: FontWeight = .regular, maxSize: Int, minSize: Int,
                    width: Int, height: Int, maxLines: Int = .max, balance: Bool = false, cut: TextCut = .end,
                    direction: BaseDirection? = nil, language: String? = nil) -> TextBlock {
        fitGroup([text], weight: weight, maxSize: maxSize, minSize: minSize, width: width, height: height,
                 maxLines: maxLines, balance: balance, cut: cut, direction: direction, language: language)[0]
    }

    /// Lays several texts out at one size — the largest at which every one of them fits its
    /// box (all boxes `width` × `height`) — so a group (the choices, the names of a
    /// leaderboard) reads as one. At `minSize` the texts that still do not fit are cut.
    public func fitGroup(_ texts: [String], weight: FontWeight = .regular, maxSize: Int, minSize: Int,
                         width: Int, height: Int, maxLines: Int = .max, balance: Bool = false,
                         cut: TextCut = .end, direction: BaseDirection? = nil, language: String? = nil) -> [TextBlock] {
        let base = direction ?? .firstStrong(fallback: TextLanguage.direction(of: language))
        let key = FitKey(texts: texts, weight: weight, maxSize: maxSize, minSize: minSize, width: width, height: height,
                         maxLines: maxLines, balance: balance, cut: cut, base: base, language: language)
        if let b = fits.value(for: key, frame: cache.frame) { return b }
        var blocks: [TextBlock] = []
        let fitting = largestSize(from: maxSize, to: minSize) { size in
            blocks = texts.map { layout($0, size: size, weight: weight, maxWidth: width, balance: balance, direction: base,
                                        language: language) }
            // A cluster wider than the box (one huge emoji, a long unbreakable run) also shrinks.
            return blocks.allSatisfy { $0.height <= height && $0.lines.count <= maxLines && $0.width <= width }
        }
        if fitting == nil {
            blocks = zip(texts, blocks).map { text, block in
                guard block.height > height || block.lines.count > maxLines || block.width > width else { return block }
                // Cut text fills its lines: balancing would leave them short above a full last line.
                let full = balance ? layout(text, size: block.size, weight: weight, maxWidth: width, direction: base,
                                            language: language) : block
                return truncate(full, text: text, width: width, height: height, maxLines: maxLines, cut: cut,
                                language: language)
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

    /// Keeps the lines that fit and ends the last with an ellipsis at its logical end (the
    /// left in a right-to-left paragraph), filled with as much of the text that follows as fits
    /// (not cut back to the last word that fitted: "Marie-Claire Dubois-Fon…" rather than
    /// "Marie-Claire…"). With `.middle` one line keeps the start and the end and drops the
    /// middle. The cut line keeps its paragraph's direction.
    private func truncate(_ block: TextBlock, text: String, width: Int, height: Int, maxLines: Int, cut: TextCut,
                          language: String?) -> TextBlock {
        var b = block
        let fitLines = height >= b.ascent + b.descent ? 1 + (height - b.ascent - b.descent) / b.lineHeight : 1
        let keep = max(1, min(maxLines, fitLines, b.lines.count))
        guard keep < b.lines.count || b.lines.contains(where: { $0.width > width }) else { return b }
        let chars = Array(text.map { $0.isNewline ? " " : $0 })
        let rest = remainder(chars, after: b.lines.prefix(keep - 1)) ?? Array(b.lines[keep - 1].text)
        let base = BaseDirection.forced(b.lines[keep - 1].direction)
        func shape(_ chars: [Character], ellipsis: Ellipsis) -> TextLine {
            lineOf(shaped(Substring(String(chars)), size: b.size, weight: b.weight, base: base, language: language,
                          tail: ellipsis.face.map { TailFace(face: $0, count: ellipsis.text.count) }))
        }
        func trimmed(_ chars: ArraySlice<Character>) -> [Character] {
            var kept = Array(chars)
            while let l = kept.last, l.isWhitespace { kept.removeLast() }
            return kept
        }
        func line(keeping n: Int) -> TextLine {
            if cut == .middle && keep == 1 {
                let head = trimmed(rest.prefix((n + 1) / 2)), tail = n / 2
                let e = ellipsis(after: head, weight: b.weight, language: language)
                return shape(head + e.text + Array(rest.suffix(tail)), ellipsis: Ellipsis(text: e.text, face: nil))
            }
            let kept = trimmed(rest.prefix(n))
            let e = ellipsis(after: kept, weight: b.weight, language: language)
            return shape(kept + e.text, ellipsis: e)
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

    /// One paragraph as one line (no wrapping).
    private func lineOf(_ p: ShapedParagraph) -> TextLine {
        var lines: [TextLine] = []
        fill(p, limit: Int.max, hyphenation: nil, into: &lines)
        return lines[0]
    }

    /// The ellipsis that ends a cut text, and the face to draw it with.
    private struct Ellipsis {
        var text: [Character]
        var face: Int?
    }

    /// The ellipsis drawn from the face of the text it ends: "…" in the face of the last
    /// character when that face has one that suits the text — a "…" set at mid-height (BIZ
    /// UDPGothic's, Japanese style) only after Chinese or Japanese; else the "…" of the face
    /// fontconfig finds for it when the text's face has none and that one suits; else three
    /// full stops in the text's face (a Latin name in BIZ UDPGothic ends in "...", not in the
    /// centred Japanese ellipsis).
    private func ellipsis(after kept: [Character], weight: FontWeight, language: String?) -> Ellipsis {
        guard let last = kept.last(where: { !ShapedParagraph.isNeutral(ShapedParagraph.script(of: $0)) }) ?? kept.last else {
            return Ellipsis(text: ["…"], face: nil)
        }
        let cjk: Bool = {
            switch ShapedParagraph.script(of: last) {
            case HB_SCRIPT_HAN, HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA, HB_SCRIPT_BOPOMOFO: return true
            default: return last.unicodeScalars.first.map { (0x3000...0x303F).contains($0.value) || (0xFF00...0xFFEF).contains($0.value) } ?? false
            }
        }()
        let faceID = fonts.faceID(for: last.unicodeScalars, weight: weight, language: language)
        guard let face = fonts.face(id: faceID) else { return Ellipsis(text: ["…"], face: nil) }
        switch face.hasCentredEllipsis {
        case false?: return Ellipsis(text: ["…"], face: faceID)
        case true? where cjk: return Ellipsis(text: ["…"], face: faceID)
        case nil:
            let other = fonts.faceID(for: ["\u{2026}"], weight: weight, language: language)
            if let f = fonts.face(id: other), let centred = f.hasCentredEllipsis, !centred || cjk {
                return Ellipsis(text: ["…"], face: other)
            }
        default: break
        }
        return Ellipsis(text: [".", ".", "."], face: face.covers(".") ? faceID : nil)
    }

    /// The characters of `text` after the ones `lines` hold (the spaces a break swallowed
    /// skipped, a hyphen drawn at a break left out); nil when the lines are not a plain prefix
    /// of the text.
    private func remainder(_ text: [Character], after lines: ArraySlice<TextLine>) -> [Character]? {
        var pos = 0
        for line in lines {
            while pos < text.count, text[pos].isWhitespace { pos += 1 }
            var l = Array(line.text)
            if line.hyphenated {
                while let c = l.last, c == "\u{200E}" || c == "-" {
                    l.removeLast()
                    if c == "-" { break }
                }
            }
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
        let key = ParagraphKey(text: Substring(text), size: size, weight: weight)
        if let known = numbers.value(for: key, frame: cache.frame) { return known }
        let block = tabularNumber(text, size: size, weight: weight)
        numbers.insert(block, for: key, frame: cache.frame)
        return block
    }

    private func tabularNumber(_ text: String, size: Int, weight: FontWeight) -> TextBlock {
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

    /// Draws `block` inside `rect`, each line aligned horizontally (`.start` and `.end` by its
    /// paragraph's direction), the block vertically.
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
            let left = align.start(of: line.width, in: rect, direction: line.direction)
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
