import QuizContract

/// One sound to play: which, the monotonic instant its first sample is to be heard, and which
/// event it is (`key`): the same event planned again (a newer frame clock, a state that changed
/// nothing about it) keeps its key, so it is played once.
public struct Cue: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var sound: Sound
    public var at: Double
    public var key: Int64
    public init(sound: Sound, at: Double, key: Int64) {
        self.sound = sound
        self.at = at
        self.key = key
    }
    public var description: String { "\(sound.rawValue)@\(at)" }
}

/// When frames go on screen, on the monotonic clock: a picture change made for instant `t` is
/// seen at the first frame at or after `t`.
public enum FrameInstants: Equatable, Sendable {
    /// No display timing known (PNG files, no flip yet): the instant itself.
    case any
    /// A display's vblanks: one at `anchor` (a flip's kernel timestamp) and every `interval`.
    case vblanks(anchor: Double, interval: Double)
    /// These instants, ascending (tests: frames that missed vblanks); after the last, the
    /// instant itself.
    case list([Double])

    public func first(atOrAfter t: Double) -> Double {
        switch self {
        case .any:
            return t
        case let .vblanks(anchor, interval):
            guard interval > 0, interval.isFinite, t.isFinite else { return t }
            // A hair of tolerance: a vblank computed as 4.9999999 for 5.0 is that vblank.
            let k = ((t - anchor) / interval - 1e-6).rounded(.up)
            return anchor + k * interval
        case let .list(frames):
            var lo = 0, hi = frames.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if frames[mid] < t { lo = mid + 1 } else { hi = mid }
            }
            return lo < frames.count ? frames[lo] : t
        }
    }
}

/// A state as the screen got it: the monotonic instant it arrived, and the state.
public struct StateChange: Equatable, Sendable {
    public var at: Double
    public var state: QuizState
    public init(at: Double, state: QuizState) {
        self.at = at
        self.state = state
    }
}

/// What the room hears, as a pure function of the states the screen showed (and when they
/// arrived), the frames' instants and the clocks:
///
/// - a tick when the countdown's number changes to 5, 4, 3, 2 and 1 — the instant the screen's
///   number changes: the number shown is the time left rounded up (`Countdown`), so it becomes
///   k at `endsAt − k` exactly, and it is seen at the first frame at or after that instant;
/// - the time's-up sound at `endsAt`, when the countdown reaches 0 ("time's up" on screen);
/// - the reveal sound at the first frame of a reveal that arrives (not for a reveal the screen
///   already showed, updated, nor for the state a screen starts with);
/// - nothing else: a question with time left, a paused question (no `endsAt`), the lobby and
///   the leaderboards are quiet.
///
/// A countdown instant belongs to the state shown at that instant: a state that arrives
/// between two ticks (a new answer count, the same deadline) changes nothing; one that moves
/// the deadline moves the ticks after it; a reveal before the deadline ends them.
public struct SoundSchedule: Sendable {
    /// How many of the countdown's last seconds tick.
    public static let tickedSeconds = 5

    /// The states in the order they arrived. The first is what the screen showed before
    /// anything happened: it has its countdown, but its arrival makes no sound.
    public var changes: [StateChange]
    public var frames: FrameInstants
    /// The screen's wall clock minus the monotonic clock (a countdown's deadline is wall time);
    /// nil when the wall clock stands still (`--now`): then no countdown moves, nothing ticks.
    public var wallOffset: Double?
    /// Seconds the sound is heard after its frame's instant (`--av-offset`; a TV that shows
    /// pictures later than it plays sound wants it positive).
    public var avOffset: Double

    public init(changes: [StateChange], frames: FrameInstants = .any, wallOffset: Double?, avOffset: Double = 0) {
        self.changes = changes
        self.frames = frames
        self.wallOffset = wallOffset
        self.avOffset = avOffset
    }

    /// The cues whose picture instant (the deadline or arrival they follow) is in [from, to), in time order.
    public func cues(from: Double, to: Double) -> [Cue] {
        var out: [Cue] = []
        for (i, change) in changes.enumerated() {
            let start = change.at
            let end = i + 1 < changes.count ? changes[i + 1].at : Double.infinity
            let s = change.state
            if i > 0, s.phase == .reveal, !Self.sameReveal(changes[i - 1].state, s), start >= from, start < to {
                out.append(Cue(sound: .reveal, at: frames.first(atOrAfter: start) + avOffset, key: Self.revealKey(start)))
            }
            guard s.phase == .question, let endsAt = s.question?.endsAt, endsAt.isFinite, let wallOffset else { continue }
            for k in (0...Self.tickedSeconds).reversed() {
                let wall = endsAt - Double(k)
                let mono = wall - wallOffset
                guard mono >= start, mono < end, mono >= from, mono < to else { continue }
                let sound: Sound = k == 0 ? .timesUp : .tick
                out.append(Cue(sound: sound, at: frames.first(atOrAfter: mono) + avOffset, key: Self.countdownKey(wall, sound)))
            }
        }
        return out.sorted { $0.at < $1.at }
    }

    /// A reveal that was already on screen (its counts updated): no second sting.
    static func sameReveal(_ a: QuizState, _ b: QuizState) -> Bool {
        a.phase == .reveal && b.phase == .reveal && a.quizId == b.quizId && a.question?.number == b.question?.number
            && a.question?.text == b.question?.text
    }

    /// A countdown's event: its wall instant to the millisecond, and the sound.
    static func countdownKey(_ wall: Double, _ sound: Sound) -> Int64 {
        Int64((wall * 1000).rounded()) * 2 + (sound == .tick ? 0 : 1)
    }

    /// A reveal's event: its arrival (negative keys: never a countdown's).
    static func revealKey(_ arrival: Double) -> Int64 {
        -1 - Int64((arrival * 1000).rounded())
    }
}
