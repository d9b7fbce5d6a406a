@testable import Display
import Glibc
import Outputs
import Pixels
import Platform
import TestSupport
import Testing

/// The manager and its outputs against a fake card: first frame by mode set, later frames by
/// page flip with the back buffer, never drawing into the buffer on screen; shutdown restores
/// the console's CRTC before freeing buffers and drops master.
@Suite(.serialized) struct DisplayManagerTests {
    init() { Log.sink = { _ in } }

    /// A manager on a loop with virtual time (flip events still come through the card's pipe).
    func start(_ card: FakeCard, selection: OutputSelection = .first, mode: ModeRequest? = nil) throws -> (DisplayManager, EventLoop, Box) {
        let loop = EventLoop(clock: VirtualClock())
        let m = DisplayManager(device: card, loop: loop, selection: selection, policy: ModePolicy(request: mode))
        let box = Box()
        m.onOutputsChanged = { box.outputs = $0; box.changes += 1 }
        try m.start()
        return (m, loop, box)
    }

    final class Box {
        var outputs: [Output] = []
        var changes = 0
    }

    func draw(_ o: Output, _ color: UInt32) throws -> Bool {
        guard let c = o.nextFrame() else { return false }
        c.fill(Color(pixel: color))
        try o.present(damage: nil)
        return true
    }

    @Test func firstFrameSetsTheModeThenFramesFlipBetweenTwoBuffers() throws {
        let card = FakeCard(FakeCard.card(heads: 1))
        let (m, loop, box) = try start(card)
        let o = try #require(box.outputs.first as? DRMOutput)
        #expect(o.name == "Virtual-1" && o.width == 1920 && o.height == 1080)
        var ready = 0
        o.onReady = { ready += 1 }
        #expect(try draw(o, 0xFF11_2233))
        #expect(card.journal.last == "enable Virtual-1 crtc 10 fb 101 1920x1080@60.00")
        #expect(try draw(o, 0xFF44_5566))
        #expect(card.journal.last == "flip crtc 10 fb 102")
        #expect(o.nextFrame() == nil)                     // flip pending: no frame
        #expect(card.state.crtcs[0].bufferID == 101)      // still showing the first
        card.completeFlips()
        #expect(loop.run(until: { ready == 1 }, timeout: 10))
        #expect(card.state.crtcs[0].bufferID == 102)
        #expect(try draw(o, 0xFF77_8899))
        #expect(card.journal.last == "flip crtc 10 fb 101")   // back to the first buffer, not the one on screen
        m.shutdown()
    }

