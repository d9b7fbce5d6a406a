/// Where the question and reveal scenes put their parts, in reference units. One place for it,
/// so the countdown's damage rectangles and its drawing cannot drift apart, and the choices
/// stay where the room last saw them.
struct QuestionLayout {
    let width: Double
    let height: Double
    let portrait: Bool
    let margin: Double
    let headerTop: Double
    /// The countdown ring's diameter; the header is as tall.
    let ring: Double
    let barHeight: Double
    /// Content ends here; below is the footer band (countdown bar, offline mark).
    let contentBottom: Double

    init(viewport: Viewport, theme: Theme) {
        width = viewport.referenceWidth
        height = viewport.referenceHeight
        portrait = viewport.isPortrait
        margin = portrait ? 60 : theme.margin
        headerTop = portrait ? 60 : 36
        ring = portrait ? 176 : 156
        barHeight = theme.barHeight
        contentBottom = height - theme.footer
    }

    var headerMidY: Double { headerTop + ring / 2 }
    var headerBottom: Double { headerTop + ring }

    var ringBox: Box { Box(x: width - margin - ring, y: headerTop, w: ring, h: ring) }
    var bar: Box { Box(x: 0, y: height - barHeight, w: width, h: barHeight) }

    /// The choice boxes in order, laid out bottom-up from the footer: a two-column grid in
    /// landscape (three in the reveal when there are five or six, so the answer chart keeps its
    /// height), one column in portrait so each keeps a readable width. A lone last choice in a
    /// grid row is centred.
    func choiceBoxes(count n: Int, reveal: Bool) -> [Box] {
        guard n > 0 else { return [] }
        let cols = portrait ? 1 : (reveal && n > 4 ? 3 : 2)
        let rows = (n + cols - 1) / cols
        let boxH: Double, gap: Double
        switch (portrait, reveal) {
        case (false, false): (boxH, gap) = (150, 24)
        case (true, false): (boxH, gap) = (140, 20)
        // The reveal's gaps leave room for the correct choice's outline.
        case (false, true): (boxH, gap) = (120, 28)
        case (true, true): (boxH, gap) = (104, 26)
        }
        let top = contentBottom - Double(rows) * boxH - Double(rows - 1) * gap
        let boxW = (width - 2 * margin - Double(cols - 1) * gap) / Double(cols)
        return (0..<n).map { i in
            let row = i / cols, col = i % cols
            let inRow = row == rows - 1 ? n - row * cols : cols
            // A short last row is centred under the full ones.
            let rowStart = margin + (width - 2 * margin - (Double(inRow) * boxW + Double(inRow - 1) * gap)) / 2
            return Box(x: rowStart + Double(col) * (boxW + gap), y: top + Double(row) * (boxH + gap), w: boxW, h: boxH)
        }
    }
}
