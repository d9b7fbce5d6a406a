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
