import Display
import Glibc
import Platform
import Pixels

/// A DRM card in memory: connectors, CRTCs and encoders as a test sets them, mode setting that
/// updates them as a kernel would, and a journal of every call. Page-flip completions arrive
/// through a pipe, so the event loop sees them the way it sees the real card's fd, and go
/// through the real card's `FlipRecords` as the kernel's events do: one event per CRTC the
/// kernel would put in a commit's state (worked out from this card's own state, not from what
/// the commit was planned on), all naming the same record.
public final class FakeCard: KMSDevice, ModeSetter {
    public let path = "/dev/dri/fake0"
    public var kind: String { atomic ? "atomic" : "legacy" }
    public var needsPlanes: Bool { atomic }
    public var modeSetter: ModeSetter { self }
    public var atomic: Bool
    public var state: CardSnapshot
    /// Every call, in order: "enable Virtual-1 crtc 10 fb 101 1920x1080@60.00", "setCrtc 10 fb 7 …".
    public var journal: [String] = []
    public var master = true
    public var failNextEnable: DisplayError?
    /// Modes the driver refuses in its test-only check (enable throws `.modeRefused`).
    public var refusedModes: Set<Mode> = []
    /// Flips are queued but never complete (vc4's "flip_done timed out").
    public var flipsNeverComplete = false
    /// The first frame's mode set completes by event, like atomic's non-blocking commit.
    public var modeSetByEvent = false
    /// Every property value committed with a mode set, in order: "30 max bpc=8", "10 GAMMA_LUT=0 (cleared)".
    public private(set) var committed: [String] = []
    public private(set) var buffersAlive: Set<UInt32> = []
    private var nextBufferID: UInt32 = 100
    /// CRTC → token of the flip in flight there.
    private var pendingFlips: [(crtc: UInt32, token: UInt64)] = []
    /// The records the requests' events name, as the real card keeps them.
    public let flipRecords = FlipRecords()
    /// Every request that asked for events and whose events have not all been sent: its user
    /// data and the CRTCs whose events are still to come (the kernel's state of the commit).
    private var requests: [(token: UInt64, data: UnsafeMutableRawPointer, crtcs: [UInt32])] = []
    /// Events sent but not yet read by `dispatchEvents`.
    public private(set) var eventsWaiting = 0
    private let pipeFDs: [Int32]

    public init(_ state: CardSnapshot, atomic: Bool = true) {
        self.state = state
        self.atomic = atomic
        var fds: [Int32] = [-1, -1]
        _ = pipe(&fds)
        for fd in fds { _ = fcntl(fd, F_SETFL, O_NONBLOCK) }
        pipeFDs = fds
    }

    deinit { pipeFDs.forEach { close($0) } }

    // MARK: KMSDevice

    public func probe() throws(DisplayError) -> CardSnapshot { state }

    public func crtc(_ id: UInt32) throws(DisplayError) -> CrtcInfo {
        guard let c = state.crtc(id: id) else { throw .system(SystemError("drmModeGetCrtc", errno: ENOENT)) }
        return c
    }

    public func setCrtc(_ c: CrtcInfo, connectors: [UInt32]) throws(DisplayError) {
        journal.append("setCrtc \(c.id) fb \(c.bufferID) \(c.mode.map { "\($0)" } ?? "off") connectors \(connectors)")
        apply(crtc: c.id, buffer: c.bufferID, mode: c.mode, connectors: connectors)
    }

    public func makeBuffer(width: Int, height: Int) throws(DisplayError) -> ScanoutBuffer {
        nextBufferID += 1
        buffersAlive.insert(nextBufferID)
        return FakeBuffer(id: nextBufferID, width: width, height: height) { [weak self] id in
            self?.buffersAlive.remove(id)
            self?.journal.append("free fb \(id)")
        }
    }

    public var eventFD: Int32 { pipeFDs[0] }

    public func dispatchEvents(_ flipCompleted: (UInt64, Double?) -> Void) {
        var byte: UInt8 = 0
        while read(pipeFDs[0], &byte, 1) == 1 {}
        eventsWaiting = 0
        // A timestamp of 0 stands for "the kernel gave none".
        for (token, time) in flipRecords.collect() { flipCompleted(token, time > 0 ? time : nil) }
    }

