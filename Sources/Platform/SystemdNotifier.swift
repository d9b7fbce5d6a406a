import Glibc

/// The sd_notify protocol, spoken directly (no libsystemd): datagrams of `KEY=VALUE` lines to the
/// unix socket named by `$NOTIFY_SOCKET` ("@name" is the abstract namespace). Without the
/// variable (not under systemd) every call does nothing.
public final class SystemdNotifier {
    private let socket: FileDescriptor?
    private var address = sockaddr_un()
    private let addressLength: socklen_t
    /// Seconds between the watchdog pings systemd expects (`WatchdogSec=`), when it asks for them.
    public let watchdogInterval: Double?
    public let isActive: Bool
    private var lastStatus: String?

    public init(environment: [String: String] = Environment.all) {
        if let usec = environment["WATCHDOG_USEC"].flatMap(Double.init), usec > 0,
           environment["WATCHDOG_PID"].flatMap(Int32.init).map({ $0 == getpid() }) ?? true {
            watchdogInterval = usec / 1_000_000
        } else {
            watchdogInterval = nil
        }
        guard let path = environment["NOTIFY_SOCKET"], !path.isEmpty,
              path.utf8.count < MemoryLayout.size(ofValue: address.sun_path) else {
            socket = nil
            addressLength = 0
            isActive = false
            return
        }
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        socket = fd >= 0 ? FileDescriptor(adopting: fd) : nil
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }  // abstract socket
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        addressLength = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        isActive = socket != nil
    }

    /// Sends one notification, e.g. "READY=1\nSTATUS=…". Failures are not fatal: systemd may
    /// have gone away; the program keeps running.
    @discardableResult
    public func notify(_ message: String) -> Bool {
        guard let fd = socket?.rawValue else { return false }
        let bytes = Array(message.utf8)
        let sent = withUnsafePointer(to: &address) { ptr in
            ptr.withMemoryRebound(to: sockaddr.self, capacity: 1) { sa in
                bytes.withUnsafeBytes { buf in
                    retryingEINTR { sendto(fd, buf.baseAddress, buf.count, Int32(MSG_NOSIGNAL), sa, addressLength) }
                }
            }
        }
        return sent == bytes.count
    }

    public func ready(status: String) { notify("READY=1\nSTATUS=" + status) }
    public func watchdog() { notify("WATCHDOG=1") }
    public func stopping() { notify("STOPPING=1") }

    /// Sends STATUS= only when it changed (it is sent on every frame).
    public func status(_ text: String) {
        guard text != lastStatus else { return }
        lastStatus = text
        notify("STATUS=" + text)
    }
}
