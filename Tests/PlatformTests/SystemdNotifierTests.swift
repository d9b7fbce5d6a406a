@testable import Platform
import TestSupport
import Testing

/// The notify protocol against a socket the test owns, standing in for systemd.
@Suite struct SystemdNotifierTests {
    @Test func readyStatusAndWatchdogReachTheSocket() {
        let systemd = FakeSystemd()
        let n = SystemdNotifier(environment: ["NOTIFY_SOCKET": systemd.path, "WATCHDOG_USEC": "20000000"])
        #expect(n.isActive)
        #expect(n.watchdogInterval == 20)
        n.ready(status: "waiting for a display")
        #expect(systemd.receiveNow() == "READY=1\nSTATUS=waiting for a display")
        n.status("question 3/10 on HDMI-A-1 1920x1080")
        n.status("question 3/10 on HDMI-A-1 1920x1080")  // unchanged: not sent again
        n.watchdog()
        #expect(systemd.receiveNow() == "STATUS=question 3/10 on HDMI-A-1 1920x1080")
        #expect(systemd.receiveNow() == "WATCHDOG=1")
    }

    @Test func abstractSocketNamesWork() {
        let systemd = FakeSystemd(abstract: true)
        let n = SystemdNotifier(environment: ["NOTIFY_SOCKET": systemd.path])
        n.stopping()
        #expect(systemd.receiveNow() == "STOPPING=1")
    }

    @Test func withoutSystemdNothingHappens() {
        let n = SystemdNotifier(environment: [:])
        #expect(!n.isActive && n.watchdogInterval == nil)
        #expect(!n.notify("READY=1"))
    }

    @Test func aWatchdogMeantForAnotherProcessIsIgnored() {
        let n = SystemdNotifier(environment: ["WATCHDOG_USEC": "1000000", "WATCHDOG_PID": "1"])
        #expect(n.watchdogInterval == nil)
    }
}
