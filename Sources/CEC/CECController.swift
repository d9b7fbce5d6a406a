import Platform

/// The kiosk as a CEC source on one adapter, on the event loop: claims a Playback logical
/// address, and when the screen starts showing (at start, when the TV comes back after a
/// hotplug, when a quiz begins) sends Image View On to the TV and Active Source with its
/// physical address: the TV wakes and switches to this input. With `--cec-standby`, Standby
/// once the ended screen has shown for `standbyAfter` seconds, and on exit. Answers the TV as
/// `CECResponder` says.
///
/// Nothing here stops the screen or blocks a frame: every call returns at once (the claim
/// and each transmit finish later, as events and results on the adapter's descriptor). A TV
/// whose CEC is off, an adapter without a physical address (the TV in standby with hot-plug
/// detect low), a message not acknowledged: one line each time the situation changes, and
/// the announcement tried again when the adapter's state changes or the TV speaks.
public final class CECController {
    public let adapter: CECAdapter
    public private(set) var identity: CECIdentity
    /// A Playback logical address is claimed.
    public private(set) var isConfigured = false
    public private(set) var isActiveSource = false
    /// Standby went to the TV since the last announcement.
    public private(set) var standbySent = false
    /// An announcement is wanted and has not been acknowledged yet.
    public private(set) var wantsAnnouncement = false
    /// Completed announcements (Image View On and Active Source both acknowledged).
    public private(set) var announcements = 0
    /// The adapter went away (ENODEV): the session may choose again.
    public var onGone: (() -> Void)?

    private let loop: EventLoop
    private let settings: CECSettings
    private var capabilities: AdapterInfo.Capabilities = []
    private var label: String
    /// In flight: sequence number → what it was, for the result's line.
    private var inFlight: [UInt32: CECOpcode] = [:]
    /// The announcement's two messages still in flight, and the first failure among them.
    private var announcing: Set<UInt32> = []
    private var announceFailure: String?
    private var announceNacked = false
    private var lastAnnounceFailed = false
    /// What the log says about: each topic's line is said again only when it changes (a TV
    /// with its CEC off is one line, not one per try).
    private enum Topic { case state, announcement, standby, sending }
    private var lastLines: [Topic: String] = [:]
    private var content: ScreenContent?
    private var standbyTimer: EventLoop.Token?
    private var claimCheck: EventLoop.Token?
    private var stopped = false

    public init(adapter: CECAdapter, loop: EventLoop, settings: CECSettings) {
        self.adapter = adapter
        self.loop = loop
        self.settings = settings
        identity = CECIdentity(osdName: settings.osdName)
        label = adapter.path
    }

    deinit {
        if let standbyTimer { loop.cancel(standbyTimer) }
        if let claimCheck { loop.cancel(claimCheck) }
        adapter.unwatch()
    }

    /// Reads the adapter's state, claims a Playback address unless this program's is claimed
    /// already (a restart), and starts listening. Throws only when the adapter cannot be used
    /// at all (gone, not permitted, configured as a TV by another program).
    public func start() throws(CECError) {
        let info = try adapter.info()
        label = info.label
        capabilities = info.capabilities
        identity.physicalAddress = info.physicalAddress
        let ours = info.requestedTypes == [AdapterInfo.typePlayback] && info.osdName == identity.osdName
        if info.isTVSide && !ours && (!info.logicalAddresses.isEmpty || !info.requestedTypes.isEmpty) {
            throw .busy(path: adapter.path, what: "configured as a TV by another program")
        }
        adapter.watch(on: loop) { [weak self] in self?.drain() }
        if ours, let la = info.logicalAddresses.first(where: \.isPlayback) {
            identity.logicalAddress = la
            isConfigured = true
            say(.state, .info, "\(label): \(la) at \(identity.physicalAddress) as \"\(identity.osdName)\" (claimed already)")
            return
        }
        if !info.requestedTypes.isEmpty && !ours {
            // Someone else's configuration (another device type or name): replaced by ours.
            try adapter.clearLogicalAddresses()
        }
        try claim()
    }

    private func claim() throws(CECError) {
        do {
            try adapter.claim(identity)
        } catch .busy(let path, let what) {
            // A claim already under way: its state change will tell.
            say(.state, .warning, "\(path): cannot claim a logical address now (\(what)); waiting for the adapter's next state change")
            return
        }
        if !identity.physicalAddress.isValid {
            say(.state, .warning, "\(label): no physical address (the TV is off or unplugged: hot-plug detect low); the logical address is claimed when it has one")
        }
    }

