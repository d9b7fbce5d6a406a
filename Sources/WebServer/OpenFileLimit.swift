import Glibc
import Platform

/// The process's limit on open descriptors. Every phone is a socket: 2,000 phones need more
/// than the usual soft limit of 1,024, and the soft limit may be raised to the hard one
/// (systemd's `LimitNOFILE=` sets both) without privileges.
public enum OpenFileLimit {
    /// Raises the soft limit to the hard limit and logs what it got; returns the soft limit
    /// now in force.
    @discardableResult
    public static func raise() -> Int {
        var r = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &r) == 0 else {
            Log.warning("open files: getrlimit: \(String(cString: strerror(errno))); the limit is left as it is")
            return 1024
        }
        let before = r.rlim_cur
        if r.rlim_cur < r.rlim_max {
            var raised = r
            raised.rlim_cur = r.rlim_max
            if setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &raised) == 0 {
                r = raised
            } else {
                Log.warning("open files: setrlimit to \(r.rlim_max): \(String(cString: strerror(errno))); staying at \(before)")
            }
        }
        let now = Int(clamping: r.rlim_cur)
        if r.rlim_cur != before {
            Log.info("open files: limit raised from \(before) to \(now) (the hard limit)")
        } else {
            Log.info("open files: limit \(now) (the hard limit is \(r.rlim_max == rlim_t.max ? "unlimited" : String(r.rlim_max)))")
        }
        return now
    }
}
