import Glibc

/// Line output straight to the file descriptors: unbuffered, so a test or supervisor reading a
/// pipe sees each line when it happens, and one `write` per line so lines never interleave.
public enum Console {
    public static func out(_ line: String) { put(1, line) }
    public static func err(_ line: String) { put(2, line) }

    private static func put(_ fd: Int32, _ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        var off = 0
        while off < bytes.count {
            let n = bytes.withUnsafeBytes { buf in
                retryingEINTR { buf.baseAddress.map { write(fd, $0 + off, buf.count - off) } ?? 0 }
            }
            if n <= 0 { return }
            off += n
        }
    }
}
