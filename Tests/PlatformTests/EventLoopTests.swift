import Glibc
import Platform
import TestSupport
import Testing

/// The loop's timers on a virtual clock (what every timer test builds on) and on the real one.
@Suite struct EventLoopTests {
    @Test func timersFireInDeadlineOrderAndEqualDeadlinesInSchedulingOrder() {
        let loop = EventLoop(clock: VirtualClock())
        var fired: [(String, Double)] = []
        for (name, delay) in [("c", 2.0), ("a", 1.0), ("b", 1.0), ("d", 3.0)] {
            loop.after(delay) { fired.append((name, loop.now)) }
        }
        loop.advance(by: 0.75)
        #expect(fired.isEmpty)
        loop.advance(by: 0.25)
        #expect(fired.map(\.0) == ["a", "b"], "due at exactly the new time: fired")
        loop.advance(by: 5)
        #expect(fired.map(\.0) == ["a", "b", "c", "d"])
        #expect(fired.map(\.1) == [1, 1, 2, 3], "each runs with the clock at its own deadline")
        #expect(loop.now == 6)
    }

    @Test func aTimerScheduledByAFiringTimerFiresInTheSameAdvanceWhenItIsDue() {
        let loop = EventLoop(clock: VirtualClock(start: 100))
        var fired: [Double] = []
        func every(_ seconds: Double) {
            loop.after(seconds) {
                fired.append(loop.now)
                every(seconds)
            }
        }
        every(1)
        loop.after(0.5) { loop.after(0) { fired.append(-loop.now) } }
        loop.advance(by: 3.5)
        #expect(fired == [-100.5, 101, 102, 103], "counted from the firing timer's deadline, not the end of the advance")
        #expect(loop.now == 103.5)
    }

    @Test func aCancelledTimerNeverFiresEvenWhenAnEarlierOneCancelsIt() {
        let loop = EventLoop(clock: VirtualClock())
        var fired: [String] = []
        let late = loop.after(2) { fired.append("late") }
        loop.after(1) {
            fired.append("early")
            loop.cancel(late)
        }
        let never = loop.after(1.5) { fired.append("never") }
        loop.cancel(never)
        loop.advance(by: 10)
        #expect(fired == ["early"])
    }

    @Test func nothingSleepsOnAVirtualClock() {
        let loop = EventLoop(clock: VirtualClock())
        var fired = 0
        loop.after(3600) { fired += 1 }
        let start = Clock.monotonic()
        #expect(!loop.runOnce(timeout: 5), "no descriptor and nothing due: nothing to wait for")
        #expect(!loop.run(until: { fired > 0 }, timeout: 5), "only advance(by:) brings a virtual timer")
        loop.advance(by: 3600)
        #expect(fired == 1)
        #expect(Clock.monotonic() - start < 1, "an hour of virtual time in no real time")
    }

    /// A pipe watched by a loop on virtual time: `got` holds the bytes the loop has read.
    final class WatchedPipe {
        let reader: FileDescriptor
        let writer: FileDescriptor
        let loop = EventLoop(clock: VirtualClock())
        var got: [UInt8] = []
        init() throws {
            var fds: [Int32] = [-1, -1]
            try #require(pipe(&fds) == 0)
            reader = FileDescriptor(adopting: fds[0])
            writer = FileDescriptor(adopting: fds[1])
            loop.watch(fd: reader.rawValue) { [unowned self] _ in
                var b: UInt8 = 0
                if read(self.reader.rawValue, &b, 1) == 1 { self.got.append(b) }
            }
        }
    }

    @Test func descriptorsAreStillPolledOnAVirtualClock() throws {
        let p = try WatchedPipe()
        let loop = p.loop, writer = p.writer
        var timerFired = false
        loop.after(1) { timerFired = true }
        var dueNow = false
        loop.after(0) { dueNow = true }
        try writer.writeAll([42])
        #expect(loop.run(until: { p.got == [42] }, timeout: 5))
        #expect(dueNow, "a timer due now runs with the descriptors")
        #expect(!timerFired && loop.now == 0, "waiting for a descriptor does not move virtual time")
    }

    @Test func onTheRealClockPollSleepsUntilTheNextTimer() {
        let loop = EventLoop()
        var fired = false
        loop.after(0.05) { fired = true }
        let start = Clock.monotonic()
        #expect(loop.runOnce())
        #expect(fired)
        #expect(Clock.monotonic() - start >= 0.05)
        #expect(!loop.runOnce(), "no timer and no descriptor left")
    }

    @Test func runUntilSaysWhetherTheConditionHeldBeforeTheDeadline() {
        let loop = EventLoop()
        var flag = false
        loop.after(0.02) { flag = true }
        #expect(loop.run(until: { flag }, timeout: 5))
        let start = Clock.monotonic()
        loop.after(10) { flag = false }
        #expect(!loop.run(until: { !flag }, timeout: 0.1), "the timer is 10 s away: the 0.1 s deadline comes first")
        #expect(Clock.monotonic() - start >= 0.1)
    }

    /// A deadline already past (the thread descheduled on a loaded machine) still handles what
    /// was waiting before saying no: CI once failed on an inotify event queued all along.
    @Test func runUntilHandlesWhatIsWaitingEvenPastItsDeadline() throws {
        let p = try WatchedPipe()
        try p.writer.writeAll([7])
        #expect(p.loop.run(until: { p.got == [7] }, timeout: 0))
        #expect(!p.loop.run(until: { p.got == [7, 8] }, timeout: 0), "nothing more was waiting")
    }
}
