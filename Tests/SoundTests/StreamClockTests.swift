@testable import Sound
import Testing

@Suite struct StreamClockTests {
    /// Reports late by 0…10.7 ms (a position updated once a 512-frame period, as through dmix):
    /// the instants are within half a millisecond (the least late report of the window).
    @Test func reportsLateByUpToAPeriodGiveTheExactInstant() {
        var c = StreamClock()
        let truth = 100.0   // the stream's frame 0 is heard at 100.0 s
        var worst = 0.0, worstReport = 0.0
        for block in 0..<400 {
            let written = Int64(block * 1024)
            let exact = truth + Double(written) / 48_000
            let stale = Double((block * 317) % 512) / 48_000    // 0 … 10.65 ms late, fresh at block 0
            let got = c.heard(report: exact + stale, written: written, now: exact - 0.08)
            worst = max(worst, abs(got - exact))
            worstReport = max(worstReport, stale)
        }
        #expect(worst < 0.0005, "\(worst)")
        #expect(worstReport > 0.01, "the reports themselves were up to \(worstReport) s late")
    }

    /// A sample clock 50 ppm slow against the monotonic one: followed within the window.
    @Test func aDriftingSampleClockIsFollowed() {
        var c = StreamClock()
        var worst = 0.0
        for block in 0..<4000 {
            let written = Int64(block * 1024)
            let exact = 10.0 + Double(written) / 48_000 * 1.00005
            let got = c.heard(report: exact, written: written, now: exact - 0.08)
            worst = max(worst, abs(got - exact))
        }
        #expect(worst < 0.0006, "\(worst)")   // 50 ppm of the 10 s window: 0.5 ms
    }

    /// The stream slips 160 ms (nothing consumed meanwhile, no xrun seen): the new timeline is
    /// taken at once, and its stale reports are filtered as before.
    @Test func aStreamThatSlipsIsFollowed() {
        var c = StreamClock()
        var worst = 0.0
        for block in 0..<800 {
            let written = Int64(block * 1024)
            let exact = 100.0 + Double(written) / 48_000 + (block >= 400 ? 0.16 : 0)
            let stale = Double((block * 317) % 512) / 48_000
            let got = c.heard(report: exact + stale, written: written, now: exact - 0.08)
            if block >= 400 && block < 402 { continue }   // the slip's own blocks: as late as their reports
            worst = max(worst, abs(got - exact))
        }
        #expect(worst < 0.011, "\(worst)")
    }

    @Test func aResetForgetsTheOldStream() {
        var c = StreamClock()
        _ = c.heard(report: 5, written: 0, now: 4.9)
        c.reset()
        #expect(c.heard(report: 9, written: 0, now: 8.9) == 9)
    }
}
