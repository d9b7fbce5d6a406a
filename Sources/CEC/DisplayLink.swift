/// The display a CEC adapter should belong to: the connector `run` drives and what its EDID
/// says (the CEC physical address from the HDMI vendor block). Filled in by the command line
/// from the display side, so this module needs no DRM.
public struct DisplayLink: Equatable, Sendable {
    public var connectorName: String
    /// The DRM card's number (card0 → 0) and the connector's object ID.
    public var card: Int?
    public var connectorID: UInt32?
    /// The EDID's CEC physical address; nil when the EDID has none (not HDMI, or no EDID).
    public var physicalAddress: PhysicalAddress?

    public init(connectorName: String, card: Int? = nil, connectorID: UInt32? = nil, physicalAddress: PhysicalAddress? = nil) {
        self.connectorName = connectorName
        self.card = card
        self.connectorID = connectorID
        self.physicalAddress = physicalAddress
    }
}
