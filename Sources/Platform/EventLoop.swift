import CLinux
import Glibc

/// One thread waiting on file descriptors and timers with epoll(7): the DRM device (page-flip
/// events), the uevent socket, the MQTT socket, inotify, stdin, signals, the players' sockets.
/// C objects stay on this thread and nothing needs a lock.
///
/// Timers run on the clock given at init. On the real one (`MonotonicClock`) the wait sleeps
/// until the next timer is due. On a `VirtualClock` time moves only through `advance(by:)`, so
/// tests of timeouts, backoff and debouncing take no real time and cannot race the machine's load.
///
/// Watches keep poll(2)'s meaning: a handler is called with the ready events among those it
/// asked for (POLLIN, POLLOUT, POLLPRI) and POLLERR / POLLHUP whenever they happen; a
/// descriptor epoll cannot watch (a regular file, /dev/null as stdin) is always ready, as
/// poll reports it; one that is not open gets POLLNVAL. Underneath, each descriptor is
/// registered once with the kernel (level-triggered) for what its watches want together.
///
/// **Cancel before close.** The kernel forgets a registration when the file is closed, and a
/// new file may get the same number: a watch must be cancelled before its descriptor is closed
/// (every owner here does so in its deinit or stop). A handler that cancels another watch, or
/// closes and reopens a descriptor, while the loop dispatches is safe: every ready event
/// carries the generation of the registration it came from and is dropped when that
/// registration is gone, and a watch added during a dispatch waits for the next wait. A
/// descriptor number watched again after it was closed without a cancel starts afresh: its old
/// watches are dropped with a warning, never called for the new file.
///
/// A failing wait (anything but EINTR: a bug, not a condition) is logged once and stops the
/// loop for good: `failure` says why, `runOnce` returns false, `run()` returns, and the
/// command exits non-zero — never a loop spinning on the same error.
public final class EventLoop {
    public struct Token: Hashable, Sendable {
        fileprivate let id: Int
    }

    private struct Watch {
        let fd: Int32
        var events: Int16
        let handler: (Int16) -> Void
        /// The wait it was added after: one added during a dispatch is not in that wait's
        /// results (poll's snapshot did not have it either).
        let since: Int
    }

    /// A descriptor as the kernel knows it: its watches and what they want together.
    private struct Registration {
        let generation: UInt32
        var tokens: [Int]
        var interest: UInt32
        /// epoll refused the descriptor: it is reported ready on every pass with these events
        /// (POLLIN/POLLOUT it asked for, or POLLNVAL when it is not open), as poll did.
        var unwatchable: Int16?
    }

    public let clock: LoopClock
    /// The same clock when it is virtual: the loop moves it as it fires timers.
    private let virtualClock: VirtualClock?
    private var epoll: Epoll?
    private var watches: [Int: Watch] = [:]
    private var registrations: [Int32: Registration] = [:]
    private var unwatchableCount = 0
    private var generation: UInt32 = 0
    private var timers = TimerQueue()
    /// Ready events of the last wait that no registration owned (see `rebuild`).
    private var strays: [UInt64] = []
    private var nextID = 0
    private var waits = 0
    private var stopped = false
    /// Why the loop stopped for good (a failed epoll_create1 or epoll_wait); nil while it works.
    public private(set) var failure: SystemError?
    /// How many times the loop has woken to do something: a wait that returned ready
    /// descriptors, and each timer deadline reached (timers due at one instant count once).
    /// A still screen should add at most about one a second (`quizkiosk-bench`).
    public private(set) var wakeups = 0

    public init(clock: LoopClock = MonotonicClock()) {
        self.clock = clock
        virtualClock = clock as? VirtualClock
        do {
            epoll = try Epoll()
        } catch {
            fail(error)
        }
    }

    /// The loop's time (its clock's), for code that measures intervals between its own timers.
    public var now: Double { clock.now }

