import Pixels

/// Where frames go: a display driven through DRM/KMS, or PNG files when there is none. The
/// kiosk loop draws into the canvas an output hands out and then presents it; it knows nothing
/// of buffers, CRTCs or files.
public protocol Output: AnyObject {
    /// The connector's name ("HDMI-A-1") or "headless"; every log line about it uses this.
    var name: String { get }
    var width: Int { get }
    var height: Int { get }
    /// The canvas to draw the next frame into, or nil while the previous frame is still queued
    /// (a page flip pending): the loop then draws the latest state when `onReady` fires.
    func nextFrame() -> Canvas?
    /// Shows what was drawn into the canvas from `nextFrame()`. `damage` lists the rectangles
    /// that changed since the previous frame; nil means everything.
    func present(damage: [Rect]?) throws
    /// Called when the output can take a frame again (page flip done).
    var onReady: (() -> Void)? { get set }
    /// How much of each edge (percent of the width and of the height) the scene should keep
    /// free because the display may crop it: the `overscan` setting's decision for this
    /// display (0 for one that shows every pixel). nil for PNG files: the renderer's own
    /// `overscan` setting applies.
    var safeAreaPercent: Double? { get }
    /// Seconds between two vblanks of the display's mode: a moving screen gets one frame per
    /// vblank. nil for outputs that scan nothing out (PNG files, memory): the kiosk paces those
    /// with a timer.
    var refreshInterval: Double? { get }
    /// The vblank at which the last frame went on screen (its page flip's completion), on the
    /// event loop's clock; nil before the first flip, or without vblanks.
    var lastVblank: Double? { get }
    /// `present(damage:)`, saying whether the frame is one motion-free screens show: the
    /// settled frame of a state, or a countdown's next second (false for the frames in
    /// between). Outputs that keep frames (PNG files) keep only those.
    func present(damage: [Rect]?, settled: Bool) throws
}

extension Output {
    public var safeAreaPercent: Double? { nil }
    public var refreshInterval: Double? { nil }
    public var lastVblank: Double? { nil }
    public func present(damage: [Rect]?, settled: Bool) throws { try present(damage: damage) }
}
