@testable import Sound
import Testing

@Suite struct VblankGridTests {
    @Test func flipsOnOneGridAreTrustedFromTheThird() {
        var g = VblankGrid()
        let interval = 1.0 / 60
        g.observe(10.0021, interval: interval)
        #expect(g.frames == .any)
        g.observe(10.0021 + 31 * interval, interval: interval)
        #expect(g.frames == .any, "one agreement is not yet a grid")
        g.observe(10.0021 + 95 * interval + 0.0002, interval: interval)   // 0.2 ms off: still on it
        guard case let .vblanks(anchor, i) = g.frames else { Issue.record("no grid"); return }
        #expect(abs(anchor - (10.0021 + 95 * interval + 0.0002)) < 1e-12 && i == interval)
        g.observe(10.0021 + 95 * interval + 0.0002, interval: interval)
        #expect(g.agreeing == 2, "the same flip seen again says nothing")
    }

    /// virtio-gpu completes a flip when it has it: timestamps anywhere, no grid.
    @Test func flipsAtAnyInstantGiveNoGrid() {
        var g = VblankGrid()
        for t in [1.0, 1.0041, 1.0213, 1.0337, 1.0519, 1.0605] { g.observe(t, interval: 1.0 / 75) }
        #expect(g.frames == .any)
    }

    @Test func aNewModeStartsAgain() {
        var g = VblankGrid()
        for k in 0..<4 { g.observe(Double(k) / 60, interval: 1.0 / 60) }
        #expect(g.frames != .any)
        g.observe(0.1, interval: 1.0 / 50)
        #expect(g.frames == .any)
    }
}
