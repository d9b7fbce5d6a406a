/// What a DRM card looks like at one moment: its connectors (with status, modes, EDID), CRTCs
/// (with what they show now), encoders and planes. Plain values, so the choice of connector,
/// CRTC and mode, and the hotplug rescan, are pure functions testable against made-up cards.
public struct CardSnapshot: Equatable, Sendable {
    public var connectors: [ConnectorInfo]
    public var crtcs: [CrtcInfo]
    public var encoders: [EncoderInfo]
    /// Empty unless the card was probed with universal planes (atomic).
    public var planes: [PlaneInfo]

    public init(connectors: [ConnectorInfo], crtcs: [CrtcInfo], encoders: [EncoderInfo], planes: [PlaneInfo] = []) {
        self.connectors = connectors
        self.crtcs = crtcs
        self.encoders = encoders
        self.planes = planes
    }

    public func connector(named name: String) -> ConnectorInfo? { connectors.first { $0.name == name } }
    public func connector(id: UInt32) -> ConnectorInfo? { connectors.first { $0.id == id } }
    public func crtc(id: UInt32) -> CrtcInfo? { crtcs.first { $0.id == id } }
    public func encoder(id: UInt32) -> EncoderInfo? { encoders.first { $0.id == id } }

    /// The CRTC driving a connector now, if any (through its current encoder).
    public func currentCrtc(of c: ConnectorInfo) -> CrtcInfo? {
        guard let e = encoder(id: c.encoderID), e.crtcID != 0 else { return nil }
        return crtc(id: e.crtcID)
    }

    /// The connectors a CRTC drives now.
    public func connectors(drivenBy crtcID: UInt32) -> [UInt32] {
        connectors.filter { c in encoder(id: c.encoderID)?.crtcID == crtcID }.map(\.id)
    }

    /// CRTC indices (bits of possible_crtcs) that can drive a connector through any of its encoders.
    public func possibleCrtcMask(of c: ConnectorInfo) -> UInt32 {
        c.encoderIDs.compactMap { encoder(id: $0)?.possibleCrtcs }.reduce(0, |)
    }

    /// The primary planes that can feed the CRTC at `index`.
    public func primaryPlanes(forCrtcIndex index: Int) -> [PlaneInfo] {
        planes.filter { $0.type == .primary && ($0.possibleCrtcs >> UInt32(index)) & 1 == 1 }
    }
}

public struct ConnectorInfo: Equatable, Sendable {
    public enum Status: String, Sendable {
        case connected, disconnected, unknown
    }
    public enum LinkStatus: String, Sendable {
        case good, bad
    }

    public var id: UInt32
    public var type: UInt32
    public var typeIndex: UInt32
    public var status: Status
    /// The kernel's order; `ModeRequest.listingOrder` puts the preferred one first.
    public var modes: [Mode]
    public var encoderIDs: [UInt32]
    /// The encoder in use now (0: none).
    public var encoderID: UInt32
    public var widthMM: Int
    public var heightMM: Int
    public var edid: [UInt8]
    public var linkStatus: LinkStatus
    /// Its properties (ids, enum values, ranges) and their values when probed.
    public var properties: ObjectProperties

    public init(id: UInt32, type: UInt32, typeIndex: UInt32, status: Status, modes: [Mode], encoderIDs: [UInt32],
                encoderID: UInt32 = 0, widthMM: Int = 0, heightMM: Int = 0, edid: [UInt8] = [], linkStatus: LinkStatus = .good,
                properties: ObjectProperties = ObjectProperties()) {
        self.id = id
        self.type = type
        self.typeIndex = typeIndex
        self.status = status
        self.modes = modes
        self.encoderIDs = encoderIDs
        self.encoderID = encoderID
        self.widthMM = widthMM
        self.heightMM = heightMM
        self.edid = edid
        self.linkStatus = linkStatus
        self.properties = properties
    }

    /// "HDMI-A-1": the kernel's name for it.
    public var name: String { ConnectorType.connectorName(type: type, index: typeIndex) }
    public var isBuiltIn: Bool { ConnectorType.isBuiltIn(type) }
    public var isDisplay: Bool { ConnectorType.isDisplay(type) }
    /// Connected with at least one mode: something we can show a picture on.
    public var isUsable: Bool { status == .connected && !modes.isEmpty && isDisplay }
}

public struct CrtcInfo: Equatable, Sendable {
    public var id: UInt32
    /// Position in the card's CRTC list: the bit in an encoder's/plane's possible_crtcs.
    public var index: Int
    /// The framebuffer shown now (0: off).
    public var bufferID: UInt32
    public var x: UInt32
    public var y: UInt32
    public var mode: Mode?
    /// Filled by a probe (empty from a single GETCRTC: what restore and health checks read).
    public var properties: ObjectProperties

    public init(id: UInt32, index: Int, bufferID: UInt32 = 0, x: UInt32 = 0, y: UInt32 = 0, mode: Mode? = nil,
                properties: ObjectProperties = ObjectProperties()) {
        self.id = id
        self.index = index
        self.bufferID = bufferID
        self.x = x
        self.y = y
        self.mode = mode
        self.properties = properties
    }
}

public struct EncoderInfo: Equatable, Sendable {
    public var id: UInt32
    public var crtcID: UInt32
    public var possibleCrtcs: UInt32

    public init(id: UInt32, crtcID: UInt32 = 0, possibleCrtcs: UInt32) {
        self.id = id
        self.crtcID = crtcID
        self.possibleCrtcs = possibleCrtcs
    }
}

public struct PlaneInfo: Equatable, Sendable {
    public enum Kind: Sendable { case overlay, primary, cursor }
    public var id: UInt32
    public var possibleCrtcs: UInt32
    public var type: Kind
    public var properties: ObjectProperties

    public init(id: UInt32, possibleCrtcs: UInt32, type: Kind, properties: ObjectProperties = ObjectProperties()) {
        self.id = id
        self.possibleCrtcs = possibleCrtcs
        self.type = type
        self.properties = properties
    }
}
