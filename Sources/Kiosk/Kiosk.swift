import Display
import Pixels
import Platform
import QuizContract
import Renderer

/// The loop of the screen: sources → store → scene → outputs. Redraws when the state changes,
/// when an output appears or changes size, and once a second while a countdown runs; states
/// that arrive faster than frames coalesce (the latest is drawn).
public final class Kiosk: StateSink {
    public let loop: EventLoop
    public let store: StateStore
    public let renderer: SceneRenderer
    public private(set) var outputs: [Output] = []
    public private(set) var controllerOnline = true
    public private(set) var framesDrawn = 0
    private var frameObservers: [(Output, QuizState) -> Void] = []
    /// The wall clock scenes are drawn at: a countdown is a deadline in wall time, set on the
    /// controller's clock. Not the loop's (monotonic) clock, which only times the redraws;
    /// `--now` freezes this one, and tests tie it to their virtual loop time.
    public var clock: () -> Double = { Clock.now() }

    private var sources: [StateSource] = []
    private var redrawScheduled = false
    private var stale: Set<ObjectIdentifier> = []
    private var tick: EventLoop.Token?

    /// Questions' pictures, prepared off the loop (nil: every picture shows its placeholder).
    public var pictures: PictureStore? {
        didSet { attachPictures() }
    }

    public init(loop: EventLoop, renderer: SceneRenderer, store: StateStore = StateStore()) {
        self.loop = loop
        self.renderer = renderer
        self.store = store
        store.onChange = { [weak self] state in
            self?.pictures?.show(state)
            self?.invalidateAll()
        }
    }

    /// Calls `f` after each frame is presented on an output, with the state it shows. Any
    /// number of observers (readiness notification, the first-frame log line, kept frames,
    /// benchmarks), called in the order they were added.
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
        updatePictureSlots()
        for o in outputs {
            o.onReady = { [weak self, weak o] in
                guard let self, let o, self.stale.contains(ObjectIdentifier(o)) else { return }
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

    public var overlay: ScreenOverlay { ScreenOverlay(controllerOffline: !controllerOnline) }

    /// Draws the current state on every output that needs it and can take a frame now.
    public func redraw() {
        let state = store.current
        let now = clock()
        held = held.filter { $0.value.canvas != nil }
        for o in outputs where stale.contains(ObjectIdentifier(o)) {
            guard let canvas = o.nextFrame() else { continue }  // flip pending: onReady brings us back
            let key = ObjectIdentifier(canvas)
            let before = held[key].flatMap { $0.canvas === canvas ? $0.frame : nil }
            // The display's own overscan decision (from its EDID and driver), when it made one.
            var frame = SceneFrame(state: state, width: canvas.width, height: canvas.height, now: now, overlay: overlay,
                                   safeArea: o.safeAreaPercent.map(SafeArea.overscan))
            frame.pictureVersion = state.question?.image == nil ? 0 : pictures?.version ?? 0
            let damage = renderer.update(canvas, from: before, to: frame)
            held[key] = Held(canvas: canvas, frame: frame)
            if damage.isEmpty {
                stale.remove(ObjectIdentifier(o))  // nothing visible changed: no frame to show
                continue
            }
            do {
                try o.present(damage: damage)
                stale.remove(ObjectIdentifier(o))
                retries[ObjectIdentifier(o)] = nil
                framesDrawn += 1
                for f in frameObservers { f(o, state) }
            } catch {
                held[key] = nil
                retryLater(o, error: error)
            }
        }
        scheduleTick(state: state, now: now)
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
