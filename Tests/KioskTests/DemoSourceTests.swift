import Kiosk
import Platform
import QuizContract
import TestSupport
import Testing

/// The demo quiz on virtual time, with the real demo's steps and durations.
@Suite struct DemoSourceTests {
    init() { Log.sink = { _ in } }

    @Test func eachStepStaysForItsSecondsAndRevisionsKeepGrowingAcrossPasses() {
        let wallStart = RFC3339.parse("2026-11-29T20:00:00Z") ?? 0
        let loop = EventLoop(clock: VirtualClock())
        let sink = RecordingSink()
        let source = DemoSource(clock: { wallStart + loop.now })
        source.start(on: loop, sink: sink)
        defer { source.stop() }
        let steps = DemoQuiz.steps(start: wallStart)
        #expect(steps.count > 2)
        var expectedRevision = 0
        for pass in 0..<2 {
            for (i, step) in steps.enumerated() {
                expectedRevision += 1
                #expect(source.delivered == pass * steps.count + i + 1, "pass \(pass), step \(i) (\(step.name)) is shown")
                #expect(sink.store.current.revision == expectedRevision)
                loop.advance(by: step.seconds - 0.01)
                #expect(source.delivered == pass * steps.count + i + 1, "step \(i) stays \(step.seconds) s")
                loop.advance(by: 0.01)
            }
        }
        #expect(sink.store.rejectedCount == 0 && sink.store.staleCount == 0, "every state valid and newer than the last")
    }
}
