import CEC
import Glibc
import Platform
import TestSupport
import Testing

/// The kiosk on a fake adapter, on virtual time: the logical-address claim, the announcement
/// (Image View On, Active Source) at start, after a hotplug and when a quiz begins, Standby
/// after the ended screen's wait, and the retries and single lines of item 6.
@Suite struct CECControllerTests {
    static let pa = PhysicalAddress(rawValue: 0x1000)

    final class Bench {
        let loop = EventLoop(clock: VirtualClock())
        let fake: FakeAdapter
        let controller: CECController
        let log: LogCapture

        init(_ name: String, settings: CECSettings = CECSettings(), physicalAddress: PhysicalAddress = CECControllerTests.pa,
             configure: (FakeAdapter) -> Void = { _ in }) {
            fake = FakeAdapter(path: "/dev/cec-\(name)", physicalAddress: physicalAddress)
            configure(fake)
            log = LogCapture(containing: fake.path)
            controller = CECController(adapter: fake, loop: loop, settings: settings)
        }

        func start() throws {
            try controller.start()
            loop.advance(by: 0)
        }

        func shown() {
            controller.displayShown(DisplayLink(connectorName: "HDMI-A-1"))
            loop.advance(by: 0)
        }

        var announcementsSent: [[CECMessage]] {
            var out: [[CECMessage]] = []
            let s = fake.sent
            for (i, m) in s.enumerated() where m.command == .imageViewOn && i + 1 < s.count {
                out.append([m, s[i + 1]])
            }
            return out
        }
    }

    @Test func claimsAPlaybackAddressNamedQuizKiosk() throws {
        let b = Bench("claim")
        try b.start()
        #expect(b.fake.claims.count == 1)
        #expect(b.fake.claims.first?.osdName == "QuizKiosk")
        #expect(b.fake.claims.first?.deviceType == .playback)
        #expect(b.fake.clears == 0)
        #expect(b.controller.isConfigured)
        #expect(b.controller.identity.logicalAddress == .playback1)
        #expect(b.fake.isWatched)
        #expect(b.log.matching("as \"QuizKiosk\"") == ["/dev/cec-claim (fake-out0): Playback 1 (4) at 1.0.0.0 as \"QuizKiosk\""])
    }

    @Test func takesTheAddressTheKernelGaveWhenPlayback1IsTaken() throws {
        let b = Bench("second") { $0.claimGets = .playback2 }
        try b.start()
        b.shown()
        #expect(b.controller.identity.logicalAddress == .playback2)
        #expect(b.fake.sent(.imageViewOn).first?.initiator == .playback2)
    }

    @Test func aRestartKeepsItsOwnClaimAndReplacesAnotherProgramsConfiguration() throws {
        let mine = Bench("mine") {
            $0.state.logicalAddresses = [.playback1]
            $0.state.requestedTypes = [AdapterInfo.typePlayback]
            $0.state.osdName = "QuizKiosk"
        }
        try mine.start()
        #expect(mine.fake.claims.isEmpty && mine.fake.clears == 0)
        #expect(mine.controller.isConfigured)

        let theirs = Bench("theirs") {
            $0.state.logicalAddresses = [.playback1]
            $0.state.requestedTypes = [AdapterInfo.typePlayback]
            $0.state.osdName = "Kodi"
        }
        try theirs.start()
        #expect(theirs.fake.clears == 1)
        #expect(theirs.fake.claims.count == 1)
        #expect(theirs.controller.isConfigured)
    }

    @Test func anAdapterConfiguredAsATVIsLeftAlone() {
        let b = Bench("tvside", physicalAddress: .root) {
            $0.state.logicalAddresses = [.tv]
            $0.state.requestedTypes = [AdapterInfo.typeTV]
        }
        #expect(throws: CECError.busy(path: "/dev/cec-tvside", what: "configured as a TV by another program")) { try b.controller.start() }
        #expect(b.fake.claims.isEmpty && b.fake.clears == 0 && !b.fake.isWatched)
    }

