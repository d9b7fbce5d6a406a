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

    /// Whether `origin` can be faded from: a picture of this size and safe area.
    var fadesFromOrigin: Bool {
        guard let o = origin else { return false }
        return o.picture.width == frame.width && o.picture.height == frame.height && elapsed < Timeline.fade
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
public final class Origin {
    public let frame: SceneFrame
    public let pose: Pose
    public let picture: Canvas
    /// Seconds its scene had been up (`.infinity`: long settled).
    public let sceneAge: Double

    public init(frame: SceneFrame, pose: Pose, picture: Canvas, sceneAge: Double) {
        self.frame = frame
        self.pose = pose
        self.picture = picture
        self.sceneAge = sceneAge
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
