import Glibc

public enum StandardStreams {
    /// Reopens any of descriptors 0, 1 and 2 that is closed on `/dev/null`. A supervisor (or an
    /// attacker) may start us with one closed; the next descriptor we open would then take its
    /// number: the signalfd as fd 0 made the stdin source eat SIGTERM, and a DRM card as fd 2
    /// would get our log lines written into it. Call first thing, before opening anything.
    public static func ensureOpen() {
        for fd in Int32(0)...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            // open returns the lowest free number: this one, since the ones below are open.
            let null = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if null >= 0 && null != fd {
                // Not the expected number (cannot happen unless a lower one is closed too):
                // move it there.
                _ = dup2(null, fd)
                _ = close(null)
            }
        }
    }
}