    /// How many watches and timers are pending (a server's bench and leak checks).
    public var watchCount: Int { watches.count }
    public var timerCount: Int { timers.count }

    /// Calls `handler` with the returned events (POLLIN, POLLHUP, …) whenever `fd` is ready.
    @discardableResult
    public func watch(fd: Int32, events: Int16 = Int16(POLLIN), _ handler: @escaping (Int16) -> Void) -> Token {
        nextID += 1
        let id = nextID
        watches[id] = Watch(fd: fd, events: events, handler: handler, since: waits)
        if var reg = registrations[fd] {
            // Watched already: the same file, unless it was closed without a cancel and the
            // number reused, which the kernel tells by accepting a new registration.
            if reg.unwatchable == nil, let epoll, (try? epoll.add(fd, events: 0, data: key(fd, reg.generation))) != nil {
                Log.warning("event loop: descriptor \(fd) was closed while watched (cancel before close); its old watches are dropped")
                for old in reg.tokens { watches[old] = nil }
                epoll.remove(fd)
                registrations[fd] = nil
                register(fd, id)
                return Token(id: id)
            }
            reg.tokens.append(id)
            registrations[fd] = reg
            refresh(fd)
        } else {
            register(fd, id)
        }
        return Token(id: id)
    }

    /// Changes the events a watch waits for (e.g. add POLLOUT while there is data to send).
    ///
    /// The kernel is told every time, even when nothing changed: a library that closes and
    /// reopens its socket itself (libmosquitto reconnecting) may have put a new file under the
    /// same number, which the kernel does not know; it says so (ENOENT) and the new file is
    /// registered for the same watches, as poll(2), which watched numbers, would have served it.
    public func update(_ token: Token, events: Int16) {
        guard var w = watches[token.id] else { return }
        w.events = events
        watches[token.id] = w
        refresh(w.fd, force: true)
    }

    /// Calls `handler` once, `seconds` from now on the loop's clock.
    @discardableResult
    public func after(_ seconds: Double, _ handler: @escaping () -> Void) -> Token {
        nextID += 1
        timers.insert(.init(deadline: clock.now + max(0, seconds), id: nextID, handler: handler))
        return Token(id: nextID)
    }

    /// Ends a watch or a timer; nothing happens for one already ended. A watch must be
    /// cancelled before its descriptor is closed.
    public func cancel(_ token: Token) {
        if timers.remove(token.id) { return }
        guard let w = watches.removeValue(forKey: token.id), var reg = registrations[w.fd] else { return }
        reg.tokens.removeAll { $0 == token.id }
        if reg.tokens.isEmpty {
            registrations[w.fd] = nil
            if reg.unwatchable != nil { unwatchableCount -= 1 } else { epoll?.remove(w.fd) }
        } else {
            registrations[w.fd] = reg
            refresh(w.fd)
        }
    }

    public func stop() { stopped = true }
    public var isStopped: Bool { stopped }

    /// The epoll data of a registration: its generation and descriptor.
    private func key(_ fd: Int32, _ generation: UInt32) -> UInt64 {
        UInt64(generation) << 32 | UInt64(UInt32(bitPattern: fd))
    }

    private func register(_ fd: Int32, _ id: Int) {
        generation &+= 1
        let interest = Self.epollEvents(watches[id]?.events ?? 0)
        var reg = Registration(generation: generation, tokens: [id], interest: interest, unwatchable: nil)
        do throws(SystemError) {
            guard let epoll else { throw SystemError("epoll_ctl", errno: EBADF) }
            try epoll.add(fd, events: interest, data: key(fd, generation))
        } catch {
            reg.unwatchable = error.errno == EPERM ? 0 : Int16(POLLNVAL)
            unwatchableCount += 1
        }
        registrations[fd] = reg
        if reg.unwatchable != nil { refresh(fd) }
    }

