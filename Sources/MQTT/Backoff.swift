/// Capped exponential backoff with jitter for reconnecting: 0.5 s, 1 s, 2 s, … up to `cap`,
/// each delay scaled by a random factor in 0.8…1.2 so a room of screens does not hammer a
/// broker that just restarted all in the same millisecond.
public struct Backoff: Sendable {
    public let initial: Double
    public let cap: Double
    public private(set) var attempts = 0
    private var random: @Sendable () -> Double

    public init(initial: Double, cap: Double, random: @escaping @Sendable () -> Double = { Double.random(in: 0.8...1.2) }) {
        self.initial = initial
        self.cap = cap
        self.random = random
    }

    /// The delay before the next attempt; each call doubles the next one, up to the cap.
    public mutating func next() -> Double {
        var d = initial
        for _ in 0..<min(attempts, 30) { d *= 2 }
        attempts += 1
        return min(d, cap) * random()
    }

    /// After a successful connection: start again from `initial`.
    public mutating func reset() { attempts = 0 }
}
