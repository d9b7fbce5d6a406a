import Outputs
import Platform

/// Drives the displays of one card: chooses connectors, CRTCs and modes, creates an output per
/// head, hands the list to whoever draws (`onOutputsChanged`), routes page-flip events, rescans
/// when asked (hotplug), and on shutdown puts every CRTC back as it was and drops DRM master.
public final class DisplayManager {
    public let device: KMSDevice
    public let selection: OutputSelection
    public let policy: ModePolicy
    public let signal: SignalSettings
    /// Heads driven now, by connector id.
    public private(set) var outputs: [UInt32: DRMOutput] = [:]
    public let restore = CrtcRestore()
    /// The outputs to draw on, after every change (the kiosk's `setOutputs`).
    public var onOutputsChanged: (([Output]) -> Void)?
    /// A head showed its first frame.
    public var onShown: ((DRMOutput) -> Void)?

    private let loop: EventLoop
    private var eventWatch: EventLoop.Token?
    private var waitingLogged = false
    private var rescanPending: EventLoop.Token?
    private var isShutDown = false
    /// Set while another program holds DRM master: we retry taking it back.
    private var masterLost = false
    private var masterRetry: EventLoop.Token?
    private var healthTimer: EventLoop.Token?
    private var hotplug: HotplugMonitor?
    /// Per connector, the modes the driver refused (test-only commit): the policy steps past them.
    public private(set) var refused: [UInt32: Set<Mode>] = [:]
    /// Connectors whose missing signal properties were said already (said once).
    private var saidMissing: Set<String> = []
    private var lastToken: UInt64 = 0
    /// A flip not completed within this many seconds frees the head and sets it up again
    /// (vc4 has real "flip_done timed out" cases after a TV is switched off and on).
    public var flipDeadline = 1.0
    /// The same for the first frame's non-blocking mode set (link training can take seconds).
    public var modeSetDeadline = 5.0
    /// Rescans while a connected display has no EDID (DDC failing while hot-plug detect is
    /// high): the kernel then offers ≤ 1024x768 and the real modes come with a later read.
    public var noEDIDBackoff: [Double] = [2, 5, 15, 60]
    private var noEDIDRetry: EventLoop.Token?
    private var noEDIDAttempts = 0

    public init(device: KMSDevice, loop: EventLoop, selection: OutputSelection = .first, policy: ModePolicy = ModePolicy(),
                signal: SignalSettings = SignalSettings()) {
        self.device = device
        self.loop = loop
        self.selection = selection
        self.policy = policy
        self.signal = signal
    }

    deinit { shutdown() }

    /// Outputs in connector order (stable for the kiosk and for logs).
    public var orderedOutputs: [DRMOutput] { outputs.values.sorted { $0.head.connectorID < $1.head.connectorID } }

    /// First probe: refuses a `--connector` that this card does not have (listing what it has),
    /// then drives what is connected (a `--mode` a display lacks is a warning and the policy's
    /// choice, as after any rescan). With nothing connected it waits.
    public func start() throws(DisplayError) {
        let snapshot = try device.probe()
        try validate(snapshot)
        if device.eventFD >= 0 {
            eventWatch = loop.watch(fd: device.eventFD) { [weak self] _ in self?.handleEvents() }
        }
        apply(snapshot, reason: "start")
    }

    func validate(_ s: CardSnapshot) throws(DisplayError) {
        try Self.validate(s, selection: selection)
    }

    /// A `--connector`/`--outputs NAME` this card lacks is an error listing what there is
    /// (also `doctor`'s check).
    public static func validate(_ s: CardSnapshot, selection: OutputSelection) throws(DisplayError) {
        let displays = s.connectors.filter(\.isDisplay)
        if case .named(let names) = selection {
            for n in names where s.connector(named: n) == nil {
                throw .unknownConnector(n, available: displays.map { "\($0.name) (\($0.status.rawValue))" })
            }
        }
    }

    /// Probes the card again and brings the heads in line with it. Safe to call any number of
    /// times: with nothing changed it changes nothing.
    public func rescan(reason: String) {
        guard !isShutDown else { return }
        do {
            apply(try device.probe(), reason: reason)
        } catch {
            Log.error("\(device.path): probing the displays failed: \(error)")
        }
    }