    /// Sends every event still due for request `token` as the kernel would (a late event, for
    /// instance), with the vblank it happened at (nil: the kernel gave no timestamp).
    public func deliver(token: UInt64, at time: Double? = nil) {
        for crtc in eventsDue(token) { deliver(token: token, crtc: crtc, at: time) }
    }

    /// Sends one event of request `token`: the one for `crtc` (a commit that changed two CRTCs
    /// gets one for each, in any order, in one read or several).
    public func deliver(token: UInt64, crtc: UInt32, at time: Double? = nil) {
        guard let k = requests.firstIndex(where: { $0.token == token }), requests[k].crtcs.contains(crtc) else { return }
        let t = time ?? 0
        let seconds = t.rounded(.down)
        FlipRecords.event(crtcID: crtc, seconds: UInt32(seconds), microseconds: UInt32(((t - seconds) * 1e6).rounded()),
                          userData: requests[k].data)
        requests[k].crtcs.removeAll { $0 == crtc }
        if requests[k].crtcs.isEmpty { requests.remove(at: k) }
        // The request's own CRTC flipped: its buffer is scanned out, the CRTC free for the next.
        if let p = pendingFlips.firstIndex(where: { $0.token == token && $0.crtc == crtc }) {
            if let i = state.crtcs.firstIndex(where: { $0.id == crtc }), let fb = flipTargets[crtc] { state.crtcs[i].bufferID = fb }
            pendingFlips.remove(at: p)
        }
        eventsWaiting += 1
        var byte: UInt8 = 1
        _ = write(pipeFDs[1], &byte, 1)
    }

    /// The CRTCs whose events request `token` has still to get.
    public func eventsDue(_ token: UInt64) -> [UInt32] { requests.first { $0.token == token }?.crtcs ?? [] }

    /// A request that asks for events: its record made as the real setter makes it (expecting
    /// the CRTCs the commit was planned to touch), and the events this card will send (one for
    /// each CRTC the kernel's state of the commit holds, worked out from this card's state).
    private func request(_ token: UInt64, crtc: UInt32, planned: [UInt32], inState crtcs: [UInt32]) {
        let data = flipRecords.make(token: token, crtc: crtc, alsoCrtcs: planned)
        requests.append((token, data, crtcs.contains(crtc) ? crtcs : [crtc] + crtcs))
    }

    /// The tokens of the requests in flight.
    public var pendingTokens: [UInt64] { pendingFlips.map(\.token) }

    public func waitForPendingFlips(timeout: Double) {
        journal.append("wait for \(pendingFlips.count) flips")
        completeFlips()
        dispatchEvents { _, _ in }   // as the real card: completions read here are dropped
    }

    public func isMaster() -> Bool { master }
    /// Whether another program holds master now (acquireMaster fails while it does).
    public var someoneElseIsMaster = false
    public func acquireMaster() -> Bool {
        if !master && !someoneElseIsMaster { master = true }
        return master
    }
    public func dropMaster() {
        master = false
        journal.append("drop master")
    }

    // MARK: ModeSetter

    public func enable(_ setup: HeadSetup, buffer: UInt32, token: UInt64) throws(DisplayError) -> Bool {
        let head = setup.head
        if let e = failNextEnable {
            failNextEnable = nil
            throw e
        }
        if atomic && head.planeID == 0 { throw .system(SystemError("atomic commit without a plane", errno: EINVAL)) }
        if refusedModes.contains(head.mode) {
            journal.append("refuse \(head.connectorName) \(head.mode)")
            throw .modeRefused(head.mode, connector: head.connectorName, SystemError("drmModeAtomicCommit(TEST_ONLY)", errno: EINVAL))
        }
        // As the kernel: a property the object does not have fails the whole commit.
        for v in setup.properties {
            let has = state.connector(id: v.object)?.properties[v.property.name]?.id == v.property.id
                || state.crtc(id: v.object)?.properties[v.property.name]?.id == v.property.id
            if !has { throw .system(SystemError("property \(v.property.name) of object \(v.object)", errno: EINVAL)) }
        }
        committed += setup.properties.map { "\($0.object) \($0)" }
        journal.append("enable \(head.connectorName) crtc \(head.crtcID) fb \(buffer) \(head.mode)")
        // What the commit does besides lighting this head, as the real setter plans it from the
        // setup's snapshot (stale if the manager planned it on an old probe): CRTCs it turns
        // off, connectors it detaches. The kernel's state of the commit comes from this card's
        // own state, before the commit.
        let commit = AtomicCommit.modeSet(setup, buffer: buffer, signal: false)
        let inState = AtomicCommit.crtcsInState(commit.changes, own: head.crtcID, on: state)
        for change in commit.changes {
            if case .crtc(let id, nil) = change { apply(crtc: id, buffer: 0, mode: nil, connectors: []) }
            if case .connector(let id, 0) = change { detach(connector: id) }
        }
        if modeSetByEvent {
            apply(crtc: head.crtcID, buffer: 0, mode: head.mode, connectors: [head.connectorID])
            pendingFlips.append((head.crtcID, token))
            request(token, crtc: head.crtcID, planned: atomic ? commit.crtcs : [head.crtcID],
                    inState: atomic ? inState : [head.crtcID])
            flipTargets[head.crtcID] = buffer
            return true
        }
        apply(crtc: head.crtcID, buffer: buffer, mode: head.mode, connectors: [head.connectorID])
        return false
    }