    /// Tells the kernel what the watches of `fd` want together, when that changed (or always,
    /// with `force`: see `update`).
    private func refresh(_ fd: Int32, force: Bool = false) {
        guard var reg = registrations[fd] else { return }
        var wanted: Int16 = 0
        for id in reg.tokens { wanted |= watches[id]?.events ?? 0 }
        if let unwatchable = reg.unwatchable {
            // poll's answer for a file without a poll method: readable and writable.
            if unwatchable != Int16(POLLNVAL) { reg.unwatchable = wanted & Int16(POLLIN | POLLOUT) }
            registrations[fd] = reg
            return
        }
        let interest = Self.epollEvents(wanted)
        guard interest != reg.interest || force, let epoll else { return }
        reg.interest = interest
        registrations[fd] = reg
        do throws(SystemError) {
            try epoll.modify(fd, events: interest, data: key(fd, reg.generation))
        } catch {
            // The registered file was closed: a new one has its number (ENOENT), or none
            // (EBADF). A new registration, so that events still queued for the old one are
            // dropped by their generation.
            generation &+= 1
            var fresh = Registration(generation: generation, tokens: reg.tokens, interest: interest, unwatchable: nil)
            if error.errno == ENOENT {
                do throws(SystemError) {
                    try epoll.add(fd, events: interest, data: key(fd, generation))
                } catch {
                    fresh.unwatchable = error.errno == EPERM ? wanted & Int16(POLLIN | POLLOUT) : Int16(POLLNVAL)
                }
            } else {
                fresh.unwatchable = Int16(POLLNVAL)
            }
            if fresh.unwatchable != nil { unwatchableCount += 1 }
            registrations[fd] = fresh
        }
    }

    /// poll's request bits as epoll's (the same values on Linux; named here so that it does not
    /// depend on that). Errors and hang-ups need no asking.
    private static func epollEvents(_ events: Int16) -> UInt32 {
        var e: UInt32 = 0
        if events & Int16(POLLIN) != 0 { e |= EPOLLIN.rawValue }
        if events & Int16(POLLOUT) != 0 { e |= EPOLLOUT.rawValue }
        if events & Int16(POLLPRI) != 0 { e |= EPOLLPRI.rawValue }
        return e
    }

    private static func pollEvents(_ events: UInt32) -> Int16 {
        var e: Int16 = 0
        if events & EPOLLIN.rawValue != 0 { e |= Int16(POLLIN) }
        if events & EPOLLOUT.rawValue != 0 { e |= Int16(POLLOUT) }
        if events & EPOLLPRI.rawValue != 0 { e |= Int16(POLLPRI) }
        if events & EPOLLERR.rawValue != 0 { e |= Int16(POLLERR) }
        if events & EPOLLHUP.rawValue != 0 { e |= Int16(POLLHUP) }
        return e
    }

    private func fail(_ error: SystemError) {
        if failure == nil {
            failure = error
            Log.error("event loop: \(error); the loop stops")
        }
        stopped = true
    }

