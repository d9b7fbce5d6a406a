@testable import Display
import TestSupport
import Testing

/// The rescan logic against made-up cards: which heads start and stop when connectors appear,
/// vanish, change modes and flap — and that planning again after applying changes nothing.
@Suite struct RescanPlanTests {
    /// Plans, "applies" the plan to the card as the kernel would, and returns the steps.
    static func step(_ card: FakeCard, _ active: inout [HeadConfig], selection: OutputSelection = .first,
                     mode: ModeRequest? = nil) -> [RescanPlan.Step] {
        let plan = RescanPlan.make(active: active, snapshot: card.state, selection: selection, policy: ModePolicy(request: mode), needsPlanes: true)
        for s in plan.steps {
            switch s {
            case .release(let h, _):
                active.removeAll { $0.connectorID == h.connectorID }
                card.apply(crtc: h.crtcID, buffer: 0, mode: nil, connectors: [])
            case .start(let h, _):
                active.append(h)
                card.apply(crtc: h.crtcID, buffer: 500 + h.crtcID, mode: h.mode, connectors: [h.connectorID])
            }
        }
        return plan.steps
    }

    static func names(_ steps: [RescanPlan.Step]) -> [String] {
        steps.map {
            switch $0 {
            case .release(let h, _): return "release \(h.connectorName)"
            case .start(let h, _): return "start \(h.connectorName) \(h.mode.width)x\(h.mode.height) crtc \(h.crtcID)"
            }
        }
    }

    @Test func startsOnTheConnectedDisplayWithItsCurrentCrtcAndPlane() {
        let card = FakeCard(FakeCard.card(heads: 2))
        let plan = RescanPlan.make(active: [], snapshot: card.state, selection: .first, policy: ModePolicy(), needsPlanes: true)
        guard case .start(let h, _)? = plan.steps.first, plan.steps.count == 1 else {
            Issue.record("expected one start, got \(plan.steps)")
            return
        }
        #expect(h.connectorName == "Virtual-1" && h.connectorID == 30)
        #expect(h.crtcID == 10 && h.crtcIndex == 0 && h.planeID == 40)
        #expect(h.mode == .synthetic(1920, 1080, preferred: true))
    }

    @Test func aRescanWithNothingChangedChangesNothing() {
        let card = FakeCard(FakeCard.card(heads: 2, connected: [true, true]))
        var active: [HeadConfig] = []
        #expect(Self.step(card, &active, selection: .all).count == 2)
        for _ in 0..<5 { #expect(Self.step(card, &active, selection: .all).isEmpty) }
    }

    @Test func appearVanishAndChangeMode() {
        let card = FakeCard(FakeCard.card(heads: 1, connected: [false]))
        var active: [HeadConfig] = []
        #expect(Self.step(card, &active).isEmpty)                        // nothing connected: wait
        card.plug(30, modes: [.synthetic(1920, 1080, preferred: true)])
        #expect(Self.names(Self.step(card, &active)) == ["start Virtual-1 1920x1080 crtc 10"])
        card.unplug(30)
        #expect(Self.names(Self.step(card, &active)) == ["release Virtual-1"])
        #expect(active.isEmpty)
        card.plug(30, modes: [.synthetic(3840, 2160, preferred: true), .synthetic(1920, 1080)])
        #expect(Self.names(Self.step(card, &active)) == ["start Virtual-1 3840x2160 crtc 10"])
        // The TV's preferred mode changes while connected: lay out again at the new size.
        card.plug(30, modes: [.synthetic(1280, 720, preferred: true)])
        #expect(Self.names(Self.step(card, &active)) == ["release Virtual-1", "start Virtual-1 1280x720 crtc 10"])
        #expect(Self.step(card, &active).isEmpty)
    }

    @Test func flappingEndsInTheLastState() {
        let card = FakeCard(FakeCard.card(heads: 1))
        var active: [HeadConfig] = []
        _ = Self.step(card, &active)
        // A TV switching on flaps: what counts is the state when we look (the uevents coalesce).
        for i in 0..<7 {
            if i % 2 == 0 { card.unplug(30) } else { card.plug(30, modes: [.synthetic(1920, 1080, preferred: true)]) }
        }
        #expect(Self.names(Self.step(card, &active)) == ["release Virtual-1"])
        card.plug(30, modes: [.synthetic(1920, 1080, preferred: true)])
        card.unplug(30)
        card.plug(30, modes: [.synthetic(1920, 1080, preferred: true)])
        #expect(Self.names(Self.step(card, &active)) == ["start Virtual-1 1920x1080 crtc 10"])
        #expect(Self.step(card, &active).isEmpty)
    }

    @Test func firstPrefersAnExternalDisplayAndStaysOnIt() {
        // eDP-1 (connected laptop panel), HDMI-A-1 (disconnected), DP-1 (connected).
        let card = FakeCard(FakeCard.card(heads: 3, types: [ConnectorType.eDP, 11, 10], connected: [true, false, true]))
        var active: [HeadConfig] = []
        #expect(Self.names(Self.step(card, &active)) == ["start DP-3 1920x1080 crtc 12"])
        card.plug(31, modes: [.synthetic(1920, 1080, preferred: true)])   // HDMI comes: stay on DP
        #expect(Self.step(card, &active).isEmpty)
        card.unplug(32)                                                 // DP goes: HDMI takes over
        #expect(Self.names(Self.step(card, &active)) == ["release DP-3", "start HDMI-A-2 1920x1080 crtc 11"])
        card.unplug(31)                                                 // only the panel is left
        #expect(Self.names(Self.step(card, &active)) == ["release HDMI-A-2", "start eDP-1 1920x1080 crtc 10"])
    }

    @Test func allAndNamedSelections() {
        let card = FakeCard(FakeCard.card(heads: 3, types: [11, 11, ConnectorType.writeback], connected: [true, true, true]))
        var active: [HeadConfig] = []
        #expect(Self.names(Self.step(card, &active, selection: .all)) ==
                ["start HDMI-A-1 1920x1080 crtc 10", "start HDMI-A-2 1920x1080 crtc 11"])   // never the writeback
        var named: [HeadConfig] = []
        let card2 = FakeCard(FakeCard.card(heads: 2, types: [11, 11], connected: [true, true]))
        #expect(Self.names(Self.step(card2, &named, selection: .named(["HDMI-A-2"]))) == ["start HDMI-A-2 1920x1080 crtc 11"])
        card2.unplug(31)
        #expect(Self.names(Self.step(card2, &named, selection: .named(["HDMI-A-2"]))) == ["release HDMI-A-2"])
    }

