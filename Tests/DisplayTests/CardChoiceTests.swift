@testable import Display
import Testing

@Suite struct CardChoiceTests {
    static let simpledrm = CardCandidate(path: "/dev/dri/card0", driver: "simple-framebuffer", hasConnectedDisplay: true)
    static let virtio = CardCandidate(path: "/dev/dri/card1", driver: "virtio_gpu", hasConnectedDisplay: true)

    @Test func noCardMeansWaitingForOne() {
        #expect(CardChoice.decide([], now: 100, firmwareDeadline: 10) == .waitForAnyCard)
    }

    @Test func aRealCardIsUsedAtOnce() {
        #expect(CardChoice.decide([Self.virtio], now: 0, firmwareDeadline: 10) == .use("/dev/dri/card1"))
    }

    @Test func theFirmwareCardAloneIsSkippedUntilTheDeadline() {
        #expect(CardChoice.decide([Self.simpledrm], now: 9.9, firmwareDeadline: 10) == .waitForRealCard(until: 10))
        #expect(CardChoice.decide([Self.simpledrm], now: 10, firmwareDeadline: 10) == .use("/dev/dri/card0"))
    }

    @Test func aRealCardBesideTheFirmwareOneWins() {
        // Before the deadline and after it: the firmware card is never chosen over a real one.
        for now in [0.0, 50] {
            #expect(CardChoice.decide([Self.simpledrm, Self.virtio], now: now, firmwareDeadline: 10) == .use("/dev/dri/card1"))
        }
    }

    @Test func everyFirmwareDriverNameCounts() {
        for name in ["simpledrm", "simple-framebuffer", "efidrm", "efi-framebuffer", "vesadrm", "vesa-framebuffer", "ofdrm"] {
            #expect(CardCandidate(path: "/dev/dri/card0", driver: name).isFirmware, "\(name)")
        }
        for name in ["virtio_gpu", "bochs-drm", "i915", "amdgpu", "vc4-drm", "v3d"] {
            #expect(!CardCandidate(path: "/dev/dri/card0", driver: name).isFirmware, "\(name)")
        }
        // A card whose driver sysfs does not name is taken as a real one (usable at once).
        #expect(!CardCandidate(path: "/dev/dri/card0", driver: nil).isFirmware)
    }

    @Test func bootVGABreaksTheTieBetweenRealCards() {
        let a = CardCandidate(path: "/dev/dri/card0", driver: "nouveau", bootVGA: false, hasConnectedDisplay: true)
        let b = CardCandidate(path: "/dev/dri/card1", driver: "i915", bootVGA: true, hasConnectedDisplay: true)
        #expect(CardChoice.decide([a, b], now: 0, firmwareDeadline: 10) == .use("/dev/dri/card1"))
        #expect(CardChoice.decide([b, a], now: 0, firmwareDeadline: 10) == .use("/dev/dri/card1"))
    }

    @Test func aConnectedDisplayComesBeforeBootVGA() {
        let dark = CardCandidate(path: "/dev/dri/card0", driver: "i915", bootVGA: true, hasConnectedDisplay: false)
        let lit = CardCandidate(path: "/dev/dri/card1", driver: "nouveau", bootVGA: false, hasConnectedDisplay: true)
        #expect(CardChoice.decide([dark, lit], now: 0, firmwareDeadline: 10) == .use("/dev/dri/card1"))
    }

    @Test func lowestNumberLastOfAll() {
        let c2 = CardCandidate(path: "/dev/dri/card2", driver: "x")
        let c10 = CardCandidate(path: "/dev/dri/card10", driver: "x")
        #expect(CardChoice.decide([c10, c2], now: 0, firmwareDeadline: 0) == .use("/dev/dri/card2"))
        #expect(c10.number == 10)
    }

    @Test func onlyAFirmwareCardIsReplaced() {
        let cards = [Self.simpledrm, Self.virtio]
        #expect(CardChoice.replacement(for: "/dev/dri/card0", among: cards) == "/dev/dri/card1")
        // A real card in use stays, even when a better-ranked one appears.
        let other = CardCandidate(path: "/dev/dri/card2", driver: "i915", bootVGA: true, hasConnectedDisplay: true)
        #expect(CardChoice.replacement(for: "/dev/dri/card1", among: [Self.virtio, other]) == nil)
        // The firmware card alone: nothing to move to.
        #expect(CardChoice.replacement(for: "/dev/dri/card0", among: [Self.simpledrm]) == nil)
    }

    @Test func cardEventsAreRecognised() {
        let add = Uevent(action: "add", devpath: "/devices/pci0000:00/0000:00:02.0/drm/card1",
                         fields: ["SUBSYSTEM": "drm", "DEVNAME": "dri/card1"])
        let remove = Uevent(action: "remove", devpath: "/devices/platform/simple-framebuffer.0/drm/card0",
                            fields: ["SUBSYSTEM": "drm", "DEVNAME": "dri/card0"])
        let render = Uevent(action: "add", devpath: "/x/drm/renderD128", fields: ["SUBSYSTEM": "drm", "DEVNAME": "dri/renderD128"])
        let connector = Uevent(action: "add", devpath: "/x/drm/card1/card1-Virtual-1", fields: ["SUBSYSTEM": "drm"])
        let hotplug = Uevent(action: "change", devpath: "/x/drm/card1", fields: ["SUBSYSTEM": "drm", "HOTPLUG": "1", "DEVNAME": "dri/card1"])
        #expect(add.isCardArrivalOrRemoval && remove.isCardArrivalOrRemoval)
        #expect(!render.isCardArrivalOrRemoval && !connector.isCardArrivalOrRemoval && !hotplug.isCardArrivalOrRemoval)
    }
}