    /// Waits up to `timeout` seconds (nil: until something happens) and runs what is due.
    /// Returns false when there is nothing left to wait for: no descriptors, and no timer that
    /// waiting could bring (none at all, or, on a virtual clock, none due now); and once the
    /// loop has failed (`failure`).
    @discardableResult
    public func runOnce(timeout: Double? = nil) -> Bool {
        guard failure == nil, let epoll else { return false }
        var wait = timeout.map { max(0, $0) }
        if let next = timers.first()?.deadline {
            let untilNext = max(0, next - clock.now)
            // A virtual clock does not move while the loop waits: a timer not yet due is
            // reached only by advance(by:), so only one due now shortens the wait.
            if virtualClock == nil || untilNext == 0 { wait = min(wait ?? untilNext, untilNext) }
        }
        if watches.isEmpty && (wait == nil || virtualClock != nil) {
            // Nothing outside can happen: on a virtual clock run what is due without sleeping.
            fireTimers(dueBy: clock.now)
            return false
        }
        if unwatchableCount > 0 { wait = 0 }
        let ms = wait.map { Int32(min($0 * 1000, 3_600_000).rounded(.up)) } ?? -1
        waits += 1
        let pass = waits
        let n: Int
        switch epoll.wait(milliseconds: ms) {
        case .success(let count): n = count
        case .failure(let error):
            fail(error)
            return false
        }
        var woke = n > 0
        var stray: [UInt64] = []
        for i in 0..<n {
            let (events, data) = epoll.event(at: i)
            let fd = Int32(bitPattern: UInt32(truncatingIfNeeded: data))
            // Gone or replaced while an earlier handler of this pass ran: not this event's.
            guard let reg = registrations[fd], reg.generation == UInt32(truncatingIfNeeded: data >> 32) else {
                stray.append(data)
                continue
            }
            dispatch(reg.tokens, Self.pollEvents(events), pass: pass)
        }
        // The same unowned event in two waits in a row: a registration the loop cannot remove.
        if !stray.isEmpty || !strays.isEmpty {
            if stray.contains(where: strays.contains) { rebuild() } else { strays = stray }
        }
        if unwatchableCount > 0 {
            let always = registrations.filter { $0.value.unwatchable.map { $0 != 0 } ?? false }
            for (fd, reg) in always {
                guard let now = registrations[fd], now.generation == reg.generation, let events = now.unwatchable, events != 0 else { continue }
                woke = true
                dispatch(now.tokens, events, pass: pass)
            }
        }
        if woke { wakeups += 1 }
        fireTimers(dueBy: clock.now)
        return true
    }

    /// The kernel keeps a registration as long as its file is open anywhere: a descriptor
    /// closed before its cancel while a copy of it lives on (dup, or a child process that
    /// inherited it) stays registered, and the loop cannot remove it any more (its number is
    /// closed or someone else's). Level-triggered, it would wake every wait. So a new epoll
    /// instance is made with the registrations the loop knows, and the old one goes, with
    /// what it held.
    private func rebuild() {
        strays = []
        Log.warning("event loop: a descriptor closed while watched is still open elsewhere (a copy, a child process) and kept waking the loop; the watch set is made anew")
        guard let fresh = try? Epoll() else { return }
        for (fd, var reg) in registrations where reg.unwatchable == nil {
            do throws(SystemError) {
                try fresh.add(fd, events: reg.interest, data: key(fd, reg.generation))
            } catch {
                reg.unwatchable = error.errno == EPERM ? 0 : Int16(POLLNVAL)
                unwatchableCount += 1
                registrations[fd] = reg
                refresh(fd)
            }
        }
        epoll = fresh
    }

    /// Calls each watch among `tokens` still there, older than this wait, that asked for some
    /// of `events` (errors, hang-ups and POLLNVAL go to every one).
    private func dispatch(_ tokens: [Int], _ events: Int16, pass: Int) {
        for id in tokens {
            // A handler may have cancelled this watch while handling an earlier one.
            guard let w = watches[id], w.since < pass else { continue }
            let mine = events & (w.events | Int16(POLLERR | POLLHUP | POLLNVAL))
            if mine != 0 { w.handler(mine) }
        }
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
        var last: Double?
        while let timer = timers.popDue(by: limit) {
            if timer.deadline != last {
                wakeups += 1
                last = timer.deadline
            }
            if let virtualClock, timer.deadline > virtualClock.now { virtualClock.now = timer.deadline }
            timer.handler()
        }
    }

    /// Runs until `stop()` is called (or the loop fails: see `failure`).
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

    /// Tests only: puts a descriptor that is not an epoll instance where the loop's is, so the
    /// next wait fails as a real kernel error (EINVAL) would.
    func breakWaitForTesting() {
        guard let epoll else { return }
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        _ = dup2(null, epoll.descriptor.rawValue)
        _ = close(null)
    }
}
