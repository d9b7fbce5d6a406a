import Pixels
import QuizContract
@testable import Renderer
import TestSupport
import Testing

/// The countdown's numbers: what the contract says the room sees, and no trap on odd clocks.
@Suite struct SceneCountdownTests {
    let end = 1_800_000_000.0

    @Test func secondsRoundUpAndStopAtZero() throws {
        let q = QuizState.Question(text: "?", timeLimit: 20, endsAt: end)
        #expect(Countdown(q, now: end - 0.2)?.seconds == 1, "0.2 s left still shows 1")
        #expect(Countdown(q, now: end - 5)?.seconds == 5)
        #expect(Countdown(q, now: end - 5)?.isUrgent == true)
        #expect(Countdown(q, now: end - 5.01)?.isUrgent == false)
        #expect(Countdown(q, now: end + 3)?.seconds == 0)
        #expect(Countdown(q, now: end + 3)?.fraction == 0)
        let half = try #require(Countdown(q, now: end - 10)?.fraction)
        #expect(abs(half - 0.5) < 1e-9)
    }

    @Test func aLimitWithoutADeadlineShowsTheFullTimeStill() {
        let q = QuizState.Question(text: "?", timeLimit: 29.5)
        #expect(Countdown(q, now: 0) == Countdown(q, now: 1e9))
        #expect(Countdown(q, now: 0)?.seconds == 30 && Countdown(q, now: 0)?.fraction == 1)
        #expect(Countdown(QuizState.Question(text: "?"), now: 0) == nil, "no limit, no deadline: no countdown")
    }

    @Test func oddClocksDoNotTrap() throws {
        let q = QuizState.Question(text: "?", choices: ["a", "b"], timeLimit: 20, endsAt: end)
        #expect(Countdown(q, now: .nan)?.seconds == 0)
        #expect(Countdown(q, now: -.infinity)?.seconds == 359_999, "a far-future deadline is clamped, not overflowed")
        #expect(Countdown(q, now: .infinity)?.seconds == 0)
        let r = SceneRenderer(fonts: try TestFonts.load())
        for now in [Double.nan, .infinity, -.infinity, 0, -1e300] {
            r.render(QuizState(phase: .question, question: q), into: Canvas(width: 320, height: 180), now: now)
        }
    }
}
