import Glibc

/// One host per data folder: an exclusive flock(2) on `night.lock`, held while the store is
/// open and released by the kernel when the process dies (a kill -9 leaves no stale lock).
/// Readers (`--export`) do not take it: WAL lets them read while the host writes.
final class DirectoryLock {
    private let fd: Int32

    init(directory: String) throws(StoreError) {
        let path = directory + "/night.lock"
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            let e = errno
            throw StoreError(e == EACCES || e == EROFS ? .readOnly : .cannotOpen, path: path, detail: String(cString: strerror(e)))
        }
        // A few tries over 0.2 s: a process that starts a program (posix_spawn) holds a copy of
        // every descriptor, this one too, for the instant before the program's exec closes it.
        var tries = 0
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let e = errno
            tries += 1
            if e == EWOULDBLOCK, tries < 20 {
                usleep(10_000)
                continue
            }
            close(fd)
            throw StoreError(e == EWOULDBLOCK ? .locked : .other, path: directory, detail: e == EWOULDBLOCK ? "night.lock is held" : String(cString: strerror(e)))
        }
        self.fd = fd
    }

    deinit { close(fd) }
}
