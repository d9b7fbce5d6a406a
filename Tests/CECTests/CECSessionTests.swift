import CEC
import Platform
import TestSupport
import Testing

/// `--cec off|auto|/dev/cecN`: what is opened, and that nothing stops the screen.
@Suite struct CECSessionTests {
    @Test func offOpensNothingAndSendsNothing() {
        let loop = EventLoop(clock: VirtualClock())
        var probed = 0, opened = 0
        let s = CECSession(settings: CECSettings(adapter: .off), loop: loop, probe: { probed += 1; return [] },
                           open: { p throws(CECError) in opened += 1; return FakeAdapter(path: p) })
        s.start()
        s.displayShown(DisplayLink(connectorName: "HDMI-A-1"))
        s.show(.ended)
        s.shutdown()
        #expect(probed == 0 && opened == 0)
        #expect(s.controller == nil)
    }

    @Test func autoOpensTheSourceSideAdapterAndAnnounces() {
        let loop = EventLoop(clock: VirtualClock())
        let fake = FakeAdapter(path: "/dev/cec-auto1")
        let adapters = [AdapterInfo(path: "/dev/cec-auto0", physicalAddress: .root, logicalAddresses: [.tv], requestedTypes: [0]), fake.state]
        var opened: [String] = []
        let s = CECSession(settings: CECSettings(), loop: loop, probe: { adapters },
                           open: { p throws(CECError) in opened.append(p); return fake })
        s.displayShown(DisplayLink(connectorName: "Virtual-1"))
        loop.advance(by: 0)
        #expect(opened == ["/dev/cec-auto1"])
        #expect(fake.sent(.imageViewOn).count == 1)
        #expect(fake.sent(.activeSource).count == 1)
    }

    @Test func anAdapterThatCannotBeOpenedIsOneLineAndTheScreenGoesOn() {
        let loop = EventLoop(clock: VirtualClock())
        let log = LogCapture(containing: "/dev/cec-missing9")
        let s = CECSession(settings: CECSettings(adapter: .path("/dev/cec-missing9")), loop: loop, probe: { [] },
                           open: { p throws(CECError) in throw .noSuchAdapter(path: p) })
        s.start()
        s.displayShown(DisplayLink(connectorName: "HDMI-A-1"))
        s.displayShown(DisplayLink(connectorName: "HDMI-A-1"))
        #expect(s.controller == nil)
        #expect(log.lines(containing: "no such CEC adapter").count == 1)
        #expect(log.lines(containing: "the screen goes on without CEC").count == 1)
    }

    @Test func noAdapterAtAllIsSaidOnce() {
        let loop = EventLoop(clock: VirtualClock())
        let log = LogCapture(containing: "no CEC adapter on this machine")
        let s = CECSession(settings: CECSettings(), loop: loop, probe: { [] }, open: { p throws(CECError) in FakeAdapter(path: p) })
        s.displayShown(DisplayLink(connectorName: "HDMI-A-1"))
        s.displayShown(DisplayLink(connectorName: "HDMI-A-1"))
        #expect(log.all.count == 1)
    }
}
