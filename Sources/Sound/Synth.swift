/// The room's three sounds, made in code: a few partials, each under its own envelope, summed
/// and rounded to 16-bit samples at 48 kHz. No sound files, no decoder, nothing to license.
///
/// The arithmetic is plain IEEE double (a polynomial sine, envelopes as products), no libm:
/// the same samples on every machine, so a golden WAV can be compared sample for sample.
public enum Sound: String, CaseIterable, Sendable, Hashable {
    /// The last five seconds' tick: a short, dry wooden click (70 ms), bright partials at
    /// 1.25, 2.6 and 4.1 kHz dying within a few milliseconds.
    case tick
    /// Time's up: a two-note horn falling a fifth, G4 then C4 (0.6 s), reedy (odd harmonics).
    case timesUp = "times-up"
    /// The reveal: a rising chime, C5 E5 G5 C6 struck 70 ms apart, ringing out (1 s).
    case reveal
}

/// Sample rate and layout of everything the sound side makes and plays: 48 kHz, signed
/// 16-bit, two channels (the same mono signal in both: a TV's speakers, not a stage).
public enum SoundFormat {
    public static let rate = 48_000
    public static let channels = 2
}

public enum Synth {
    /// The sound's mono samples at full level (volume 100).
    public static func samples(_ sound: Sound) -> [Int16] {
        switch sound {
        case .tick: return render(seconds: 0.07, partials: tick)
        case .timesUp: return render(seconds: 0.6, partials: timesUp)
        case .reveal: return render(seconds: 1.0, partials: reveal)
        }
    }

    /// One sine partial: starts at `onset`, rises linearly over `attack`, then holds for
    /// `hold` and decays exponentially with time constant `decay`; `release` fades it to 0
    /// linearly at the end (so nothing clicks when it stops). Seconds, hertz, linear amplitude.
    struct Partial {
        var frequency: Double
        var amplitude: Double
        var onset = 0.0
        var attack: Double
        var hold = 0.0
        var decay: Double
        var end: Double
        var release = 0.005
    }

    /// Peak level of a sound before volume: -4 dBFS, room for two sounds overlapping a little.
    static let peak = 0.63

    static let tick: [Partial] = [
        Partial(frequency: 1250, amplitude: 1.0, attack: 0.001, decay: 0.012, end: 0.07),
        Partial(frequency: 2600, amplitude: 0.5, attack: 0.001, decay: 0.007, end: 0.07),
        Partial(frequency: 4100, amplitude: 0.25, attack: 0.0005, decay: 0.004, end: 0.07),
    ]

    static let timesUp: [Partial] = {
        var p: [Partial] = []
        // G4 for 0.2 s, then C4 for the rest: odd harmonics 1, 3, 5 (a reed), held, then dying.
        for (f, onset, end, hold) in [(392.0, 0.0, 0.21, 0.15), (261.63, 0.2, 0.6, 0.15)] {
            for (h, a) in [(1.0, 1.0), (3.0, 0.33), (5.0, 0.2)] {
                p.append(Partial(frequency: f * h, amplitude: a, onset: onset, attack: 0.01, hold: hold, decay: 0.12, end: end,
                                 release: 0.03))
            }
        }
        return p
    }()

    static let reveal: [Partial] = {
        var p: [Partial] = []
        // A bell's partials 1, 2, 3 (soft upper ones), each note ringing on under the next.
        for (n, f) in [523.25, 659.26, 783.99, 1046.5].enumerated() {
            let onset = 0.07 * Double(n)
            for (h, a) in [(1.0, 1.0), (2.0, 0.4), (3.0, 0.15)] {
                p.append(Partial(frequency: f * h, amplitude: a * (n == 3 ? 1.0 : 0.8), onset: onset, attack: 0.003,
                                 decay: n == 3 ? 0.3 / h : 0.2 / h, end: 1.0, release: 0.08))
            }
        }
        return p
    }()

    static func render(seconds: Double, partials: [Partial]) -> [Int16] {
        let n = Int(seconds * Double(SoundFormat.rate))
        var mix = [Double](repeating: 0, count: n)
        let dt = 1.0 / Double(SoundFormat.rate)
        for p in partials {
            let first = Int(p.onset * Double(SoundFormat.rate))
            let last = min(n, Int(p.end * Double(SoundFormat.rate)))
            guard first < last else { continue }
            // Per sample: the phase in cycles, and the decay as one factor (e^(-dt/τ), by series).
            let step = p.frequency * dt
            let factor = expNegative(dt / p.decay)
            var level = 1.0
            var phase = 0.0
            for i in first..<last {
                let t = Double(i - first) * dt
                var env: Double
                if t < p.attack {
                    env = t / p.attack
                } else if t < p.attack + p.hold {
                    env = 1
                } else {
                    env = level
                    level *= factor
                }
                let left = Double(last - i) * dt
                if left < p.release { env *= left / p.release }
                mix[i] += p.amplitude * env * sine(phase)
                phase += step
                if phase >= 1 { phase -= 1 }
            }
        }
        var top = 0.0
        for v in mix { top = max(top, abs(v)) }
        let scale = top > 0 ? peak * 32767 / top : 0
        return mix.map { Int16(clamping: Int(($0 * scale).rounded())) }
    }

    /// sin(2π·x) for x in [0, 1): folded to a quarter wave and a Taylor polynomial to x^11
    /// (error under 1e-7: far below a 16-bit step).
    static func sine(_ x: Double) -> Double {
        var u = x - x.rounded(.down)           // [0, 1)
        var sign = 1.0
        if u >= 0.5 { u -= 0.5; sign = -1 }    // [0, 0.5)
        if u > 0.25 { u = 0.5 - u }            // [0, 0.25]
        let a = 2 * Double.pi * u, a2 = a * a
        let s = a * (1 - a2 / 6 * (1 - a2 / 20 * (1 - a2 / 42 * (1 - a2 / 72 * (1 - a2 / 110)))))
        return sign * s
    }

    /// e^(-x) for small x ≥ 0 (x is dt/τ, below 0.01): the series to x^5.
    static func expNegative(_ x: Double) -> Double {
        1 - x * (1 - x / 2 * (1 - x / 3 * (1 - x / 4 * (1 - x / 5))))
    }
}
