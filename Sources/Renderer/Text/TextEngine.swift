/// Lays text out and draws it: maps characters to glyphs (kerning included), wraps lines,
/// shrinks text that does not fit, and blits glyph masks from the cache.
public final class TextEngine {
    public let fonts: FontSet
    public let cache: GlyphCache
    /// Line pitch as a multiple of the pixel size.
    public var lineSpacing = 1.3

    public init(fonts: FontSet, cache: GlyphCache = GlyphCache()) {
        self.fonts = fonts
        self.cache = cache
    }

    private func face(id: Int) -> FontFace { id == fonts.bold.id ? fonts.bold : fonts.regular }

    /// Characters a renderer should not draw as boxes: variation selectors, joiners, BOM.
    private static func isIgnorable(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0xFE00...0xFE0F, 0x200B...0x200F, 0x2060...0x2064, 0xFEFF, 0xE0100...0xE01EF, 0x00AD: return true
        default: return false
        }
    }

    /// Glyphs of one character: the weight's face first, the other bundled face when the first
    /// lacks a glyph, else the primary face's .notdef box.
    private func glyphs(of c: Character, primary: FontFace, into out: inout [(FontFace, UInt32)]) {
        for s in c.unicodeScalars where !Self.isIgnorable(s) {
            if s.value == 0x09 || s.value == 0x0A || s.value == 0x0D { continue }
            var g = primary.glyphIndex(s)
            var f = primary
            if g == 0 {
                let other = primary === fonts.bold ? fonts.regular : fonts.bold
                let og = other.glyphIndex(s)
                if og != 0 { g = og; f = other }
            }
            out.append((f, g))
        }
    }

    struct ShapedChar {
        var glyphs: [(face: FontFace, glyph: UInt32, x: Int)]  // x relative to the char's start, 26.6
        var advance: Int  // 26.6, including kerning with the previous char
    }

    private func shape(_ chars: [Character], size: Int, weight: FontWeight) -> [ShapedChar] {
        let primary = fonts.face(weight)
        var result: [ShapedChar] = []
        result.reserveCapacity(chars.count)
        var prev: (FontFace, UInt32)?
        var buf: [(FontFace, UInt32)] = []
        for c in chars {
            buf.removeAll(keepingCapacity: true)
            glyphs(of: c, primary: primary, into: &buf)
            var sc = ShapedChar(glyphs: [], advance: 0)
            for (f, g) in buf {
                if let (pf, pg) = prev, pf === f { sc.advance += f.kerning(pg, g, size: size) }
                sc.glyphs.append((f, g, sc.advance))
                sc.advance += cache.lookup(face: f, glyph: g, size: size).advance
                prev = (f, g)
            }
            result.append(sc)
        }
        return result
    }

    /// Lays `text` out at `size` pixels, wrapping at `maxWidth` pixels when given. Newlines in
    /// the text start new lines. A word wider than the line is broken between characters.
    public func layout(_ text: String, size: Int, weight: FontWeight = .regular, maxWidth: Int? = nil) -> TextBlock {
        let size = max(1, size)
        let face = fonts.face(weight)
        let m = face.metrics(size: size)
        var block = TextBlock(lines: [], size: size, weight: weight, ascent: m.ascent, descent: m.descent,
                              lineHeight: max(m.ascent + m.descent, Int((Double(size) * lineSpacing).rounded())))
        let limit = maxWidth.map { max(1, $0) * 64 } ?? Int.max
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let chars = Array(paragraph)
            let shaped = shape(chars, size: size, weight: weight)
            let canBreak = LineBreaking.opportunities(chars)
            var start = 0
            while start < chars.count {
                var x = 0, end = start, lastBreak = -1
                while end < chars.count {
                    if end > start, canBreak[end] { lastBreak = end }
                    let w = x + shaped[end].advance
                    if w > limit, end > start, !chars[end].isWhitespace {
                        break
                    }
                    x = w
                    end += 1
                }
                if end < chars.count, lastBreak > start {
                    end = lastBreak
                }
                block.lines.append(makeLine(chars, shaped, start, end))
                start = end
                // Spaces at a break belong to neither line.
                while start < chars.count, chars[start].isWhitespace { start += 1 }
            }
            if chars.isEmpty { block.lines.append(TextLine(glyphs: [], width: 0, text: "")) }
        }
        return block
    }

    private func makeLine(_ chars: [Character], _ shaped: [ShapedChar], _ start: Int, _ end: Int) -> TextLine {
        var stop = end
        while stop > start, chars[stop - 1].isWhitespace { stop -= 1 }
        var placed: [PlacedGlyph] = []
        var x = 0
        for i in start..<stop {
            for g in shaped[i].glyphs { placed.append(PlacedGlyph(face: g.face.id, glyph: g.glyph, x: x + g.x)) }
            x += shaped[i].advance
        }
        return TextLine(glyphs: placed, width: (x + 32) >> 6, text: String(chars[start..<stop]))
    }

    /// Lays `text` out in a box: starts at `maxSize` and shrinks in steps of about 8% until it
    /// fits the box (and `maxLines`); at `minSize` keeps the lines that fit and ends the last
    /// with an ellipsis.
    public func fit(_ text: String, weight: FontWeight = .regular, maxSize: Int, minSize: Int,
                    width: Int, height: Int, maxLines: Int = .max) -> TextBlock {
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
            let entry = cache.lookup(face: face(id: g.face), glyph: g.glyph, size: size)
            guard let bm = entry.bitmap else { continue }
            let gx = x + ((g.x + 32) >> 6) + bm.left
            let gy = baseline - bm.top
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
