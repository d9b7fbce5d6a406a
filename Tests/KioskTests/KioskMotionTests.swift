@testable import Display
@testable import Kiosk
import Media
import Outputs
import Pictures
import Pixels
import Platform
import QuizContract
import Renderer
import TestSupport
import Testing

/// The screen in motion, on virtual time: a frame for every vblank while something moves and
/// none once everything has settled (nothing wakes the loop either); a state arriving during
/// an animation starts from the frame on screen; an output's first frame is settled at once;
/// PNG files only for settled frames.
@Suite struct KioskMotionTests {
    static let wallStart = RFC3339.parse("2026-11-29T20:00:00Z") ?? 0
    static let interval = 1.0 / 60

    let fonts: FontSet
    init() throws {
        Log.sink = { _ in }
        fonts = try FontSet(directory: bundledFonts)
    }

    /// A kiosk in motion on virtual time, its wall clock moving with the loop's.
    func makeKiosk() -> (EventLoop, Kiosk, InMemorySource) {
        let loop = EventLoop(clock: VirtualClock())
        let kiosk = Kiosk(loop: loop, renderer: SceneRenderer(fonts: fonts))
        kiosk.clock = { Self.wallStart + loop.now }
        let source = InMemorySource()
        try? kiosk.add(source: source)
        return (loop, kiosk, source)
    }

    static func question(endsIn seconds: Double, limit: Double = 10) -> String {
        "{\"question\":{\"text\":\"Q\",\"choices\":[\"a\",\"b\"],\"timeLimit\":\(limit),\"endsAt\":\"\(RFC3339.format(wallStart + seconds))\"}}"
    }

    @Test func aMovingScreenGetsOneFramePerVblankThenNothingOnceSettled() throws {
        let (loop, kiosk, source) = makeKiosk()
        let display = SimulatedDisplay(width: 320, height: 180, loop: loop)
        kiosk.setOutputs([display])
        source.send(Self.question(endsIn: 2))
        loop.advance(by: 0)
        #expect(display.framesPresented == 1, "the first frame at once")
        loop.advance(by: 1)
        let frames = display.framesPresented
        #expect(frames >= 60 && frames <= 61, "a second of a sweeping countdown: one frame per vblank, got \(frames)")
        let vblanks = display.history.map(\.vblank)
        let steps = zip(vblanks.dropFirst(), vblanks).map { ($0 - $1) / Self.interval }
        #expect(steps.allSatisfy { abs($0 - 1) < 1e-6 }, "every vblank, never two frames on one: \(steps.filter { abs($0 - 1) >= 1e-6 })")
        // The deadline at 2 s, "time's up" in by 2.4 s: then still.
        loop.advance(by: 1.5)
        let settled = display.framesPresented
        let woke = loop.wakeups
        loop.advance(by: 60)
        #expect(display.framesPresented == settled, "settled: no more frames")
        #expect(loop.wakeups == woke, "and nothing woke the loop in a minute")
        #expect(kiosk.vblanks(of: display)?.missed == 0)
        #expect((kiosk.vblanks(of: display)?.paced ?? 0) > 100)
    }