    public func flip(_ setup: HeadSetup, buffer: UInt32, token: UInt64) throws(DisplayError) {
        let head = setup.head
        guard !pendingFlips.contains(where: { $0.crtc == head.crtcID }) else { throw .system(SystemError("flip", errno: EBUSY)) }
        journal.append("flip crtc \(head.crtcID) fb \(buffer)")
        pendingFlips.append((head.crtcID, token))
        request(token, crtc: head.crtcID, planned: [head.crtcID], inState: [head.crtcID])
        flipTargets[head.crtcID] = buffer
    }

    public func disable(_ setup: HeadSetup) throws(DisplayError) {
        let head = setup.head
        journal.append("disable \(head.connectorName) crtc \(head.crtcID)")
        // As atomic: turning the CRTC off ends (drops) what was in flight there.
        pendingFlips.removeAll { $0.crtc == head.crtcID }
        apply(crtc: head.crtcID, buffer: 0, mode: nil, connectors: [])
    }

    private var flipTargets: [UInt32: UInt32] = [:]

    /// The vblank: every pending flip completes (its buffer is now scanned out), at `time` on
    /// the loop's clock when given (the kernel's timestamp of that vblank).
    public func completeFlips(at time: Double? = nil) {
        guard !flipsNeverComplete else { return }
        for (_, token) in pendingFlips { deliver(token: token, at: time) }
        pendingFlips.removeAll()
    }

    public var hasPendingFlips: Bool { !pendingFlips.isEmpty }

    // MARK: the card's state

    /// Sets what a CRTC shows and which connectors it drives (through their encoders).
    public func apply(crtc: UInt32, buffer: UInt32, mode: Mode?, connectors: [UInt32]) {
        guard let i = state.crtcs.firstIndex(where: { $0.id == crtc }) else { return }
        state.crtcs[i].bufferID = mode == nil ? 0 : buffer
        state.crtcs[i].mode = mode
        for (k, e) in state.encoders.enumerated() where e.crtcID == crtc { state.encoders[k].crtcID = 0 }
        for c in connectors {
            guard let ci = state.connectors.firstIndex(where: { $0.id == c }),
                  let enc = state.connectors[ci].encoderIDs.first,
                  let ei = state.encoders.firstIndex(where: { $0.id == enc }) else { continue }
            state.encoders[ei].crtcID = crtc
            state.connectors[ci].encoderID = enc
        }
    }

    /// Detaches a connector from whatever CRTC drives it (its encoder let go).
    public func detach(connector id: UInt32) {
        guard let ci = state.connectors.firstIndex(where: { $0.id == id }),
              let ei = state.encoders.firstIndex(where: { $0.id == state.connectors[ci].encoderID }) else { return }
        state.encoders[ei].crtcID = 0
        state.connectors[ci].encoderID = 0
    }

    /// Plugs a display in (or changes its modes) / pulls it out, as a hotplug would.
    public func plug(_ connectorID: UInt32, modes: [Mode]) {
        guard let i = state.connectors.firstIndex(where: { $0.id == connectorID }) else { return }
        state.connectors[i].status = .connected
        state.connectors[i].modes = modes
    }

    public func unplug(_ connectorID: UInt32) {
        guard let i = state.connectors.firstIndex(where: { $0.id == connectorID }) else { return }
        state.connectors[i].status = .disconnected
        state.connectors[i].modes = []
    }