    @Test func shutdownRestoresTheConsoleThenFreesBuffersThenDropsMaster() throws {
        let card = FakeCard(FakeCard.card(heads: 1))
        let (m, _, box) = try start(card)
        let o = try #require(box.outputs.first)
        _ = try draw(o, 0xFF00_0000)
        _ = try draw(o, 0xFF00_00FF)                          // a flip in flight at shutdown
        box.outputs = []
        m.shutdown()
        let tail = Array(card.journal.drop { !$0.hasPrefix("wait for") })
        #expect(tail == ["wait for 1 flips", "setCrtc 10 fb 7 1024x768@60.00 connectors [30]",
                         "free fb 101", "free fb 102", "drop master"]
                || tail == ["wait for 1 flips", "setCrtc 10 fb 7 1024x768@60.00 connectors [30]",
                            "free fb 102", "free fb 101", "drop master"], "\(card.journal)")
        #expect(card.state.crtcs[0].bufferID == 7 && card.state.crtcs[0].mode == .synthetic(1024, 768))
        #expect(card.buffersAlive.isEmpty)
        #expect(!card.master)
        m.shutdown()                                          // twice is harmless
        #expect(card.journal.filter { $0.hasPrefix("setCrtc") }.count == 1)
    }

    @Test func exitWithoutShutdownStillRestores() throws {
        let card = FakeCard(FakeCard.card(heads: 1))
        do {
            let (m, _, box) = try start(card)
            _ = try draw(try #require(box.outputs.first), 0xFF00_0000)
            box.outputs = []
            _ = m
        }   // manager released: deinit restores
        #expect(card.journal.contains("setCrtc 10 fb 7 1024x768@60.00 connectors [30]"))
        #expect(card.buffersAlive.isEmpty && !card.master)
    }

    @Test func unknownConnectorListsWhatExists() throws {
        let card = FakeCard(FakeCard.card(heads: 2))
        #expect(throws: DisplayError.unknownConnector("HDMI-A-1", available: ["Virtual-1 (connected)", "Virtual-2 (disconnected)"])) {
            _ = try start(card, selection: .named(["HDMI-A-1"]))
        }
        #expect(!card.journal.contains { $0.hasPrefix("enable") || $0.hasPrefix("setCrtc") })
    }

    /// `--mode` the display lacks: one warning and the policy's choice, at start and after a
    /// rescan alike (a rescan that changes nothing says nothing again).
    @Test func aModeTheDisplayLacksIsOneWarningAndThePolicysChoice() throws {
        let log = LogCapture(containing: "Virtual-65")
        let card = FakeCard(FakeCard.card(heads: 1, firstIndex: 65))
        let (m, _, box) = try start(card, mode: ModeRequest(width: 800, height: 600))
        #expect(box.outputs.first?.width == 1920)
        #expect(log.matching("is not offered") == ["Virtual-65: --mode 800x600 is not offered by this display; using 1920x1080@60.00"])
        #expect(log.matching("800x600 not offered; the display") == ["Virtual-65: connected; 1920x1080@60.00: --mode 800x600 not offered; the display's preferred mode: driving it on CRTC 10"])
        m.rescan(reason: "nothing changed")
        #expect(log.matching("is not offered").count == 1)
        card.unplug(30)
        m.rescan(reason: "unplugged")
        card.plug(30, modes: [.synthetic(1280, 720, preferred: true)])
        m.rescan(reason: "another TV")
        #expect(box.outputs.first?.width == 1280)
        #expect(log.matching("is not offered").count == 2)
        m.shutdown()
    }

    @Test func waitsWithoutADisplayAndComesAliveOnRescan() throws {
        let card = FakeCard(FakeCard.card(heads: 1, connected: [false]))
        let (m, _, box) = try start(card)
        #expect(box.outputs.isEmpty && m.outputs.isEmpty)
        card.plug(30, modes: [.synthetic(1280, 720, preferred: true)])
        m.rescan(reason: "test")
        #expect(box.outputs.map(\.name) == ["Virtual-1"] && box.outputs.first?.width == 1280)
        let changes = box.changes
        m.rescan(reason: "again")
        #expect(box.changes == changes)                       // idempotent: nothing changed, no new outputs
        card.unplug(30)
        m.rescan(reason: "unplug")
        #expect(box.outputs.isEmpty)
        #expect(Array(card.journal.suffix(3)) == ["disable Virtual-1 crtc 10", "free fb 101", "free fb 102"])
        #expect(card.buffersAlive.isEmpty)
        m.shutdown()
    }

    @Test func legacyNeedsNoPlanes() throws {
        var s = FakeCard.card(heads: 1)
        s.planes = []
        let card = FakeCard(s, atomic: false)
        let (m, _, box) = try start(card)
        _ = try draw(try #require(box.outputs.first), 0xFF00_0000)
        #expect(card.journal.last == "enable Virtual-1 crtc 10 fb 101 1920x1080@60.00")
        m.shutdown()
    }

    /// A mode set the driver refuses is logged and makes the manager look at the card again
    /// 0.5 s later. Here the display changed underneath (it now prefers 1280x720) and no hotplug
    /// event came: only that rescan can notice, and the kiosk gets an output of the new size.
    @Test func aFailedModeSetIsReportedAndRetriedByRescan() throws {
        let marker = "refused-\(UInt32.random(in: 0...UInt32.max))"
        let log = LogCapture(containing: marker)
        let card = FakeCard(FakeCard.card(heads: 1))
        let (m, loop, box) = try start(card)
        card.failNextEnable = .system(SystemError("drmModeAtomicCommit", errno: EBUSY, subject: marker))
        let o = try #require(box.outputs.first)
        #expect(throws: DisplayError.self) { _ = try draw(o, 0xFF00_0000) }
        #expect(log.all.count == 1 && log.all.first?.hasPrefix("<3>Virtual-1: cannot show the frame: ") == true, "\(log.all)")
        card.plug(30, modes: [.synthetic(1280, 720, preferred: true)])
        loop.advance(by: 0.49)
        #expect(box.outputs.first === o, "no rescan before 0.5 s")
        loop.advance(by: 0.02)
        let again = try #require(box.outputs.first)
        #expect(again !== o && again.width == 1280 && again.height == 720)
        #expect(try draw(again, 0xFF00_0000))
        #expect(card.journal.last == "enable Virtual-1 crtc 10 fb 103 1280x720@60.00", "\(card.journal)")
        m.shutdown()
    }
}

