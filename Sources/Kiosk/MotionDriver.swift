import Outputs
import Pixels
import Platform
import QuizContract
import Renderer

/// The kiosk's screens in motion: per output, what it shows (the state, when it arrived, the
/// frame on screen then), an incremental `MotionPlayer`, and the pace of its frames.
///
/// A state (or overlay) that differs from what an output shows "arrives" at the output's next
/// frame: the frame on screen becomes its origin, and from then on every frame is the pure
/// function of (origin, state, time since arrival, now) that `SceneRenderer.render(_ moment:)`
/// draws. An output's first frame — at start, after a hotplug, at a new size — has no origin:
/// the settled frame at once. While the screen moves, frames follow the display's vblanks
/// (`FramePacing`); when it is still, nothing is drawn and nothing wakes up, except a timer
/// for the next instant the clock changes what it shows.
final class MotionDriver {
    private let renderer: SceneRenderer
    private let loop: EventLoop
    /// Asks the kiosk to draw an output's next frame now.
    private let request: (Output) -> Void
    private var screens: [ObjectIdentifier: Screen] = [:]

    private final class Screen {
        let player: MotionPlayer
        var pacing: FramePacing
        /// What is shown: the frame's inputs apart from the clock, its origin, its arrival
        /// (loop clock).
        var shown: (key: SceneFrame, origin: Origin?, arrived: Double)?
        /// The vblank the next frame is for, when the pace asked for it.
        var planned: Double?
        var timer: EventLoop.Token?
        /// The last settled frame presented and its clock: the next settled frame with another
        /// is one a screen without motion would show.
        var lastSettled: (key: SceneFrame, face: ClockFace?)?
        /// The current run of motion: when it began (loop clock), frames and misses then.
        var run: (start: Double, frames: Int, missed: Int)?
        var frames = 0
        /// The frame drawn and not yet shown: its moment, its vblank, whether the pace asked.
        var drawn: (moment: Moment, target: Double, fromPace: Bool)?

        init(player: MotionPlayer, pacing: FramePacing) {
            self.player = player
            self.pacing = pacing
        }
    }

    /// What drawing an output's frame gave.
    struct Drawn {
        var damage: [Rect]
        /// The frame is one a screen without motion shows (see `Output.present(damage:settled:)`).
        var settled: Bool
    }

    init(renderer: SceneRenderer, loop: EventLoop, request: @escaping (Output) -> Void) {
        self.renderer = renderer
        self.loop = loop
        self.request = request
    }

    /// Outputs gone: their screens (and timers) go too.
    func keep(only outputs: [Output]) {
        let alive = Set(outputs.map(ObjectIdentifier.init))
        for (id, s) in screens where !alive.contains(id) {
            if let t = s.timer { loop.cancel(t) }
            screens[id] = nil
        }
    }

    /// Draws the frame of `output` for its next vblank into `canvas`: `state` and `overlay` as
    /// the kiosk holds them now, `wallNow` the wall clock read now (`wallRuns`: it moves on
    /// with time; false for a clock frozen by `--now`).
    /// `pictureVersion`: which of the state's pictures are ready (one becoming ready is an arrival).
    func draw(_ output: Output, canvas: Canvas, state: QuizState, overlay: ScreenOverlay, pictureVersion: Int, wallNow: Double,
              wallRuns: Bool) -> Drawn {
        let s = screen(output)
        if let t = s.timer { loop.cancel(t) }
        s.timer = nil
        let now = loop.now
        let fromPace = s.planned != nil
        let target = s.planned ?? s.pacing.target(now: now)
        s.planned = nil
        // The wall clock at the frame's vblank: the countdown shows what it will be then.
        let wall = wallRuns ? wallNow + (target - now) : wallNow
        var key = SceneFrame(state: state, width: canvas.width, height: canvas.height, now: 0, overlay: overlay,
                             safeArea: output.safeAreaPercent.map(SafeArea.overscan))
        key.pictureVersion = pictureVersion
        if let was = s.shown, was.key != key, Moment.updatesInPlace(from: was.key, to: key) {
            // Only the running question's counts changed: drawn in place, no fade, so the
            // screen's picture is not kept. A fade from another scene still under way goes on
            // (from the same picture and instant) to the updated frame.
            if let o = was.origin, o.hasPicture, target - was.arrived < Timeline.fade, !Moment.updatesInPlace(from: o.frame, to: key) {
                s.shown = (key, o, was.arrived)
            } else {
                s.shown = (key, s.player.capture()?.withoutPicture(), target)
            }
        } else if s.shown?.key != key {
            // Arrival. Same size and safe area: from the frame on screen; else a first frame.
            let continues = s.shown.map { $0.key.width == key.width && $0.key.height == key.height && $0.key.safeArea == key.safeArea } ?? false
            s.shown = (key, continues ? s.player.capture() : nil, target)
            if !continues { s.player.reset() }
        }
        guard var shown = s.shown else { return Drawn(damage: [], settled: false) }
        // The fade is over: the picture it faded from is not needed again (its state, pose
        // and age still are, for what keeps moving).
        if let o = shown.origin, o.hasPicture, target - shown.arrived >= Timeline.fade {
            shown.origin = o.withoutPicture()
            s.shown = shown
        }
        var frame = key
        frame.now = wall
        let moment = Moment(frame: frame, origin: shown.origin, elapsed: max(0, target - shown.arrived))
        let damage = s.player.draw(moment, into: canvas)
        let face = renderer.clockFace(frame)
        var settled = false
        if renderer.isSettled(moment), s.lastSettled.map({ $0.key != key || $0.face != face }) ?? true {
            settled = true
            s.lastSettled = (key, face)
        }
        s.drawn = (moment, target, fromPace)
        return Drawn(damage: damage, settled: settled)
    }