    /// A card with `n` heads (connector 30+k, encoder 20+k, CRTC 10+k, primary plane 40+k), the
    /// first connected and shown by the console (fb 7) at 1024x768. Connectors are named from
    /// `firstIndex` ("Virtual-1"…): a test that reads the log picks an index no other test
    /// uses, so its capture's marker ("Virtual-61") keeps out lines of tests running beside it.
    public static func card(heads n: Int = 1, types: [UInt32]? = nil, connected: [Bool]? = nil,
                     modes: [Mode] = [.synthetic(1920, 1080, preferred: true), .synthetic(1280, 720)],
                     firstIndex: UInt32 = 1) -> CardSnapshot {
        var connectors: [ConnectorInfo] = [], crtcs: [CrtcInfo] = [], encoders: [EncoderInfo] = [], planes: [PlaneInfo] = []
        for k in 0..<n {
            let on = connected?[k] ?? (k == 0)
            let type = types?[k] ?? 15  // Virtual
            connectors.append(ConnectorInfo(id: UInt32(30 + k), type: type, typeIndex: firstIndex + UInt32(k),
                                            status: on ? .connected : .disconnected, modes: on ? modes : [],
                                            encoderIDs: [UInt32(20 + k)], encoderID: k == 0 ? 20 : 0))
            crtcs.append(CrtcInfo(id: UInt32(10 + k), index: k, bufferID: k == 0 ? 7 : 0,
                                  mode: k == 0 ? .synthetic(1024, 768) : nil))
            encoders.append(EncoderInfo(id: UInt32(20 + k), crtcID: k == 0 ? 10 : 0, possibleCrtcs: UInt32(1 << k)))
            planes.append(PlaneInfo(id: UInt32(40 + k), possibleCrtcs: UInt32(1 << k), type: .primary))
        }
        return CardSnapshot(connectors: connectors, crtcs: crtcs, encoders: encoders, planes: planes)
    }

    /// The properties i915 gives an HDMI connector and a CRTC (ids made up, enum values i915's).
    public static let i915Connector = ObjectProperties([
        PropertyInfo(id: 201, name: "CRTC_ID"), PropertyInfo(id: 202, name: "EDID"),
        PropertyInfo(id: 203, name: "max bpc", range: 8...12),
        PropertyInfo(id: 204, name: "content type", enums: ["No Data": 0, "Graphics": 1, "Photo": 2, "Cinema": 3, "Game": 4]),
        PropertyInfo(id: 205, name: "Broadcast RGB", enums: ["Automatic": 0, "Full": 1, "Limited 16:235": 2]),
        PropertyInfo(id: 206, name: "Colorspace", enums: ["Default": 0, "SMPTE_170M_YCC": 1, "BT2020_RGB": 9]),
        PropertyInfo(id: 207, name: "HDR_OUTPUT_METADATA"), PropertyInfo(id: 208, name: "link-status", enums: ["Good": 0, "Bad": 1]),
    ])
    public static let i915Crtc = ObjectProperties([
        PropertyInfo(id: 301, name: "ACTIVE"), PropertyInfo(id: 302, name: "MODE_ID"), PropertyInfo(id: 303, name: "GAMMA_LUT"),
        PropertyInfo(id: 304, name: "DEGAMMA_LUT"), PropertyInfo(id: 305, name: "CTM"),
    ])
    /// amdgpu's HDMI connector: underscan with borders up to 128 px, no content type or Broadcast RGB.
    public static let amdgpuConnector = ObjectProperties([
        PropertyInfo(id: 211, name: "CRTC_ID"), PropertyInfo(id: 212, name: "max bpc", range: 6...16),
        PropertyInfo(id: 213, name: "underscan", enums: ["off": 0, "on": 1, "auto": 2]),
        PropertyInfo(id: 214, name: "underscan hborder", range: 0...128), PropertyInfo(id: 215, name: "underscan vborder", range: 0...128),
        PropertyInfo(id: 216, name: "Colorspace", enums: ["Default": 0]), PropertyInfo(id: 217, name: "HDR_OUTPUT_METADATA"),
    ])
}

public final class FakeBuffer: ScanoutBuffer {
    public let bufferID: UInt32
    public let canvas: Canvas
    private let onFree: (UInt32) -> Void

    public init(id: UInt32, width: Int, height: Int, onFree: @escaping (UInt32) -> Void) {
        bufferID = id
        canvas = Canvas(width: width, height: height)
        self.onFree = onFree
    }

    deinit { onFree(bufferID) }
}
