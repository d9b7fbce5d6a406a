@testable import Display
import TestSupport
import Testing

/// Putting the console back: what is saved, what is set back, in which order.
@Suite struct CrtcRestoreTests {
    @Test func remembersTheFirstStateOnlyAndSetsItBack() throws {
        let card = FakeCard(FakeCard.card(heads: 1))
        let r = CrtcRestore()
        r.remember(crtcID: 10, in: card.state)
        card.apply(crtc: 10, buffer: 500, mode: .synthetic(1920, 1080), connectors: [30])
        r.remember(crtcID: 10, in: card.state)        // ours now: must not replace the console's
        #expect(r.saved.count == 1)
        #expect(r.saved[0].crtc.bufferID == 7 && r.saved[0].crtc.mode == .synthetic(1024, 768) && r.saved[0].connectors == [30])
        #expect(r.restoreAll(on: card).isEmpty)
        #expect(card.journal == ["setCrtc 10 fb 7 1024x768@60.00 connectors [30]"])
        #expect(card.state.crtcs[0].bufferID == 7)
        #expect(r.restoreAll(on: card).isEmpty && card.journal.count == 1)   // a second call does nothing
    }

    @Test func crtcsThatWereOffGoFirst() {
        // Connector 30 was on CRTC 10 (console); we moved it to CRTC 11, which was off.
        let card = FakeCard(FakeCard.card(heads: 2))
        card.state.encoders[0].possibleCrtcs = 0b11
        let r = CrtcRestore()
        r.remember(crtcID: 11, in: card.state)
        r.remember(crtcID: 10, in: card.state)
        _ = r.restoreAll(on: card)
        #expect(card.journal == ["setCrtc 11 fb 0 off connectors []", "setCrtc 10 fb 7 1024x768@60.00 connectors [30]"])
    }

    @Test func failuresAreReportedNotThrown() {
        let card = FakeCard(FakeCard.card(heads: 1))
        let r = CrtcRestore()
        r.remember(crtcID: 10, in: card.state)
        r.remember(crtcID: 99, in: card.state)       // no such CRTC: nothing to remember
        #expect(r.saved.count == 1)
        card.state.crtcs.removeAll()                   // the device went away meanwhile
        let failures = r.restoreAll(on: FailingCard(card))
        #expect(failures.count == 1)
    }
}

/// A card whose every mode set fails (unplugged GPU, lost master).
final class FailingCard: KMSDevice {
    let inner: FakeCard
    init(_ inner: FakeCard) { self.inner = inner }
    var path: String { inner.path }
    var modeSetter: ModeSetter { inner }
    func probe() throws(DisplayError) -> CardSnapshot { inner.state }
    func crtc(_ id: UInt32) throws(DisplayError) -> CrtcInfo { try inner.crtc(id) }
    func setCrtc(_ crtc: CrtcInfo, connectors: [UInt32]) throws(DisplayError) {
        throw .system(.init("drmModeSetCrtc", errno: 13))
    }
    func makeBuffer(width: Int, height: Int) throws(DisplayError) -> ScanoutBuffer { try inner.makeBuffer(width: width, height: height) }
    var eventFD: Int32 { -1 }
    func dispatchEvents(_ flipCompleted: (UInt64, Double?) -> Void) {}
    func waitForPendingFlips(timeout: Double) {}
    func isMaster() -> Bool { true }
    func dropMaster() {}
    func acquireMaster() -> Bool { true }
}
