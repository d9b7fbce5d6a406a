/// Capped exponential backoff for retrying: `initial`, twice that, … up to `cap`, each delay
/// scaled by `jitter()`. Screens reconnecting to a broker use `Backoff.spread`, so a room of
/// them does not hammer a broker that just restarted all in the same millisecond; a retry
/// that concerns this machine alone (showing a frame) needs none.
public struct Backoff: Sendable {
    /// A random factor in 0.8…1.2.
    public static let spread: @Sendable () -> Double = { Double.random(in: 0.8...1.2) }

    public let initial: Double
    public let cap: Double
    public private(set) var attempts = 0
    private let jitter: @Sendable () -> Double

    public init(initial: Double, cap: Double, jitter: @escaping @Sendable () -> Double = { 1 }) {
        self.initial = initial
        self.cap = cap
        self.jitter = jitter
    }

    /// The delay before the next attempt; each call doubles the next one, up to the cap.
    public mutating func next() -> Double {
        var d = initial
        for _ in 0..<min(attempts, 30) { d *= 2 }
        attempts += 1
        return min(d, cap) * jitter()
    }

    /// After a success: start again from `initial`.
    public mutating func reset() { attempts = 0 }
}
