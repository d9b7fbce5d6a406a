import Pixels
import QuizContract

/// What an output shows at one instant, as a pure function of four things: the frame on
/// screen when the current state arrived (`origin`), the current state (`frame`: state, size,
/// overlay, and the wall clock `frame.now` its countdown reads), and how long ago that state
/// arrived (`elapsed`, on the monotonic clock, so a frozen `--now` still lets animations end).
/// Nothing accumulates from frame to frame: any frame can be drawn again alone
/// (`SceneRenderer.render(_:into:)`), and the incremental `MotionPlayer` draws the same pixels.
public struct Moment {
    public var frame: SceneFrame
    /// What was on screen when `frame.state` arrived; nil for an output's first frame (at start,
    /// after a hotplug or a new mode), which is the settled frame at once.
    public var origin: Origin?
    /// Seconds since `frame.state` arrived.
    public var elapsed: Double

    public init(frame: SceneFrame, origin: Origin? = nil, elapsed: Double = .infinity) {
        self.frame = frame
        self.origin = origin
        self.elapsed = elapsed
    }

    /// Whether `origin` can be faded from: a picture of this size and safe area, of another
    /// scene (an update of the scene on screen is drawn in place, `updatesInPlace`).
    var fadesFromOrigin: Bool {
        guard let o = origin, let size = o.pixels?.size, !Self.updatesInPlace(from: o.frame, to: frame) else { return false }
        return size.width == frame.width && size.height == frame.height && elapsed < Timeline.fade
    }

    /// Whether `to` only updates the running question `from` shows (its answer count, the
    /// players'): no cross-fade, only what changed is drawn again. A fade there would draw
    /// the whole frame and blend it for 300 ms for a few digits, and a burst of answers (one
    /// state each) would restart it every time. Another scene, overlay, size or picture
    /// still fades.
    public static func updatesInPlace(from: SceneFrame, to: SceneFrame) -> Bool {
        from.state.phase == .question && sameScene(from.state, to.state) && from.overlay == to.overlay
            && from.pictureVersion == to.pictureVersion && from.safeArea == to.safeArea
            && from.width == to.width && from.height == to.height
    }

    /// How long the scene on screen has been up: across states that only update it (the same
    /// question with a new answer count), so a pulse under way is not cut by such an update.
    /// Clock-driven motion (the last seconds' pulse, "time's up") plays only for instants after
    /// the scene came up: an output's first frame is never caught mid-pulse.
    var sceneAge: Double {
        guard let o = origin, Self.sameScene(o.frame.state, frame.state) else { return elapsed }
        return o.sceneAge + elapsed
    }

    /// The same question still being asked (or the same phase of anything else).
    static func sameScene(_ a: QuizState, _ b: QuizState) -> Bool {
        guard a.phase == b.phase else { return false }
        guard a.phase == .question || a.phase == .reveal else { return true }
        let p = a.question, q = b.question
        return p?.text == q?.text && p?.choices == q?.choices && p?.endsAt == q?.endsAt && p?.timeLimit == q?.timeLimit
    }
}

/// The frame on screen when a state arrived: its pixels (for the cross-fade), the state and
/// values it showed (for animations that continue from them), and how long its scene had been
/// up. Captured by an output from what it shows (`MotionPlayer.capture`), or drawn settled
/// from a state (`render --from`).
///
/// The pixels are kept only as long as needed and only as much as needed: one captured from
/// an output is not copied while the output still shows it; the player fading from it keeps
/// only where it differs from the arriving frame (`PackedFade`); once the fade is over a
/// screen keeps `withoutPicture()`.
public final class Origin {
    public let frame: SceneFrame
    public let pose: Pose
    /// Seconds its scene had been up (`.infinity`: long settled).
    public let sceneAge: Double
    /// nil: no picture (`withoutPicture()`): nothing fades from it.
    let pixels: OriginPixels?

    public init(frame: SceneFrame, pose: Pose, picture: Canvas, sceneAge: Double) {
        self.frame = frame
        self.pose = pose
        self.pixels = OriginPixels(picture)
        self.sceneAge = sceneAge
    }

    init(frame: SceneFrame, pose: Pose, pixels: OriginPixels?, sceneAge: Double) {
        self.frame = frame
        self.pose = pose
        self.pixels = pixels
        self.sceneAge = sceneAge
    }

    /// The picture, as a canvas of its own (made now if it is kept some other way). Only an
    /// origin with a picture has one.
    public var picture: Canvas {
        guard let pixels else { preconditionFailure("this origin was kept without its picture") }
        return pixels.canvas()
    }

    public var hasPicture: Bool { pixels != nil }

    /// The same origin without its pixels: what a screen keeps once the fade from it is over
    /// (its state, pose and age still count; its picture never again).
    public func withoutPicture() -> Origin {
        Origin(frame: frame, pose: pose, pixels: nil, sceneAge: sceneAge)
    }
}

/// How an origin's pixels are kept.
final class OriginPixels {
    enum State {
        /// A canvas of its own.
        case canvas(Canvas)
        /// Still on the screen's canvas (nothing drawn into it since): copied, or packed by the
        /// fade, before the player draws there.
        case onScreen(Canvas)
        /// Packed by a fade: made again on demand (the arriving frame's first items drawn, the
        /// leaving frame's differences written over them).
        case rebuilt(() -> Canvas)
    }

    private(set) var state: State
    let size: (width: Int, height: Int)

    init(_ canvas: Canvas) {
        state = .canvas(canvas)
        size = (canvas.width, canvas.height)
    }

    init(onScreen canvas: Canvas) {
        state = .onScreen(canvas)
        size = (canvas.width, canvas.height)
    }

    /// The pixels as a canvas of their own.
    func canvas() -> Canvas {
        switch state {
        case .canvas(let c): return c
        case .onScreen(let c):
            let copy = Canvas(copying: c)
            state = .canvas(copy)
            return copy
        case .rebuilt(let make):
            let c = make()
            state = .canvas(c)
            return c
        }
    }

    /// The canvas they are still on, if they are.
    var screen: Canvas? {
        if case .onScreen(let c) = state { return c }
        return nil
    }

    /// The screen's canvas is about to change: the pixels get a canvas of their own.
    func leaveScreen() {
        if case .onScreen = state { _ = canvas() }
    }

    /// Kept by a fade from here on.
    func rebuild(with make: @escaping () -> Canvas) {
        state = .rebuilt(make)
    }
}

extension Origin {
    /// `frame` drawn settled — what `render` draws without `--from` — as the frame on screen
    /// when the next state arrived (`render --from OLD --at SECONDS`: OLD at the instant the
    /// state arrived, long enough on screen to have settled).
    public convenience init(settled frame: SceneFrame, renderer: SceneRenderer) {
        let picture = Canvas(width: frame.width, height: frame.height)
        renderer.render(frame.state, into: picture, now: frame.now, overlay: frame.overlay, safeArea: frame.safeArea)
        self.init(frame: frame, pose: renderer.layout(frame, motion: .settled).pose, picture: picture, sceneAge: .infinity)
    }
}
