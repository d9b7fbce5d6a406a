import Glibc
import MQTT
import Platform
import TestSupport
import Testing

/// One retained message of 250 MB on the room's topic: the screen connects with MQTT 5 and a
/// Maximum Packet Size, so the broker never sends it, and its memory stays that of a screen.
/// (With MQTT 3.1.1 libmosquitto reads the whole packet before anyone can look at it: peak
/// resident memory was 533 MB for this message, again at every reconnection.)
@Suite(.serialized) struct HugeRetainedMessageTests {
    /// Peak resident memory of `pid` in MiB (VmHWM).
    func peakMiB(_ pid: pid_t) -> Int? {
        let status = TempDir.read("/proc/\(pid)/status")
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 / 1024 }
    }

    @Test func aQuarterGigabyteRetainedStateCostsTheScreenNothing() async throws {
        let broker = try LocalBroker()
        try broker.start()
        // Also watching the screens' presence: see below.
        let publisher = try Publisher(broker.url, room: "big", subscribe: "quizkiosk/big/screens/+")
        let huge = [UInt8](repeating: 0x20, count: 250_000_000)
        try #require(publisher.publish(huge), "the broker took the 250 MB retained message")

        let screen = try Screen(source: "mqtt://127.0.0.1:\(broker.port)/big", width: 320, height: 180)
        #expect(await screen.process.waitForLines(containing: "connected"), "\(screen.process.stderr)")
        // "connected" is logged before the screen subscribes, and a message that is not retained
        // reaches only subscribers: wait for the presence the screen publishes after sending its
        // SUBSCRIBE (the broker handles one connection's packets in order), or the state below
        // can come before the subscription on a loaded machine and never be seen.
        #expect(await publisher.run(until: { publisher.received.contains { $0.topic.hasPrefix("quizkiosk/big/screens/") } }),
                "the screen's presence")
        // A state published after the huge one reaches the screen after it would have: once it
        // is on screen, the broker has sent (or, rightly, not sent) the huge one.
        let after = #"{"title":"after the huge one"}"#
        #expect(publisher.publish(Array(after.utf8), retain: false))
        #expect(await screen.waitForFrame(screen.expected(after)), "the screen goes on")
        let peak = peakMiB(screen.process.pid)
        #expect(peak != nil && peak! < 100, "peak resident memory \(peak.map { "\($0) MiB" } ?? "?") for a 250 MB retained message")
        #expect(!screen.process.stderr.contains("250000000 bytes"), "the broker did not even send it")
    }
}
