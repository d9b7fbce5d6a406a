import Glibc

/// A failed system call: which function, on what, and errno. Turned into this once, at the
/// edge, so the rest of the program handles one typed error.
public struct SystemError: Error, CustomStringConvertible, Equatable {
    public let function: String
    public let errno: Int32
    public let subject: String?
    /// Said instead of strerror's text where that would mislead ("not a regular file").
    public let explanation: String?

    /// `errno` has no default: it must be read at the failing call (see `syscall`), not later
    /// when other calls may have changed it.
    public init(_ function: String, errno: Int32, subject: String? = nil, explanation: String? = nil) {
        self.function = function
        self.errno = errno
        self.subject = subject
        self.explanation = explanation
    }

    public var message: String { explanation ?? String(cString: strerror(errno)) }

    public var description: String {
        if let subject { return "\(subject): \(message) (\(function))" }
        return "\(function): \(message)"
    }
}

/// Runs a system call, retrying it while it fails with EINTR (a signal arrived mid-call).
@inline(__always)
public func retryingEINTR<T: BinaryInteger>(_ body: () -> T) -> T {
    while true {
        let r = body()
        if r == -1 && errno == EINTR { continue }
        return r
    }
}
