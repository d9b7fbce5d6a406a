/// A display's vblanks, from the kernel's timestamps of its flips, trusted only when they keep
/// to one grid: on a real display each flip completes at a vblank, so the timestamps fall on
/// `anchor + k × interval`; a driver that completes flips as soon as it has them (virtio-gpu)
/// gives times anywhere, and then the frames are taken to show at any instant (`.any`).
public struct VblankGrid: Sendable, Equatable {
    public private(set) var anchor: Double?
    public private(set) var interval = 0.0
    /// Timestamps in a row that fell on the grid of the one before.
    public private(set) var agreeing = 0

    public init() {}

    /// How far from the grid a timestamp may be and still be on it: a millisecond (a real
    /// display's timestamps are microseconds off), at most 6 % of the interval.
    static func tolerance(_ interval: Double) -> Double { min(0.001, interval * 0.06) }

    public mutating func observe(_ vblank: Double, interval: Double) {
        guard interval > 0, interval.isFinite, vblank.isFinite, vblank != anchor else { return }
        if let a = anchor, interval == self.interval {
            let k = ((vblank - a) / interval).rounded()
            agreeing = abs(vblank - a - k * interval) <= Self.tolerance(interval) ? agreeing + 1 : 0
        } else {
            agreeing = 0
        }
        anchor = vblank
        self.interval = interval
    }

    /// The frames' instants: the grid once two timestamps in a row agreed with it.
    public var frames: FrameInstants {
        guard agreeing >= 2, let a = anchor else { return .any }
        return .vblanks(anchor: a, interval: interval)
    }
}
