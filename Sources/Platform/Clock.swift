import CLinux
import Glibc

public enum Clock {
    /// Wall-clock time, seconds since the Unix epoch (countdowns are deadlines in wall time).
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Monotonic seconds, for measuring durations.
    public static func monotonic() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

public enum Environment {
    public static func get(_ name: String) -> String? {
        guard let v = getenv(name) else { return nil }
        return String(cString: v)
    }

    public static var all: [String: String] {
        var out: [String: String] = [:]
        var p = environ
        while let entry = p.pointee {
            let s = String(cString: entry)
            if let eq = s.firstIndex(of: "=") { out[String(s[..<eq])] = String(s[s.index(after: eq)...]) }
            p += 1
        }
        return out
    }
}

extension Clock {
    /// Whether the kernel considers the wall clock synchronised (NTP or PTP keeping it right):
    /// countdowns are deadlines set on the controller's clock, so an unsynchronised screen shows
    /// the wrong number. nil when the kernel will not say.
    public static func isSynchronized() -> Bool? {
        var tx = timex()
        let state = adjtimex(&tx)
        guard state >= 0 else { return nil }
        return state != TIME_ERROR && (tx.status & Int32(STA_UNSYNC)) == 0
    }
}
