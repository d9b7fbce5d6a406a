import CLinux
import Glibc
import Platform

/// Kernel uevents from a NETLINK_KOBJECT_UEVENT socket on the event loop: no udevd needed
/// (a kiosk often has none). Only messages from the kernel itself (sender port 0) are read;
/// DRM hotplugs go to `onHotplug`, cards coming and going to `onCardEvent`.
public final class UeventListener {
    private let descriptor: FileDescriptor
    public var fd: Int32 { descriptor.rawValue }
    private var token: EventLoop.Token?
    private let loop: EventLoop
    public var onHotplug: ((Uevent) -> Void)?
    /// A DRM card added or removed (a GPU driver loaded, or the firmware's card removed by it).
    public var onCardEvent: ((Uevent) -> Void)?

    public init(loop: EventLoop) throws(SystemError) {
        self.loop = loop
        descriptor = FileDescriptor(adopting: try syscall("socket(NETLINK_KOBJECT_UEVENT)") {
            socket(AF_NETLINK, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), NETLINK_KOBJECT_UEVENT)
        })
        let fd = descriptor.rawValue
        var addr = sockaddr_nl()
        addr.nl_family = sa_family_t(AF_NETLINK)
        addr.nl_groups = 1   // the kernel's multicast group (2 is libudev's)
        _ = try syscall("bind(NETLINK_KOBJECT_UEVENT)") {
            withUnsafePointer(to: &addr) { p in
                p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_nl>.size)) }
            }
        }
        // A burst of events (a dock with three screens) should not overflow the buffer. Forcing
        // the size needs CAP_NET_ADMIN (root); the service's own user gets what rmem_max allows.
        // An overflow anyway (ENOBUFS) is read as "something changed" and rescans.
        var size: Int32 = 1 << 20
        if setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &size, socklen_t(MemoryLayout<Int32>.size)) != 0 {
            _ = setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        token = loop.watch(fd: fd) { [weak self] _ in self?.drain() }
    }

    deinit {
        if let token { loop.cancel(token) }
    }

    private func drain() {
        var buf = [UInt8](repeating: 0, count: 8192)
        while true {
            var sender = sockaddr_nl()
            var len = socklen_t(MemoryLayout<sockaddr_nl>.size)
            let n = buf.withUnsafeMutableBytes { b in
                withUnsafeMutablePointer(to: &sender) { s in
                    s.withMemoryRebound(to: sockaddr.self, capacity: 1) { sp in
                        retryingEINTR { recvfrom(fd, b.baseAddress, b.count, 0, sp, &len) }
                    }
                }
            }
            if n < 0 {
                if errno == ENOBUFS {
                    // Events were dropped: we cannot know which, so treat it as a hotplug.
                    onHotplug?(Uevent(action: "change", devpath: "(overflow)", fields: ["SUBSYSTEM": "drm", "HOTPLUG": "1"]))
                    continue
                }
                return   // EAGAIN: drained
            }
            guard sender.nl_pid == 0, let event = Uevent(parsing: Array(buf[0..<n])) else { continue }
            if event.isCardArrivalOrRemoval { onCardEvent?(event) }
            if event.isDRMHotplug { onHotplug?(event) }
        }
    }
}
