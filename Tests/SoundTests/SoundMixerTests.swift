import QuizContract
@testable import Sound
import Testing

@Suite struct SoundMixerTests {
    static let rate = Double(SoundFormat.rate)
    let tick = Synth.samples(.tick)

    /// Runs the mixer in 480-frame blocks from instant 0; `plans` are handed over before the
    /// block whose instant they name.
    func run(seconds: Double, gain: Double = 1, plans: [(Double, [Cue])]) -> ([Int16], SoundMixer) {
        var m = SoundMixer(gain: gain)
        var out: [Int16] = []
        var frame = 0
        var pending = plans
        while Double(frame) < seconds * Self.rate {
            let t = Double(frame) / Self.rate
            while let p = pending.first, p.0 <= t {
                m.replace(p.1)
                pending.removeFirst()
            }
            out += m.render(frames: 480, at: t)
            frame += 480
        }
        return (out, m)
    }

    /// The left channel.
    func left(_ s: [Int16]) -> [Int16] { stride(from: 0, to: s.count, by: 2).map { s[$0] } }

    @Test func aCueStartsAtItsOwnSampleInsideABlock() {
        let (out, m) = run(seconds: 0.2, plans: [(0, [Cue(sound: .tick, at: 0.0123, key: 1)])])
        let l = left(out)
        let start = Int((0.0123 * Self.rate).rounded())   // frame 590, inside the second block
        #expect(l[..<start].allSatisfy { $0 == 0 })
        #expect(Array(l[start..<(start + tick.count)]) == tick)
        #expect(l[(start + tick.count)...].allSatisfy { $0 == 0 })
        #expect(out.count == 2 * l.count && stride(from: 0, to: out.count, by: 2).allSatisfy { out[$0] == out[$0 + 1] }, "both channels")
        #expect(m.started.map(\.frame) == [Int64(start)])
    }

    @Test func aNewPlanNeverCutsASoundPlayingNorPlaysItTwice() {
        let cue = Cue(sound: .tick, at: 0.01, key: 7)
        // Mid-tick: a new plan without it, then one with it again (a state arrived, then another).
        let (out, m) = run(seconds: 0.2, plans: [(0, [cue]), (0.03, []), (0.04, [cue, Cue(sound: .tick, at: 0.1, key: 8)])])
        let l = left(out)
        #expect(Array(l[480..<(480 + tick.count)]) == tick, "the tick plays out whole")
        #expect(m.started.map(\.frame) == [480, 4800], "once, and the new cue")
    }

    @Test func aLateCueStartsAtOnceWithinTheLimitAndIsDroppedBeyond() {
        let (out, m) = run(seconds: 0.6, plans: [(0.1, [Cue(sound: .tick, at: 0.05, key: 1)]),
                                                 (0.3, [Cue(sound: .tick, at: 0.3 - SoundMixer.lateLimit - 0.02, key: 2)])])
        #expect(m.late == 1 && m.dropped == 1)
        #expect(m.started.map(\.frame) == [4800], "heard from the first block after it was planned")
        #expect(Array(left(out)[4800..<(4800 + tick.count)]) == tick)
    }

    /// A stream not yet running (filling its buffer, after an xrun): its instant is a guess, so
    /// no cue starts in it; the first timed block starts it (late, within the limit).
    @Test func anUntimedBlockStartsNoCue() {
        var m = SoundMixer()
        m.replace([Cue(sound: .tick, at: 0.005, key: 1)])
        let untimed = m.render(frames: 480, at: 0, startingCues: false)
        #expect(untimed.allSatisfy { $0 == 0 } && m.started.isEmpty)
        let timed = m.render(frames: 480, at: 0.01)
        #expect(m.started.map(\.frame) == [480] && m.late == 1)
        #expect(left(timed) == Array(tick[..<480]), "from the block's first frame")
    }

    @Test func volumeScalesAndOverlapsSumWithoutWrapping() {
        let (half, _) = run(seconds: 0.1, gain: 0.5, plans: [(0, [Cue(sound: .tick, at: 0, key: 1)])])
        #expect(zip(left(half), tick).allSatisfy { Int($0) == (Int($1) * 512) >> 10 })
        // Four ticks at once: 4 × 0.63 of full scale clamps instead of wrapping round.
        let four = (1...4).map { Cue(sound: .tick, at: 0, key: Int64($0)) }
        let (loud, _) = run(seconds: 0.1, plans: [(0, four)])
        let peak = tick.indices.max { abs(Int(tick[$0])) < abs(Int(tick[$1])) }!
        #expect(abs(Int(left(loud)[peak])) == 32767 || abs(Int(left(loud)[peak])) == 32768)
        #expect(left(loud)[peak].signum() == tick[peak].signum())
    }

    @Test func silenceWhenNothingIsPlanned() {
        let (out, m) = run(seconds: 0.5, plans: [])
        #expect(out.count == 2 * 480 * 50 && out.allSatisfy { $0 == 0 })
        #expect(m.isIdle)
    }

    /// A question into a reveal through the offline timeline (what `render --audio` writes):
    /// the sounds at their samples; the reveal arriving during the time's-up sound mixes over it.
    @Test func theTimelineOfACountdownIntoARevealPlacesEverySoundAtItsSample() {
        let q = SoundScheduleTests.question()
        let changes = [StateChange(at: 0, state: q), StateChange(at: 10.3, state: SoundScheduleTests.reveal())]
        let (samples, mixer) = SoundTimeline.render(changes: changes, wallOffset: SoundScheduleTests.offset, start: 0, seconds: 12)
        #expect(mixer.started.map(\.sound) == [.tick, .tick, .tick, .tick, .tick, .timesUp, .reveal])
        #expect(mixer.started.map(\.frame) == [5, 6, 7, 8, 9, 10, 10.3].map { Int64(($0 * Self.rate).rounded()) })
        let l = left(samples)
        #expect(l[..<240_000].allSatisfy { $0 == 0 }, "nothing while time is plenty")
        #expect(Array(l[240_000..<(240_000 + tick.count)]) == tick)
        #expect(samples.count == 2 * 12 * 48_000)
    }
}
