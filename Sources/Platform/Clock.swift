import CLinux
import Glibc

/// The kernel's clocks, read directly. Event-loop timers read theirs through the loop's
/// `LoopClock` instead, which tests replace with a virtual one.
public enum Clock {
    /// Wall-clock time, seconds since the Unix epoch (countdowns are deadlines in wall time).
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Monotonic seconds, for measuring real durations (benchmarks, deadlines on real I/O).
    public static func monotonic() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
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