    @Test func theFirstFrameWakesTheTVAndSwitchesItToUs() throws {
        let b = Bench("start")
        try b.start()
        b.shown()
        #expect(b.fake.sent == [CECMessage(from: .playback1, to: .tv, .imageViewOn),
                                CECMessage(from: .playback1, to: .broadcast, .activeSource(Self.pa))])
        #expect(b.controller.announcements == 1)
        #expect(b.controller.isActiveSource)
        #expect(!b.controller.wantsAnnouncement)
        #expect(b.log.matching("sent Image View On").count == 1)
    }

    @Test func withoutAPhysicalAddressTheAnnouncementWaitsForTheTV() throws {
        let b = Bench("nopa", physicalAddress: .invalid)
        try b.start()
        b.shown()
        #expect(b.fake.sent.isEmpty)
        #expect(b.log.lines(containing: "no physical address").count == 1)
        b.shown()   // a second frame-on-screen says nothing new
        #expect(b.log.lines(containing: "no physical address").count == 1)
        // The TV switches on: hot-plug detect high, the kernel claims, the state changes.
        b.fake.changeState(physicalAddress: Self.pa)
        b.loop.advance(by: 0)
        #expect(b.announcementsSent.count == 1)
        #expect(b.fake.sent(.activeSource).first?.command == .activeSource(Self.pa))
    }

    @Test func aTVThatDoesNotAcknowledgeIsOneLineAndATryAgainWhenItsStateChanges() throws {
        let b = Bench("nack")
        var tvCECOn = false
        b.fake.result = { m in m.command == .imageViewOn && !tvCECOn ? .nack : .ok }
        try b.start()
        b.shown()
        #expect(b.announcementsSent.count == 1)
        #expect(b.controller.wantsAnnouncement)
        #expect(!b.controller.isActiveSource)
        let warned = b.log.lines(containing: "did not take the announcement")
        #expect(warned.count == 1)
        #expect(warned.first?.contains("Image View On: not acknowledged") == true)
        #expect(warned.first?.contains("CEC may be off") == true)
        // Nothing happens by itself: no polling, no timer.
        b.loop.advance(by: 3600)
        #expect(b.announcementsSent.count == 1)
        // The adapter's state changes (the TV's HPD went low and high): tried again, still refused: no new line.
        b.fake.changeState(physicalAddress: .invalid)
        b.fake.changeState(physicalAddress: Self.pa)
        b.loop.advance(by: 0)
        #expect(b.announcementsSent.count == 2)
        #expect(b.log.lines(containing: "did not take the announcement").count == 1)
        // Its CEC switched on; the next state change gets through.
        tvCECOn = true
        b.fake.changeState(physicalAddress: .invalid)
        b.fake.changeState(physicalAddress: Self.pa)
        b.loop.advance(by: 0)
        #expect(b.announcementsSent.count == 3)
        #expect(b.controller.isActiveSource)
        #expect(b.log.lines(containing: "sent Image View On and Active Source").count == 1)
    }

    @Test func theTVSpeakingAfterAFailureIsATryAgainToo() throws {
        let b = Bench("speaks")
        var nack = true
        b.fake.result = { m in m.command == .imageViewOn && nack ? .nack : .ok }
        try b.start()
        b.shown()
        nack = false
        b.fake.hear(CECMessage(from: .tv, to: .playback1, .givePhysicalAddress))
        b.loop.advance(by: 0)
        #expect(b.announcementsSent.count == 2)
        #expect(b.controller.isActiveSource)
        // And the question was answered.
        #expect(b.fake.sent(.reportPhysicalAddress) == [CECMessage(from: .playback1, to: .broadcast, .reportPhysicalAddress(Self.pa, .playback))])
    }

    @Test func theTVComingBackAfterAHotplugIsAnnouncedAgain() throws {
        let b = Bench("hotplug")
        try b.start()
        b.shown()
        // The TV goes: HPD low (the kernel drops the logical address), back: HPD high, reclaimed.
        b.fake.changeState(physicalAddress: .invalid)
        b.loop.advance(by: 0)
        #expect(!b.controller.isConfigured && !b.controller.isActiveSource)
        b.fake.changeState(physicalAddress: PhysicalAddress(rawValue: 0x2000))
        b.loop.advance(by: 0)
        #expect(b.announcementsSent.count == 1, "a state change alone does not announce once the announcement got through")
        b.shown()   // the display manager's first frame on the new connection
        #expect(b.announcementsSent.count == 2)
        #expect(b.fake.sent(.activeSource).last?.command == .activeSource(PhysicalAddress(rawValue: 0x2000)))
        #expect(b.controller.announcements == 2)
    }

    @Test func standbyAfterTheEndedScreenHasShownFor600Seconds() throws {
        let b = Bench("standby", settings: CECSettings(standby: true))
        try b.start()
        b.shown()
        b.controller.show(.quiz)
        b.loop.advance(by: 1800)
        b.controller.show(.ended)
        b.loop.advance(by: 599.9)
        #expect(b.fake.sent(.standby).isEmpty)
        b.loop.advance(by: 0.1)
        #expect(b.fake.sent(.standby) == [CECMessage(from: .playback1, to: .tv, .standby)])
        #expect(b.controller.standbySent && !b.controller.isActiveSource)
        #expect(b.log.matching("sent Standby") == ["/dev/cec-standby (fake-out0): the ended screen has shown for 600 s: sent Standby to the TV (--cec-standby)"])
        // Later frames of the same ended screen send nothing more.
        b.controller.show(.ended)
        b.loop.advance(by: 3600)
        #expect(b.fake.sent(.standby).count == 1)
    }

    @Test func aShorterWaitWithCecStandbyAfter() throws {
        let b = Bench("after", settings: CECSettings(standby: true, standbyAfter: 30))
        try b.start()
        b.controller.show(.ended)
        b.loop.advance(by: 29)
        #expect(b.fake.sent(.standby).isEmpty)
        b.loop.advance(by: 1)
        #expect(b.fake.sent(.standby).count == 1)
    }

    @Test func neverStandbyWithoutCecStandby() throws {
        let b = Bench("nostandby")
        try b.start()
        b.shown()
        b.controller.show(.ended)
        b.loop.advance(by: 86_400)
        b.controller.shutdown()
        #expect(b.fake.sent(.standby).isEmpty)
        #expect(b.fake.sentAndWaited.isEmpty)
    }

    @Test func aQuizThatStartsBeforeTheWaitEndsCancelsStandbyAndWakesTheTV() throws {
        let b = Bench("resume", settings: CECSettings(standby: true))
        try b.start()
        b.shown()
        b.controller.show(.ended)
        b.loop.advance(by: 300)
        b.controller.show(.quiz)   // the next quiz's lobby
        #expect(b.announcementsSent.count == 2)
        b.loop.advance(by: 1000)
        #expect(b.fake.sent(.standby).isEmpty)
    }

    @Test func afterStandbyAHotplugDoesNotWakeTheTVButTheNextQuizDoes() throws {
        let b = Bench("asleep", settings: CECSettings(standby: true, standbyAfter: 10))
        try b.start()
        b.shown()
        b.controller.show(.ended)
        b.loop.advance(by: 10)
        #expect(b.controller.standbySent)
        // Some TVs pulse hot-plug detect on their way to standby.
        b.shown()
        #expect(b.announcementsSent.count == 1)
        b.controller.show(.idle)
        #expect(b.announcementsSent.count == 1)
        b.controller.show(.quiz)
        b.loop.advance(by: 0)
        #expect(b.announcementsSent.count == 2)
        #expect(b.controller.isActiveSource)
    }

    @Test func standbyOnExitOnlyWithCecStandby() throws {
        let on = Bench("exit", settings: CECSettings(standby: true))
        try on.start()
        on.shown()
        on.controller.shutdown()
        #expect(on.fake.sentAndWaited == [CECMessage(from: .playback1, to: .tv, .standby)])
        #expect(!on.fake.isWatched)
        #expect(on.log.lines(containing: "on exit: sent Standby").count == 1)
    }

    @Test func itAnswersTheTVAsAWellBehavedSource() throws {
        let b = Bench("answers")
        try b.start()
        b.fake.hear(CECMessage(from: .tv, to: .playback1, .giveOSDName))
        b.fake.hear(CECMessage(from: .tv, to: .playback1, .giveDevicePowerStatus))
        b.fake.hear(CECMessage(from: .tv, to: .playback1, .other(opcode: 0x89, operands: [])))
        b.fake.hear(CECMessage(from: .tv, to: .playback1, .userControlPressed(key: 0x01)))
        b.loop.advance(by: 0)
        #expect(b.fake.sent == [CECMessage(from: .playback1, to: .tv, .setOSDName("QuizKiosk")),
                                CECMessage(from: .playback1, to: .tv, .reportPowerStatus(.on)),
                                CECMessage(from: .playback1, to: .tv, .featureAbort(opcode: 0x89, reason: .unrecognizedOpcode))])
    }

    @Test func anotherSourceTakingTheTVIsSaidAndTheKioskNoLongerClaimsToBeActive() throws {
        let b = Bench("other")
        try b.start()
        b.shown()
        b.fake.hear(CECMessage(from: .playback2, to: .broadcast, .activeSource(PhysicalAddress(rawValue: 0x2000))))
        b.loop.advance(by: 0)
        #expect(!b.controller.isActiveSource)
        b.fake.hear(CECMessage(from: .tv, to: .broadcast, .requestActiveSource))
        b.loop.advance(by: 0)
        #expect(b.fake.sent(.activeSource).count == 1, "only the active source answers Request Active Source")
        #expect(b.log.lines(containing: "another input is shown now").count == 1)
    }

    @Test func anAdapterThatGoesAwayStopsCECNotTheScreen() throws {
        let b = Bench("gone")
        var gone = 0
        b.controller.onGone = { gone += 1 }
        try b.start()
        b.fake.transmitError = .gone(path: b.fake.path)
        b.shown()
        #expect(gone == 1)
        #expect(!b.fake.isWatched)
        b.shown()
        b.controller.show(.quiz)
        #expect(gone == 1)
    }

    @Test func aUSBAdapterIsToldThePhysicalAddressFromTheEDID() throws {
        let b = Bench("usb", physicalAddress: .invalid)
        b.fake.state.capabilities.insert(.physicalAddress)
        try b.start()
        b.controller.displayShown(DisplayLink(connectorName: "HDMI-A-1", physicalAddress: PhysicalAddress(rawValue: 0x3000)))
        b.loop.advance(by: 0)
        #expect(b.fake.physicalAddressesSet == [PhysicalAddress(rawValue: 0x3000)])
        #expect(b.fake.sent(.activeSource).first?.command == .activeSource(PhysicalAddress(rawValue: 0x3000)))
    }

    @Test func aClaimThatFindsNoFreeAddressIsSaidAfterFiveSeconds() throws {
        let b = Bench("full") { $0.claimGets = nil }
        try b.start()
        b.fake.changeState(physicalAddress: PhysicalAddress(rawValue: 0x2000))
        b.loop.advance(by: 4.9)
        #expect(b.log.lines(containing: "no Playback logical address").isEmpty)
        b.loop.advance(by: 0.1)
        #expect(b.log.lines(containing: "no Playback logical address").count == 1)
    }
}

extension CECControllerTests {
    /// An adapter whose every read fails (not EAGAIN, not gone) would wake a level-triggered
    /// loop for ever: it is given up, once, and the screen goes on.
    @Test func anAdapterThatKeepsFailingIsGivenUpOnce() throws {
        let b = Bench("failing")
        var gone = 0
        b.controller.onGone = { gone += 1 }
        try b.start()
        b.fake.receiveError = .system(path: b.fake.path, SystemError("CEC_RECEIVE", errno: EIO, subject: b.fake.path))
        b.fake.hear(CECMessage(from: .tv, to: .playback1, .giveOSDName))
        b.loop.advance(by: 0)
        #expect(gone == 1)
        #expect(!b.fake.isWatched)
        #expect(b.log.lines(containing: "CEC stops, the screen goes on").count == 1)
    }
}
