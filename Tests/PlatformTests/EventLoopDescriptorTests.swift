import Glibc
@testable import Platform
import TestSupport
import Testing

/// The loop's descriptors on epoll: poll's meaning kept for callers, handlers that cancel or
/// replace other watches mid-dispatch, descriptor numbers reused, a failing wait, and the
/// timer queue under many timers.
@Suite struct EventLoopDescriptorTests {
    final class Pipe {
        let reader: FileDescriptor
        let writer: FileDescriptor
        /// `at`: the read end moved to that number, for tests of a number reused. Numbers far
        /// above what the process has open: parallel tests, which get the lowest free ones,
        /// never take it in between.
        init(at number: Int32? = nil) throws {
            var fds: [Int32] = [-1, -1]
            try #require(pipe(&fds) == 0)
            if let number {
                try #require(dup2(fds[0], number) == number)
                close(fds[0])
                fds[0] = number
            }
            reader = FileDescriptor(adopting: fds[0])
            writer = FileDescriptor(adopting: fds[1])
        }
        func drain() {
            var b = [UInt8](repeating: 0, count: 64)
            _ = fcntl(reader.rawValue, F_SETFL, O_NONBLOCK)
            _ = read(reader.rawValue, &b, 64)
        }
    }

    @Test func aHandlerThatCancelsAnotherReadyWatchKeepsItFromBeingCalled() throws {
        let loop = EventLoop(clock: VirtualClock())
        let a = try Pipe(), b = try Pipe()
        var calls: [String] = []
        var tokens: [String: EventLoop.Token] = [:]
        for (name, other, p) in [("a", "b", a), ("b", "a", b)] {
            tokens[name] = loop.watch(fd: p.reader.rawValue) { _ in
                calls.append(name)
                p.drain()
                if let t = tokens[other] { loop.cancel(t) }
            }
        }
        try a.writer.writeAll([1])
        try b.writer.writeAll([1])
        #expect(loop.runOnce(timeout: 5))
        #expect(calls.count == 1, "both were ready in the one wait; the first handler cancelled the other: \(calls)")
        #expect(loop.watchCount == 1)
    }

    /// The ready event of a descriptor closed by an earlier handler of the same pass must not
    /// reach the new file that got its number, nor a watch added during the dispatch.
    @Test func aDescriptorClosedAndReusedDuringADispatchDoesNotGetTheOldEvent() throws {
        let loop = EventLoop(clock: VirtualClock())
        let pipes = [try Pipe(at: 901), try Pipe(at: 902)]
        var calls: [String] = []
        var tokens: [EventLoop.Token?] = [nil, nil]
        var replaced: Pipe?
        var reusedNumber = false
        for i in 0..<2 {
            tokens[i] = loop.watch(fd: pipes[i].reader.rawValue) { _ in
                calls.append("old\(i)")
                pipes[i].drain()
                guard replaced == nil, let other = tokens[1 - i] else { return }
                let oldNumber = pipes[1 - i].reader.rawValue
                loop.cancel(other)  // cancel before close
                pipes[1 - i].reader.close()
                guard let fresh = try? Pipe(at: oldNumber) else { return }
                reusedNumber = fresh.reader.rawValue == oldNumber
                replaced = fresh
                loop.watch(fd: fresh.reader.rawValue) { _ in calls.append("new") }
            }
        }
        try pipes[0].writer.writeAll([1])
        try pipes[1].writer.writeAll([1])
        #expect(loop.runOnce(timeout: 5))
        #expect(reusedNumber, "the new pipe has the closed descriptor's number")
        #expect(calls.count == 1 && calls[0].hasPrefix("old"), "\(calls)")
        // The new pipe is empty: nothing is ready for it until it is written to.
        #expect(loop.runOnce(timeout: 0))
        #expect(calls.count == 1, "\(calls)")
        try replaced?.writer.writeAll([2])
        #expect(loop.run(until: { calls.last == "new" }, timeout: 5))
    }