    /// After the kiosk showed the frame `draw` gave (`shown`: it had damage and presenting it
    /// worked): the next frame is planned.
    func shown(_ output: Output, presented: Bool) {
        guard let s = screens[ObjectIdentifier(output)], let drawn = s.drawn else { return }
        s.drawn = nil
        s.pacing.drew(target: drawn.target)
        if presented {
            s.pacing.presented(target: drawn.target, fromPace: drawn.fromPace)
            s.frames += 1
        }
        schedule(output, s, after: drawn.moment, presented: presented)
    }

    /// Showing the output's last frame failed: its next frame is drawn whole (and so shown),
    /// when the kiosk tries again.
    func forget(_ output: Output) {
        guard let s = screens[ObjectIdentifier(output)] else { return }
        s.player.reset()
        s.drawn = nil
        s.planned = nil
        if let t = s.timer { loop.cancel(t) }
        s.timer = nil
    }

    /// The output's frame went on screen at its vblank.
    func flipped(_ output: Output) {
        guard let s = screens[ObjectIdentifier(output)] else { return }
        s.pacing.flipped(at: output.lastVblank ?? loop.now)
        if s.planned != nil {
            let next = s.pacing.next(now: loop.now)
            s.planned = next.target
            wake(output, s, at: next.drawAt)
        }
    }

    /// Vblanks missed on `output` since it appeared, and frames drawn for a vblank.
    func vblanks(_ output: Output) -> (missed: Int, paced: Int)? {
        screens[ObjectIdentifier(output)].map { ($0.pacing.missed, $0.pacing.paced) }
    }

    /// After a frame: the next one at the next vblank while the screen moves (drawn when the
    /// flip of this one completes, or by the pace's own clock without flips); when still, a
    /// wakeup only for the next instant the clock changes the picture.
    private func schedule(_ output: Output, _ s: Screen, after moment: Moment, presented: Bool) {
        let activity = renderer.activity(moment)
        let now = loop.now
        switch activity {
        case .moving:
            if s.run == nil { s.run = (now, s.frames, s.pacing.missed) }
            let next = s.pacing.next(now: now)
            s.planned = next.target
            // A flip in flight brings the next frame (`flipped`); otherwise the pace's clock
            // (no frame was shown, or it went up at once: a legacy mode set returns with it).
            let awaitingFlip = presented && s.pacing.hasVblanks && output.nextFrame() == nil
            if !awaitingFlip { wake(output, s, at: next.drawAt) }
        case .still(let until):
            s.planned = nil
            if let run = s.run {
                s.run = nil
                let seconds = now - run.start
                if seconds >= 2 {
                    let frames = s.frames - run.frames, missed = s.pacing.missed - run.missed
                    Log.info("\(output.name): motion: \(frames) frames in \(format(seconds)) s (\(format(Double(frames) / seconds)) a second), \(missed) missed vblanks")
                }
            }
            if let until {
                // Wall clock to loop clock, as the frame's own instant did.
                wake(output, s, at: now + max(0, until - moment.frame.now) + 0.0005)
            }
        }
    }

    private func wake(_ output: Output, _ s: Screen, at time: Double) {
        if let t = s.timer { loop.cancel(t) }
        s.timer = loop.after(max(0, time - loop.now)) { [weak self, weak output] in
            guard let self, let output else { return }
            self.screens[ObjectIdentifier(output)]?.timer = nil
            self.request(output)
        }
    }

    private func screen(_ output: Output) -> Screen {
        if let s = screens[ObjectIdentifier(output)] { return s }
        let s = Screen(player: MotionPlayer(renderer: renderer), pacing: FramePacing(refreshInterval: output.refreshInterval))
        screens[ObjectIdentifier(output)] = s
        return s
    }

    private func format(_ v: Double) -> String {
        let r = (v * 10).rounded() / 10
        return String(r)
    }
}
