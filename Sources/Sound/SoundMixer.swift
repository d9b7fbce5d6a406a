/// Turns cues into samples, a block at a time: the audio thread's work (and `render --audio`'s,
/// so a test reads the very samples the sound card would get). Pure: told the instant the
/// block's first frame will be heard, it places each cue at its sample.
///
/// A cue is played once (by its key), whole: one planned again after it started changes
/// nothing, a new plan never cuts a sound that is playing. A cue whose instant has already
/// passed when its block is made (a reveal that arrived while the blocks before it were already
/// queued) starts at the block's first frame if it is at most `lateLimit` late, else it is
/// dropped: a tick heard half a second late would be wrong, not late.
public struct SoundMixer: Sendable {
    public static let lateLimit = 0.25

    /// 0...1, applied to every sound (`--volume` / 100).
    public var gain: Double
    /// Played late (after their instant, within `lateLimit`), and dropped as too late.
    public private(set) var late = 0
    public private(set) var dropped = 0
    /// What was started, in order (sound and the frame of the stream it started at).
    public private(set) var started: [(sound: Sound, frame: Int64)] = []

    private var plan: [Cue] = []
    private var playedKeys: [Int64: Double] = [:]
    private var voices: [(clip: [Int16], position: Int)] = []
    private let clips: [Sound: [Int16]]
    /// Frames made so far: the stream's own position.
    public private(set) var frame: Int64 = 0

    public init(gain: Double = 1) {
        self.gain = min(1, max(0, gain))
        var c: [Sound: [Int16]] = [:]
        for s in Sound.allCases { c[s] = Synth.samples(s) }
        clips = c
    }

    /// Replaces the cues still to come. Cues already started stay started.
    public mutating func replace(_ cues: [Cue]) {
        plan = cues.filter { playedKeys[$0.key] == nil }.sorted { $0.at < $1.at }
    }

    /// Nothing playing and nothing planned.
    public var isIdle: Bool { voices.isEmpty && plan.isEmpty }

    /// `frames` stereo frames (interleaved, 2 × frames samples) for the block whose first frame
    /// is heard at `instant` (monotonic seconds). `startingCues` false: the instant is not known
    /// well (a stream not yet running): sounds playing go on, cues wait for the next block.
    public mutating func render(frames count: Int, at instant: Double, startingCues: Bool = true) -> [Int16] {
        let rate = Double(SoundFormat.rate)
        var mix = [Int32](repeating: 0, count: count)
        // Cues that start in this block (or are late, within the limit).
        var keep: [Cue] = []
        for cue in plan {
            guard startingCues else {
                keep.append(cue)
                continue
            }
            let offset = Int(((cue.at - instant) * rate).rounded())
            if offset >= count {
                keep.append(cue)
                continue
            }
            playedKeys[cue.key] = cue.at
            guard let clip = clips[cue.sound] else { continue }
            if offset < 0 {
                if Double(-offset) / rate > Self.lateLimit {
                    dropped += 1
                    continue
                }
                late += 1
            }
            let at = max(0, offset)
            started.append((cue.sound, frame + Int64(at)))
            // A voice starting inside the block: its samples up to the block's end now, the rest later.
            voices.append((clip, -at))
        }
        plan = keep
        var alive: [(clip: [Int16], position: Int)] = []
        for var v in voices {
            let from = max(0, -v.position)
            let n = min(count - from, v.clip.count - max(0, v.position))
            if n > 0 {
                let base = max(0, v.position)
                for i in 0..<n { mix[from + i] += Int32(v.clip[base + i]) }
            }
            v.position += count
            if v.position < v.clip.count { alive.append((v.clip, max(0, v.position))) }
        }
        voices = alive
        // Old keys are forgotten after a minute (they can never be planned again by then).
        if playedKeys.count > 64 { playedKeys = playedKeys.filter { $0.value > instant - 60 } }
        frame += Int64(count)
        var out = [Int16](repeating: 0, count: count * SoundFormat.channels)
        let g = Int32((gain * 1024).rounded())
        for i in 0..<count {
            let v = Int16(clamping: (mix[i] * g) >> 10)
            out[2 * i] = v
            out[2 * i + 1] = v
        }
        return out
    }
}