    @Test func aNumberWatchedAgainAfterACloseWithoutCancelDropsTheOldHandler() throws {
        let loop = EventLoop(clock: VirtualClock())
        let first = try Pipe(at: 903)
        let number = first.reader.rawValue
        let log = LogCapture(containing: "descriptor \(number) was closed while watched")
        var calls: [String] = []
        loop.watch(fd: number) { _ in calls.append("old") }
        first.reader.close()  // the mistake: no cancel
        let second = try Pipe(at: number)
        loop.watch(fd: second.reader.rawValue) { _ in
            calls.append("new")
            second.drain()
        }
        try second.writer.writeAll([1])
        #expect(loop.run(until: { !calls.isEmpty }, timeout: 5))
        #expect(calls == ["new"])
        #expect(log.all.count == 1)
        #expect(loop.watchCount == 1)
    }

    /// libmosquitto closes its socket and opens the next one itself, usually under the same
    /// number, and the client only updates its watch: the watch then serves the new socket,
    /// as poll(2) watching the number did.
    @Test func anUpdatedWatchFollowsANewFileUnderItsNumber() throws {
        let loop = EventLoop(clock: VirtualClock())
        let first = try Pipe(at: 904)
        let number = first.reader.rawValue
        var calls = 0
        let t = loop.watch(fd: number) { _ in calls += 1 }
        first.reader.close()
        let second = try Pipe(at: number)
        loop.update(t, events: Int16(POLLIN))
        try second.writer.writeAll([1])
        #expect(loop.run(until: { calls > 0 }, timeout: 5))
        // And a number left closed is POLLNVAL, as poll said.
        var got: Int16 = 0
        let third = try Pipe(at: 905)
        let u = loop.watch(fd: third.reader.rawValue) { got = $0 }
        third.reader.close()
        loop.update(u, events: Int16(POLLIN))
        #expect(loop.run(until: { got != 0 }, timeout: 5))
        #expect(got == Int16(POLLNVAL))
        loop.cancel(u)
        loop.cancel(t)
        withExtendedLifetime(second) {}
    }

    /// A descriptor closed before its cancel while a copy of it is open (a child process that
    /// inherited it): the kernel keeps its registration, ready on every wait. The loop notices
    /// the event nobody owns coming back and starts a new watch set instead of spinning.
    @Test func aRegistrationKeptAliveByACopyDoesNotSpinTheLoop() throws {
        let log = LogCapture(containing: "kept waking the loop")
        let loop = EventLoop(clock: VirtualClock())
        let p = try Pipe(at: 906)
        let copy = dup(p.reader.rawValue)
        defer { close(copy) }
        let other = try Pipe()
        var otherCalls = 0
        loop.watch(fd: other.reader.rawValue) { _ in
            otherCalls += 1
            other.drain()
        }
        let t = loop.watch(fd: p.reader.rawValue) { _ in }
        try p.writer.writeAll([1])
        p.reader.close()  // the mistake: closed before the cancel, and the copy keeps the file open
        loop.cancel(t)
        let start = loop.wakeups
        for _ in 0..<50 { loop.runOnce(timeout: 0) }
        #expect(loop.wakeups - start <= 2, "woken \(loop.wakeups - start) times by an event nobody owns")
        #expect(log.all.count == 1)
        // The watches the loop knows work on in the new set.
        try other.writer.writeAll([2])
        #expect(loop.run(until: { otherCalls == 1 }, timeout: 5))
    }

    @Test func twoWatchesOnOneDescriptorGetOnlyWhatEachAskedFor() throws {
        let loop = EventLoop(clock: VirtualClock())
        var fds: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        let mine = FileDescriptor(adopting: fds[0]), peer = FileDescriptor(adopting: fds[1])
        var reads: [Int16] = [], writes: [Int16] = []
        let r = loop.watch(fd: mine.rawValue, events: Int16(POLLIN)) { reads.append($0) }
        let w = loop.watch(fd: mine.rawValue, events: Int16(POLLOUT)) { writes.append($0) }
        #expect(loop.runOnce(timeout: 0))
        #expect(reads.isEmpty && writes == [Int16(POLLOUT)], "writable, nothing to read")
        loop.update(w, events: 0)
        try peer.writeAll([1])
        #expect(loop.runOnce(timeout: 5))
        #expect(reads == [Int16(POLLIN)] && writes.count == 1)
        loop.cancel(r)
        loop.cancel(w)
        #expect(loop.watchCount == 0)
        peer.close()
        // Nothing is watched: a hang-up now reaches nobody, and the loop has nothing to wait for.
        #expect(!loop.runOnce(timeout: 0))
    }

