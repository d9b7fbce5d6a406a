import Glibc

/// The unix datagram socket systemd listens on for sd_notify, owned by a test: point
/// `NOTIFY_SOCKET` at `path` and read what the program said.
public final class FakeSystemd {
    public let path: String
    private let fd: Int32

    /// `abstract`: a name in the abstract namespace ("@…"), as systemd often uses.
    public init(abstract: Bool = false) {
        let name = "/tmp/qk-notify-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        path = abstract ? "@" + name : name
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        if abstract { bytes[0] = 0 }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in bytes.enumerated() { raw[i] = b } }
        let len = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        _ = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) } }
    }

    deinit {
        close(fd)
        if !path.hasPrefix("@") { unlink(path) }
    }

    /// The next message, waiting up to `timeout` seconds for it (another process sends it).
    public func receive(timeout: Double = 10) async -> String? {
        var message: String?
        _ = await waitUntil(timeout: timeout) {
            message = receiveNow()
            return message != nil
        }
        return message
    }

    /// A message already sent, without waiting: sd_notify is one sendto(2), so what this
    /// process sent is here the moment the call returned, and nil means nothing was sent.
    public func receiveNow() -> String? {
        var buf = [UInt8](repeating: 0, count: 4096)
        let n = recv(fd, &buf, buf.count, Int32(MSG_DONTWAIT))
        return n > 0 ? String(decoding: buf[0..<n], as: UTF8.self) : nil
    }
}
