import Display
import Kiosk
import Pixels
import Platform
import QuizContract
import Renderer
import TestSupport
import Testing

/// The screen's loop on virtual time: `advance(by: 0)` runs the redraw a change scheduled, so
/// "nothing was drawn" is a fact about the loop, not about how long a test waited.
@Suite struct KioskLoopTests {
    /// The wall clock scenes are drawn at, while the loop's time is 0.
    static let wallStart = RFC3339.parse("2026-11-29T20:00:00Z") ?? 0

    let fonts: FontSet
    init() throws {
        Log.sink = { _ in }
        fonts = try FontSet(directory: bundledFonts)
    }

    /// A kiosk on a virtual loop with one output and an in-memory source. Its wall clock moves
    /// with the loop's time, as the real ones do.
    func makeKiosk(holdFlips: Bool = false) -> (EventLoop, Kiosk, FlippingOutput, InMemorySource) {
        let loop = EventLoop(clock: VirtualClock())
        let kiosk = Kiosk(loop: loop, renderer: SceneRenderer(fonts: fonts))
        kiosk.clock = { Self.wallStart + loop.now }
        let out = FlippingOutput()
        out.holdFlips = holdFlips
        kiosk.setOutputs([out])
        let source = InMemorySource()
        try? kiosk.add(source: source)
        return (loop, kiosk, out, source)
    }

    @Test func aNewStateIsDrawnAndFramesMatchADirectRender() {
        let (loop, kiosk, out, source) = makeKiosk()
        source.send(#"{"question":{"text":"Q1","choices":["a","b"]}}"#)
        loop.advance(by: 0)
        #expect(out.presented == 1 && kiosk.store.current.question?.text == "Q1")
        let expected = Canvas(width: 320, height: 180)
        SceneRenderer(fonts: fonts).render(kiosk.store.current, into: expected, now: Self.wallStart)
        #expect(out.canvas.rgbBytes() == expected.rgbBytes())
    }

    @Test func statesFasterThanFramesCoalesceToTheLatest() {
        let (loop, kiosk, out, source) = makeKiosk(holdFlips: true)
        loop.advance(by: 0)
        #expect(out.presented == 1)  // the idle frame; its flip is pending now
        for i in 1...100 { source.send("{\"quizId\":\"q\",\"revision\":\(i),\"title\":\"T\(i)\"}") }
        loop.advance(by: 0)
        #expect(out.presented == 1, "nothing is drawn while the flip is pending")
        out.completeFlip()
        loop.advance(by: 0)
        #expect(out.presented == 2, "100 states became one frame")
        #expect(kiosk.store.current.title == "T100")
        loop.advance(by: 10)
        #expect(out.presented == 2, "no countdown: nothing more to draw")
    }

    /// The countdown is redrawn when the number it shows changes, once a second, and only the
    /// countdown; when the time is up the ticks stop.
    @Test func aRunningCountdownRedrawsOnceASecondUntilTheTimeIsUp() {
        let (loop, kiosk, out, source) = makeKiosk()
        let end = RFC3339.format(Self.wallStart + 30.25)
        source.send("{\"question\":{\"text\":\"Q\",\"timeLimit\":31,\"endsAt\":\"\(end)\"}}")
        loop.advance(by: 0)
        #expect(out.presented == 1)  // 30.25 s left: shows 31
        loop.advance(by: 0.25)
        #expect(out.presented == 1, "31 is still right until 30 s are left")
        loop.advance(by: 0.001)
        #expect(out.presented == 2, "30")
        #expect(out.lastDamageArea > 0 && out.lastDamageArea < out.width * out.height / 10,
                "a tick redraws the countdown only, not the whole screen")
        for second in 1...30 {
            loop.advance(by: 0.998)
            #expect(out.presented == second + 1, "no redraw within the second")
            loop.advance(by: 0.002)
            #expect(out.presented == second + 2, "the redraw for \(30 - second)")
        }
        loop.advance(by: 600)
        #expect(out.presented == 32, "the time is up: nothing moves any more")
        withExtendedLifetime(kiosk) {}
    }

    @Test func theOfflineMarkRedrawsAndInvalidInputKeepsTheFrame() {
        let (loop, kiosk, out, source) = makeKiosk()
        source.send(#"{"title":"Good"}"#)
        loop.advance(by: 0)
        #expect(out.presented == 1 && kiosk.store.current.title == "Good")
        let pixels = out.canvas.rgbBytes()
        source.send("{\"title\":")
        loop.advance(by: 0)
        #expect(out.presented == 1 && out.canvas.rgbBytes() == pixels, "an invalid message draws nothing")
        source.link(online: false)
        loop.advance(by: 0)
        #expect(out.presented == 2 && !kiosk.controllerOnline)
        #expect(out.canvas.rgbBytes() != pixels, "the mark is on screen")
    }
}

@Suite struct KioskRetryTests {
    /// A static idle scene: no countdown, no new state. Only the retry (0.5 s, then 1 s later)
    /// can bring the frame.
    @Test func aFailedPresentIsRetriedWithoutAnyNewState() throws {
        Log.sink = { _ in }
        let loop = EventLoop(clock: VirtualClock())
        let kiosk = Kiosk(loop: loop, renderer: SceneRenderer(fonts: try FontSet(directory: bundledFonts)))
        let out = FlakyOutput(failures: 2)
        kiosk.setOutputs([out])
        loop.advance(by: 0)
        #expect(out.attempts == 1)
        loop.advance(by: 0.49)
        #expect(out.attempts == 1)
        loop.advance(by: 0.02)
        #expect(out.attempts == 2)
        loop.advance(by: 0.98)
        #expect(out.attempts == 2, "the second retry waits 1 s")
        loop.advance(by: 0.02)
        #expect(out.attempts == 3 && out.shown == 1)
        loop.advance(by: 60)
        #expect(out.attempts == 3, "shown: nothing more to retry")
    }
}

/// A deadline further than a countdown can show is drawn as 99:59:59 and said once.
@Suite struct FarDeadlineTests {
    @Test func aDeadlineYearsAwayIsSaidOnce() throws {
        let loop = EventLoop(clock: VirtualClock())
        let kiosk = Kiosk(loop: loop, renderer: SceneRenderer(fonts: try TestFonts.load()))
        kiosk.clock = { 1_800_000_000 }
        let log = LogCapture(containing: "far-deadline-test")
        kiosk.receive(Array(#"{"question":{"text":"q","endsAt":"2190-01-01T00:00:00Z"}}"#.utf8), from: "far-deadline-test")
        #expect(log.lines(containing: "days away on this screen's clock").count == 1, "\(log.all)")
        kiosk.receive(Array(#"{"question":{"text":"q","endsAt":"2027-01-15T08:00:00Z"}}"#.utf8), from: "far-deadline-test")
        #expect(log.lines(containing: "days away").count == 1, "a near deadline is not reported")
    }
}