    /// A rescan soon, merging requests that come in a burst (TVs flap when switched on).
    public func scheduleRescan(reason: String, after delay: Double = 0.1) {
        guard rescanPending == nil, !isShutDown else { return }
        rescanPending = loop.after(delay) { [weak self] in
            self?.rescanPending = nil
            self?.rescan(reason: reason)
        }
    }

    /// Rescans on hotplug (kernel uevents, or a periodic re-probe where those are unavailable).
    public func watchHotplug(forceFallback: Bool = false) {
        hotplug = HotplugMonitor(loop: loop, cardPath: device.path, forceFallback: forceFallback) { [weak self] reason, events in
            guard let self else { return }
            if !events.isEmpty {
                // With CONNECTOR= (newer kernels) the line names the display; the rescan
                // itself looks at every connector either way (it is cheap and idempotent).
                let ids = Set(events.compactMap(\.connectorID))
                let names = ids.compactMap { id in self.lastSnapshot?.connector(id: id)?.name ?? "connector \(id)" }.sorted()
                Log.info("\(names.isEmpty ? self.device.path : names.joined(separator: ", ")): \(reason): rescanning")
            }
            self.rescan(reason: reason)
        }
    }

    /// Every `interval` seconds: are we still master, and do our CRTCs still show our buffers?
    /// Without flips to fail (a static scene), losing the screen would go unnoticed otherwise.
    public func startHealthChecks(every interval: Double = 2) {
        healthTimer = loop.after(interval) { [weak self] in
            guard let self, !self.isShutDown else { return }
            if !self.device.isMaster() {
                self.lostMaster()
            } else if self.outputs.values.contains(where: { o in
                o.isShowing && !((try? self.device.crtc(o.head.crtcID)).map { o.bufferIDs.contains($0.bufferID) } ?? false)
            }) {
                self.rescan(reason: "a CRTC no longer shows our frame")
            }
            self.startHealthChecks(every: interval)
        }
    }

    private func lostMaster() {
        guard !masterLost else { return }
        masterLost = true
        let names = orderedOutputs.map(\.name).joined(separator: ", ")
        Log.warning("\(names.isEmpty ? device.path : names): another program took the display (we lost DRM master); taking it back when it lets go")
        retryMaster()
    }

    private func retryMaster() {
        masterRetry = loop.after(0.5) { [weak self] in
            guard let self, !self.isShutDown else { return }
            if self.device.acquireMaster() {
                self.masterLost = false
                self.masterRetry = nil
                Log.info("\(self.device.path): DRM master is ours again; setting the displays up again")
                self.rescan(reason: "DRM master back")
            } else {
                self.retryMaster()
            }
        }
    }

    private var lastSnapshot: CardSnapshot?
    /// The last probe with every commit since applied: what the next mode set is planned on.
    private var cardState: CardSnapshot?
    /// The deadline timer of each output's request in flight, by connector id (cancelled when
    /// the request completes: no wakeup per frame for a deadline that cannot fire).
    private var deadlines: [UInt32: EventLoop.Token] = [:]

