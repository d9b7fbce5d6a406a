import Platform

/// Drives the displays of one card: chooses connectors, CRTCs and modes, creates an output per
/// head, hands the list to whoever draws (`onOutputsChanged`), routes page-flip events, rescans
/// when asked (hotplug), and on shutdown puts every CRTC back as it was and drops DRM master.
public final class DisplayManager {
    public let device: KMSDevice
    public let selection: OutputSelection
    public let modeRequest: ModeRequest?
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

    public init(device: KMSDevice, loop: EventLoop, selection: OutputSelection = .first, mode: ModeRequest? = nil) {
        self.device = device
        self.loop = loop
        self.selection = selection
        self.modeRequest = mode
    }

    deinit { shutdown() }

    /// Outputs in connector order (stable for the kiosk and for logs).
    public var orderedOutputs: [DRMOutput] { outputs.values.sorted { $0.head.connectorID < $1.head.connectorID } }

    /// First probe: refuses a `--connector`/`--mode` that this card does not have (listing what
    /// it has), then drives what is connected. With nothing connected it waits.
    public func start() throws(DisplayError) {
        let snapshot = try device.probe()
        try validate(snapshot)
        if device.eventFD >= 0 {
            eventWatch = loop.watch(fd: device.eventFD) { [weak self] _ in self?.handleEvents() }
        }
        apply(snapshot, reason: "start")
    }

    func validate(_ s: CardSnapshot) throws(DisplayError) {
        try Self.validate(s, selection: selection, mode: modeRequest)
    }

    /// A `--connector`/`--outputs NAME` this card lacks, or a `--mode` a connected display it is
    /// for does not offer, is an error listing what there is (also `doctor`'s check).
    public static func validate(_ s: CardSnapshot, selection: OutputSelection, mode request: ModeRequest?) throws(DisplayError) {
        let displays = s.connectors.filter(\.isDisplay)
        if case .named(let names) = selection {
            for n in names where s.connector(named: n) == nil {
                throw .unknownConnector(n, available: displays.map { "\($0.name) (\($0.status.rawValue))" })
            }
        }
        guard let request else { return }
        // The mode must exist on the display(s) it is for, when they are connected now.
        let targets = selection.choose(from: s.connectors, current: [])
        for c in targets where ModeRequest.choose(request, from: c.modes) == nil {
            throw .unknownMode(request, connector: c.name,
                               available: ModeRequest.listingOrder(c.modes).map { $0.description + ($0.isPreferred ? " (preferred)" : "") })
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

    private func apply(_ snapshot: CardSnapshot, reason: String) {
        lastSnapshot = snapshot
        guard device.isMaster() else {
            lostMaster()
            return
        }
        let active = orderedOutputs.map(\.head)
        // Only heads that have shown a frame can have been taken over; before its first frame
        // a CRTC still shows what was there.
        let ours = Dictionary(uniqueKeysWithValues: outputs.values.filter(\.isShowing).map { ($0.head.crtcID, $0.bufferIDs) })
        let plan = RescanPlan.make(active: active, snapshot: snapshot, selection: selection, mode: modeRequest,
                                   needsPlanes: device.modeSetter.needsPlanes, ours: ours)
        for p in plan.problems { Log.error(p) }
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
                    let output = try DRMOutput(device: device, head: head)
                    output.onShown = { [weak self] o in self?.onShown?(o) }
                    output.onTrouble = { [weak self] o, error in
                        Log.error("\(o.name): cannot show the frame: \(error); rescanning")
                        self?.scheduleRescan(reason: "\(o.name) failed", after: 0.5)
                    }
                    outputs[head.connectorID] = output
                    Log.info("\(head.connectorName): \(why): driving it at \(head.mode) on CRTC \(head.crtcID)")
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
        if !plan.isEmpty { onOutputsChanged?(orderedOutputs) }
    }

    private var selectionNote: String {
        if case .named(let n) = selection { return " among " + n.joined(separator: ", ") }
        return ""
    }

    private func handleEvents() {
        device.dispatchEvents { crtc in
            outputs.values.first { $0.head.crtcID == crtc }?.flipCompleted()
        }
    }

    /// Puts every CRTC we changed back as it was (the console returns), frees the buffers and
    /// drops DRM master. Called on SIGINT/SIGTERM and from deinit (any other exit path).
    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        for t in [rescanPending, eventWatch, masterRetry, healthTimer] { if let t { loop.cancel(t) } }
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