    @Test func aHangUpIsReportedWithoutBeingAskedFor() throws {
        let loop = EventLoop(clock: VirtualClock())
        let p = try Pipe()
        var got: Int16 = 0
        loop.watch(fd: p.reader.rawValue, events: 0) { got = $0 }
        p.writer.close()
        #expect(loop.run(until: { got != 0 }, timeout: 5))
        #expect(got == Int16(POLLHUP))
    }

    /// poll(2) calls /dev/null (no poll method) always readable; epoll refuses it (EPERM). Code
    /// that watches stdin must see the same either way.
    @Test func aDescriptorEpollCannotWatchIsAlwaysReadyAsPollSaidAndANotOpenOneIsNVAL() throws {
        let loop = EventLoop(clock: VirtualClock())
        let null = try FileDescriptor(open: "/dev/null", O_RDONLY)
        var got: [Int16] = []
        let t = loop.watch(fd: null.rawValue) { got.append($0) }
        #expect(loop.runOnce(timeout: 5))
        #expect(loop.runOnce(timeout: 5))
        #expect(got == [Int16(POLLIN), Int16(POLLIN)])
        loop.cancel(t)
        var bad: [Int16] = []
        let b = loop.watch(fd: 9999) { bad.append($0) }
        #expect(loop.runOnce(timeout: 5))
        #expect(bad == [Int16(POLLNVAL)])
        loop.cancel(b)
    }

    /// A wait failing with anything but EINTR must not spin: logged once, the loop stops, and
    /// it stays stopped without calling epoll_wait again.
    @Test func aFailingWaitIsLoggedOnceAndStopsTheLoop() throws {
        let log = LogCapture(containing: "epoll_wait")
        let loop = EventLoop()
        let p = try Pipe()
        loop.watch(fd: p.reader.rawValue) { _ in }
        var timerFired = false
        loop.after(0) { timerFired = true }
        loop.breakWaitForTesting()
        #expect(!loop.runOnce(timeout: 0))
        #expect(loop.failure?.function == "epoll_wait")
        #expect(loop.failure?.errno == EINVAL)
        #expect(loop.isStopped)
        #expect(!timerFired, "a failed loop runs nothing more")
        for _ in 0..<1000 { #expect(!loop.runOnce()) }
        let start = Clock.monotonic()
        loop.run()
        #expect(Clock.monotonic() - start < 1, "run() returns at once")
        #expect(log.all.count == 1, "\(log.all)")
        #expect(log.all.first?.hasPrefix("<3>event loop: epoll_wait:") == true)
    }

    /// Thousands of timers (a server's per-connection deadlines) scheduled in a scrambled order,
    /// half cancelled: the rest fire in deadline order, equal deadlines in scheduling order.
    @Test func manyTimersFireInOrderAndCancelledOnesNever() {
        let loop = EventLoop(clock: VirtualClock())
        var fired: [(Double, Int)] = []
        var tokens: [EventLoop.Token] = []
        var x: UInt64 = 12345
        for i in 0..<5000 {
            x = x &* 6364136223846793005 &+ 1442695040888963407
            let deadline = Double((x >> 33) % 500) / 10
            tokens.append(loop.after(deadline) { fired.append((deadline, i)) })
        }
        for (i, t) in tokens.enumerated() where i % 2 == 1 { loop.cancel(t) }
        #expect(loop.timerCount == 2500)
        loop.advance(by: 100)
        #expect(fired.count == 2500)
        #expect(fired.allSatisfy { $0.1 % 2 == 0 })
        #expect(zip(fired, fired.dropFirst()).allSatisfy { a, b in a.0 < b.0 || (a.0 == b.0 && a.1 < b.1) })
        #expect(loop.timerCount == 0)
    }
}
