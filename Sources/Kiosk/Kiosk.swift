import CLinux
import Outputs
import Media
import Pixels
import Platform
import QuizContract
import Renderer

/// The loop of the screen: sources → store → scene → outputs. Redraws when the state changes,
/// when an output appears or changes size, and while anything moves (with motion: at every
/// vblank, `MotionDriver`; without: once a second while a countdown runs); states that arrive
/// faster than frames coalesce (the latest is drawn).
public final class Kiosk: StateSink {
    public let loop: EventLoop
    public let store: StateStore
    public let renderer: SceneRenderer
    public private(set) var outputs: [Output] = []
    public private(set) var controllerOnline = true
    /// What the host's presence last said; nil while no host has ever said anything (a room run
    /// by `publish` alone has no host to miss).
    public private(set) var hostOnline: Bool?
    public private(set) var framesDrawn = 0
    /// What the room's sound says of itself for the presence document (nil: no sound).
    public var soundReport: (() -> ScreenPresence.SoundReport?)?
    private var frameObservers: [(Output, QuizState) -> Void] = []
    /// The wall clock scenes are drawn at: a countdown is a deadline in wall time, set on the
    /// controller's clock. Not the loop's (monotonic) clock, which only times the redraws;
    /// `--now` freezes this one, and tests tie it to their virtual loop time.
    public var clock: () -> Double = { Clock.now() }
    /// The clock stands still (`--now`): every frame shows that instant. A running clock is
    /// read ahead to the vblank a frame is for; a frozen one must not be, or the countdown of a
    /// frozen screen would differ from `render --now` of the same instant.
    public var clockIsFrozen = false

    private var sources: [StateSource] = []
    private var redrawScheduled = false
    private var stale: Set<ObjectIdentifier> = []
    private var tick: EventLoop.Token?

    /// Questions' pictures, prepared off the loop (nil: every picture shows its placeholder).
    public var pictures: PictureStore? {
        didSet { attachPictures() }
    }

    /// With motion (the default) the screen moves between states and its countdown sweeps at
    /// the display's refresh rate; without, it shows settled frames only and the countdown
    /// ticks once a second.
    public init(loop: EventLoop, renderer: SceneRenderer, store: StateStore = StateStore(), motion: Bool = true) {
        self.loop = loop
        self.renderer = renderer
        self.store = store
        store.onChange = { [weak self] state in
            self?.pictures?.show(state)
            self?.invalidateAll()
        }
        if motion {
            self.motion = MotionDriver(renderer: renderer, loop: loop) { [weak self] o in
                guard let self else { return }
                self.stale.insert(ObjectIdentifier(o))
                self.scheduleRedraw()
            }
        }
    }

    /// Motion on: draws and paces the frames of every output.
    private var motion: MotionDriver?
    public var hasMotion: Bool { motion != nil }

    /// Vblanks an output's frames missed since it appeared, of the frames drawn for one (nil
    /// without motion or before its first frame).
    public func vblanks(of output: Output) -> (missed: Int, paced: Int)? { motion?.vblanks(output) }

    /// Calls `f` after each settled frame is presented on an output, with the state it shows:
    /// the frames a screen without motion shows (a state's settled frame, a countdown's next
    /// second), not the frames of an animation in between. Any number of observers (readiness
    /// notification, the first-frame log line, kept frames, benchmarks), called in the order
    /// they were added.
    public func observeFrames(_ f: @escaping (Output, QuizState) -> Void) {
        frameObservers.append(f)
    }

    public func add(source: StateSource) throws {
        sources.append(source)
        try source.start(on: loop, sink: self)
    }

    public func stopSources() {
        for s in sources { s.stop() }
        sources.removeAll()
    }