/// Self-healing: losing DRM master to another program, and getting the screen back.
@Suite(.serialized) struct TakeOverTests {
    init() { Log.sink = { _ in } }

    final class Outputs {
        var list: [Output] = []
        var first: Output? { list.first }
    }

    /// A manager on virtual time showing a first frame on one head, health checks running.
    func showing(_ card: FakeCard) throws -> (DisplayManager, EventLoop, Outputs, Output) {
        let loop = EventLoop(clock: VirtualClock())
        let m = DisplayManager(device: card, loop: loop)
        let outputs = Outputs()
        m.onOutputsChanged = { outputs.list = $0 }
        try m.start()
        let o = try #require(outputs.first)
        o.nextFrame()?.fill(Color(pixel: 0xFF00_0000))
        try o.present(damage: nil)
        m.startHealthChecks()
        return (m, loop, outputs, o)
    }

    @Test func whenAnotherProgramTookTheScreenWeSetItAgainOnceMasterIsBack() throws {
        let card = FakeCard(FakeCard.card(heads: 1))
        let (m, loop, outputs, o) = try showing(card)
        // A compositor takes master and shows its own framebuffer. The health check (every 2 s)
        // notices; taking master back is tried every 0.5 s while the compositor holds it.
        card.master = false
        card.someoneElseIsMaster = true
        card.apply(crtc: 10, buffer: 999, mode: .synthetic(1024, 768), connectors: [30])
        loop.advance(by: 30)
        #expect(!card.master && outputs.first === o, "nothing to do while another program holds master")
        #expect(!card.journal.contains { $0.hasPrefix("enable") && $0.contains("fb 103") })
        // It exits: master is free again; we take it at the next try and set our mode again
        // with new buffers.
        card.someoneElseIsMaster = false
        loop.advance(by: 0.5)
        #expect(card.master)
        #expect(outputs.first !== o && !outputs.list.isEmpty)
        let again = try #require(outputs.first)
        again.nextFrame()?.fill(Color(pixel: 0xFF00_0000))
        try again.present(damage: nil)
        #expect(card.master)
        #expect(card.journal.last == "enable Virtual-1 crtc 10 fb 103 1920x1080@60.00")
        #expect(card.state.crtcs[0].bufferID == 103)
        m.shutdown()
    }

    /// Still master, but our CRTC shows another framebuffer (a console switch, a program that
    /// set it and exited). A static scene has no flip to fail, so the check every 2 s is what
    /// notices, and the head is set up again.
    @Test func aCrtcShowingSomethingElseIsNoticedByTheCheckEveryTwoSeconds() throws {
        let card = FakeCard(FakeCard.card(heads: 1))
        let (m, loop, outputs, o) = try showing(card)
        loop.advance(by: 1)
        card.apply(crtc: 10, buffer: 999, mode: .synthetic(1920, 1080), connectors: [30])
        loop.advance(by: 0.99)
        #expect(outputs.first === o, "not looked at before the check at 2 s")
        loop.advance(by: 0.02)
        #expect(outputs.first !== o && outputs.list.count == 1, "taken over: set up again")
        m.shutdown()
    }
}
