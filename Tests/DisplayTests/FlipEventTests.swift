@testable import Display
import Outputs
import Pixels
import Platform
import TestSupport
import Testing

/// Page-flip events per CRTC: an atomic commit that changes two CRTCs gets two events naming
/// one record. The record completes its output only at the output's own CRTC's event and is
/// freed after the last (run under `--sanitize=address` by scripts/test, where a record freed
/// early and written by the later event fails). Also: a flip's deadline timer is cancelled when
/// the flip completes, and the heads of one pass are committed on the card as the previous
/// head's commit left it.
@Suite(.serialized) struct FlipEventTests {
    init() { Log.sink = { _ in } }

    // MARK: the records alone

    @Test(arguments: [[10, 11], [11, 10]])
    func twoEventsOfOneCommitInOneRead(order: [UInt32]) {
        let records = FlipRecords()
        let data = records.make(token: 7, crtc: 10, alsoCrtcs: [11])
        for crtc in order { FlipRecords.event(crtcID: crtc, seconds: 5, microseconds: crtc == 10 ? 250_000 : 0, userData: data) }
        let done = records.collect()
        #expect(done.map(\.token) == [7])
        #expect(done.first?.time == 5.25, "the time is the own CRTC's event's")
        #expect(records.liveCount == 0)
    }

    @Test(arguments: [[10, 11], [11, 10]])
    func twoEventsOfOneCommitInTwoReads(order: [UInt32]) {
        let records = FlipRecords()
        let data = records.make(token: 7, crtc: 10, alsoCrtcs: [11])
        FlipRecords.event(crtcID: order[0], seconds: 1, microseconds: 0, userData: data)
        let first = records.collect()
        // The old CRTC going dark completes nothing; the head's own CRTC completes it at once.
        #expect(first.map(\.token) == (order[0] == 10 ? [7] : []))
        #expect(records.liveCount == 1, "freed while an event can still name it")
        FlipRecords.event(crtcID: order[1], seconds: 2, microseconds: 0, userData: data)
        let second = records.collect()
        #expect(second.map(\.token) == (order[0] == 10 ? [] : [7]))
        #expect(records.liveCount == 0)
    }

    @Test func anEventForACrtcTheRecordDoesNotExpectChangesNothing() {
        let records = FlipRecords()
        let data = records.make(token: 3, crtc: 10)
        FlipRecords.event(crtcID: 12, seconds: 1, microseconds: 0, userData: data)
        #expect(records.collect().isEmpty && records.liveCount == 1 && records.unexpectedEvents == 1)
        FlipRecords.event(crtcID: 10, seconds: 1, microseconds: 0, userData: data)
        #expect(records.collect().map(\.token) == [3] && records.liveCount == 0)
    }

    @Test func aRefusedRequestIsFreedAtOnce() {
        let records = FlipRecords()
        let data = records.make(token: 3, crtc: 10, alsoCrtcs: [11])
        records.failed(data)
        #expect(records.liveCount == 0 && records.collect().isEmpty)
    }

    // MARK: through the manager and its outputs

    final class Box {
        var outputs: [Output] = []
        var ready = 0
    }

    func start(_ card: FakeCard, selection: OutputSelection = .first, _ configure: (DisplayManager) -> Void = { _ in })
        throws -> (DisplayManager, EventLoop, Box) {
        let loop = EventLoop(clock: VirtualClock())
        let m = DisplayManager(device: card, loop: loop, selection: selection)
        configure(m)
        let box = Box()
        m.onOutputsChanged = { outputs in
            box.outputs = outputs
            for o in outputs { o.onReady = { box.ready += 1 } }
        }
        try m.start()
        return (m, loop, box)
    }

    func draw(_ o: Output) throws {
        let c = try #require(o.nextFrame())
        c.fill(Color(pixel: 0xFF20_4060))
        try o.present(damage: nil)
    }

    /// The console shows Virtual-1 on CRTC 11, which its encoder cannot keep: the mode set on
    /// CRTC 10 turns 11 off in the same commit, and the kernel sends an event for each.
    func consoleOnAnotherCrtc() -> FakeCard {
        var s = FakeCard.card(heads: 2, connected: [true, false])
        s.encoders[0].crtcID = 11
        s.crtcs[0] = CrtcInfo(id: 10, index: 0)
        s.crtcs[1] = CrtcInfo(id: 11, index: 1, bufferID: 7, mode: .synthetic(1024, 768))
        let card = FakeCard(s)
        card.modeSetByEvent = true
        return card
    }

