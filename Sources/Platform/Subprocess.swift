import Glibc

/// A child process started with posix_spawn. Its standard streams go to /dev/null, a file, or
/// a pipe; it starts with no signal blocked and default handlers, because the parent may block
/// SIGTERM for its signalfd or ignore SIGPIPE and a child would inherit both.
public final class Subprocess {
    public enum Input: Sendable { case null, pipe, file(String) }
    public enum Output: Sendable {
        case null, pipe, file(String)
        /// Standard error only: wherever standard output goes.
        case stdout
    }

    public let pid: pid_t
    /// The write end of the child's standard input, with `.pipe`.
    private var stdinPipe: FileDescriptor?
    /// The read end of the child's standard output, with `.pipe`.
    private let stdoutPipe: FileDescriptor?
    /// The exit status once reaped: the exit code, or 128 + the signal that killed it.
    public private(set) var status: Int32?

    /// Starts `argv[0]` (a path, or a name looked up in PATH with `searchPath`). `environment`
    /// nil: the parent's.
    public init(_ argv: [String], stdin: Input = .null, stdout: Output = .null, stderr: Output = .null,
                environment: [String: String]? = nil, searchPath: Bool = false) throws(SystemError) {
        guard let program = argv.first else { throw SystemError("posix_spawn", errno: EINVAL) }
        var fa = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fa)
        defer { posix_spawn_file_actions_destroy(&fa) }
        // The child's ends are closed in the parent whatever happens; ours only if we fail.
        var toClose: [Int32] = []
        defer { toClose.forEach { close($0) } }
        var inPipe: [Int32] = [-1, -1], outPipe: [Int32] = [-1, -1]
        var started = false
        defer {
            if !started { [inPipe[1], outPipe[0]].filter { $0 >= 0 }.forEach { close($0) } }
        }
        switch stdin {
        case .null: posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0)
        case .file(let path): posix_spawn_file_actions_addopen(&fa, 0, path, O_RDONLY, 0)
        case .pipe:
            _ = try syscall("pipe") { pipe(&inPipe) }
            // Close-on-exec, so no other child inherits the write end (the reader then sees
            // end of input when we close it); dup2 onto 0 clears the flag for this child.
            for fd in inPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            posix_spawn_file_actions_adddup2(&fa, inPipe[0], 0)
            toClose.append(inPipe[0])
        }
        func redirect(_ fd: Int32, _ output: Output) throws(SystemError) {
            switch output {
            case .null: posix_spawn_file_actions_addopen(&fa, fd, "/dev/null", O_WRONLY, 0)
            case .file(let path): posix_spawn_file_actions_addopen(&fa, fd, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            case .stdout: posix_spawn_file_actions_adddup2(&fa, 1, fd)
            case .pipe:
                if outPipe[0] < 0 {
                    _ = try syscall("pipe") { pipe(&outPipe) }
                    for p in outPipe { _ = fcntl(p, F_SETFD, FD_CLOEXEC) }
                    toClose.append(outPipe[1])
                }
                posix_spawn_file_actions_adddup2(&fa, outPipe[1], fd)
            }
        }
        try redirect(1, stdout)
        try redirect(2, stderr)

        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var none = sigset_t()
        sigemptyset(&none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in [SIGTERM, SIGHUP, SIGINT, SIGPIPE] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigmask(&attr, &none)
        posix_spawnattr_setsigdefault(&attr, &defaults)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let cargs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { cargs.forEach { free($0) } }
        let envStrings = environment.map { $0.map { "\($0.key)=\($0.value)" } }
        let cenv: [UnsafeMutablePointer<CChar>?]? = envStrings.map { $0.map { strdup($0) } + [nil] }
        defer { cenv?.forEach { free($0) } }
        var p: pid_t = 0
        let rc = cenv.map { env in
            searchPath ? posix_spawnp(&p, program, &fa, &attr, cargs, env) : posix_spawn(&p, program, &fa, &attr, cargs, env)
        } ?? (searchPath ? posix_spawnp(&p, program, &fa, &attr, cargs, environ) : posix_spawn(&p, program, &fa, &attr, cargs, environ))
        guard rc == 0 else { throw SystemError("posix_spawn", errno: rc, subject: program) }
        started = true
        pid = p
        stdinPipe = inPipe[1] >= 0 ? FileDescriptor(adopting: inPipe[1]) : nil
        stdoutPipe = outPipe[0] >= 0 ? FileDescriptor(adopting: outPipe[0]) : nil
    }

    /// Closes the child's standard input: it reads end of input.
    public func closeStdin() { stdinPipe = nil }

    /// Writes all of `bytes` to the child's standard input (with `.pipe`).
    public func write(_ bytes: [UInt8]) {
        // A child that has exited (EPIPE) simply gets no more input.
        try? stdinPipe?.writeAll(bytes)
    }

    /// Everything the child writes to standard output, until it closes it (with `.pipe`).
    public func readOutput() -> [UInt8] {
        var out: [UInt8] = []
        guard let fd = stdoutPipe else { return out }
        let buf = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 1)
        defer { buf.deallocate() }
        while let n = try? fd.read(into: buf), n > 0 {
            out += buf[0..<n]
        }
        return out
    }

    public func signal(_ s: Int32) {
        if status == nil { kill(pid, s) }
    }

    /// Waits for the child to exit; its status (the exit code, or 128 + signal).
    @discardableResult
    public func wait() -> Int32 {
        if let status { return status }
        var st: Int32 = 0
        _ = retryingEINTR { waitpid(pid, &st, 0) }
        return reaped(st)
    }

    /// The status if the child has exited, nil while it runs.
    public func poll() -> Int32? {
        if let status { return status }
        var st: Int32 = 0
        return waitpid(pid, &st, WNOHANG) == pid ? reaped(st) : nil
    }

    private func reaped(_ st: Int32) -> Int32 {
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift does not import.
        let sig = st & 0x7F
        let s = sig == 0 ? (st >> 8) & 0xFF : 128 + sig
        status = s
        return s
    }

    /// Runs `argv` to completion with standard output captured; (status, output).
    public static func run(_ argv: [String], stderr: Output = .null, searchPath: Bool = false) throws(SystemError) -> (status: Int32, output: String) {
        let p = try Subprocess(argv, stdout: .pipe, stderr: stderr, searchPath: searchPath)
        let out = p.readOutput()
        return (p.wait(), String(decoding: out, as: UTF8.self))
    }
}
