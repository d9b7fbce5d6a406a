import CommandLineKit
import Display
import Glibc
import Kiosk
import MQTT
import Outputs
import Pixels
import Platform
import QuizContract
import QuizHost
import Renderer

/// `quizkiosk-bench --mqtt`: publish-to-frame latency through a real broker. A private
/// mosquitto on 127.0.0.1; the kiosk loop with its MQTT source and a headless output at
/// 1920×1080; a second MQTT connection (the controller) in the same process and on the same
/// loop publishes question states one at a time, each after the previous one's frame.
///
/// Latency is measured from just before `mosquitto_publish` to:
/// - frame rendered: the scene is drawn into the output's canvas and handed to `present` — the
///   moment a DRM output queues its page flip;
/// - file written: the headless output has encoded the PNG and renamed it to latest.png.
/// Both include the trip through the broker and the screen's JSON decoding and validation.
enum MQTTBench {
    static func run(_ argv: [String]) throws -> Int32 {
        let args = try Arguments(argv, options: ["--updates", "--size", "--fonts"], flags: ["--mqtt"])
        let updates = try args.value("--updates").map { t throws(UsageError) in
            guard let n = Int(t), (1...100_000).contains(n) else { throw UsageError(message: "--updates \(t): expected 1…100000") }
            return n
        } ?? 1000
        let size = try args.value("--size").map { s throws(UsageError) in try DisplaySize(parsing: s) } ?? DisplaySize(width: 1920, height: 1080)
        let fonts = try CLI.loadFonts(args.value("--fonts"))
        Log.threshold = .warning  // connection chatter would only disturb the timing
        #if DEBUG
        Console.out("note: a debug build; run `scripts/bench --mqtt` for real figures")
        #endif

        let broker = try BenchBroker()
        let out = broker.directory + "/frames"
        let loop = EventLoop()
        // Without motion: the figures are publish → settled frame → latest.png, as before motion.
        // (With it, the first frame of a new state is drawn at the same moment, as the start of
        // its fade; latest.png then waits for the settled frame, a second later by design.)
        let kiosk = Kiosk(loop: loop, renderer: SceneRenderer(fonts: fonts), motion: false)
        let headless = try HeadlessOutput(width: size.width, height: size.height, directory: out)
        let output = TimingOutput(headless)
        kiosk.setOutputs([output])
        var room = broker.url
        room.room = "bench"
        let source = try MQTTSource(broker: room, screen: "bench")
        try kiosk.add(source: source)
        let publisher = try MQTTClient(.init(broker: broker.url, clientID: "bench-controller"), loop: loop)
        publisher.start()
        guard loop.run(until: { source.client?.state == .connected && publisher.state == .connected && output.frames > 0 }, timeout: 10) else {
            throw CLIError("bench: could not connect to the private broker on port \(broker.port)")
        }

        var shown: (revision: Int, rendered: Double, written: Double)?
        kiosk.observeFrames { _, state in
            if let rev = state.revision { shown = (rev, output.lastRendered, output.lastWritten) }
        }
        let topic = BrokerURL.stateTopic(room: "bench")
        let start = Clock.now()
        func publish(_ rev: Int) -> Double? {
            let payload = StateEncoder.encode(state(revision: rev, start: start))
            let t0 = Clock.monotonic()
            guard publisher.publish(.init(topic: topic, payload: payload, qos: 1, retain: true)) != nil,
                  loop.run(until: { shown?.revision == rev }, timeout: 5) else { return nil }
            return t0
        }

        let warmup = 20
        for rev in 1...warmup { _ = publish(rev) }
        var rendered: [Double] = []
        var written: [Double] = []
        for rev in (warmup + 1)...(warmup + updates) {
            guard let t0 = publish(rev), let s = shown else {
                throw CLIError("bench: update \(rev) did not reach the screen within 5 s")
            }
            rendered.append(s.rendered - t0)
            written.append(s.written - t0)
        }
        source.stop()
        publisher.stop()
        unlink(headless.latestPath)
        rmdir(out)

        Console.out("publish → frame through mosquitto on 127.0.0.1, \(size), \(updates) updates (question scene, Japanese, countdown)")
        Console.out("  frame rendered (what DRM would flip): " + summary(rendered))
        Console.out("  latest.png written (PNG encode + rename): " + summary(written))
        let goal = percentile(rendered, 0.99) <= 0.016
        Console.out("  goal p99 ≤ 16 ms for the rendered frame: \(goal ? "met" : "NOT met")")
        return 0
    }

    static func summary(_ v: [Double]) -> String {
        "p50 \(BenchCommand.ms(percentile(v, 0.5))), p99 \(BenchCommand.ms(percentile(v, 0.99))), max \(BenchCommand.ms(v.max() ?? 0))"
    }

    static func percentile(_ v: [Double], _ p: Double) -> Double {
        let s = v.sorted()
        guard !s.isEmpty else { return 0 }
        return s[min(s.count - 1, Int((Double(s.count) * p).rounded(.up)) - 1)]
    }

    /// Each update a new question number and answer counts: a full redraw every time.
    static func state(revision: Int, start: Double) -> QuizState {
        let q = QuizState.Question(number: revision % 10 + 1, total: 10, text: "日本で一番高い山は富士山ですが、では二番目に高い山はどれでしょう？（\(revision)）",
                                   choices: ["北岳", "奥穂高岳", "間ノ岳", "槍ヶ岳"], timeLimit: 20, endsAt: start + 600)
        return QuizState(quizId: "bench", revision: revision, phase: .question, title: "QuizKiosk bench", question: q)
    }
}

/// An output that notes when a frame was handed to it (rendered) and when the real output had
/// finished with it (written).
final class TimingOutput: ForwardingOutput {
    private(set) var lastRendered = 0.0
    private(set) var lastWritten = 0.0
    private(set) var frames = 0

    override func present(damage: [Rect]?, settled: Bool) throws {
        lastRendered = Clock.monotonic()
        try super.present(damage: damage, settled: settled)
        lastWritten = Clock.monotonic()
        frames += 1
    }
}
