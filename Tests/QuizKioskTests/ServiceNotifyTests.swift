import Glibc
import TestSupport
import Testing

/// `run` speaks the sd_notify protocol to whatever socket NOTIFY_SOCKET names: here one the
/// test owns, standing in for systemd.
@Suite struct ServiceNotifyTests {
    @Test func readyStatusWatchdogAndStopping() async throws {
        let systemd = FakeSystemd()
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        TempDir.write(dir + "/s.json", #"{"question":{"number":3,"total":10,"text":"Q?"}}"#)
        let screen = try Child(["run", "--headless", "--out", dir + "/out", "--size", "640x360", "--state", dir + "/s.json"],
                               environment: ["NOTIFY_SOCKET": systemd.path, "WATCHDOG_USEC": "400000"])
        var messages: [String] = []
        while messages.filter({ $0 == "WATCHDOG=1" }).count < 2, let m = await systemd.receive() { messages.append(m) }
        #expect(messages.first == "READY=1\nSTATUS=question 3/10 on headless 640x360", "\(messages)")
        #expect(messages.filter { $0 == "WATCHDOG=1" }.count == 2, "\(messages)")
        #expect(await screen.terminate() == 0)
        var rest: [String] = []
        while let m = await systemd.receive(), rest.count < 10 {
            rest.append(m)
            if m == "STOPPING=1" { break }
        }
        #expect(rest.last == "STOPPING=1", "\(rest)")
    }
}