    @Test func requestedModeFallsBackToPreferredOnAnotherDisplay() {
        let card = FakeCard(FakeCard.card(heads: 1))
        var active: [HeadConfig] = []
        #expect(Self.names(Self.step(card, &active, mode: ModeRequest(width: 1280, height: 720))) == ["start Virtual-1 1280x720 crtc 10"])
        card.plug(30, modes: [.synthetic(3840, 2160, preferred: true)])   // a 4K TV without 720p
        #expect(Self.names(Self.step(card, &active, mode: ModeRequest(width: 1280, height: 720))) ==
                ["release Virtual-1", "start Virtual-1 3840x2160 crtc 10"])
    }

    @Test func linkStatusBadAndTakeOverRestartTheHead() {
        let card = FakeCard(FakeCard.card(heads: 1))
        var active: [HeadConfig] = []
        _ = Self.step(card, &active)
        card.state.connectors[0].linkStatus = .bad
        var plan = RescanPlan.make(active: active, snapshot: card.state, selection: .first, policy: ModePolicy(), needsPlanes: true,
                                   ours: [10: [510]])
        #expect(Self.names(plan.steps) == ["release Virtual-1", "start Virtual-1 1920x1080 crtc 10"])
        card.state.connectors[0].linkStatus = .good
        card.state.crtcs[0].bufferID = 99                                  // someone else's framebuffer
        plan = RescanPlan.make(active: active, snapshot: card.state, selection: .first, policy: ModePolicy(), needsPlanes: true,
                               ours: [10: [510, 511]])
        #expect(Self.names(plan.steps) == ["release Virtual-1", "start Virtual-1 1920x1080 crtc 10"])
        card.state.crtcs[0].bufferID = 511                                  // ours (the other buffer, after a flip)
        plan = RescanPlan.make(active: active, snapshot: card.state, selection: .first, policy: ModePolicy(), needsPlanes: true,
                               ours: [10: [510, 511]])
        #expect(plan.isEmpty)
    }

    @Test func noFreeCrtcIsAProblemNotACrash() {
        // Two connectors that can only use the same CRTC.
        var s = FakeCard.card(heads: 2, connected: [true, true])
        s.encoders[1].possibleCrtcs = 1
        let plan = RescanPlan.make(active: [], snapshot: s, selection: .all, policy: ModePolicy(), needsPlanes: true)
        #expect(Self.names(plan.steps) == ["start Virtual-1 1920x1080 crtc 10"])
        #expect(plan.problems == ["Virtual-2: no free CRTC can drive it"])
    }

    /// A laptop: eDP-1 shows the console on CRTC 10; HDMI is connected but dark; every encoder
    /// can use either CRTC. HDMI must get the free CRTC 11, not the panel's.
    @Test func aNewHeadTakesAFreeCrtcBeforeOneThatLightsAnotherDisplay() {
        var snap = FakeCard.card(heads: 2, types: [14, 11], connected: [true, true])  // eDP, HDMI-A
        for k in snap.encoders.indices { snap.encoders[k].possibleCrtcs = 0b11 }
        for k in snap.planes.indices { snap.planes[k].possibleCrtcs = 0b11 }
        let plan = RescanPlan.make(active: [], snapshot: snap, selection: .first, policy: ModePolicy(), needsPlanes: true)
        #expect(Self.names(plan.steps) == ["start HDMI-A-2 1920x1080 crtc 11"])
    }

    /// Planes that can feed any CRTC (some drivers): two heads must not share one.
    @Test func twoHeadsNeverShareAPrimaryPlane() {
        var snap = FakeCard.card(heads: 2, connected: [true, true])
        for k in snap.encoders.indices { snap.encoders[k].possibleCrtcs = 0b11 }
        for k in snap.planes.indices { snap.planes[k].possibleCrtcs = 0b11 }
        let plan = RescanPlan.make(active: [], snapshot: snap, selection: .all, policy: ModePolicy(), needsPlanes: true)
        let planes = plan.steps.compactMap { step -> UInt32? in if case .start(let h, _) = step { return h.planeID } else { return nil } }
        #expect(planes.count == 2 && Set(planes).count == 2, "\(plan.steps)")
        // And planning again once both run keeps both planes.
        let card = FakeCard(snap)
        var active: [HeadConfig] = []
        _ = Self.step(card, &active, selection: .all)
        #expect(Set(active.map(\.planeID)).count == 2)
        #expect(Self.step(card, &active, selection: .all).isEmpty)
    }
}
