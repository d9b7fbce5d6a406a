import Glibc

/// One open file descriptor and its one owner: closed exactly once, when the owner goes away
/// (or earlier with `close()`), so no code path can leak it or close another's number by
/// mistake. Long-lived descriptors (the DRM card, sockets, inotify) live in one of these. Not
/// (yet) the short-lived pipes of `Subprocess` and `WorkerThread`, which close their ends on
/// each exit path themselves, nor descriptors the program does not own (stdin given to a
/// source, libmosquitto's socket), which stay plain `Int32`s.
public final class FileDescriptor {
    /// The number, valid until `close()` or deinit.
    public let rawValue: Int32
    private var isOpen = true

    /// Takes ownership of `fd` (which must be open).
    public init(adopting fd: Int32) { rawValue = fd }

    /// open(2), close-on-exec, EINTR retried; errno read at the failing call.
    public convenience init(open path: String, _ flags: Int32, mode: mode_t = 0) throws(SystemError) {
        let fd = try syscall("open", subject: path) { Glibc.open(path, flags | O_CLOEXEC, mode) }
        self.init(adopting: fd)
    }

    /// Closes now rather than at deinit (e.g. to make a reader see end of input).
    public func close() {
        guard isOpen else { return }
        isOpen = false
        _ = Glibc.close(rawValue)
    }

    deinit { close() }

    public func stat() throws(SystemError) -> Glibc.stat {
        var st = Glibc.stat()
        _ = try syscall("fstat") { fstat(rawValue, &st) }
        return st
    }

    /// One read(2) into `buffer`; 0 at end of file.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
        try syscall("read") { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// Writes all of `bytes` (short writes continued).
    public func writeAll(_ bytes: [UInt8], subject: String? = nil) throws(SystemError) {
        try Self.writeAll(bytes, to: rawValue, subject: subject)
    }

    /// Writes all of `bytes` to a descriptor this code does not own (standard output).
    public static func writeAll(_ bytes: [UInt8], to fd: Int32, subject: String? = nil) throws(SystemError) {
        // withUnsafeBytes does not carry a typed error through its closure.
        let failure: SystemError? = bytes.withUnsafeBytes { buf in
            var off = 0
            while off < buf.count {
                do throws(SystemError) {
                    off += try syscall("write", subject: subject) { Glibc.write(fd, buf.baseAddress! + off, buf.count - off) }
                } catch {
                    return error
                }
            }
            return nil
        }
        if let failure { throw failure }
    }
}

/// Runs a system call that returns -1 on failure: retried while it fails with EINTR, and on
/// failure errno is read right there, before anything else can change it, into a SystemError.
@inline(__always)
public func syscall<T: BinaryInteger>(_ function: String, subject: String? = nil, _ body: () -> T) throws(SystemError) -> T {
    while true {
        let r = body()
        guard r == -1 else { return r }
        let e = errno
        if e == EINTR { continue }
        throw SystemError(function, errno: e, subject: subject)
    }
}

/// The same for calls that return a pointer, NULL on failure (opendir, mkdtemp, fopen).
@inline(__always)
public func syscall<P>(_ function: String, subject: String? = nil, _ body: () -> P?) throws(SystemError) -> P {
    guard let p = body() else { throw SystemError(function, errno: errno, subject: subject) }
    return p
}
