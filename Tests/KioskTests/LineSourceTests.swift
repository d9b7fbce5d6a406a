import Glibc
import Kiosk
import Platform
import TestSupport
import Testing

/// `--source stdin`: lines through a real pipe, waited for with a deadline (no timers involved).
@Suite struct LineSourceTests {
    init() { Log.sink = { _ in } }

    @Test func oneStatePerLineOversizedLinesRejectedAndEndOfInputKeepsTheState() {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        // The writer must not block on a full pipe: the reader runs on this same thread.
        _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
        let loop = EventLoop(clock: VirtualClock())
        let sink = RecordingSink()
        let source = LineSource(fd: fds[0], name: "stdin")
        source.start(on: loop, sink: sink)
        func send(_ bytes: [UInt8]) {
            var off = 0
            while off < bytes.count {
                let n = bytes[off...].withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
                if n > 0 { off += n }
                loop.runOnce(timeout: 0.01)
            }
        }
        send(Array("{\"title\":\"one\"}\r\n\n   \n{\"title\":\"two\"}\n{\"title\":".utf8))
        #expect(loop.run(until: { sink.store.current.title == "two" }, timeout: 5))
        send(Array("\"split across writes\"}\n".utf8))
        #expect(loop.run(until: { sink.store.current.title == "split across writes" }, timeout: 5))
        #expect(sink.origins.count == 3, "blank lines are skipped")

        var huge = Array("{\"title\":\"".utf8) + [UInt8](repeating: 0x61, count: 200_000) + Array("\"}\n".utf8)
        send(huge)
        #expect(loop.run(until: { sink.store.rejectedCount == 1 }, timeout: 5))
        #expect(sink.origins.last == "stdin line 6")
        #expect(sink.rejections == ["line is 200012 bytes, over the 65536-byte limit"], "the real length, not the part read")
        huge = Array("{\"title\":\"after\"}".utf8)  // no newline: taken at end of input
        send(huge)
        close(fds[1])
        #expect(loop.run(until: { source.finished }, timeout: 5))
        #expect(sink.store.current.title == "after")
        close(fds[0])
    }
}
