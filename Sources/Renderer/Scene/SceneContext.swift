import Pixels
import QuizContract

/// What a scene draws with: the canvas, text, the viewport's scale, the palette and the clock.
/// A scene is a pure function of (state, viewport, now): same input, same pixels.
public struct SceneContext {
    public let canvas: Canvas
    public let text: TextEngine
    public let viewport: Viewport
    public let theme: Theme
    /// Seconds since the Unix epoch.
    public let now: Double
    /// Set by the legibility test only.
    let inspector: TextInspector?

    var refWidth: Double { viewport.referenceWidth }
    var refHeight: Double { viewport.referenceHeight }

    func px(_ v: Double) -> Int { viewport.px(v) }

    func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { viewport.rect(x, y, w, h) }

    /// Lays `string` out to fit `box` (pixels), shrinking from `size` toward `minSize` (reference
    /// units) and ending with an ellipsis when even that does not fit.
    func fitText(_ string: String, weight: FontWeight = .regular, size: Double, minSize: Double? = nil,
                 box: Rect, maxLines: Int = .max) -> TextBlock {
        text.fit(string, weight: weight, maxSize: px(size), minSize: px(minSize ?? size),
                 width: box.width, height: box.height, maxLines: maxLines)
    }

    /// Fits `string` into `box` and draws it in `color`. `surface` is the colour the text sits
    /// on: every call names it, so the legibility test can check each pair (and that the pixels
    /// under the text really are that colour).
    func drawText(_ string: String, weight: FontWeight = .regular, size: Double, minSize: Double? = nil,
                  box: Rect, maxLines: Int = .max, align: HorizontalAlignment = .left,
                  vertical: VerticalAlignment = .top, color: Color, on surface: Color) {
        guard mayDraw(box, size: size) else { return }
        let block = fitText(string, weight: weight, size: size, minSize: minSize, box: box, maxLines: maxLines)
        draw(block, box: box, align: align, vertical: vertical, color: color, on: surface)
    }

    /// One line that never wraps (a player's name): shrinks from `size` toward `minSize`, then
    /// drops characters from the end for an ellipsis. Unlike `fitText` it cuts at the box's
    /// edge, not at the last line break that fits ("Marie-Claire Dubois-…" would waste the row).
    func fitLine(_ string: String, weight: FontWeight = .regular, size: Double, minSize: Double, width: Int) -> TextBlock {
        let floor = px(minSize)
        var s = max(floor, px(size))
        while true {
            let block = text.layout(string, size: s, weight: weight, maxWidth: nil)
            if block.width <= width && block.lines.count <= 1 { return block }
            if s == floor { break }
            s = max(floor, min(s - 1, Int((Double(s) * 0.92).rounded(.down))))
        }
        let chars = Array(string.map { $0.isNewline ? " " : $0 })
        func cut(_ n: Int) -> TextBlock {
            var kept = chars.prefix(n)
            while let last = kept.last, last.isWhitespace { kept.removeLast() }
            var block = text.layout(String(kept) + "…", size: s, weight: weight, maxWidth: nil)
            block.truncated = true
            return block
        }
        // The longest prefix that fits with its ellipsis, by bisection (a 64-character name
        // would otherwise take up to 64 layouts).
        var fits = 0, tooWide = chars.count
        while tooWide - fits > 1 {
            let mid = (fits + tooWide) / 2
            if cut(mid).width <= width { fits = mid } else { tooWide = mid }
        }
        return cut(fits)
    }

    /// False when text of `size` in `box` cannot touch the clip. A partial redraw (the countdown)
    /// clips to a few rectangles, and text far from them is then not even laid out. The margin
    /// covers ink that overhangs its line box.
    func mayDraw(_ box: Rect, size: Double) -> Bool {
        let pad = max(2, px(size) / 4)
        return !box.insetBy(dx: -pad, dy: -pad).intersection(canvas.clip).isEmpty
    }

    /// Draws text laid out by `fitText` (for scenes that place things by the text's width).
    func draw(_ block: TextBlock, box: Rect, align: HorizontalAlignment = .left, vertical: VerticalAlignment = .top,
              color: Color, on surface: Color) {
        inspector?.inspect(block, box: box, align: align, vertical: vertical, color: color, surface: surface, canvas: canvas)
        text.draw(block, in: canvas, rect: box, align: align, vertical: vertical, color: color)
    }
}

/// One phase's screen.
protocol Scene {
    func draw(_ state: QuizState, in ctx: SceneContext)

    /// The parts of the screen whose pixels depend on the clock, or nil when none do.
    func clockRegions(_ state: QuizState, viewport: Viewport, theme: Theme, now: Double) -> ClockRegions?
}

extension Scene {
    func clockRegions(_ state: QuizState, viewport: Viewport, theme: Theme, now: Double) -> ClockRegions? { nil }
}

/// Where a scene changes with time, and what it shows there: two times with equal `shows`
/// give equal pixels in `rects` (and everywhere else).
struct ClockRegions {
    var rects: [Rect]
    var shows: Countdown
}
