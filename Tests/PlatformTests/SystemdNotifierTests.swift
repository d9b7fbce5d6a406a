import Glibc
@testable import Platform
import TestSupport
import Testing

/// The notify protocol against a socket the test owns, standing in for systemd.
@Suite struct SystemdNotifierTests {
    final class FakeSystemd {
        let fd: Int32
        let path: String

        init(abstract: Bool = false) {
            let name = "/tmp/qk-notify-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            path = abstract ? "@" + name : name
            fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
            var addr = sockaddr_un()
            addr.sun_family = sa_family_t(AF_UNIX)
            var bytes = Array(path.utf8)
            if abstract { bytes[0] = 0 }
            withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in bytes.enumerated() { raw[i] = b } }
            let len = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
            _ = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) } }
            var tv = timeval(tv_sec: 2, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        }

        deinit {
            close(fd)
            if !path.hasPrefix("@") { unlink(path) }
        }

        func receive() -> String? {
            var buf = [UInt8](repeating: 0, count: 4096)
            let n = recv(fd, &buf, buf.count, 0)
            return n > 0 ? String(decoding: buf[0..<n], as: UTF8.self) : nil
        }
    }

    @Test func readyStatusAndWatchdogReachTheSocket() {
        let systemd = FakeSystemd()
        let n = SystemdNotifier(environment: ["NOTIFY_SOCKET": systemd.path, "WATCHDOG_USEC": "20000000"])
        #expect(n.isActive)
        #expect(n.watchdogInterval == 20)
        n.ready(status: "waiting for a display")
        #expect(systemd.receive() == "READY=1\nSTATUS=waiting for a display")
        n.status("question 3/10 on HDMI-A-1 1920x1080")
        n.status("question 3/10 on HDMI-A-1 1920x1080")  // unchanged: not sent again
        n.watchdog()
        #expect(systemd.receive() == "STATUS=question 3/10 on HDMI-A-1 1920x1080")
        #expect(systemd.receive() == "WATCHDOG=1")
    }

    @Test func abstractSocketNamesWork() {
        let systemd = FakeSystemd(abstract: true)
        let n = SystemdNotifier(environment: ["NOTIFY_SOCKET": systemd.path])
        n.stopping()
        #expect(systemd.receive() == "STOPPING=1")
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
