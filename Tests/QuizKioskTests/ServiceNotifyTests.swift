import Glibc
import TestSupport
import Testing

/// `run` speaks the sd_notify protocol to whatever socket NOTIFY_SOCKET names: here one the
/// test owns, standing in for systemd.
@Suite struct ServiceNotifyTests {
    @Test func readyStatusWatchdogAndStopping() throws {
        let path = "/tmp/qk-sd-\(getpid())"
        unlink(path)
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(fd); unlink(path) }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in path.utf8.enumerated() { raw[i] = b } }
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0)
        var tv = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        func receive() -> String? {
            var buf = [UInt8](repeating: 0, count: 4096)
            let n = recv(fd, &buf, buf.count, 0)
            return n > 0 ? String(decoding: buf[0..<n], as: UTF8.self) : nil
        }

        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        TempDir.write(dir + "/s.json", #"{"question":{"number":3,"total":10,"text":"Q?"}}"#)
        let screen = try Background(["run", "--headless", "--out", dir + "/out", "--size", "640x360", "--state", dir + "/s.json"],
                                environment: ["NOTIFY_SOCKET": path, "WATCHDOG_USEC": "400000"])
        var messages: [String] = []
        while messages.filter({ $0 == "WATCHDOG=1" }).count < 2, let m = receive() { messages.append(m) }
        #expect(messages.first == "READY=1\nSTATUS=question 3/10 on headless 640x360", "\(messages)")
        #expect(messages.filter { $0 == "WATCHDOG=1" }.count == 2, "\(messages)")
        #expect(screen.stop(SIGTERM) == 0)
        var rest: [String] = []
        while let m = receive(), rest.count < 10 {
            rest.append(m)
            if m == "STOPPING=1" { break }
        }
        #expect(rest.last == "STOPPING=1", "\(rest)")
    }
}
