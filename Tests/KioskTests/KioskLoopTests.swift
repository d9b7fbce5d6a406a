import Display
@testable import Kiosk
import Pixels
import Platform
import QuizContract
import Renderer
import TestSupport
import Testing

/// An output that keeps frames in memory and can hold a "flip" pending, like a DRM output.
final class MemoryOutput: Output {
    let name: String
    let width: Int
    let height: Int
    var onReady: (() -> Void)?
    let canvas: Canvas
    var presented = 0
    var flipPending = false
    var holdFlips = false

    init(name: String = "memory", width: Int = 320, height: Int = 180) {
        self.name = name
        self.width = width
        self.height = height
        canvas = Canvas(width: width, height: height)
    }

    func nextFrame() -> Canvas? { flipPending ? nil : canvas }
    var lastDamage: [Rect]?
    func present(damage: [Rect]?) throws {
        presented += 1
        lastDamage = damage
        if holdFlips { flipPending = true }
    }
    func completeFlip() {
        flipPending = false
        onReady?()
    }
}

@Suite(.serialized) struct KioskLoopTests {
    let fonts: FontSet
    init() throws {
        Log.sink = { _ in }
        var dir = #filePath
        for _ in 0..<3 { if let i = dir.lastIndex(of: "/") { dir = String(dir[..<i]) } }
        fonts = try FontSet(directory: dir + "/fonts")
    }

    /// A kiosk on a fresh loop with one memory output and an in-memory source.
    func makeKiosk(clock: Double? = nil, holdFlips: Bool = false) -> (EventLoop, Kiosk, MemoryOutput, InMemorySource) {
        let loop = EventLoop()
        let kiosk = Kiosk(loop: loop, renderer: SceneRenderer(fonts: fonts))
        if let clock { kiosk.clock = { clock } }
        let out = MemoryOutput()
        out.holdFlips = holdFlips
        kiosk.setOutputs([out])
        let source = InMemorySource()
        try? kiosk.add(source: source)
        return (loop, kiosk, out, source)
    }

    @Test func aNewStateIsDrawnAndFramesMatchADirectRender() {
        let (loop, kiosk, out, source) = makeKiosk(clock: 1000)
        source.send(#"{"question":{"text":"Q1","choices":["a","b"]}}"#)
        #expect(loop.run(until: { out.presented >= 1 && kiosk.store.current.question?.text == "Q1" }, timeout: 2))
        loop.runOnce(timeout: 0.01)
        let expected = Canvas(width: 320, height: 180)
        SceneRenderer(fonts: fonts).render(kiosk.store.current, into: expected, now: 1000)
        #expect(out.canvas.rgbBytes() == expected.rgbBytes())
    }

    @Test func statesFasterThanFramesCoalesceToTheLatest() {
        let (loop, kiosk, out, source) = makeKiosk(holdFlips: true)
        #expect(loop.run(until: { out.presented == 1 }, timeout: 2))  // idle frame, flip now pending
        for i in 1...100 { source.send("{\"quizId\":\"q\",\"revision\":\(i),\"title\":\"T\(i)\"}") }
        for _ in 0..<5 { loop.runOnce(timeout: 0.01) }
        #expect(out.presented == 1, "nothing is drawn while the flip is pending")
        out.completeFlip()
        #expect(loop.run(until: { out.presented == 2 }, timeout: 2))
        for _ in 0..<5 { loop.runOnce(timeout: 0.01) }
        #expect(out.presented == 2, "100 states became one frame")
        #expect(kiosk.store.current.title == "T100")
    }

    @Test func aRunningCountdownRedrawsEverySecond() {
        let (loop, kiosk, out, source) = makeKiosk()
        let end = RFC3339.format(Clock.now() + 30)
        source.send("{\"question\":{\"text\":\"Q\",\"timeLimit\":30,\"endsAt\":\"\(end)\"}}")
        #expect(loop.run(until: { out.presented >= 1 }, timeout: 2))
        let before = out.presented
        #expect(loop.run(until: { out.presented >= before + 2 }, timeout: 3.5), "two ticks in under 3.5 s")
        let area = (out.lastDamage ?? []).reduce(0) { $0 + $1.width * $1.height }
        #expect(area > 0 && area < out.width * out.height / 10, "a tick redraws the countdown only, not the whole screen")
        withExtendedLifetime(kiosk) {}
    }

    @Test func theOfflineMarkRedrawsAndInvalidInputKeepsTheFrame() {
        let (loop, kiosk, out, source) = makeKiosk()
        source.send(#"{"title":"Good"}"#)
        #expect(loop.run(until: { out.presented >= 1 && kiosk.store.current.title == "Good" }, timeout: 2))
        loop.runOnce(timeout: 0.01)
        let frames = out.presented
        let pixels = out.canvas.rgbBytes()
        source.send("{\"title\":")
        for _ in 0..<5 { loop.runOnce(timeout: 0.01) }
        #expect(out.presented == frames && out.canvas.rgbBytes() == pixels)
        source.link(online: false)
        #expect(loop.run(until: { out.presented > frames }, timeout: 2))
        #expect(!kiosk.controllerOnline)
    }
}

/// An output whose first presents fail, like a DRM output whose mode set the driver refused.
final class FlakyOutput: Output {
    let name = "flaky"
    let width = 160
    let height = 90
    var onReady: (() -> Void)?
    let canvas = Canvas(width: 160, height: 90)
    var failuresLeft: Int
    var attempts = 0
    var shown = 0

    init(failures: Int) { failuresLeft = failures }

    struct Refused: Error {}

    func nextFrame() -> Canvas? { canvas }
    func present(damage: [Rect]?) throws {
        attempts += 1
        if failuresLeft > 0 {
            failuresLeft -= 1
            throw Refused()
        }
        shown += 1
    }
}

@Suite(.serialized) struct KioskRetryTests {
    @Test func aFailedPresentIsRetriedWithoutAnyNewState() throws {
        Log.sink = { _ in }
        var dir = #filePath
        for _ in 0..<3 { if let i = dir.lastIndex(of: "/") { dir = String(dir[..<i]) } }
        let loop = EventLoop()
        let kiosk = Kiosk(loop: loop, renderer: SceneRenderer(fonts: try FontSet(directory: dir + "/fonts")))
        let out = FlakyOutput(failures: 2)
        kiosk.setOutputs([out])
        // A static idle scene: no countdown, no new state. Only the retry can bring the frame.
        #expect(loop.run(until: { out.shown == 1 }, timeout: 5), "attempts: \(out.attempts)")
        #expect(out.attempts == 3)
    }
}
