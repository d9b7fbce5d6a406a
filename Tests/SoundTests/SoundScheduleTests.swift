import QuizContract
import Renderer
@testable import Sound
import TestSupport
import Testing

/// The schedule on virtual time: states arriving at monotonic instants, the wall clock 1000 s
/// ahead of the monotonic one, a question whose deadline is wall 1010 (monotonic 10).
@Suite struct SoundScheduleTests {
    static let offset = 1000.0

    static func question(endsAt: Double? = 1010, limit: Double? = 20, answered: Int = 0, number: Int = 1) -> QuizState {
        QuizState(quizId: "q", phase: .question,
                  question: .init(number: number, text: "Which planet?", choices: ["A", "B"], timeLimit: limit, endsAt: endsAt,
                                  answered: answered))
    }

    static func reveal(counts: [Int] = [1, 2], number: Int = 1) -> QuizState {
        QuizState(quizId: "q", phase: .reveal,
                  question: .init(number: number, text: "Which planet?", choices: ["A", "B"], correct: 1, answerCounts: counts))
    }

    static func cues(_ changes: [(Double, QuizState)], frames: FrameInstants = .any, av: Double = 0,
                     wallOffset: Double? = offset, from: Double = -.infinity, to: Double = .infinity) -> [String] {
        SoundSchedule(changes: changes.map { StateChange(at: $0.0, state: $0.1) }, frames: frames, wallOffset: wallOffset, avOffset: av)
            .cues(from: from, to: to).map { "\($0.sound.rawValue)@\(($0.at * 1000).rounded() / 1000)" }
    }

