/// The venue's text scale as a screen can hold it. Above 1 a scene tries the scales of a fixed
/// grid — hundredths, from 1 to the venue's own (taken to its hundredth) — and keeps the
/// largest at which `fits` says everything fits. A fixed grid and "the largest that fits"
/// make what a screen gets grow with what the venue asks: at 2 it is never less than at 1.5,
/// because a screen that held 1.5 still has 1.5 among its candidates.
///
/// Bisection (about seven layouts, each cached by the text engine): `fits` is taken to hold
/// for every scale under one that fits — larger type in the same boxes only takes more room.
enum ScaleSearch {
    static let steps = 100.0

    /// The largest grid scale in `from ... upTo` that fits; `from` when none above it does (the
    /// caller's layout at `from` is its answer then, fitting or not).
    static func largest(upTo k: Double, from low: Double = 1, fits: (Double) -> Bool) -> Double {
        let top = Int((k * steps + 1e-6).rounded(.down)), bottom = Int((low * steps - 1e-6).rounded(.up))
        guard top > bottom else { return max(low, Double(min(top, bottom)) / steps) }
        if fits(Double(top) / steps) { return Double(top) / steps }
        var lo = bottom, hi = top  // lo is the answer when nothing above it fits; hi does not fit
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if fits(Double(mid) / steps) { lo = mid } else { hi = mid }
        }
        return Double(lo) / steps
    }
}
