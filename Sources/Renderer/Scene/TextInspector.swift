import Pixels

/// Records, for the legibility test, every text colour a scene draws, the surface it says the
/// text sits on, and the pixels actually under each line before the text is drawn.
final class TextInspector {
    struct Sample {
        var text: String
        var color: Color
        var surface: Color
        /// Pixels sampled along the middle of each line box (start, centre, end).
        var under: [Color]
    }

    private(set) var samples: [Sample] = []

    /// Mirrors `TextEngine.draw`'s placement of lines to find where the text will land.
    func inspect(_ block: TextBlock, box: Rect, align: HorizontalAlignment, vertical: VerticalAlignment,
                 color: Color, surface: Color, canvas: Canvas) {
        let top: Int
        switch vertical {
        case .top: top = box.minY
        case .center: top = box.minY + (box.height - block.height) / 2
        case .bottom: top = box.maxY - block.height
        }
        var under: [Color] = []
        for (i, line) in block.lines.enumerated() where line.width > 4 {
            let left: Int
            switch align {
            case .left: left = box.minX
            case .center: left = box.minX + (box.width - line.width) / 2
            case .right: left = box.maxX - line.width
            }
            let y = top + i * block.lineHeight + (block.ascent + block.descent) / 2
            for x in [left + 2, left + line.width / 2, left + line.width - 2] where x >= 0 && x < canvas.width && y >= 0 && y < canvas.height {
                under.append(canvas.color(x: x, y: y))
            }
        }
        samples.append(Sample(text: block.lines.map(\.text).joined(separator: "⏎"), color: color, surface: surface, under: under))
    }
}