    private func apply(_ snapshot: CardSnapshot, reason: String) {
        lastSnapshot = snapshot
        cardState = snapshot
        guard device.isMaster() else {
            lostMaster()
            return
        }
        let active = orderedOutputs.map(\.head)
        // Only heads that have shown a frame can have been taken over; before its first frame
        // a CRTC still shows what was there.
        let ours = Dictionary(uniqueKeysWithValues: outputs.values.filter(\.isShowing).map { ($0.head.crtcID, $0.bufferIDs) })
        // A display that went away takes its refusals with it (the next one may differ).
        refused = refused.filter { (snapshot.connector(id: $0.key)?.status ?? .disconnected) != .disconnected }
        let plan = RescanPlan.make(active: active, snapshot: snapshot, selection: selection, policy: policy,
                                   refused: refused, needsPlanes: device.modeSetter.needsPlanes, ours: ours)
        for p in plan.problems { Log.error(p) }
        for w in plan.warnings { Log.warning(w) }
        for step in plan.steps {
            switch step {
            case .release(let head, let why):
                Log.info("\(head.connectorName): releasing CRTC \(head.crtcID) (\(why))")
                outputs.removeValue(forKey: head.connectorID)?.release()
            case .start(let head, let why):
                restore.remember(crtcID: head.crtcID, in: snapshot)
                if let c = snapshot.connector(id: head.connectorID), let old = snapshot.currentCrtc(of: c) {
                    restore.remember(crtcID: old.id, in: snapshot)
                }
                do {
                    let output = try DRMOutput(device: device, setup: setup(head, in: snapshot), tokens: { [weak self] in
                        guard let self else { return 0 }
                        self.lastToken += 1
                        return self.lastToken
                    })
                    output.onShown = { [weak self] o in self?.onShown?(o) }
                    output.onTrouble = { [weak self] o, error in self?.trouble(o, error) }
                    output.onQueued = { [weak self] o, token in self?.watchDeadline(o, token) }
                    output.plannedOn = { [weak self] in self?.cardState }
                    output.onCommitted = { [weak self] commit in self?.cardState = self?.cardState?.applying(commit) }
                    outputs[head.connectorID] = output
                    Log.info("\(head.connectorName): \(why): driving it on CRTC \(head.crtcID)")
                } catch {
                    Log.error("\(head.connectorName): cannot allocate scan-out buffers for \(head.mode): \(error)")
                }
            }
        }
        if outputs.isEmpty {
            if !waitingLogged {
                waitingLogged = true
                let known = snapshot.connectors.filter(\.isDisplay).map { "\($0.name) \($0.status.rawValue)" }.joined(separator: ", ")
                Log.warning("\(device.path): no connected display\(selectionNote) (\(known.isEmpty ? "no connectors" : known)); waiting for one")
            }
        } else {
            waitingLogged = false
        }
        scheduleNoEDIDRescan(snapshot)
        if !plan.isEmpty { onOutputsChanged?(orderedOutputs) }
    }

    /// The head's setup: the snapshot it was planned on and its first commit's properties.
    private func setup(_ head: HeadConfig, in snapshot: CardSnapshot) -> HeadSetup {
        guard let c = snapshot.connector(id: head.connectorID), let crtc = snapshot.crtc(id: head.crtcID) else {
            return HeadSetup(head: head, snapshot: snapshot)
        }
        let plan = SignalPlan.make(connector: c, crtc: crtc, mode: head.mode, settings: signal)
        if !plan.missing.isEmpty, !saidMissing.contains(c.name) {
            saidMissing.insert(c.name)
            Log.info("\(c.name): the driver has no \(plan.missing.joined(separator: ", ")) (left as they are)")
        }
        var line = "\(c.name): overscan: \(plan.overscan.why)"
        if let rgb = plan.broadcastRGB { line += "; Broadcast RGB \(rgb)" }
        if !plan.values.isEmpty { line += "; setting " + plan.values.map(\.description).joined(separator: ", ") }
        Log.info(line)
        return HeadSetup(head: head, snapshot: snapshot, properties: plan.values, safeAreaPercent: plan.overscan.safeAreaPercent)
    }

    private func trouble(_ o: DRMOutput, _ error: DisplayError) {
        if case .modeRefused(let mode, _, _) = error {
            // Step down: the policy picks the next mode for this display at once.
            refused[o.head.connectorID, default: []].insert(mode)
            Log.warning("\(error); trying the next mode")
            if outputs[o.head.connectorID] === o {
                outputs.removeValue(forKey: o.head.connectorID)
                o.abandon()   // nothing of ours is on screen yet: no disable commit needed
            }
            rescan(reason: "\(o.name): mode refused")
            return
        }
        Log.error("\(o.name): cannot show the frame: \(error); rescanning")
        scheduleRescan(reason: "\(o.name) failed", after: 0.5)
    }

