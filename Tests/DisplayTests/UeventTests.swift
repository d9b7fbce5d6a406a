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

    @Test func aBurstBecomesOneRescan() {
        let loop = EventLoop()
        var batches: [[Uevent]] = []
        let d = HotplugDebounce(loop: loop, quiet: 0.05, maxDelay: 0.3) { batches.append($0) }
        let e = Uevent(action: "change", devpath: "/x", fields: ["SUBSYSTEM": "drm", "HOTPLUG": "1"])
        for _ in 0..<5 { d.event(e) }          // a TV flapping while it powers up
        #expect(loop.run(until: { !batches.isEmpty }, timeout: 2))
        #expect(batches.count == 1 && batches[0].count == 5)
        d.event(e)                              // a later event is a new rescan
        #expect(loop.run(until: { batches.count == 2 }, timeout: 2))
    }

    @Test func aDisplayThatKeepsFlappingIsStillLookedAt() {
        let loop = EventLoop()
        var fired: [Double] = []
        let d = HotplugDebounce(loop: loop, quiet: 0.1, maxDelay: 0.25) { _ in fired.append(Clock.monotonic()) }
        let e = Uevent(action: "change", devpath: "/x", fields: ["SUBSYSTEM": "drm", "HOTPLUG": "1"])
        let start = Clock.monotonic()
        // An event every 50 ms for 0.6 s: never quiet, but rescans must still happen.
        var next = start
        while Clock.monotonic() - start < 0.6 {
            if Clock.monotonic() >= next {
                d.event(e)
                next += 0.05
            }
            loop.runOnce(timeout: 0.01)
        }
        #expect(fired.count >= 2)
        if let first = fired.first { #expect(first - start < 0.4) }
    }
}

@Suite struct HotplugMonitorTests {
    init() { Log.sink = { _ in } }

    @Test func withoutUeventsItReprobesPeriodically() {
        let loop = EventLoop()
        var reasons: [String] = []
        let m = HotplugMonitor(loop: loop, cardPath: "/dev/dri/card0", fallbackInterval: 0.05, forceFallback: true) { reason, events in
            #expect(events.isEmpty)
            reasons.append(reason)
        }
        #expect(!m.usingUevents)
        #expect(loop.run(until: { reasons.count >= 3 }, timeout: 2))
        #expect(reasons.allSatisfy { $0 == "periodic re-probe" })
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
