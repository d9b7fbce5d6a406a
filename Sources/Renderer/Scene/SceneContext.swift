/// What a scene draws with: the canvas, text, the viewport's scale, the palette and the clock.
/// A scene is a pure function of (state, viewport, now): same input, same pixels.
public struct SceneContext {
    public let canvas: Canvas
    public let text: TextEngine
    public let viewport: Viewport
    public let theme: Theme
    /// Seconds since the Unix epoch.
    public let now: Double

    var refWidth: Double { viewport.referenceWidth }
    var refHeight: Double { viewport.referenceHeight }

    func px(_ v: Double) -> Int { viewport.px(v) }

    func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { viewport.rect(x, y, w, h) }

    /// Lays `string` out to fit `box` (reference units), shrinking from `size` toward `minSize`
    /// and ending with an ellipsis when even that does not fit, then draws it.
    @discardableResult
    func drawText(_ string: String, weight: FontWeight = .regular, size: Double, minSize: Double? = nil,
                  box: Rect, maxLines: Int = .max, align: HorizontalAlignment = .left,
                  vertical: VerticalAlignment = .top, color: Color) -> TextBlock {
        let block = text.fit(string, weight: weight, maxSize: px(size), minSize: px(minSize ?? size),
                             width: box.width, height: box.height, maxLines: maxLines)
        text.draw(block, in: canvas, rect: box, align: align, vertical: vertical, color: color)
        return block
    }
}

/// One phase's screen.
protocol Scene {
    func draw(_ state: QuizState, in ctx: SceneContext)
}