    /// A display shows the kiosk's frames (its first frame: at start, or after a hotplug).
    public func displayShown(_ link: DisplayLink) {
        guard !stopped else { return }
        if capabilities.contains(.physicalAddress), let pa = link.physicalAddress, pa.isValid, pa != identity.physicalAddress {
            // A USB adapter does not see the EDID: it is told the address the display gives.
            do {
                try adapter.setPhysicalAddress(pa)
                Log.info("\(label): physical address \(pa), from \(link.connectorName)'s EDID")
            } catch {
                say(.state, .warning, "\(label): cannot set the physical address \(pa) from \(link.connectorName)'s EDID: \(error)")
            }
        }
        if standbySent && content == .ended {
            // A TV that pulses hot-plug detect going to standby must not be woken by it: the
            // next quiz wakes it.
            Log.debug("\(label): \(link.connectorName) is back, but the quiz has ended and the TV was sent to standby: not waking it")
            return
        }
        requestAnnouncement()
    }

    /// What the screen shows now (from each settled frame); a change may wake the TV (a quiz
    /// begins) or, with `--cec-standby`, start the wait before Standby (the quiz ended).
    public func show(_ new: ScreenContent) {
        guard !stopped, new != content else { return }
        let previous = content
        content = new
        if let t = standbyTimer {
            loop.cancel(t)
            standbyTimer = nil
        }
        if new == .ended && settings.standby {
            let after = settings.standbyAfter
            standbyTimer = loop.after(after) { [weak self] in
                self?.standbyTimer = nil
                self?.sendStandby(why: "the ended screen has shown for \(Self.seconds(after))")
            }
        }
        if new == .quiz, previous == .idle || previous == .ended {
            requestAnnouncement()
        }
    }

    /// On the way out: Standby with `--cec-standby` (waiting for it to go out), then the
    /// adapter is let go. The logical address stays claimed (the kernel keeps it, and a
    /// restarted kiosk takes it over).
    public func shutdown() {
        guard !stopped else { return }
        stopped = true
        if let t = standbyTimer { loop.cancel(t) }
        if let t = claimCheck { loop.cancel(t) }
        standbyTimer = nil
        claimCheck = nil
        if settings.standby && isConfigured && !standbySent {
            let m = CECMessage(from: identity.logicalAddress, to: .tv, .standby)
            do {
                let status = try adapter.transmitAndWait(m)
                Log.info("\(label): on exit: sent Standby to the TV (--cec-standby): \(status)")
            } catch {
                Log.warning("\(label): on exit: cannot send Standby: \(error)")
            }
        }
        adapter.unwatch()
    }

    // MARK: announcing

    private func requestAnnouncement() {
        wantsAnnouncement = true
        standbySent = false
        announce()
    }

    /// Image View On to the TV, then Active Source to all: once at a time, when there is an
    /// address to send from.
    private func announce() {
        guard wantsAnnouncement, announcing.isEmpty, !stopped else { return }
        guard isConfigured, identity.physicalAddress.isValid else {
            Log.debug("\(label): the announcement waits for a logical and a physical address")
            return
        }
        announceFailure = nil
        let la = identity.logicalAddress
        for m in [CECMessage(from: la, to: .tv, .imageViewOn), CECMessage(from: la, to: .broadcast, .activeSource(identity.physicalAddress))] {
            guard let seq = send(m) else {
                // Not sent (no address any more, queue full): the next state change tries again.
                announcing.removeAll()
                lastAnnounceFailed = true
                return
            }
            announcing.insert(seq)
        }
    }

    private func announced(_ seq: UInt32, _ opcode: CECOpcode, _ status: TransmitStatus) {
        announcing.remove(seq)
        if !status.contains(.ok) && announceFailure == nil {
            announceFailure = "\(opcode): \(status)"
            announceNacked = status.contains(.nack)
        }
        guard announcing.isEmpty else { return }
        if let failure = announceFailure {
            lastAnnounceFailed = true
            let why = announceNacked
                ? "the TV's CEC may be off (Anynet+, SimpLink, Bravia Sync, EasyLink, VIERA Link…) or it is on another bus"
                : "the bus is busy or faulty"
            say(.announcement, .warning, "\(label): the TV did not take the announcement (\(failure)): \(why); trying again when its state changes")
            return
        }
        wantsAnnouncement = false
        lastAnnounceFailed = false
        isActiveSource = true
        announcements += 1
        lastLines[.announcement] = nil
        Log.info("\(label): sent Image View On and Active Source \(identity.physicalAddress) from \(identity.logicalAddress): the TV wakes and switches to this input")
    }

    // MARK: standby

    private func sendStandby(why: String) {
        guard !stopped else { return }
        guard isConfigured else {
            say(.standby, .warning, "\(label): \(why), but Standby cannot be sent without a logical address")
            return
        }
        guard send(CECMessage(from: identity.logicalAddress, to: .tv, .standby)) != nil else { return }
        standbySent = true
        isActiveSource = false
        wantsAnnouncement = false
        Log.info("\(label): \(why): sent Standby to the TV (--cec-standby)")
    }

    // MARK: the adapter's side