    /// The outputs to draw on; the display manager calls this on every hotplug rescan.
    public func setOutputs(_ new: [Output]) {
        outputs = new
        motion?.keep(only: new)
        updatePictureSlots()
        for o in outputs {
            o.onReady = { [weak self, weak o] in
                guard let self, let o else { return }
                self.motion?.flipped(o)
                guard self.stale.contains(ObjectIdentifier(o)) else { return }
                self.scheduleRedraw()
            }
        }
        invalidateAll()
    }

    public func receive(_ bytes: [UInt8], from origin: String) {
        guard store.apply(bytes, from: origin) == .accepted else { return }
        // A deadline further away than a countdown can show is said once per state: the
        // controller's clock, or this screen's, is likely wrong (the ring shows 99:59:59).
        if let end = store.current.question?.endsAt, end - clock() > Double(CountdownText.maxShown) {
            let days = Int((end - clock()) / 86_400)
            Log.warning("\(origin): question.endsAt is \(days) days away on this screen's clock: the countdown shows 99:59:59 (is a clock wrong?)")
        }
    }

    public func reject(_ reason: String, from origin: String) {
        store.reject(reason, from: origin)
    }

    public func controllerLink(online: Bool) {
        guard online != controllerOnline else { return }
        controllerOnline = online
        Log.info(online ? "controller link up" : "controller link down: showing the offline mark, keeping the last state")
        invalidateAll()
    }

    public func hostPresence(online: Bool?) {
        guard online != hostOnline else { return }
        let was = hostOnline
        hostOnline = online
        if online == false {
            Log.info("host offline: showing the host-offline mark, keeping the last state")
        } else if was == false {
            Log.info(online == true ? "host back online" : "host presence cleared")
        }
        invalidateAll()
    }

    public func invalidateAll() {
        for o in outputs { stale.insert(ObjectIdentifier(o)) }
        scheduleRedraw()
    }

    private func scheduleRedraw() {
        guard !redrawScheduled else { return }
        redrawScheduled = true
        loop.after(0) { [weak self] in
            self?.redrawScheduled = false
            self?.redraw()
        }
    }

    /// What each canvas an output handed out holds now, so the next frame redraws only what
    /// changed (the countdown) instead of everything. Weak: a new canvas that happens to get a
    /// freed one's address must not inherit its pixels' history.
    private struct Held {
        weak var canvas: Canvas?
        let frame: SceneFrame
    }
    private var held: [ObjectIdentifier: Held] = [:]

    public var overlay: ScreenOverlay { ScreenOverlay(controllerOffline: !controllerOnline, hostOffline: hostOnline == false) }

    /// Draws the current state on every output that needs it and can take a frame now.
    public func redraw() {
        let state = store.current
        let now = clock()
        held = held.filter { $0.value.canvas != nil }
        for o in outputs where stale.contains(ObjectIdentifier(o)) {
            guard let canvas = o.nextFrame() else { continue }  // flip pending: onReady brings us back
            if let motion {
                let drawn = motion.draw(o, canvas: canvas, state: state, overlay: overlay, pictureVersion: pictureVersion(state, on: o),
                                        wallNow: now, wallRuns: !clockIsFrozen)
                // A frame that could not be shown is retried with backoff (`retryLater`), not at
                // the pace of the motion.
                if present(o, damage: drawn.damage, settled: drawn.settled, state: state) {
                    motion.shown(o, presented: !drawn.damage.isEmpty || drawn.settled)
                }
                continue
            }
            let key = ObjectIdentifier(canvas)
            let before = held[key].flatMap { $0.canvas === canvas ? $0.frame : nil }
            // The display's own overscan decision (from its EDID and driver), when it made one.
            var frame = SceneFrame(state: state, width: canvas.width, height: canvas.height, now: now, overlay: overlay,
                                   safeArea: o.safeAreaPercent.map(SafeArea.overscan))
            frame.pictureVersion = pictureVersion(state, on: o)
            let damage = renderer.update(canvas, from: before, to: frame)
            held[key] = Held(canvas: canvas, frame: frame)
            if !present(o, damage: damage, settled: true, state: state) { held[key] = nil }
        }
        if motion == nil { scheduleTick(state: state, now: now) }
    }

