import Glibc
import Platform
import TestSupport
import Testing
import WebServer

/// Descriptors running out (EMFILE) in a child process of its own (an exit test), since the
/// limit is the whole process's and other suites run beside this one.
@Suite struct WebServerDescriptorLimitTests {
    /// At the limit, each waiting connection is accepted and closed through the reserve
    /// descriptor — every wakeup does that much and the loop goes idle after — and once
    /// descriptors are free again connections are served as before.
    @Test func connectionsAtTheDescriptorLimitAreShedWithoutSpinning() async {
        await #expect(processExitsWith: .success) {
            func check(_ ok: Bool, _ code: Int32) { if !ok { exit(code) } }
            let s = try! EchoServer(clock: VirtualClock())
            let clients = (0..<3).map { _ in try! s.client() }
            // Every descriptor the process may have, taken.
            var r = rlimit()
            getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &r)
            r.rlim_cur = 256
            check(setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &r) == 0, 2)
            var fillers: [Int32] = []
            while true {
                let fd = open("/dev/null", O_RDONLY | O_CLOEXEC)
                if fd < 0 { break }
                fillers.append(fd)
            }
            check(errno == EMFILE, 3)
            check(s.loop.run(until: { clients.allSatisfy(\.ended) }, timeout: 10), 4)
            check(s.server.statistics.acceptErrors == 3, 5)
            check(s.server.connectionCount == 0, 6)
            // Nothing is waiting now: a pass finds nothing ready.
            let wakeups = s.loop.wakeups
            for _ in 0..<100 { s.loop.runOnce(timeout: 0) }
            check(s.loop.wakeups == wakeups, 7)
            for fd in fillers { close(fd) }
            let later = try! s.client()
            check(later.upgrade() == 101, 8)
            later.write(text("back"))
            check(later.wait { later.texts == ["echo:back"] }, 9)
            exit(0)
        }
    }
}
