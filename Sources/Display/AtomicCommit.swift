/// One atomic commit as plain values, planned from a snapshot of the card: what
/// `AtomicModeSetter` turns into (object, property id, value) triples, what a test card applies
/// as the kernel would, and which CRTCs the commit puts in the kernel's state — each of those
/// gets its own page-flip event (`FlipRecords`).
///
/// Pure, so the decisions a mode set makes from the card's state (turn off the CRTC the
/// connector leaves, detach a connector from the CRTC we take) are planned once and tested
/// without a card, and the same plan updates the manager's idea of the card after the commit.
public struct AtomicCommit: Equatable, Sendable {
    public enum Change: Equatable, Sendable {
        /// A connector's CRTC_ID (0: detached).
        case connector(UInt32, crtc: UInt32)
        /// A CRTC's MODE_ID and ACTIVE (nil: off).
        case crtc(UInt32, mode: Mode?)
        /// A plane showing `buffer` whole, 1:1, on `crtc` (0 and 0: detached).
        case plane(UInt32, crtc: UInt32, buffer: UInt32, width: Int, height: Int)
        /// A page flip: only the plane's FB_ID.
        case planeBuffer(UInt32, buffer: UInt32)
        /// link-status = GOOD: after the kernel marked the link BAD, a mode set must ask for the
        /// link to be trained again.
        case linkGood(connector: UInt32)
        /// One of the setup's signal properties (max bpc, Broadcast RGB, …).
        case property(PropertyValue)
    }

    public var changes: [Change]
    /// Every CRTC in the kernel's state for this commit: the ones whose properties it sets, and
    /// the CRTCs a connector or plane it moves leaves and joins. First the head's own.
    public var crtcs: [UInt32]

    /// The mode set of a head showing `buffer`: connector → CRTC (mode, active) ← primary plane,
    /// whatever must let go of them, and with `signal` the setup's signal properties.
    public static func modeSet(_ setup: HeadSetup, buffer: UInt32, signal: Bool = true) -> AtomicCommit {
        let head = setup.head, s = setup.snapshot
        var plan = Planner(snapshot: s, own: head.crtcID)
        // The connector may still be fed by another CRTC (the console's): turn that one off in
        // the same commit, or the kernel refuses an enabled CRTC left without connectors.
        let current = s.currentCrtcID(ofConnector: head.connectorID)
        if current != 0 && current != head.crtcID, s.crtc(id: current) != nil {
            // Unless another connector stays on it (cloned): then it keeps running for that one.
            let others = s.connectors.filter { $0.id != head.connectorID && s.currentCrtcID(ofConnector: $0.id) == current }
            if others.isEmpty { plan.disable(crtc: current) }
        }
        // Another connector may be on the CRTC we take (the plan prefers free ones, but a card
        // with fewer CRTCs than displays has none, and cloned connectors share one): it is
        // detached in the same commit, as legacy SetCrtc does, or the kernel sees two
        // connectors cloned on one CRTC.
        for other in s.connectors where other.id != head.connectorID && s.currentCrtcID(ofConnector: other.id) == head.crtcID {
            plan.add(.connector(other.id, crtc: 0))
        }
        plan.add(.connector(head.connectorID, crtc: head.crtcID))
        if s.connector(id: head.connectorID)?.linkStatus == .bad { plan.add(.linkGood(connector: head.connectorID)) }
        plan.add(.crtc(head.crtcID, mode: head.mode))
        if head.planeID != 0 {
            plan.add(.plane(head.planeID, crtc: head.crtcID, buffer: buffer, width: head.mode.width, height: head.mode.height))
        }
        if signal {
            for v in setup.properties { plan.add(.property(v)) }
        }
        return plan.commit
    }

    /// A page flip of the head's primary plane to `buffer`.
    public static func flip(_ setup: HeadSetup, buffer: UInt32) -> AtomicCommit {
        var plan = Planner(snapshot: setup.snapshot, own: setup.head.crtcID)
        plan.add(.planeBuffer(setup.head.planeID, buffer: buffer))
        return plan.commit
    }

    /// Turns the head off: connector detached, CRTC off, its plane detached.
    public static func disable(_ setup: HeadSetup) -> AtomicCommit {
        let head = setup.head
        var plan = Planner(snapshot: setup.snapshot, own: head.crtcID)
        plan.add(.connector(head.connectorID, crtc: 0))
        plan.add(.crtc(head.crtcID, mode: nil))
        if setup.plane != nil { plan.add(.plane(head.planeID, crtc: 0, buffer: 0, width: 0, height: 0)) }
        return plan.commit
    }

