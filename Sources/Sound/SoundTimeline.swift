/// The samples a sequence of states makes, without a sound card: the mixer run block by block
/// on a clock of its own, each block planned from the states that had arrived by its instant
/// (as the screen plans them when each arrives). `render --audio` writes these; the tests read
/// them. The audio thread does the same with the card's clock.
public enum SoundTimeline {
    /// Frames per block: 10 ms.
    public static let block = 480

    /// `seconds` of stereo samples starting at monotonic instant `start`.
    public static func render(changes: [StateChange], frames: FrameInstants = .any, wallOffset: Double?, avOffset: Double = 0,
                              start: Double, seconds: Double, gain: Double = 1) -> (samples: [Int16], mixer: SoundMixer) {
        let total = max(0, Int((seconds * Double(SoundFormat.rate)).rounded()))
        var mixer = SoundMixer(gain: gain)
        var out: [Int16] = []
        out.reserveCapacity(total * SoundFormat.channels)
        var known = -1
        var done = 0
        while done < total {
            let instant = start + Double(done) / Double(SoundFormat.rate)
            let n = min(block, total - done)
            // Plan again when a state has arrived (by the end of this block: the screen would
            // have planned it as it arrived, ahead of the samples).
            let arrived = changes.lastIndex { $0.at < instant + Double(n) / Double(SoundFormat.rate) } ?? -1
            if arrived != known {
                known = arrived
                let schedule = SoundSchedule(changes: Array(changes.prefix(arrived + 1)), frames: frames, wallOffset: wallOffset,
                                             avOffset: avOffset)
                mixer.replace(schedule.cues(from: instant - SoundMixer.lateLimit, to: .infinity))
            }
            out += mixer.render(frames: n, at: instant)
            done += n
        }
        return (out, mixer)
    }

    /// When the last sound the states make ends (monotonic), or nil when they make none.
    public static func lastSoundEnd(changes: [StateChange], frames: FrameInstants = .any, wallOffset: Double?,
                                    avOffset: Double = 0) -> Double? {
        let cues = SoundSchedule(changes: changes, frames: frames, wallOffset: wallOffset, avOffset: avOffset)
            .cues(from: -.infinity, to: .infinity)
        return cues.map { $0.at + Double(Synth.samples($0.sound).count) / Double(SoundFormat.rate) }.max()
    }
}
