import Glibc

public enum Files {
    /// Reads a whole file of at most `limit` bytes. A longer file is an error that says how
    /// long it is (for a regular file; a device just "over the limit") and costs nothing: at
    /// most `limit + 1` bytes are read. A state file is at most 64 KiB.
    public static func read(_ path: String, limit: Int = 64 << 20) throws(SystemError) -> [UInt8] {
        // Non-blocking open, and no pipes or sockets: a FIFO at the path would otherwise block
        // the one thread that draws the screen. (Character devices such as /dev/null are fine.)
        let fd = try FileDescriptor(open: path, O_RDONLY | O_NONBLOCK)
        let st = try fd.stat()
        switch st.st_mode & S_IFMT {
        case S_IFREG, S_IFCHR: break
        case S_IFDIR: throw SystemError("read", errno: EISDIR, subject: path)
        default: throw SystemError("read", errno: EINVAL, subject: path, explanation: "not a regular file (a pipe or device?)")
        }
        let size = (st.st_mode & S_IFMT) == S_IFREG ? Int(st.st_size) : nil
        return try readAll(fd.rawValue, limit: limit, subject: path, size: size)
    }

    /// Reads a regular file of at most `limit` bytes, never through a symbolic link at `path`
    /// itself and never a device or pipe: for files named by outside input or found in a
    /// folder (pictures), where even /dev/zero would be wrong.
    public static func readRegular(_ path: String, limit: Int) throws(SystemError) -> [UInt8] {
        let fd = try FileDescriptor(open: path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW)
        let st = try fd.stat()
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            throw SystemError("read", errno: EINVAL, subject: path, explanation: "not a regular file")
        }
        return try readAll(fd.rawValue, limit: limit, subject: path, size: Int(st.st_size))
    }

    /// Reads `fd` to its end, at most `limit` bytes (standard input, a pipe); over that is an
    /// error naming `subject` and, when known, the whole `size`.
    public static func readAll(_ fd: Int32, limit: Int, subject: String, size: Int? = nil) throws(SystemError) -> [UInt8] {
        func tooLong() -> SystemError {
            SystemError("read", errno: EFBIG, subject: subject, explanation: (size.map { "\($0) bytes, " } ?? "") + "over the \(limit)-byte limit")
        }
        if let size, size > limit { throw tooLong() }
        var out: [UInt8] = []
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 1)
        defer { chunk.deallocate() }
        while out.count <= limit {
            let want = min(chunk.count, limit + 1 - out.count)
            let n = try syscall("read", subject: subject) { Glibc.read(fd, chunk.baseAddress, want) }
            if n == 0 { break }
            out.append(contentsOf: chunk[0..<n])
        }
        // A file that grew while being read, or a device that never ends (/dev/zero).
        if out.count > limit { throw tooLong() }
        return out
    }

    /// Writes `bytes` to `path` atomically: a temporary file beside it, then rename, so a
    /// reader never sees a half-written file. The temporary has a unique name and is created
    /// exclusively (mkstemp), so nothing planted at a guessable name is written through, and
    /// two writers of one path never share a temporary.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(SystemError) {
        let slash = path.lastIndex(of: "/")
        let dir = slash.map { String(path[...$0]) } ?? ""
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array((dir + "." + base + ".XXXXXX").utf8CString)
        let raw = try syscall("mkstemp", subject: path) {
            template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        }
        _ = fcntl(raw, F_SETFD, FD_CLOEXEC)
        // The name mkstemp filled in, without the terminating NUL.
        let tmp = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let fd = FileDescriptor(adopting: raw)
        do throws(SystemError) {
            _ = fchmod(raw, 0o644)
            // Errors name the file being written, not the temporary (a full disk: "PATH: No space left").
            try fd.writeAll(bytes, subject: path)
            fd.close()
            _ = try syscall("rename", subject: path) { rename(tmp, path) }
        } catch {
            unlink(tmp)
            throw error
        }
    }

    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    public static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// Creates a directory and its parents (like `mkdir -p`).
    public static func makeDirectory(_ path: String) throws(SystemError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            prefix += "/" + part
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST { throw SystemError("mkdir", errno: errno, subject: prefix) }
        }
        guard isDirectory(path) else { throw SystemError("mkdir", errno: ENOTDIR, subject: path) }
    }

    /// The running executable's path (from /proc/self/exe).
    public static func executablePath() -> String? {
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buf, buf.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