    @Test(arguments: [[10, 11], [11, 10]], [true, false])
    func aModeSetThatTurnsTheConsolesCrtcOffCompletesOnItsOwnCrtc(order: [UInt32], oneRead: Bool) throws {
        let card = consoleOnAnotherCrtc()
        let (m, loop, box) = try start(card)
        let o = try #require(box.outputs.first as? DRMOutput)
        #expect(o.head.crtcID == 10)
        try draw(o)
        let token = try #require(o.pendingToken)
        #expect(Set(card.eventsDue(token)) == [10, 11], "one event per CRTC in the commit")
        #expect(card.state.crtc(id: 11)?.mode == nil, "the console's CRTC is turned off in the same commit")
        card.deliver(token: token, crtc: order[0], at: 3)
        if !oneRead {
            #expect(loop.run(until: { card.eventsWaiting == 0 }, timeout: 10))
            #expect(o.flipPending == (order[0] == 11), "completed by the old CRTC's event")
            #expect(card.flipRecords.liveCount == 1)
        }
        card.deliver(token: token, crtc: order[1], at: 3)
        #expect(loop.run(until: { card.eventsWaiting == 0 }, timeout: 10))
        #expect(!o.flipPending && o.isShowing && box.ready == 1)
        #expect(card.flipRecords.liveCount == 0, "the record outlived its last event")
        // The next frame flips on CRTC 10 at once: nothing of the mode set is still in flight.
        try draw(o)
        #expect(card.journal.last == "flip crtc 10 fb 102")
        m.shutdown()
    }

    /// Two connectors start out cloned on CRTC 10 (the console mirrored): Virtual-1 keeps 10,
    /// Virtual-2 gets 11. Virtual-1's commit detaches Virtual-2 from 10; Virtual-2's commit must
    /// be planned on the card after that, not on the probe where it was still on CRTC 10.
    @Test func clonedConnectorsAreCommittedOnTheCardThePreviousHeadLeft() throws {
        var s = FakeCard.card(heads: 2, connected: [true, true])
        s.encoders[1].possibleCrtcs = 0b11
        s.encoders[1].crtcID = 10
        s.connectors[1].encoderID = 21
        let card = FakeCard(s)
        card.modeSetByEvent = true
        let (m, loop, box) = try start(card, selection: .all)
        let outputs = box.outputs.compactMap { $0 as? DRMOutput }
        #expect(outputs.map(\.head.crtcID) == [10, 11])
        for o in outputs { try draw(o) }
        card.completeFlips(at: 1)
        #expect(loop.run(until: { box.ready == 2 }, timeout: 10))
        #expect(outputs.allSatisfy { $0.isShowing && !$0.flipPending })
        // Each CRTC shows its own head's buffer: the second commit turned nothing of the first off.
        for o in outputs {
            let shown = try #require(card.state.crtc(id: o.head.crtcID))
            #expect(shown.mode != nil && o.bufferIDs.contains(shown.bufferID), "CRTC \(o.head.crtcID) shows \(shown.bufferID)")
        }
        // Every commit expected exactly the events the card sent: no record waits for one that
        // cannot come (a commit planned on the stale probe expects CRTC 10's too).
        #expect(card.flipRecords.liveCount == 0)
        m.shutdown()
    }

    // MARK: deadlines

    /// 60 frames at 60 Hz: the loop wakes for each flip's event and never for a stuck-flip
    /// deadline of a flip that completed (before, each flip left a 1 s timer behind).
    @Test func aCompletedFlipLeavesNoDeadlineTimerBehind() throws {
        let card = FakeCard(FakeCard.card(heads: 1))
        // The fake display has no EDID: keep its look-again timer out of the count.
        let (m, loop, box) = try start(card) { $0.noEDIDBackoff = [1000] }
        let o = try #require(box.outputs.first as? DRMOutput)
        try draw(o)                                        // the mode set (returns with the picture up)
        let before = loop.wakeups
        for k in 1...60 {
            try draw(o)
            loop.advance(by: 1.0 / 60)
            card.completeFlips(at: loop.now)
            #expect(loop.run(until: { box.ready == k }, timeout: 10))
        }
        loop.advance(by: 3)                                // past every deadline armed above
        #expect(loop.wakeups - before == 60, "woke \(loop.wakeups - before) times for 60 flips")
        // The deadline still works for a flip that does not complete.
        card.flipsNeverComplete = true
        try draw(o)
        loop.advance(by: 1.5)
        #expect(box.outputs.first.map { $0 !== o } ?? true, "a stuck flip was not noticed")
        m.shutdown()
    }
}
