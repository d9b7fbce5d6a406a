import CLinux
import Glibc

/// One thread waiting on file descriptors and timers with poll(2): the DRM device (page-flip
/// events), the uevent socket, the MQTT socket, inotify, stdin, signals. C objects stay on this
/// thread and nothing needs a lock.
///
/// Timers run on the clock given at init. On the real one (`MonotonicClock`) poll sleeps until
/// the next timer is due. On a `VirtualClock` time moves only through `advance(by:)`, so tests
/// of timeouts, backoff and debouncing take no real time and cannot race the machine's load.
public final class EventLoop {
    public struct Token: Hashable, Sendable {
        fileprivate let id: Int
    }

    private struct Watch {
        let fd: Int32
        var events: Int16
        let handler: (Int16) -> Void
    }

    private struct Timer {
        let deadline: Double
        let handler: () -> Void
    }

    public let clock: LoopClock
    /// The same clock when it is virtual: the loop moves it as it fires timers.
    private let virtualClock: VirtualClock?
    private var watches: [Int: Watch] = [:]
    /// By token id, which grows with every watch and timer: for equal deadlines, the smaller id
    /// was scheduled first and runs first.
    private var timers: [Int: Timer] = [:]
    private var nextID = 0
    private var stopped = false

    public init(clock: LoopClock = MonotonicClock()) {
        self.clock = clock
        virtualClock = clock as? VirtualClock
    }

    /// The loop's time (its clock's), for code that measures intervals between its own timers.
    public var now: Double { clock.now }

    /// Calls `handler` with the returned events (POLLIN, POLLHUP, …) whenever `fd` is ready.
    @discardableResult
    public func watch(fd: Int32, events: Int16 = Int16(POLLIN), _ handler: @escaping (Int16) -> Void) -> Token {
        nextID += 1
        watches[nextID] = Watch(fd: fd, events: events, handler: handler)
        return Token(id: nextID)
    }

    /// Changes the events a watch waits for (e.g. add POLLOUT while there is data to send).
    public func update(_ token: Token, events: Int16) {
        watches[token.id]?.events = events
    }

    /// Calls `handler` once, `seconds` from now on the loop's clock.
    @discardableResult
    public func after(_ seconds: Double, _ handler: @escaping () -> Void) -> Token {
        nextID += 1
        timers[nextID] = Timer(deadline: clock.now + max(0, seconds), handler: handler)
        return Token(id: nextID)
    }

    public func cancel(_ token: Token) {
        watches[token.id] = nil
        timers[token.id] = nil
    }

    public func stop() { stopped = true }
    public var isStopped: Bool { stopped }

    /// Waits up to `timeout` seconds (nil: until something happens) and runs what is due.
    /// Returns false when there is nothing left to wait for: no descriptors, and no timer that
    /// waiting could bring (none at all, or, on a virtual clock, none due now).
    @discardableResult
    public func runOnce(timeout: Double? = nil) -> Bool {
        var wait = timeout.map { max(0, $0) }
        if let next = earliestTimer()?.timer.deadline {
            let untilNext = max(0, next - clock.now)
            // A virtual clock does not move while poll sleeps: a timer not yet due is reached
            // only by advance(by:), so only one due now shortens the wait.
            if virtualClock == nil || untilNext == 0 { wait = min(wait ?? untilNext, untilNext) }
        }
        if watches.isEmpty && (wait == nil || virtualClock != nil) {
            // Nothing outside can happen: on a virtual clock run what is due without sleeping.
            fireTimers(dueBy: clock.now)
            return false
        }
        let ids = Array(watches.keys)
        var fds = ids.map { pollfd(fd: watches[$0]?.fd ?? -1, events: watches[$0]?.events ?? 0, revents: 0) }
        let ms = wait.map { Int32(min($0 * 1000, 3_600_000).rounded(.up)) } ?? -1
        let n = fds.withUnsafeMutableBufferPointer { buf in poll(buf.baseAddress, nfds_t(buf.count), ms) }
        if n > 0 {
            for (k, id) in ids.enumerated() where fds[k].revents != 0 {
                // A handler may have cancelled this watch while handling an earlier one.
                guard let w = watches[id] else { continue }
                w.handler(fds[k].revents)
            }
        }
        fireTimers(dueBy: clock.now)
        return true
    }

    /// Moves a virtual clock `seconds` forward, firing every timer due by then in deadline order
    /// (equal deadlines in the order they were scheduled). While a timer runs, the clock reads
    /// its deadline, so a timer it schedules counts from there and, if that is due too, fires in
    /// this same advance. Descriptors are not polled: `runOnce(timeout: 0)` or
    /// `run(until:timeout:)` handle those. `advance(by: 0)` runs what is due now.
    public func advance(by seconds: Double) {
        guard let virtualClock else { preconditionFailure("advance(by:) needs a loop on a VirtualClock") }
        let target = virtualClock.now + max(0, seconds)
        fireTimers(dueBy: target)
        virtualClock.now = target
    }

    /// Runs every timer due by `limit`, earliest first. Timers scheduled meanwhile that are due
    /// by `limit` run too; on the real clock a new one is counted from a later reading than
    /// `limit`, so an `after(0)` waits for the next pass and descriptors are not starved.
    private func fireTimers(dueBy limit: Double) {
        while let (id, timer) = earliestTimer(), timer.deadline <= limit {
            timers[id] = nil
            if let virtualClock, timer.deadline > virtualClock.now { virtualClock.now = timer.deadline }
            timer.handler()
        }
    }

    private func earliestTimer() -> (id: Int, timer: Timer)? {
        timers.min { a, b in a.value.deadline != b.value.deadline ? a.value.deadline < b.value.deadline : a.key < b.key }
            .map { ($0.key, $0.value) }
    }

    /// Runs until `stop()` is called.
    public func run() {
        stopped = false
        while !stopped {
            if !runOnce() { break }
        }
    }

    /// Runs until `condition` holds or `timeout` seconds pass; returns whether it held. For
    /// waiting on something outside the loop's clock (a broker's answer, a pipe, a flip event):
    /// the deadline is real time on any clock and only bounds a failing test. On a virtual clock
    /// with no descriptor to watch nothing could change, so it answers at once.
    ///
    /// Whatever the deadline, what is already waiting is always handled once more before the
    /// answer is no: a thread descheduled past the deadline (a loaded machine running tests in
    /// parallel) must not report an event that was queued all along as missing.
    public func run(until condition: () -> Bool, timeout: Double) -> Bool {
        let end = Clock.monotonic() + timeout
        while !condition() {
            let left = end - Clock.monotonic()
            if left <= 0 {
                _ = runOnce(timeout: 0)
                return condition()
            }
            if !runOnce(timeout: min(left, 0.05)) { return condition() }
        }
        return true
    }
}
