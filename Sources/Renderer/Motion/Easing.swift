import Glibc

/// The curves motion follows. Things that arrive decelerate into place (`out`), a fade eases
/// in and out, an emphasis rises and falls (`bump`); nothing moves at constant speed, which
/// reads as mechanical on a big screen.
enum Ease {
    /// How far through `[start, start + duration)` the time `t` is, clamped to 0...1.
    static func progress(_ t: Double, start: Double, duration: Double) -> Double {
        guard duration > 0 else { return t >= start ? 1 : 0 }
        let p = (t - start) / duration
        return p.isNaN ? 1 : min(1, max(0, p))
    }

    /// Fast start, gentle landing (cubic).
    static func out(_ p: Double) -> Double {
        let q = 1 - min(1, max(0, p))
        return 1 - q * q * q
    }

    /// Slow start and end (smoothstep): for fades, where a linear start looks like a cut.
    static func inOut(_ p: Double) -> Double {
        let x = min(1, max(0, p))
        return x * x * (3 - 2 * x)
    }

    /// 0 → 1 → 0 over p in 0...1 (half a sine): a pulse.
    static func bump(_ p: Double) -> Double {
        guard p > 0, p < 1 else { return 0 }
        return sin(Double.pi * p)
    }

    /// From `a` to `b` by `t`: exactly `a` at t ≤ 0 and exactly `b` at t ≥ 1, so a settled
    /// frame holds the state's own values to the last bit (`a + (b − a)` need not be `b`).
    static func mix(_ a: Double, _ b: Double, _ t: Double) -> Double {
        t <= 0 ? a : t >= 1 ? b : a + (b - a) * t
    }
}
