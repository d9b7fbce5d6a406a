/// Who this box is on the bus: what it answers when asked, and what it claims. A Playback
/// device (the category of a media player: the TV lists it among its sources) named
/// "QuizKiosk", CEC 1.4 (what every TV of the last fifteen years speaks), no vendor ID
/// (it has no IEEE OUI of its own).
public struct CECIdentity: Equatable, Sendable {
    public static let defaultOSDName = "QuizKiosk"

    public var logicalAddress: LogicalAddress
    public var physicalAddress: PhysicalAddress
    public var osdName: String
    public var deviceType: DeviceType
    public var version: CECVersion
    public var vendorID: UInt32?
    /// A kiosk is on while it runs: it shows the quiz.
    public var powerStatus: PowerStatus

    public init(logicalAddress: LogicalAddress = .playback1, physicalAddress: PhysicalAddress = .invalid,
                osdName: String = defaultOSDName, deviceType: DeviceType = .playback, version: CECVersion = .v1_4,
                vendorID: UInt32? = nil, powerStatus: PowerStatus = .on) {
        self.logicalAddress = logicalAddress
        self.physicalAddress = physicalAddress
        self.osdName = osdName
        self.deviceType = deviceType
        self.version = version
        self.vendorID = vendorID
        self.powerStatus = powerStatus
    }
}
