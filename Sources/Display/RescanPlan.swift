/// What a rescan changes, computed from what we drive now and a fresh snapshot of the card. A
/// pure function keyed by connector id: applying a plan and planning again from the resulting
/// card gives no steps, so a burst of hotplug events (or a fallback timer) can rescan any
/// number of times.
public struct RescanPlan: Equatable, Sendable {
    public enum Step: Equatable, Sendable {
        /// Stop driving this head: turn its CRTC off, free its buffers.
        case release(HeadConfig, reason: String)
        /// Set this head's mode and show the current state on it.
        case start(HeadConfig, reason: String)
    }

    public var steps: [Step] = []
    /// Wanted connectors that cannot be driven (no CRTC or plane free), with why.
    public var problems: [String] = []
    /// Said once when a head starts: `--mode` that display does not offer.
    public var warnings: [String] = []

    public var isEmpty: Bool { steps.isEmpty }

    /// - Parameters:
    ///   - active: the heads driven now.
    ///   - policy: `--mode` and the pixel-clock cap; `refused`: per connector, the modes the
    ///     driver refused in a test-only commit (the policy steps down past them).
    ///   - ours: for each CRTC we drive, the framebuffers that are ours (to notice a takeover).
    ///   - needsPlanes: atomic needs a primary plane per head.
    public static func make(active: [HeadConfig], snapshot: CardSnapshot, selection: OutputSelection,
                            policy: ModePolicy, refused: [UInt32: Set<Mode>] = [:], needsPlanes: Bool,
                            ours: [UInt32: Set<UInt32>] = [:]) -> RescanPlan {
        var plan = RescanPlan()
        let wanted = selection.choose(from: snapshot.connectors, current: Set(active.map(\.connectorID)))
        var kept: [HeadConfig] = []
        for head in active {
            guard let c = wanted.first(where: { $0.id == head.connectorID }) else {
                let now = snapshot.connector(id: head.connectorID)
                let why = now == nil ? "connector gone" : now?.status == .connected ? "no longer selected" : "disconnected"
                plan.steps.append(.release(head, reason: why))
                continue
            }
            let mode = policy.choose(for: c, refused: refused[c.id] ?? [])?.mode
            var restart: String?
            if let mode, mode != head.mode {
                restart = "mode changed \(head.mode) → \(mode)"
            } else if c.linkStatus == .bad {
                restart = "link-status BAD"
            } else if let crtc = snapshot.crtc(id: head.crtcID), let mine = ours[head.crtcID],
                      crtc.bufferID == 0 || !mine.contains(crtc.bufferID) {
                restart = "CRTC \(head.crtcID) was taken over (showing framebuffer \(crtc.bufferID))"
            }
            if let restart {
                plan.steps.append(.release(head, reason: restart))
            } else {
                kept.append(head)
            }
        }
        var used = Set(kept.map(\.crtcID))
        var usedPlanes = Set(kept.map(\.planeID).filter { $0 != 0 })
        for c in wanted where !kept.contains(where: { $0.connectorID == c.id }) {
            guard let choice = policy.choose(for: c, refused: refused[c.id] ?? []) else { continue }
            let mode = choice.mode
            let mask = snapshot.possibleCrtcMask(of: c)
            let candidates = snapshot.crtcs.filter { (mask >> UInt32($0.index)) & 1 == 1 && !used.contains($0.id) }
            // The CRTC that drives it now first (the console's): no other CRTC has to change.
            // Then one that drives nothing, so another display (a panel's console) stays lit;
            // only then one that must be taken from another connector.
            let current = snapshot.currentCrtc(of: c)
            guard let crtc = candidates.first(where: { $0.id == current?.id })
                    ?? candidates.first(where: { snapshot.connectors(drivenBy: $0.id).isEmpty })
                    ?? candidates.first else {
                plan.problems.append("\(c.name): no free CRTC can drive it")
                continue
            }
            var plane: UInt32 = 0
            if needsPlanes {
                // A primary plane no other head of ours uses; of those, one meant for this CRTC
                // alone before one that could feed any (drivers where every plane fits every CRTC).
                let bit = UInt32(1) << UInt32(crtc.index)
                let free = snapshot.primaryPlanes(forCrtcIndex: crtc.index).filter { !usedPlanes.contains($0.id) }
                guard let p = free.first(where: { $0.possibleCrtcs == bit }) ?? free.first else {
                    plan.problems.append("\(c.name): no primary plane for CRTC \(crtc.id)")
                    continue
                }
                plane = p.id
                usedPlanes.insert(p.id)
            }
            used.insert(crtc.id)
            let head = HeadConfig(connectorID: c.id, connectorName: c.name, crtcID: crtc.id, crtcIndex: crtc.index,
                                  planeID: plane, mode: mode)
            let released = plan.steps.contains { if case .release(let h, _) = $0 { return h.connectorID == c.id } else { return false } }
            plan.steps.append(.start(head, reason: (released ? "set up again" : c.status == .unknown ? "status unknown, none connected" : "connected")
                                     + "; \(mode): \(choice.why)"))
            if choice.requestMissing, let request = policy.request {
                plan.warnings.append("\(c.name): --mode \(request) is not offered by this display; using \(mode)")
            }
        }
        return plan
    }
}

extension ModePolicy {
    /// The policy's choice for a connector's current mode list and EDID.
    public func choose(for c: ConnectorInfo, refused: Set<Mode> = []) -> Choice? {
        choose(from: c.modes, display: Display(c), refused: refused)
    }
}
