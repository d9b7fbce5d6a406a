@testable import Display
import Outputs
import Pixels
import Platform
import TestSupport
import Testing

/// What a real TV and driver throw at the manager: signal properties on the first commit, a
/// flip that never completes, an event that arrives late, a mode the driver refuses, a display
/// without EDID, a connector whose status is "unknown". Waits are for an event with a deadline,
/// never a bare sleep (when the loop's clock becomes injectable, the deadlines become virtual).
@Suite(.serialized) struct DisplayRecoveryTests {
    init() { Log.sink = { _ in } }

    final class Box {
        var outputs: [Output] = []
        var ready = 0
    }

    func start(_ card: FakeCard, policy: ModePolicy = ModePolicy(), _ configure: (DisplayManager) -> Void = { _ in })
        throws -> (DisplayManager, EventLoop, Box) {
        let loop = EventLoop()
        let m = DisplayManager(device: card, loop: loop, policy: policy)
        configure(m)
        let box = Box()
        m.onOutputsChanged = { outputs in
            box.outputs = outputs
            for o in outputs { o.onReady = { box.ready += 1 } }
        }
        try m.start()
        return (m, loop, box)
    }

    @discardableResult
    func draw(_ o: Output) throws -> Bool {
        guard let c = o.nextFrame() else { return false }
        c.fill(Color(pixel: 0xFF20_4060))
        try o.present(damage: nil)
        return true
    }

    /// An i915-like HDMI connector with the LG TV's EDID.
    static func tvCard() throws -> FakeCard {
        var s = FakeCard.card(heads: 1, types: [11])
        s.connectors[0].properties = FakeCard.i915Connector
        s.connectors[0].edid = try EDIDTests.blob("lg-tv-4k30")
        s.crtcs[0].properties = FakeCard.i915Crtc
        return FakeCard(s)
    }

    @Test func theFirstCommitCarriesTheSignalPropertiesTheConnectorHas() throws {
        let card = try Self.tvCard()
        let (m, _, box) = try start(card)
        try draw(try #require(box.outputs.first))
        #expect(card.committed == ["30 max bpc=8", "30 content type=Graphics", "30 HDR_OUTPUT_METADATA=0 (cleared)",
                                   "30 Colorspace=Default", "10 GAMMA_LUT=0 (cleared)", "10 DEGAMMA_LUT=0 (cleared)",
                                   "10 CTM=0 (cleared)", "30 Broadcast RGB=Full"])
        try draw(try #require(box.outputs.first))          // a flip sets nothing more
        #expect(card.committed.count == 8)
        m.shutdown()
    }

