/// Where a question with a picture puts it, in reference units, from the display alone — never
/// from the question's text or choices — so a screen can prepare the picture for its slots
/// when the bytes arrive, long before the question is shown, and so the layout is the same
/// whether the picture has arrived or not (a placeholder holds its place).
///
/// Landscape: a column on the left for the picture (640 units wide, the body's full height),
/// the question, its status line and the choice grid beside it. Portrait: a band 440 units
/// tall under the header, the rest under it; five or six choices go into two columns there.
/// The reveal keeps the picture smaller (60%) about the same centre: the answer is the event.
struct PictureArea {
    static let column = 640.0
    static let gap = 40.0
    static let band = 440.0
    static let revealScale = 0.6
    /// The frame around a picture, and the corner radius of the picture inside it.
    static let mat = 8.0
    static let radius = 16.0

    let portrait: Bool
    /// The whole place of the picture (the placeholder fills it) in the question and reveal.
    let slot: Box
    let revealSlot: Box
    /// What is left for the question, its status line and the choices.
    let stack: Box

    init(frame: QuestionLayout.Frame, viewport: Viewport) {
        portrait = frame.portrait
        let top = frame.headerBottom + 24
        let bottom = viewport.referenceHeight - 72  // the footer every scene keeps free
        let width = viewport.referenceWidth - 2 * frame.margin
        if portrait {
            slot = Box(x: frame.margin, y: top, w: width, h: Self.band)
            stack = Box(x: frame.margin, y: slot.maxY + 24, w: width, h: max(1, bottom - slot.maxY - 24))
        } else {
            slot = Box(x: frame.margin, y: top, w: Self.column, h: max(1, bottom - top))
            let x = slot.maxX + Self.gap
            stack = Box(x: x, y: top, w: max(1, frame.margin + width - x), h: max(1, bottom - top))
        }
        let s = Self.revealScale
        revealSlot = Box(x: slot.midX - slot.w * s / 2, y: slot.midY - slot.h * s / 2, w: slot.w * s, h: slot.h * s)
    }

    func slot(reveal: Bool) -> Box { reveal ? revealSlot : slot }
}
