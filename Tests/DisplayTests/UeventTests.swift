@testable import Display
import Glibc
import Platform
import TestSupport
import Testing

@Suite struct UeventTests {
    static func message(_ parts: [String]) -> [UInt8] { parts.flatMap { Array($0.utf8) + [0] } }

    @Test func parsesAKernelDRMHotplug() throws {
        // As 6.1 sends it for virtio-gpu (no CONNECTOR key).
        let e = try #require(Uevent(parsing: Self.message([
            "change@/devices/pci0000:00/0000:00:02.0/virtio0/drm/card0", "ACTION=change",
            "DEVPATH=/devices/pci0000:00/0000:00:02.0/virtio0/drm/card0", "SUBSYSTEM=drm", "HOTPLUG=1",
            "DEVNAME=dri/card0", "DEVTYPE=drm_minor", "SEQNUM=2281", "MAJOR=226", "MINOR=0"])))
        #expect(e.action == "change" && e.isDRMHotplug && e.connectorID == nil)
        #expect(e.concerns(cardPath: "/dev/dri/card0") && !e.concerns(cardPath: "/dev/dri/card1"))
        #expect(e.summary == "change dri/card0 HOTPLUG=1")
    }

    @Test func connectorKeyWhenTheKernelGivesIt() throws {
        let e = try #require(Uevent(parsing: Self.message(["change@/devices/x/drm/card1", "SUBSYSTEM=drm", "HOTPLUG=1",
                                                            "CONNECTOR=77", "PROPERTY=5", "DEVNAME=dri/card1"])))
        #expect(e.connectorID == 77 && e.summary == "change dri/card1 HOTPLUG=1 CONNECTOR=77 PROPERTY=5")
    }

    @Test func ignoresWhatIsNotADRMHotplug() {
        #expect(Uevent(parsing: Self.message(["libudev", "garbage"])) == nil)
        #expect(Uevent(parsing: []) == nil)
        let synthetic = Uevent(parsing: Self.message(["change@/devices/x/drm/card0", "SUBSYSTEM=drm", "SYNTH_ARG_HOTPLUG=1"]))
        #expect(synthetic?.isDRMHotplug == false)
        let usb = Uevent(parsing: Self.message(["add@/devices/usb1", "SUBSYSTEM=usb", "HOTPLUG=1"]))
        #expect(usb?.isDRMHotplug == false)
    }

    static let hotplug = Uevent(action: "change", devpath: "/devices/x/drm/card0",
                                fields: ["SUBSYSTEM": "drm", "HOTPLUG": "1", "DEVNAME": "dri/card0"])
}

/// Coalescing hotplug bursts, on virtual time with the production settings (0.1 s quiet, 0.4 s
/// at most after the first event).
@Suite struct HotplugDebounceTests {
    @Test func aBurstBecomesOneRescanAfterItHasBeenQuietFor100ms() {
        let loop = EventLoop(clock: VirtualClock())
        var batches: [(at: Double, count: Int)] = []
        let d = HotplugDebounce(loop: loop) { batches.append((loop.now, $0.count)) }
        for _ in 0..<3 {                        // a TV flapping while it powers up
            d.event(UeventTests.hotplug)
            loop.advance(by: 0.0625)
        }
        d.event(UeventTests.hotplug)
        loop.advance(by: 0.09375)
        #expect(batches.isEmpty, "not quiet for 0.1 s yet")
        loop.advance(by: 0.03125)
        #expect(batches.count == 1 && batches.first?.count == 4)
        #expect(abs((batches.first?.at ?? 0) - 0.2875) < 1e-9, "0.1 s after the last event")
        d.event(UeventTests.hotplug)            // a later event is a new rescan
        loop.advance(by: 1)
        #expect(batches.map(\.count) == [4, 1])
    }

    @Test func aDisplayThatKeepsFlappingIsStillLookedAtWithin400ms() {
        let loop = EventLoop(clock: VirtualClock())
        var batches: [(at: Double, count: Int)] = []
        let d = HotplugDebounce(loop: loop) { batches.append((loop.now, $0.count)) }
        // An event every 62.5 ms (exact in binary, so no instant ties) for 0.75 s: never quiet
        // for 0.1 s.
        for _ in 0..<12 {
            d.event(UeventTests.hotplug)
            loop.advance(by: 0.0625)
        }
        loop.advance(by: 1)
        #expect(batches.map(\.count) == [7, 5], "those of the first 0.4 s, then the rest once quiet")
        #expect(batches.count == 2 && abs(batches[0].at - 0.4) < 1e-9 && abs(batches[1].at - 0.7875) < 1e-9,
                "\(batches.map(\.at))")
    }
}