    /// The CRTCs the kernel puts in its state for `changes` made on the card `s` (its
    /// `drm_atomic_get_crtc_state` calls): each CRTC whose properties are set, and the CRTC a
    /// connector or plane leaves and the one it joins. `own` first.
    public static func crtcsInState(_ changes: [Change], own: UInt32, on s: CardSnapshot) -> [UInt32] {
        var crtcs = [own]
        func touch(_ crtc: UInt32) { if crtc != 0 && !crtcs.contains(crtc) { crtcs.append(crtc) } }
        for change in changes {
            switch change {
            case .connector(let c, let crtc):
                touch(s.currentCrtcID(ofConnector: c))
                touch(crtc)
            case .crtc(let id, _):
                touch(id)
            case .plane(let p, let crtc, _, _, _):
                touch(s.currentCrtcID(ofPlane: p))
                touch(crtc)
            case .planeBuffer(let p, _):
                touch(s.currentCrtcID(ofPlane: p))
            case .linkGood, .property:
                break
            }
        }
        return crtcs
    }

    /// Builds a commit on the snapshot the changes are planned from.
    private struct Planner {
        let snapshot: CardSnapshot
        let own: UInt32
        var changes: [Change] = []

        init(snapshot: CardSnapshot, own: UInt32) {
            self.snapshot = snapshot
            self.own = own
        }

        var commit: AtomicCommit {
            AtomicCommit(changes: changes, crtcs: AtomicCommit.crtcsInState(changes, own: own, on: snapshot))
        }

        mutating func add(_ change: Change) { changes.append(change) }

        /// A CRTC turned off with every plane that fed it when probed.
        mutating func disable(crtc: UInt32) {
            add(.crtc(crtc, mode: nil))
            for plane in snapshot.planes where snapshot.currentCrtcID(ofPlane: plane.id) == crtc {
                add(.plane(plane.id, crtc: 0, buffer: 0, width: 0, height: 0))
            }
        }
    }
}

extension CardSnapshot {
    /// The CRTC a connector is on: its CRTC_ID property as probed (the atomic state), else the
    /// CRTC of its current encoder (legacy cards, test cards).
    public func currentCrtcID(ofConnector id: UInt32) -> UInt32 {
        guard let c = connector(id: id) else { return 0 }
        if let value = c.properties.values["CRTC_ID"] { return UInt32(truncatingIfNeeded: value) }
        return currentCrtc(of: c)?.id ?? 0
    }

    /// The CRTC a plane feeds (its CRTC_ID as probed; 0 when unknown or detached).
    public func currentCrtcID(ofPlane id: UInt32) -> UInt32 {
        UInt32(truncatingIfNeeded: planes.first { $0.id == id }?.properties.values["CRTC_ID"] ?? 0)
    }

    /// The card as it is after `commit` (what the kernel's state holds once it is accepted):
    /// the next commit of the same pass is planned on this, not on the probe before.
    public func applying(_ commit: AtomicCommit) -> CardSnapshot {
        var s = self
        for change in commit.changes {
            switch change {
            case .connector(let id, let crtc):
                guard let k = s.connectors.firstIndex(where: { $0.id == id }) else { continue }
                if s.connectors[k].properties.has("CRTC_ID") { s.connectors[k].properties.values["CRTC_ID"] = UInt64(crtc) }
                let encoder = s.connectors[k].encoderID != 0 ? s.connectors[k].encoderID : (s.connectors[k].encoderIDs.first ?? 0)
                if let e = s.encoders.firstIndex(where: { $0.id == encoder }) {
                    s.encoders[e].crtcID = crtc
                    s.connectors[k].encoderID = crtc == 0 ? 0 : encoder
                }
            case .crtc(let id, let mode):
                guard let k = s.crtcs.firstIndex(where: { $0.id == id }) else { continue }
                s.crtcs[k].mode = mode
                if mode == nil { s.crtcs[k].bufferID = 0 }
            case .plane(let id, let crtc, let buffer, _, _):
                guard let k = s.planes.firstIndex(where: { $0.id == id }) else { continue }
                s.planes[k].properties.values["CRTC_ID"] = UInt64(crtc)
                s.planes[k].properties.values["FB_ID"] = UInt64(buffer)
                if crtc != 0, let c = s.crtcs.firstIndex(where: { $0.id == crtc }) { s.crtcs[c].bufferID = buffer }
            case .planeBuffer(let id, let buffer):
                guard let k = s.planes.firstIndex(where: { $0.id == id }) else { continue }
                s.planes[k].properties.values["FB_ID"] = UInt64(buffer)
                let crtc = s.currentCrtcID(ofPlane: id)
                if crtc != 0, let c = s.crtcs.firstIndex(where: { $0.id == crtc }) { s.crtcs[c].bufferID = buffer }
            case .linkGood(let id):
                if let k = s.connectors.firstIndex(where: { $0.id == id }) { s.connectors[k].linkStatus = .good }
            case .property:
                break
            }
        }
        return s
    }
}