    @Test func aConnectorWithoutThemGetsNoneAndItIsSaidOnce() throws {
        let log = LogCapture(containing: "HDMI-A-61")
        var s = FakeCard.card(heads: 1, types: [11], firstIndex: 61)
        s.connectors[0].properties = ObjectProperties([PropertyInfo(id: 1, name: "CRTC_ID")])
        let card = FakeCard(s)
        let (m, _, box) = try start(card)
        try draw(try #require(box.outputs.first))
        #expect(card.committed.isEmpty)
        card.unplug(30)
        m.rescan(reason: "off")
        card.plug(30, modes: [.synthetic(1920, 1080, preferred: true)])
        m.rescan(reason: "on")
        try draw(try #require(box.outputs.first))
        #expect(log.matching("HDMI-A-61: the driver has no") == ["HDMI-A-61: the driver has no max bpc, content type, HDR_OUTPUT_METADATA, Colorspace, GAMMA_LUT, DEGAMMA_LUT, CTM, Broadcast RGB (left as they are)"])
        m.shutdown()
    }

    @Test func aFlipThatNeverCompletesRecoversWithinTwoSeconds() throws {
        let log = LogCapture(containing: "Virtual-62")
        let card = FakeCard(FakeCard.card(heads: 1, firstIndex: 62))
        let (m, loop, box) = try start(card)
        let stuck = try #require(box.outputs.first as? DRMOutput)
        try draw(stuck)                                     // the mode set
        card.flipsNeverComplete = true
        try draw(stuck)                                     // a flip that never completes
        #expect(stuck.flipPending && stuck.nextFrame() == nil)
        let t0 = Clock.monotonic()
        #expect(loop.run(until: { box.outputs.first.map { $0 !== stuck } ?? false }, timeout: 10))
        #expect(Clock.monotonic() - t0 < 2)
        #expect(log.matching("did not complete") == ["Virtual-62: a page flip did not complete within 1 s; releasing CRTC 10 and setting the head up again"])
        #expect(card.journal.contains("disable Virtual-62 crtc 10"))
        // The new head takes frames again: set up with the next frame.
        let again = try #require(box.outputs.first)
        #expect(try draw(again))
        #expect(card.journal.last?.hasPrefix("enable Virtual-62 crtc 10") == true)
        m.shutdown()
    }

    /// The stuck flip's event turns up after the head was set up again: it must not be taken
    /// for the new head's flip on the same CRTC.
    @Test func aLateEventIsNotCreditedToTheNextOutputOnThatCrtc() throws {
        let card = FakeCard(FakeCard.card(heads: 1))
        let (m, loop, box) = try start(card) { $0.flipDeadline = 0.05 }
        let old = try #require(box.outputs.first as? DRMOutput)
        try draw(old)
        card.flipsNeverComplete = true
        try draw(old)
        let lateToken = try #require(old.pendingToken)
        #expect(loop.run(until: { box.outputs.first.map { $0 !== old } ?? false }, timeout: 10))
        card.flipsNeverComplete = false
        let new = try #require(box.outputs.first as? DRMOutput)
        try draw(new)                                      // its mode set
        try draw(new)                                      // its first flip, on CRTC 10 too
        #expect(new.flipPending && new.head.crtcID == old.head.crtcID)
        let readyBefore = box.ready
        card.deliver(token: lateToken)
        #expect(loop.run(until: { card.eventsWaiting == 0 }, timeout: 10))   // the manager has read it
        #expect(new.flipPending && box.ready == readyBefore, "the late event completed the new head's flip")
        card.completeFlips()
        #expect(loop.run(until: { !new.flipPending }, timeout: 10))
        #expect(box.ready == readyBefore + 1)
        m.shutdown()
    }

    @Test func aModeTheDriverRefusesStepsDownTheList() throws {
        let log = LogCapture(containing: "Virtual-63")
        var s = FakeCard.card(heads: 1, modes: [.synthetic(3840, 2160, preferred: true), .synthetic(3840, 2160, hz: 50),
                                                .synthetic(1920, 1080)], firstIndex: 63)
        s.connectors[0].edid = try EDIDTests.blob("samsung-tv-4k60")
        let card = FakeCard(s)
        card.refusedModes = [.synthetic(3840, 2160, preferred: true)]
        let (m, _, box) = try start(card)
        #expect(throws: DisplayError.self) { try draw(try #require(box.outputs.first)) }
        let next = try #require(box.outputs.first)
        #expect(next.width == 3840 && (next as? DRMOutput)?.head.mode.description == "3840x2160@50.00")
        #expect(try draw(next))
        #expect(card.journal.last == "enable Virtual-63 crtc 10 fb 103 3840x2160@50.00")
        #expect(log.matching("the driver refused") == ["Virtual-63: the driver refused 3840x2160@60.00 (drmModeAtomicCommit(TEST_ONLY): Invalid argument); trying the next mode"])
        m.rescan(reason: "nothing changed")                 // the refusal is remembered
        #expect(box.outputs.first === next)
        m.shutdown()
    }

    /// The first frame's mode set is queued (atomic, non-blocking): on screen when its event comes.
    @Test func aNonBlockingModeSetIsShownWhenItsEventArrives() throws {
        let card = FakeCard(FakeCard.card(heads: 1))
        card.modeSetByEvent = true
        var shown = 0
        let (m, loop, box) = try start(card) { $0.onShown = { _ in shown += 1 } }
        let o = try #require(box.outputs.first as? DRMOutput)
        try draw(o)
        #expect(o.flipPending && o.pendingIsModeSet && shown == 0 && o.nextFrame() == nil)
        card.completeFlips()
        #expect(loop.run(until: { shown == 1 }, timeout: 10))
        #expect(o.isShowing && !o.flipPending)
        m.shutdown()
    }

    /// Hot-plug detect high but DDC silent: the kernel lists 1024x768 and no EDID. The manager
    /// looks again on its own (2, 5, 15, 60 s; shortened here) and takes the TV's modes when
    /// the EDID arrives, without a uevent.
    @Test func aDisplayWithoutEDIDIsLookedAtAgain() throws {
        let log = LogCapture(containing: "Virtual-64")
        let card = FakeCard(FakeCard.card(heads: 1, modes: [.synthetic(1024, 768), .synthetic(800, 600)], firstIndex: 64))
        let (m, loop, box) = try start(card) { $0.noEDIDBackoff = [0.05, 0.1] }
        #expect(box.outputs.first?.width == 1024)
        #expect(log.matching("looking again in 0.05 s") == ["Virtual-64: connected without an EDID (the TV's DDC did not answer); looking again in 0.05 s, then backing off to every 0.1 s"])
        card.state.connectors[0].edid = try EDIDTests.blob("samsung-tv-1080i")
        card.state.connectors[0].modes = try EDID(EDIDTests.blob("samsung-tv-1080i")).modes.map(\.mode)
        #expect(loop.run(until: { box.outputs.first?.width == 1920 }, timeout: 10))
        #expect((box.outputs.first as? DRMOutput)?.head.mode.description == "1920x1080@60.00")
        #expect(log.matching("looking again in 0.05 s").count == 1)   // said once, not at every look
        m.shutdown()
    }

    @Test func unknownConnectorsAreDrivenWhenNoneIsConnected() {
        var s = FakeCard.card(heads: 2, types: [11, 11], connected: [false, false])
        s.connectors[1].status = .unknown                  // an HDBaseT extender without hot-plug detect
        s.connectors[1].modes = [.synthetic(1920, 1080, preferred: true)]
        #expect(OutputSelection.first.choose(from: s.connectors, current: []).map(\.name) == ["HDMI-A-2"])
        #expect(OutputSelection.all.choose(from: s.connectors, current: []).map(\.name) == ["HDMI-A-2"])
        s.connectors[0].status = .connected
        s.connectors[0].modes = [.synthetic(1280, 720, preferred: true)]
        #expect(OutputSelection.all.choose(from: s.connectors, current: []).map(\.name) == ["HDMI-A-1"])
        let plan = RescanPlan.make(active: [], snapshot: { var x = s; x.connectors[0].status = .disconnected; return x }(),
                                   selection: .first, policy: ModePolicy(), needsPlanes: true)
        guard case .start(_, let why)? = plan.steps.first else {
            Issue.record("no start: \(plan.steps)")
            return
        }
        #expect(why.hasPrefix("status unknown, none connected"))
    }
}