    /// Which picture the frame of `state` on `o` shows (`PictureStore.version(_:for:)`): its
    /// picture becoming ready in the slot it is drawn in changes the frame, which is drawn
    /// again (with motion, as a new arrival that fades the picture in). Another slot's or
    /// another picture's changes nothing here: no fade of a screen to itself.
    private func pictureVersion(_ state: QuizState, on o: Output) -> Int {
        guard let pictures, let sha = state.question?.image?.sha256,
              let slot = renderer.pictureSlots(for: state, width: o.width, height: o.height,
                                               safeArea: o.safeAreaPercent.map(SafeArea.overscan)).first else { return 0 }
        return pictures.version(sha, for: slot)
    }

    /// Shows a drawn frame (none when nothing visible changed); observers hear of the settled
    /// ones (a screen without motion shows only those). False when showing it failed.
    @discardableResult
    private func present(_ o: Output, damage: [Rect], settled: Bool, state: QuizState) -> Bool {
        // A settled frame is shown even when the last frame of its animation already had its
        // pixels: outputs that keep frames (PNG) keep this one.
        guard !damage.isEmpty || settled else {
            stale.remove(ObjectIdentifier(o))  // nothing visible changed: no frame to show
            return true
        }
        do {
            try o.present(damage: damage, settled: settled)
            stale.remove(ObjectIdentifier(o))
            retries[ObjectIdentifier(o)] = nil
            framesDrawn += 1
            if settled {
                releaseFreedMemory(after: state)
                pictures?.screenSettled()
                for f in frameObservers { f(o, state) }
            }
            return true
        } catch {
            motion?.forget(o)
            retryLater(o, error: error)
            return false
        }
    }

    /// The state whose settled frame last gave freed memory back.
    private var trimmed: QuizState?

    /// Once a state's screen has settled (its fade and motion over, its frame written), the
    /// memory they used and freed goes back to the system: glibc keeps freed memory in its
    /// heaps (the main one and each thread's, such as the picture thread's) for reuse, and
    /// gives back only what lies at a heap's top, so a screen would otherwise hold the most it
    /// ever needed at once. Not at every second of a countdown: once per state.
    private func releaseFreedMemory(after state: QuizState) {
        guard state != trimmed else { return }
        trimmed = state
        _ = malloc_trim(0)
    }

    /// Per output after a failed present; gone once a frame is shown.
    private var retries: [ObjectIdentifier: Backoff] = [:]

    /// A frame that could not be shown (a mode set refused, a transient driver error) is tried
    /// again, 0.5 s later and then backing off to 8 s, even when nothing else changes: a static
    /// scene must not leave the TV on the console.
    private func retryLater(_ o: Output, error: Error) {
        let id = ObjectIdentifier(o)
        var backoff = retries[id] ?? Backoff(initial: 0.5, cap: 8)
        let delay = backoff.next()
        retries[id] = backoff
        Log.error("\(o.name): cannot show the frame: \(error); trying again in \(delay) s")
        loop.after(delay) { [weak self, weak o] in
            guard let self, let o, self.outputs.contains(where: { $0 === o }) else { return }
            self.stale.insert(ObjectIdentifier(o))
            self.scheduleRedraw()
        }
    }

    /// While a countdown runs, redraw when the number shown next changes.
    private func scheduleTick(state: QuizState, now: Double) {
        if let t = tick { loop.cancel(t) }
        tick = nil
        guard state.phase == .question, let end = state.question?.endsAt, end > now else { return }
        let left = end - now
        let untilNextSecond = left - (left.rounded(.up) - 1)
        tick = loop.after(max(0.001, untilNextSecond + 0.0005)) { [weak self] in
            self?.tick = nil
            self?.invalidateAll()
        }
    }
}
