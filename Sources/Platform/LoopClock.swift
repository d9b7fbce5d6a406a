/// The time an event loop's timers run on: seconds on a monotonic scale whose origin means
/// nothing (only differences do). Given to the loop at init, so the program runs on the
/// kernel's clock and a test on one it moves itself.
public protocol LoopClock: AnyObject {
    var now: Double { get }
}

/// CLOCK_MONOTONIC: what the program runs on. Not the wall clock, which NTP or an operator can
/// step: a 3 s timer must be 3 s even when the date is corrected meanwhile.
public final class MonotonicClock: LoopClock {
    public init() {}
    public var now: Double { Clock.monotonic() }
}

/// Time that stands still until a test moves it with `EventLoop.advance(by:)`: timers then fire
/// in a known order at known instants, and a test of a 3 s timeout takes no 3 s.
///
/// The loop that runs on it never sleeps for a timer (sleeping would not bring one closer); it
/// still polls descriptors, so tests with real ones (a pipe, a broker's socket) work as before.
/// Use it with one loop: that loop moves it as it fires each timer.
public final class VirtualClock: LoopClock {
    /// Moved only by the loop, forward, as it fires timers in `advance(by:)`.
    public internal(set) var now: Double

    public init(start: Double = 0) { now = start }
}
