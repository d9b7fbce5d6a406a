import Media
import Platform
import QuizContract
import Renderer

/// The bundled sample quiz advancing on its own, step after step, over and over: what a
/// screen shows with nothing else configured. Each state goes through the same path as a
/// controller's (encoded, then decoded and validated by the store).
public final class DemoSource: StateSource {
    public let description = "demo"
    private let steps: (Double) -> [DemoQuiz.Step]
    private let clock: () -> Double
    private weak var sink: StateSink?
    private var loop: EventLoop?
    private var timer: EventLoop.Token?
    private var current: [DemoQuiz.Step] = []
    private var cycle = 0
    /// How many states were delivered (tests).
    public private(set) var delivered = 0
    /// Where the demo's own picture is handed over when the source starts.
    public weak var pictures: PictureStore?

    /// Every step shown this long instead of its own time (`bench --memory` goes through a
    /// pass in seconds); nil: each step's own.
    private let stepSeconds: Double?

    /// `steps` builds one pass of the quiz with countdowns relative to its start time.
    public init(steps: @escaping (Double) -> [DemoQuiz.Step] = { DemoQuiz.steps(start: $0, picture: DemoPicture.reference) },
                clock: @escaping () -> Double = { Clock.now() }, stepSeconds: Double? = nil) {
        self.steps = steps
        self.clock = clock
        self.stepSeconds = stepSeconds
    }

    public func start(on loop: EventLoop, sink: StateSink) {
        self.loop = loop
        self.sink = sink
        pictures?.receive(DemoPicture.bytes, sha256: DemoPicture.sha256, from: description)
        cycle = 0
        beginCycle()
    }

    public func stop() {
        if let t = timer { loop?.cancel(t) }
        timer = nil
        sink = nil
    }

    private func beginCycle() {
        current = steps(clock())
        show(0)
    }

    private func show(_ i: Int) {
        guard let sink, let loop else { return }
        guard i < current.count else {
            cycle += 1
            beginCycle()
            return
        }
        var s = current[i].state
        // Later passes continue the revision numbers, so screens take them as newer.
        s.revision = (s.revision ?? i + 1) + cycle * current.count
        delivered += 1
        sink.receive(StateEncoder.encode(s), from: description)
        timer = loop.after(max(0.05, stepSeconds ?? current[i].seconds)) { [weak self] in self?.show(i + 1) }
    }
}