    static let countdown = ["tick@5.0", "tick@6.0", "tick@7.0", "tick@8.0", "tick@9.0", "times-up@10.0"]

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let changes: [(Double, QuizState)]
        let expected: [String]
        var testDescription: String { name }
    }

    static let table: [Case] = [
        Case(name: "a countdown: five ticks as 5…1 appear, time's up at 0", changes: [(0, question())], expected: countdown),
        Case(name: "a paused question (no endsAt) is quiet", changes: [(0, question(endsAt: nil))], expected: []),
        Case(name: "a question with no limit and no deadline is quiet", changes: [(0, question(endsAt: nil, limit: nil))], expected: []),
        Case(name: "the lobby, the idle screen and the leaderboard are quiet",
             changes: [(0, QuizState(phase: .lobby)), (1, .idle), (2, QuizState(phase: .leaderboard)), (3, QuizState(phase: .ended))],
             expected: []),
        Case(name: "a reveal arriving after time's up stings once",
             changes: [(0, question()), (12, reveal())], expected: countdown + ["reveal@12.0"]),
        Case(name: "an updated reveal (new counts) does not sting again",
             changes: [(0, question()), (12, reveal()), (13, reveal(counts: [3, 4]))], expected: countdown + ["reveal@12.0"]),
        Case(name: "the next question's reveal stings again",
             changes: [(0, question()), (12, reveal()), (14, question(endsAt: 1030, number: 2)), (31, reveal(number: 2))],
             expected: countdown + ["reveal@12.0", "tick@25.0", "tick@26.0", "tick@27.0", "tick@28.0", "tick@29.0",
                                    "times-up@30.0", "reveal@31.0"]),
        Case(name: "everyone answered: the reveal before the deadline ends the countdown",
             changes: [(0, question()), (7.5, reveal())], expected: ["tick@5.0", "tick@6.0", "tick@7.0", "reveal@7.5"]),
        Case(name: "a state arriving mid-tick with the same deadline changes nothing",
             changes: [(0, question()), (6.02, question(answered: 5)), (8.5, question(answered: 9))], expected: countdown),
        Case(name: "a state moving the deadline moves the ticks after it",
             changes: [(0, question()), (6.5, question(endsAt: 1012))],
             expected: ["tick@5.0", "tick@6.0", "tick@7.0", "tick@8.0", "tick@9.0", "tick@10.0", "tick@11.0", "times-up@12.0"]),
        Case(name: "a question arriving with 3.5 s left ticks at 3, 2, 1 only",
             changes: [(0, .idle), (6.5, question())], expected: ["tick@7.0", "tick@8.0", "tick@9.0", "times-up@10.0"]),
        Case(name: "a question arriving after its deadline is quiet", changes: [(0, .idle), (11, question())], expected: []),
        Case(name: "the state a screen starts with makes no sound of its own (a reveal)", changes: [(0, reveal())], expected: []),
        Case(name: "the question paused mid-countdown (endsAt gone) stops the ticks",
             changes: [(0, question()), (7.2, question(endsAt: nil))], expected: ["tick@5.0", "tick@6.0", "tick@7.0"]),
    ]

    @Test(arguments: table) func whatSoundsWhen(_ c: Case) {
        #expect(Self.cues(c.changes) == c.expected)
    }

    @Test func aWindowKeepsOnlyItsCues() {
        #expect(Self.cues([(0, Self.question())], from: 0, to: 4.9).isEmpty, "plenty of time: quiet")
        #expect(Self.cues([(0, Self.question())], from: 6.5, to: 9.5) == ["tick@7.0", "tick@8.0", "tick@9.0"])
    }

    @Test func eachSoundLandsOnTheFirstVblankAtOrAfterItsInstant() {
        // 60 Hz vblanks with their phase at 4 ms: the number changes at 5.0 s, a frame shows it at 5.004.
        let frames = FrameInstants.vblanks(anchor: 0.004, interval: 1.0 / 60)
        let got = SoundSchedule(changes: [StateChange(at: 0, state: Self.question())], frames: frames, wallOffset: Self.offset)
            .cues(from: 0, to: 20)
        for (cue, second) in zip(got, 5...10) {
            let vblank = frames.first(atOrAfter: Double(second))
            #expect(abs(cue.at - vblank) < 1e-9 && vblank >= Double(second) && vblank - Double(second) < 1.0 / 60)
        }
        #expect(got.count == 6)
        // A vblank exactly on the instant is that vblank, not the next.
        #expect(abs(FrameInstants.vblanks(anchor: 0, interval: 0.01).first(atOrAfter: 5) - 5) < 1e-9)
    }

    @Test func aFrameThatMissedItsVblankTakesTheTickWithIt() {
        // The frames: 60 Hz but the one at 7.0 s missed (the next is at 7.0333).
        let all: [Double] = (0..<700).map { Double($0) / 60 }
        let frames = all.filter { (t: Double) -> Bool in abs(t - 7) > 0.001 && abs(t - 7.0167) > 0.001 }
        let got = Self.cues([(0, Self.question())], frames: .list(frames))
        #expect(got == ["tick@5.0", "tick@6.0", "tick@7.033", "tick@8.0", "tick@9.0", "times-up@10.0"])
    }

    @Test func theAVOffsetMovesEverySound() {
        #expect(Self.cues([(0, Self.question()), (12, Self.reveal())], av: 0.08)
            == ["tick@5.08", "tick@6.08", "tick@7.08", "tick@8.08", "tick@9.08", "times-up@10.08", "reveal@12.08"])
    }

    @Test func aFrozenClockTicksNothingButStillReveals() {
        #expect(Self.cues([(0, Self.question()), (12, Self.reveal())], wallOffset: nil) == ["reveal@12.0"])
    }

    @Test func theSameEventPlannedAgainKeepsItsKey() {
        let a = SoundSchedule(changes: [StateChange(at: 0, state: Self.question())], frames: .any, wallOffset: Self.offset).cues(from: 0, to: 20)
        let b = SoundSchedule(changes: [StateChange(at: 0, state: Self.question()), StateChange(at: 6.02, state: Self.question(answered: 3))],
                              frames: .vblanks(anchor: 0.001, interval: 1.0 / 60), wallOffset: Self.offset).cues(from: 0, to: 20)
        #expect(a.map(\.key) == b.map(\.key))
        #expect(Set(a.map(\.key)).count == 6)
    }

    /// The tie to the picture: at every 60 Hz frame of a countdown, the renderer's own
    /// countdown number (`clockFace`, what the ring shows) — a tick exactly at the frames where
    /// it becomes 5, 4, 3, 2, 1, and time's up where it becomes "over".
    @Test func ticksAreAtTheFramesWhereTheRenderersNumberChanges() throws {
        let renderer = SceneRenderer(fonts: try FontSet(directory: bundledFonts))
        let state = Self.question(endsAt: 1010.0 + 1.0 / 7)   // off the frame grid
        let frames = FrameInstants.vblanks(anchor: 0.0021, interval: 1.0 / 60)
        var changes: [String] = []
        var last: ClockFace?
        var t = frames.first(atOrAfter: 3)
        while t < 12 {
            let face = renderer.clockFace(SceneFrame(state: state, width: 1920, height: 1080, now: t + Self.offset))
            if let f = face, let l = last, f != l, f.seconds <= 5 {
                changes.append("\(f.isOver ? "times-up" : "tick")@\((t * 1000).rounded() / 1000)")
            }
            last = face
            t += 1.0 / 60
        }
        #expect(changes.count == 6)
        #expect(Self.cues([(0, state)], frames: frames) == changes)
    }
}
