import CLinux
import Glibc

/// One thread waiting on file descriptors and timers with poll(2): the DRM device (page-flip
/// events), the uevent socket, the MQTT socket, inotify, stdin, signals. C objects stay on this
/// thread, nothing needs a lock, and tests can step it deterministically.
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
        var deadline: Double
        let handler: () -> Void
    }

    private var watches: [Int: Watch] = [:]
    private var timers: [Int: Timer] = [:]
    private var nextID = 0
    private var stopped = false

    public init() {}

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

    /// Calls `handler` once, `seconds` from now (monotonic clock).
    @discardableResult
    public func after(_ seconds: Double, _ handler: @escaping () -> Void) -> Token {
        nextID += 1
        timers[nextID] = Timer(deadline: Clock.monotonic() + max(0, seconds), handler: handler)
        return Token(id: nextID)
    }

    public func cancel(_ token: Token) {
        watches[token.id] = nil
        timers[token.id] = nil
    }

    public func stop() { stopped = true }
    public var isStopped: Bool { stopped }

    /// Waits up to `timeout` seconds (nil: until something happens) and runs what is due.
    /// Returns false when there is nothing left to wait for.
    @discardableResult
    public func runOnce(timeout: Double? = nil) -> Bool {
        let now = Clock.monotonic()
        var wait = timeout ?? -1
        if let soonest = timers.values.map(\.deadline).min() {
            let untilTimer = max(0, soonest - now)
            wait = wait < 0 ? untilTimer : min(wait, untilTimer)
        }
        if watches.isEmpty && timers.isEmpty && timeout == nil { return false }
        let ids = Array(watches.keys)
        var fds = ids.map { pollfd(fd: watches[$0]?.fd ?? -1, events: watches[$0]?.events ?? 0, revents: 0) }
        let ms = wait < 0 ? Int32(-1) : Int32(min(wait * 1000, 3_600_000).rounded(.up))
        let n = fds.withUnsafeMutableBufferPointer { buf in poll(buf.baseAddress, nfds_t(buf.count), ms) }
        if n > 0 {
            for (k, id) in ids.enumerated() where fds[k].revents != 0 {
                // A handler may have cancelled this watch while handling an earlier one.
                guard let w = watches[id] else { continue }
                w.handler(fds[k].revents)
            }
        }
        let after = Clock.monotonic()
        for (id, t) in timers.sorted(by: { $0.value.deadline < $1.value.deadline }) where t.deadline <= after {
            guard timers[id] != nil else { continue }
            timers[id] = nil
            t.handler()
        }
        return true
    }

    /// Runs until `stop()` is called.
    public func run() {
        stopped = false
        while !stopped {
            if !runOnce() { break }
        }
    }

    /// Runs until `condition` holds or `timeout` seconds pass; returns whether it held (tests).
    public func run(until condition: () -> Bool, timeout: Double) -> Bool {
        let end = Clock.monotonic() + timeout
        while !condition() {
            let left = end - Clock.monotonic()
            if left <= 0 { return false }
            runOnce(timeout: min(left, 0.05))
        }
        return true
    }
}

/// SIGINT and SIGTERM as readable events on a signalfd, so shutdown runs on the loop's thread
/// (restoring the display is not async-signal-safe work).
public final class SignalWatch {
    private let descriptor: FileDescriptor
    public var fd: Int32 { descriptor.rawValue }

    public init(_ signals: [Int32] = [SIGINT, SIGTERM]) throws(SystemError) {
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s) }
        _ = try syscall("sigprocmask") { sigprocmask(SIG_BLOCK, &set, nil) }
        descriptor = FileDescriptor(adopting: try syscall("signalfd") { signalfd(-1, &set, Int32(SFD_CLOEXEC | SFD_NONBLOCK)) })
    }

    /// The signal that arrived, if any.
    public func read() -> Int32? {
        var info = signalfd_siginfo()
        let n = withUnsafeMutableBytes(of: &info) { buf in retryingEINTR { Glibc.read(fd, buf.baseAddress, buf.count) } }
        return n == MemoryLayout<signalfd_siginfo>.size ? Int32(info.ssi_signo) : nil
    }
}