    /// A request that never completes would freeze the output for good (only its event clears
    /// it): past the deadline the head is released and set up again.
    private func watchDeadline(_ o: DRMOutput, _ token: UInt64) {
        let limit = o.pendingIsModeSet ? modeSetDeadline : flipDeadline
        let connector = o.head.connectorID
        if let old = deadlines[connector] { loop.cancel(old) }
        deadlines[connector] = loop.after(limit) { [weak self, weak o] in
            self?.deadlines[connector] = nil
            guard let self, let o, !self.isShutDown, o.pendingToken == token, self.outputs[o.head.connectorID] === o else { return }
            let what = o.pendingIsModeSet ? "the mode set" : "a page flip"
            Log.warning("\(o.name): \(what) did not complete within \(Mode.format(limit).replacingZeroDecimals) s; releasing CRTC \(o.head.crtcID) and setting the head up again")
            self.outputs.removeValue(forKey: o.head.connectorID)
            o.release()
            self.onOutputsChanged?(self.orderedOutputs)
            self.rescan(reason: "\(o.name): \(what) stuck")
        }
    }

    /// A connected display without an EDID: look again after 2, 5, 15, then every 60 s until
    /// one arrives (no uevent may follow when DDC starts working).
    private func scheduleNoEDIDRescan(_ snapshot: CardSnapshot) {
        let waiting = snapshot.connectors.filter { $0.status == .connected && $0.edid.isEmpty && $0.isDisplay
            && selection.choose(from: snapshot.connectors, current: Set(outputs.keys)).contains($0) }
        guard !waiting.isEmpty else {
            noEDIDAttempts = 0
            if let t = noEDIDRetry { loop.cancel(t) }
            noEDIDRetry = nil
            return
        }
        guard noEDIDRetry == nil else { return }
        let delay = noEDIDBackoff[min(noEDIDAttempts, noEDIDBackoff.count - 1)]
        if noEDIDAttempts == 0 {
            Log.warning("\(waiting.map(\.name).joined(separator: ", ")): connected without an EDID (the TV's DDC did not answer); looking again in \(Mode.format(delay).replacingZeroDecimals) s, then backing off to every \(Mode.format(noEDIDBackoff.last ?? delay).replacingZeroDecimals) s")
        }
        noEDIDAttempts += 1
        noEDIDRetry = loop.after(delay) { [weak self] in
            self?.noEDIDRetry = nil
            self?.rescan(reason: "no EDID yet")
        }
    }

    private var selectionNote: String {
        if case .named(let n) = selection { return " among " + n.joined(separator: ", ") }
        return ""
    }

    /// Completions go to the output whose request carried the token; a late one (its output
    /// was released or set up again) matches none and is dropped.
    private func handleEvents() {
        device.dispatchEvents { token, time in
            guard let o = outputs.values.first(where: { $0.pendingToken == token }) else { return }
            let connector = o.head.connectorID
            if o.completed(token, at: time ?? loop.now), o.pendingToken == nil, let t = deadlines.removeValue(forKey: connector) {
                loop.cancel(t)
            }
        }
    }

    /// Puts every CRTC we changed back as it was (the console returns), frees the buffers and
    /// drops DRM master. Called on SIGINT/SIGTERM and from deinit (any other exit path).
    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        for t in [rescanPending, eventWatch, masterRetry, healthTimer, noEDIDRetry] + deadlines.values.map(Optional.some) {
            if let t { loop.cancel(t) }
        }
        deadlines.removeAll()
        hotplug = nil
        // A flip in flight would land after the restore; wait for it (a vblank or two).
        device.waitForPendingFlips(timeout: 0.2)
        for (s, error) in restore.restoreAll(on: device) {
            Log.warning("\(device.path): restoring CRTC \(s.crtc.id) failed: \(error)")
        }
        let names = orderedOutputs.map(\.name)
        // Buffers go only now that the CRTCs no longer show them (removing a framebuffer on
        // screen would turn its CRTC off).
        for o in orderedOutputs { o.abandon() }
        outputs.removeAll()
        onOutputsChanged?([])
        device.dropMaster()
        if !names.isEmpty { Log.info("\(names.joined(separator: ", ")): display restored, DRM master dropped") }
    }
}
