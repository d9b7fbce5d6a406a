import Platform
import Testing

@Suite struct BackoffTests {
    @Test func doublesUpToTheCapAndResets() {
        var b = Backoff(initial: 0.5, cap: 5)
        #expect((0..<7).map { _ in b.next() } == [0.5, 1, 2, 4, 5, 5, 5])
        b.reset()
        #expect(b.next() == 0.5)
    }

    @Test func theSpreadScalesEachDelayBy80To120Percent() {
        var jittered = Backoff(initial: 1, cap: 10, jitter: Backoff.spread)
        let delays = (0..<100).map { _ in jittered.next() }
        #expect(delays.allSatisfy { (0.8...12).contains($0) })
        #expect(delays.suffix(90).allSatisfy { (8...12).contains($0) }, "capped at 10 ± 20%")
        #expect(Set(delays.suffix(90)).count > 1, "random, not one fixed factor")
    }
}
