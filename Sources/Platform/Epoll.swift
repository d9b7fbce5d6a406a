import CLinux
import Glibc

/// One epoll instance (level-triggered) and the buffer its ready events are read into: what
/// the event loop waits with. A wait costs the same with 2 or 2,000 descriptors registered,
/// where poll(2) hands the kernel the whole list on every call (`quizkiosk-bench --loop`).
final class Epoll {
    let descriptor: FileDescriptor
    /// Ready events per wait; more ready descriptors are reported by the next wait (the kernel
    /// rotates its ready list, so none is starved).
    let capacity = 256
    private let ready: UnsafeMutableBufferPointer<epoll_event>

    init() throws(SystemError) {
        let fd = try syscall("epoll_create1") { epoll_create1(Int32(EPOLL_CLOEXEC)) }
        descriptor = FileDescriptor(adopting: fd)
        ready = .allocate(capacity: capacity)
    }

    deinit { ready.deallocate() }

    /// Registers `fd` for `events` (EPOLLIN, EPOLLOUT, EPOLLPRI; errors and hang-ups are always
    /// reported); `data` comes back with each of its events. Fails with EPERM for a descriptor
    /// epoll cannot watch (a regular file, /dev/null), EBADF for one that is not open, EEXIST
    /// when this file is registered already.
    func add(_ fd: Int32, events: UInt32, data: UInt64) throws(SystemError) {
        try control(EPOLL_CTL_ADD, fd, events: events, data: data)
    }

    func modify(_ fd: Int32, events: UInt32, data: UInt64) throws(SystemError) {
        try control(EPOLL_CTL_MOD, fd, events: events, data: data)
    }

    /// Unregisters `fd`. A descriptor already closed was unregistered by the kernel: its
    /// EBADF/ENOENT says nothing the caller can act on.
    func remove(_ fd: Int32) {
        _ = epoll_ctl(descriptor.rawValue, EPOLL_CTL_DEL, fd, nil)
    }

    private func control(_ op: Int32, _ fd: Int32, events: UInt32, data: UInt64) throws(SystemError) {
        var event = epoll_event()
        event.events = events
        event.data.u64 = data
        _ = try syscall("epoll_ctl") { epoll_ctl(descriptor.rawValue, op, fd, &event) }
    }

    /// Waits up to `milliseconds` (-1: forever) and returns how many events are ready (read
    /// them with `event(at:)`), 0 on a timeout or a signal (EINTR), or the error of any other
    /// failure, with errno read at the call.
    func wait(milliseconds: Int32) -> Result<Int, SystemError> {
        let n = epoll_wait(descriptor.rawValue, ready.baseAddress, Int32(capacity), milliseconds)
        if n >= 0 { return .success(Int(n)) }
        let e = errno
        if e == EINTR { return .success(0) }
        return .failure(SystemError("epoll_wait", errno: e))
    }

    func event(at index: Int) -> (events: UInt32, data: UInt64) {
        (ready[index].events, ready[index].data.u64)
    }
}
