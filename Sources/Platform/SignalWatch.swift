import CLinux
import Glibc

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