/// When the displays are looked at again: each debounced uevent burst and once more a second
/// later, or every 3 s without uevents.
@Suite struct HotplugMonitorTests {
    init() { Log.sink = { _ in } }

    @Test func aHotplugRescansAndLooksAgainOneSecondLater() throws {
        let loop = EventLoop(clock: VirtualClock())
        var reasons: [(at: Double, reason: String)] = []
        let m = HotplugMonitor(loop: loop, cardPath: "/dev/dri/card0") { reason, _ in reasons.append((loop.now, reason)) }
        try #require(m.usingUevents, "this test needs a NETLINK_KOBJECT_UEVENT socket")
        m.received(UeventTests.hotplug)
        loop.advance(by: 0.1)
        #expect(reasons.map(\.reason) == ["hotplug: change dri/card0 HOTPLUG=1"])
        loop.advance(by: 0.99)
        #expect(reasons.count == 1)
        loop.advance(by: 0.02)
        #expect(reasons.map(\.reason) == ["hotplug: change dri/card0 HOTPLUG=1", "hotplug settled"])
        #expect(abs((reasons.last?.at ?? 0) - 1.1) < 1e-9, "one second after the rescan")
        loop.advance(by: 60)
        #expect(reasons.count == 2, "once, not periodically")
    }

    @Test func anEventForAnotherCardIsNotOurs() throws {
        let loop = EventLoop(clock: VirtualClock())
        var reasons: [String] = []
        let m = HotplugMonitor(loop: loop, cardPath: "/dev/dri/card1") { reason, _ in reasons.append(reason) }
        try #require(m.usingUevents, "this test needs a NETLINK_KOBJECT_UEVENT socket")
        m.received(UeventTests.hotplug)
        loop.advance(by: 5)
        #expect(reasons.isEmpty)
    }

    @Test func withoutUeventsItReprobesEveryThreeSeconds() {
        let loop = EventLoop(clock: VirtualClock())
        var reasons: [(at: Double, reason: String)] = []
        let m = HotplugMonitor(loop: loop, cardPath: "/dev/dri/card0", forceFallback: true) { reason, events in
            #expect(events.isEmpty)
            reasons.append((loop.now, reason))
        }
        #expect(!m.usingUevents)
        loop.advance(by: 2.99)
        #expect(reasons.isEmpty)
        loop.advance(by: 7.01)
        #expect(reasons.map(\.at) == [3, 6, 9])
        #expect(reasons.allSatisfy { $0.reason == "periodic re-probe" })
    }
}

@Suite struct UeventCardPathTests {
    /// Multi-GPU boxes pin the card by a stable link (/dev/dri/by-path/…-card): events must still
    /// reach it.
    @Test func aLinkToTheCardIsResolved() throws {
        let dir = "/tmp/qk-uevent-\(getpid())"
        mkdir(dir, 0o755)
        mkdir(dir + "/dri", 0o755)
        let card = dir + "/dri/card0"
        let fd = open(card, O_CREAT | O_WRONLY, 0o644)
        close(fd)
        symlink(card, dir + "/by-path-card")
        defer {
            unlink(dir + "/by-path-card")
            unlink(card)
            rmdir(dir + "/dri")
            rmdir(dir)
        }
        let e = Uevent(action: "change", devpath: "/devices/x/drm/card0",
                       fields: ["SUBSYSTEM": "drm", "HOTPLUG": "1", "DEVNAME": "dri/card0"])
        #expect(e.concerns(cardPath: dir + "/by-path-card"))
        #expect(e.concerns(cardPath: card))
        let other = Uevent(action: "change", devpath: "/devices/y/drm/card1",
                           fields: ["SUBSYSTEM": "drm", "HOTPLUG": "1", "DEVNAME": "dri/card1"])
        #expect(!other.concerns(cardPath: dir + "/by-path-card"))
    }
}
