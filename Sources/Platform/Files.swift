import Glibc

public enum Files {
    /// Reads a file, but never more than `limit + 1` bytes: a result longer than `limit` means
    /// the file is over the limit (the caller says so in its own words), and a huge file costs
    /// nothing. A state file is at most 64 KiB.
    public static func read(_ path: String, limit: Int = 64 << 20) throws(SystemError) -> [UInt8] {
        // Non-blocking open, and no pipes or sockets: a FIFO at the path would otherwise block
        // the one thread that draws the screen. (Character devices such as /dev/null are fine.)
        let fd = retryingEINTR { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard fd >= 0 else { throw SystemError("open", subject: path) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw SystemError("fstat", subject: path) }
        switch st.st_mode & S_IFMT {
        case S_IFREG, S_IFCHR: break
        case S_IFDIR: throw SystemError("read", errno: EISDIR, subject: path)
        default: throw SystemError("read", errno: EINVAL, subject: path, explanation: "not a regular file (a pipe or device?)")
        }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while out.count <= limit {
            let want = min(chunk.count, limit + 1 - out.count)
            let n = chunk.withUnsafeMutableBytes { buf in retryingEINTR { Glibc.read(fd, buf.baseAddress, want) } }
            if n < 0 { throw SystemError("read", subject: path) }
            if n == 0 { break }
            out.append(contentsOf: chunk[0..<n])
        }
        return out
    }

    /// Writes `bytes` to `path` atomically: a temporary file beside it, then rename, so a
    /// reader never sees a half-written file.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(SystemError) {
        let tmp = path + ".tmp\(getpid())"
        let fd = retryingEINTR { open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard fd >= 0 else { throw SystemError("open", subject: tmp) }
        var off = 0
        while off < bytes.count {
            let n = bytes.withUnsafeBytes { buf in
                retryingEINTR { buf.baseAddress.map { write(fd, $0 + off, buf.count - off) } ?? 0 }
            }
            if n < 0 {
                let e = SystemError("write", subject: tmp)
                close(fd)
                unlink(tmp)
                throw e
            }
            off += n
        }
        close(fd)
        guard rename(tmp, path) == 0 else {
            let e = SystemError("rename", subject: path)
            unlink(tmp)
            throw e
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
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST { throw SystemError("mkdir", subject: prefix) }
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
