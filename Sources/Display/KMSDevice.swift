import Pixels

/// The seam between the display logic and a DRM card: `DRMCard` is the real one; tests use a
/// fake that records what was set. Everything the manager, outputs and restore logic do to a
/// card goes through here.
public protocol KMSDevice: AnyObject {
    /// "/dev/dri/card0"
    var path: String { get }
    /// The mode-setting protocol chosen once when the card was opened (atomic or legacy).
    var modeSetter: ModeSetter { get }
    /// Connectors (probed: a hotplug rescan needs fresh status and modes), CRTCs, encoders, planes.
    func probe() throws(DisplayError) -> CardSnapshot
    /// What one CRTC shows now.
    func crtc(_ id: UInt32) throws(DisplayError) -> CrtcInfo
    /// Puts a CRTC configuration back as it was saved (legacy SetCrtc: it restores a state read
    /// with GETCRTC, whatever protocol drove the card meanwhile).
    func setCrtc(_ crtc: CrtcInfo, connectors: [UInt32]) throws(DisplayError)
    /// A buffer the CRTC can scan out, XRGB8888, mapped for drawing.
    func makeBuffer(width: Int, height: Int) throws(DisplayError) -> ScanoutBuffer
    /// Readable when page-flip events are waiting (-1: events come some other way, e.g. a fake).
    var eventFD: Int32 { get }
    /// Reads waiting events and reports each completed flip (or non-blocking mode set) by the
    /// token its output gave the request: an event that comes late names the flip it was for,
    /// never whichever output uses that CRTC now. With it, the vblank at which the frame went on
    /// screen, in CLOCK_MONOTONIC seconds (the kernel's timestamp; nil when it gives none in
    /// that clock): the next frame is drawn for one refresh interval after it.
    func dispatchEvents(_ flipCompleted: (UInt64, Double?) -> Void)
    /// Waits up to `timeout` seconds for flips in flight to complete (before a restore).
    func waitForPendingFlips(timeout: Double)
    /// Whether we may set modes now (we are DRM master).
    func isMaster() -> Bool
    /// Gives up DRM master so another program (or the console) can take the screen.
    func dropMaster()
    /// Takes DRM master back once no one else holds it; false while someone does.
    func acquireMaster() -> Bool
}

/// A framebuffer registered with the card, its pixels mapped as a canvas.
public protocol ScanoutBuffer: AnyObject {
    var bufferID: UInt32 { get }
    var canvas: Canvas { get }
}

/// One output's hardware path: connector ← CRTC ← primary plane, and its mode.
public struct HeadConfig: Equatable, Sendable {
    public var connectorID: UInt32
    public var connectorName: String
    public var crtcID: UInt32
    public var crtcIndex: Int
    /// 0 for legacy, which addresses the primary plane through the CRTC.
    public var planeID: UInt32
    public var mode: Mode

    public init(connectorID: UInt32, connectorName: String, crtcID: UInt32, crtcIndex: Int, planeID: UInt32, mode: Mode) {
        self.connectorID = connectorID
        self.connectorName = connectorName
        self.crtcID = crtcID
        self.crtcIndex = crtcIndex
        self.planeID = planeID
        self.mode = mode
    }
}

/// A head as planned, with what its commits need from the probe that planned it: every
/// object's property ids (resolved then, never looked up per commit) and values (who else is
/// on the CRTC, which planes feed the CRTC the connector leaves), and the signal properties of
/// its first commit.
public struct HeadSetup: Sendable {
    public var head: HeadConfig
    public var snapshot: CardSnapshot
    /// Set in the mode-setting commit: max bpc, colour reset, Broadcast RGB, content type, underscan.
    public var properties: [PropertyValue]
    /// The percentage of each edge the scene should keep free (the overscan decision).
    public var safeAreaPercent: Double

    public init(head: HeadConfig, snapshot: CardSnapshot, properties: [PropertyValue] = [], safeAreaPercent: Double = 0) {
        self.head = head
        self.snapshot = snapshot
        self.properties = properties
        self.safeAreaPercent = safeAreaPercent
    }

    public var connector: ConnectorInfo? { snapshot.connector(id: head.connectorID) }
    public var crtc: CrtcInfo? { snapshot.crtc(id: head.crtcID) }
    public var plane: PlaneInfo? { snapshot.planes.first { $0.id == head.planeID } }
}

/// Atomic KMS or legacy SetCrtc + PageFlip: one interface, two implementations, chosen once
/// at start (wlroots' shape). Callers never ask which one they have except to log it.
public protocol ModeSetter: AnyObject {
    /// "atomic" or "legacy", for log lines.
    var kind: String { get }
    /// Whether a head needs a primary plane id (atomic addresses planes; legacy does not).
    var needsPlanes: Bool { get }
    /// Lights the head up showing `buffer`, with the setup's properties. Returns true when the
    /// commit was queued and its completion comes as an event carrying `token` (atomic,
    /// non-blocking: a driver that takes seconds to train a link does not stall the loop);
    /// false when the call returned with the picture up (legacy SetCrtc). A mode the driver
    /// refuses in its test-only check throws `.modeRefused`.
    func enable(_ setup: HeadSetup, buffer: UInt32, token: UInt64) throws(DisplayError) -> Bool
    /// Queues `buffer` for the next vblank; the card reports completion with `token`.
    func flip(_ setup: HeadSetup, buffer: UInt32, token: UInt64) throws(DisplayError)
    /// Turns the head off and detaches the connector from its CRTC.
    func disable(_ setup: HeadSetup) throws(DisplayError)
}