    /// Queues `m`; nil when it could not be queued (said once, as a state line).
    @discardableResult
    private func send(_ m: CECMessage) -> UInt32? {
        do {
            let seq = try adapter.transmit(m)
            if let op = m.command.opcode.flatMap(CECOpcode.init(rawValue:)) { inFlight[seq] = op }
            Log.debug("\(label): sending \(m)")
            return seq
        } catch .gone(let path) {
            gone(path)
        } catch .noLogicalAddress {
            isConfigured = false
            say(.sending, .warning, "\(label): no logical address to send \(m.summary) from; waiting for the adapter's next state change")
        } catch {
            say(.sending, .warning, "\(label): cannot send \(m.summary): \(error)")
        }
        return nil
    }

    /// Everything the adapter has for us: messages, transmit results, events (a bounded number
    /// per wake-up; the descriptor is level-triggered, so the rest comes on the next pass).
    private func drain() {
        guard !stopped else { return }
        do throws(CECError) {
            for _ in 0..<64 {
                guard let r = try adapter.receive() else { break }
                handle(r)
                if stopped { return }
            }
            for _ in 0..<16 {
                guard let e = try adapter.nextEvent() else { break }
                handle(e)
                if stopped { return }
            }
        } catch .gone(let path) {
            gone(path)
        } catch {
            // Level-triggered: an error that repeats would wake the loop for ever. The adapter
            // is given up like one that went away (the session may choose one again).
            gone(adapter.path, why: "\(error)")
        }
    }

    private func gone(_ path: String, why: String = "the CEC adapter is gone (unplugged, or its driver unloaded)") {
        say(.state, .warning, "\(label): \(why); CEC stops, the screen goes on")
        stopped = true
        adapter.unwatch()
        onGone?()
    }

    private func handle(_ r: Received) {
        switch r {
        case .transmitted(let seq, let status):
            let op = inFlight.removeValue(forKey: seq)
            if announcing.contains(seq) {
                announced(seq, op ?? .imageViewOn, status)
            } else if op == .standby, !status.contains(.ok) {
                say(.standby, .warning, "\(label): the TV did not acknowledge Standby (\(status))")
            } else if !status.contains(.ok) {
                Log.debug("\(label): \(op.map(\.description) ?? "message \(seq)"): \(status)")
            }
        case .message(let m):
            Log.debug("\(label): received \(m)")
            // The TV speaking after an announcement failed: its CEC is back (switched on, or
            // its setting turned on): try again.
            if m.initiator == .tv, wantsAnnouncement, lastAnnounceFailed, announcing.isEmpty {
                announce()
            }
            guard isConfigured else { return }
            let out = CECResponder.respond(to: m, as: identity, activeSource: isActiveSource)
            if let active = out.activeSource {
                isActiveSource = active
                Log.info(active ? "\(label): \(m.initiator) chose this input: the kiosk is the active source"
                                : "\(label): \(m.summary) from \(m.initiator): another input is shown now")
            }
            for reply in out.replies { send(reply) }
        case .undecodable(let bytes, let error):
            Log.debug("\(label): ignored \(bytes.count) bytes from the bus: \(error)")
        }
    }

    private func handle(_ e: AdapterEvent) {
        switch e {
        case .stateChange(let pa, let mask):
            let la = LogicalAddress.playback.first { mask & (1 << UInt16($0.rawValue)) != 0 }
            let changed = pa != identity.physicalAddress || (la != nil) != isConfigured || (la != nil && la != identity.logicalAddress)
            identity.physicalAddress = pa
            if let la { identity.logicalAddress = la }
            isConfigured = la != nil
            guard changed else { return }
            if let t = claimCheck {
                loop.cancel(t)
                claimCheck = nil
            }
            if !pa.isValid {
                isActiveSource = false
                say(.state, .warning, "\(label): no physical address (the TV is off or unplugged: hot-plug detect low); waiting for it")
            } else if let la {
                say(.state, .info, "\(label): \(la) at \(pa) as \"\(identity.osdName)\"")
                announce()
            } else {
                // Claiming takes a few polls of the bus; say so only if it does not finish.
                claimCheck = loop.after(5) { [weak self] in
                    guard let self, !self.isConfigured, self.identity.physicalAddress.isValid else { return }
                    self.claimCheck = nil
                    self.say(.state, .warning, "\(self.label): at \(pa) but no Playback logical address (4, 8 and 11 taken, or the claim was refused); waiting for a change")
                }
            }
        case .lostMessages(let n):
            Log.debug("\(label): the kernel dropped \(n) CEC messages (its queue was full)")
        case .other:
            break
        }
    }

    /// Logs `line` unless it is the one said last about `topic`.
    private func say(_ topic: Topic, _ level: Log.Level, _ line: String) {
        guard line != lastLines[topic] else { return }
        lastLines[topic] = line
        Log.emit(level, line)
    }

    static func seconds(_ s: Double) -> String {
        s == s.rounded() ? "\(Int(s)) s" : "\(s) s"
    }
}