    /// A question's picture made ready for another slot (its reveal's, prepared once the
    /// screen has settled) changes nothing on screen: no frame, no fade of the screen to itself.
    /// The reveal then shows it at once.
    @Test func aPictureReadyForAnotherSlotDrawsNothing() async throws {
        let (loop, kiosk, source) = makeKiosk()
        let store = try PictureStore(loop: loop, settings: PictureStore.Settings(cache: nil, fetch: nil))
        kiosk.pictures = store
        let display = SimulatedDisplay(width: 320, height: 180, loop: loop)
        kiosk.setOutputs([display])
        let slots = kiosk.renderer.pictureSlots(width: 320, height: 180)
        let bytes = TestMedia.bytes("photo.webp")
        let sha = SHA256.hex(bytes)
        store.receive(bytes, sha256: sha, from: "quizkiosk/r/media/\(sha)")
        #expect(await waitUntil(timeout: 30) { loop.runOnce(timeout: 0); return store.isReady(sha, for: slots[0]) })
        func state(_ phase: String) -> String {
            #"{"phase":"\#(phase)","question":{"text":"Q","choices":["a","b"],"correct":0,"image":{"sha256":"\#(sha)"}}}"#
        }
        source.send(state("question"))
        loop.advance(by: 2)
        #expect(store.isPreparing(sha, for: slots[1]) || store.isReady(sha, for: slots[1]), "the reveal's slot once settled")
        let settled = display.framesPresented
        #expect(await waitUntil(timeout: 30) { loop.runOnce(timeout: 0); return store.isReady(sha, for: slots[1]) })
        loop.advance(by: 2)
        #expect(display.framesPresented == settled, "nothing drawn: \(display.framesPresented - settled) frames")
        source.send(state("reveal"))
        loop.advance(by: 0)
        #expect(kiosk.store.current.phase == .reveal)
        #expect(kiosk.renderer.describe(SceneFrame(state: kiosk.store.current, width: 320, height: 180, now: Self.wallStart))
                    .items.contains { $0.role == .picture }, "the reveal shows the picture at once")
    }

    @Test func aStillScreenDrawsNothingAndNeverWakes() throws {
        let (loop, kiosk, source) = makeKiosk()
        let display = SimulatedDisplay(width: 320, height: 180, loop: loop)
        kiosk.setOutputs([display])
        source.send(#"{"phase":"lobby","lobby":{"joinCode":"1234","participants":3}}"#)
        loop.advance(by: 0.1)   // its flip done
        #expect(display.framesPresented == 1)
        let woke = loop.wakeups
        loop.advance(by: 3600)
        #expect(display.framesPresented == 1 && loop.wakeups == woke, "an hour of lobby: no frame, no wakeup")
    }

    /// A state change moves for at most a second, a frame per vblank, then stops.
    @Test func aChangeOfStateMovesForASecondThenStops() throws {
        let (loop, kiosk, source) = makeKiosk()
        let display = SimulatedDisplay(width: 320, height: 180, loop: loop)
        kiosk.setOutputs([display])
        source.send(#"{"phase":"lobby","lobby":{"joinCode":"1234","participants":3}}"#)
        loop.advance(by: 0.5)
        source.send(#"{"phase":"lobby","lobby":{"joinCode":"1234","participants":40}}"#)
        loop.advance(by: 1.2)
        let frames = display.framesPresented - 1
        #expect(frames > 20 && frames <= 61, "the count ticks at the vblanks of at most a second: \(frames) frames")
        let n = display.framesPresented
        loop.advance(by: 10)
        #expect(display.framesPresented == n)
        let expected = Canvas(width: 320, height: 180)
        SceneRenderer(fonts: fonts).render(kiosk.store.current, into: expected, now: kiosk.clock())
        #expect(display.canvas.rgbBytes() == expected.rgbBytes() ? true : false, "it ends on the settled frame")
    }

    /// A new state during a fade: its first frame is the frame on screen, and it goes on from
    /// there to its own settled frame.
    @Test func aStateArrivingMidTransitionContinuesFromTheFrameOnScreen() throws {
        let (loop, kiosk, source) = makeKiosk()
        let display = SimulatedDisplay(width: 320, height: 180, loop: loop)
        kiosk.setOutputs([display])
        source.send(#"{"phase":"lobby","lobby":{"joinCode":"1234"}}"#)
        loop.advance(by: 1)
        source.send(Self.question(endsIn: 30))
        loop.advance(by: 0.1)   // mid-fade
        let onScreen = display.canvas.rgbBytes()
        let before = display.framesPresented
        source.send(#"{"phase":"leaderboard","leaderboard":[{"name":"A","score":10}]}"#)
        // The leaderboard's first frame, for the instant it arrived, is the frame on screen (the
        // player's own test holds it to the pixel): nothing changed, nothing shown. The first
        // shown is a 60th of a second into the fade: within 2 levels a channel of that frame.
        let arrived = loop.now
        while display.framesPresented == before && loop.now < arrived + 1 { loop.advance(by: Self.interval / 4) }
        #expect(display.framesPresented > before, "a frame shown within a second")
        let step = zip(display.canvas.rgbBytes(), onScreen).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(step <= 2, "the first frame shown starts from the frame that was on screen: \(step) levels")
        let moved = display.canvas.rgbBytes() != onScreen
        #expect(moved, "then it moves on")
        loop.advance(by: 1.1)
        let expected = Canvas(width: 320, height: 180)
        SceneRenderer(fonts: fonts).render(kiosk.store.current, into: expected, now: kiosk.clock())
        let settled = display.canvas.rgbBytes() == expected.rgbBytes()
        #expect(settled, "and ends on the leaderboard's settled frame")
    }

    /// A state that only changes the running question's counts (a player answered) is drawn
    /// in place at the next vblank, no fade: a burst of answers would restart one each time.
    /// Arriving while a fade from another scene is under way, it lets that fade go on.
    @Test func aCountOnlyUpdateIsDrawnInPlaceWithoutAFade() throws {
        let (loop, kiosk, source) = makeKiosk()
        let display = SimulatedDisplay(width: 320, height: 180, loop: loop)
        kiosk.setOutputs([display])
        let ends = RFC3339.format(Self.wallStart + 30)
        func question(answered: Int) -> String {
            "{\"question\":{\"text\":\"Q\",\"choices\":[\"a\",\"b\"],\"timeLimit\":40,\"endsAt\":\"\(ends)\","
                + "\"answered\":\(answered),\"players\":30}}"
        }
        source.send(question(answered: 11))
        loop.advance(by: 2)
        let onScreen = display.canvas.rgbBytes()
        let before = display.framesPresented
        source.send(question(answered: 12))
        while display.framesPresented == before { loop.advance(by: Self.interval / 4) }
        let vblank = try #require(display.history.last?.vblank)
        let expected = Canvas(width: 320, height: 180)
        let renderer = SceneRenderer(fonts: fonts)
        renderer.render(kiosk.store.current, into: expected, now: Self.wallStart + vblank)
        let changed = display.canvas.rgbBytes() != onScreen
        #expect(changed, "the count changed on screen")
        let inPlace = display.canvas.rgbBytes() == expected.rgbBytes()
        #expect(inPlace, "the first frame after the update is already its settled frame: no fade from the old count")

        // Mid-fade from the lobby, a count update: the fade goes on, it does not start again
        // from the frame on screen.
        source.send(#"{"phase":"lobby","lobby":{"joinCode":"1234"}}"#)
        loop.advance(by: 1.2)
        source.send(question(answered: 13))
        loop.advance(by: 0.1)
        let midFade = display.canvas.rgbBytes()
        let shown = display.framesPresented
        source.send(question(answered: 14))
        while display.framesPresented == shown { loop.advance(by: Self.interval / 4) }
        let wentOn = display.canvas.rgbBytes() != midFade
        #expect(wentOn, "the fade went on with the new count")
        loop.advance(by: 1.1)
        let last = try #require(display.history.last?.vblank)
        renderer.render(kiosk.store.current, into: expected, now: Self.wallStart + last)
        let settled = display.canvas.rgbBytes() == expected.rgbBytes()
        #expect(settled, "and ends on the updated question's settled frame (at its vblank: the ring sweeps)")
    }

    /// A display that comes mid-animation (a hotplug) shows the settled frame at once.
    @Test func anOutputsFirstFrameIsTheSettledFrame() throws {
        let (loop, kiosk, source) = makeKiosk()
        let first = SimulatedDisplay(name: "A", width: 320, height: 180, loop: loop)
        kiosk.setOutputs([first])
        source.send(#"{"phase":"lobby","lobby":{"joinCode":"1234"}}"#)
        loop.advance(by: 1)
        source.send(Self.question(endsIn: 30))
        loop.advance(by: 0.1)
        let second = SimulatedDisplay(name: "B", width: 320, height: 180, loop: loop)
        kiosk.setOutputs([first, second])
        loop.advance(by: 0)
        #expect(second.framesPresented == 1)
        let expected = Canvas(width: 320, height: 180)
        SceneRenderer(fonts: fonts).render(kiosk.store.current, into: expected, now: kiosk.clock())
        let settled = second.canvas.rgbBytes() == expected.rgbBytes()
        #expect(settled, "the question, not a fade into it")
    }

    /// A clock frozen by `--now`: the screen shows that instant, as `render --now` draws it —
    /// not the instant of the vblank a frame is for, which a running clock is read ahead to
    /// (the QEMU suite compares the screen with `render` at a frozen clock, to the pixel). The
    /// display is 1080p: a sixtieth of a second of a 20 s ring moves pixels there. As its
    /// control, the same screen with a running clock shows the instant of the next vblank.
    @Test(arguments: [true, false])
    func aFrozenClockIsShownAtItsInstant(frozen: Bool) throws {
        let loop = EventLoop(clock: VirtualClock())
        let kiosk = Kiosk(loop: loop, renderer: SceneRenderer(fonts: fonts))
        let instant = Self.wallStart
        kiosk.clock = frozen ? { instant } : { instant + loop.now }
        kiosk.clockIsFrozen = frozen
        let source = InMemorySource()
        try kiosk.add(source: source)
        let display = SimulatedDisplay(width: 1920, height: 1080, loop: loop)
        kiosk.setOutputs([display])
        source.send(Self.question(endsIn: 15, limit: 20))
        // Past the fade, and between two vblanks (1/60 s apart from 0).
        loop.advance(by: 2.005)
        let expected = Canvas(width: 1920, height: 1080)
        let renderer = SceneRenderer(fonts: fonts)
        // The last frame was drawn at the vblank it was for: its instant is at most an
        // interval after the loop's now.
        let nextVblank = try #require(display.history.last?.vblank)
        renderer.render(kiosk.store.current, into: expected, now: frozen ? instant : instant + nextVblank)
        let equal = display.canvas.rgbBytes() == expected.rgbBytes()
        #expect(equal, frozen ? "the frozen instant, as render --now draws it" : "the instant of its vblank")
        if !frozen {
            renderer.render(kiosk.store.current, into: expected, now: kiosk.clock())
            let atNow = display.canvas.rgbBytes() == expected.rgbBytes()
            #expect(!atNow, "a running clock is read ahead: the frame differs from the instant it was drawn")
        }
    }

    /// PNG files: the settled frame of each state and a countdown's seconds, never the frames
    /// in between.
    @Test func headlessWritesOnlySettledFrames() throws {
        let (loop, kiosk, source) = makeKiosk()
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        let headless = try HeadlessOutput(width: 160, height: 90, directory: dir)
        kiosk.setOutputs([headless])
        loop.advance(by: 0)
        #expect(headless.framesWritten == 1, "the idle screen at once")
        source.send(#"{"phase":"lobby","lobby":{"joinCode":"1234"}}"#)
        loop.advance(by: 0.5)
        #expect(headless.framesWritten == 1 && headless.framesSkipped > 10, "the fade stays in memory")
        loop.advance(by: 0.6)
        #expect(headless.framesWritten == 2, "the lobby once settled")
        source.send(Self.question(endsIn: 3.5, limit: 20))
        loop.advance(by: 1.2)
        let written = headless.framesWritten
        loop.advance(by: 1)
        #expect(headless.framesWritten == written + 1, "one frame for the countdown's next second")
    }
}

/// The pace of frames against vblank times, alone.
@Suite struct FramePacingTests {
    let i = 1.0 / 60

    @Test func afterAFlipTheNextFrameIsForTheNextVblankAndDrawnAtOnce() {
        var p = FramePacing(refreshInterval: i)
        p.presented(target: 0, fromPace: false)
        p.flipped(at: 0)
        let n = p.next(now: 0.0005)
        #expect(abs(n.target - i) < 1e-12 && abs(n.drawAt - 0.0005) < 1e-12)
        p.presented(target: n.target, fromPace: true)
        p.flipped(at: i)
        #expect(p.missed == 0 && p.paced == 1)
    }

    @Test func aFlipLandingAVblankLateIsAMissAndThePaceFollowsTheDisplay() {
        var p = FramePacing(refreshInterval: i)
        p.presented(target: 0, fromPace: false)
        p.flipped(at: 0)
        p.presented(target: i, fromPace: true)
        p.flipped(at: 3 * i)   // two vblanks late
        #expect(p.missed == 2)
        let n = p.next(now: 3 * i)
        #expect(abs(n.target - 4 * i) < 1e-12, "the next frame is for the vblank after the one it landed on")
    }

    /// A driver that completes flips at once (virtio-gpu) gets no frame before its vblank's turn.
    @Test func earlyFlipsDoNotSpeedThePaceUp() {
        var p = FramePacing(refreshInterval: i)
        p.presented(target: 10 * i, fromPace: true)
        p.flipped(at: 9 * i + 0.001)
        let n = p.next(now: 9 * i + 0.001)
        #expect(abs(n.target - 11 * i) < 1e-12 && abs(n.drawAt - 10 * i) < 1e-12)
        #expect(p.missed == 0)
    }

    /// A frame drawn out of the pace (a new state on a still screen) is for the next vblank of
    /// the display's phase, and is not judged.
    @Test func aFrameOutOfThePaceIsForTheNextVblank() {
        var p = FramePacing(refreshInterval: i)
        p.presented(target: 0, fromPace: false)
        p.flipped(at: 0.5)
        #expect(abs(p.target(now: 10.004) - (0.5 + 571 * i)) < 1e-9)
        p.presented(target: p.target(now: 10.004), fromPace: false)
        p.flipped(at: 11)
        #expect(p.missed == 0)
    }

    @Test func withoutVblanksAClockOfSixtyHertz() {
        var p = FramePacing(refreshInterval: nil)
        #expect(p.target(now: 3) == 3)
        p.presented(target: 3, fromPace: false)
        let n = p.next(now: 3.001)
        #expect(abs(n.target - (3 + i)) < 1e-12 && abs(n.drawAt - (3 + i)) < 1e-12, "drawn at its own time")
    }
}
