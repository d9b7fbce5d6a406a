import Platform

/// What an adapter says about itself (CEC_ADAP_G_CAPS, _G_PHYS_ADDR, _G_LOG_ADDRS,
/// _G_CONNECTOR_INFO).
public struct AdapterInfo: Equatable, Sendable {
    public struct Capabilities: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Userspace sets the physical address (USB adapters; an HDMI driver sets it itself).
        public static let physicalAddress = Capabilities(rawValue: 1 << 0)
        public static let logicalAddresses = Capabilities(rawValue: 1 << 1)
        public static let transmit = Capabilities(rawValue: 1 << 2)
        public static let passthrough = Capabilities(rawValue: 1 << 3)
        public static let remoteControl = Capabilities(rawValue: 1 << 4)
        public static let monitorAll = Capabilities(rawValue: 1 << 5)
        public static let needsHPD = Capabilities(rawValue: 1 << 6)
        public static let monitorPin = Capabilities(rawValue: 1 << 7)
        public static let connectorInfo = Capabilities(rawValue: 1 << 8)
    }

    /// The DRM connector an HDMI driver says the adapter belongs to.
    public struct Connector: Equatable, Sendable {
        public var card: Int
        public var connectorID: UInt32
        public init(card: Int, connectorID: UInt32) {
            self.card = card
            self.connectorID = connectorID
        }
    }

    public var path: String
    public var driver: String
    public var name: String
    public var capabilities: Capabilities
    public var physicalAddress: PhysicalAddress
    /// The logical addresses claimed now (empty while unconfigured or still claiming).
    public var logicalAddresses: [LogicalAddress]
    /// What was asked for: the types of the addresses to claim (CEC_LOG_ADDR_TYPE_*; empty
    /// when nobody configured the adapter) and the OSD name given with them.
    public var requestedTypes: [UInt8]
    public var osdName: String
    public var connector: Connector?

    public init(path: String, driver: String = "", name: String = "", capabilities: Capabilities = [.logicalAddresses, .transmit],
                physicalAddress: PhysicalAddress = .invalid, logicalAddresses: [LogicalAddress] = [], requestedTypes: [UInt8] = [],
                osdName: String = "", connector: Connector? = nil) {
        self.path = path
        self.driver = driver
        self.name = name
        self.capabilities = capabilities
        self.physicalAddress = physicalAddress
        self.logicalAddresses = logicalAddresses
        self.requestedTypes = requestedTypes
        self.osdName = osdName
        self.connector = connector
    }

    /// CEC_LOG_ADDR_TYPE_TV and _PLAYBACK.
    public static let typeTV: UInt8 = 0
    public static let typePlayback: UInt8 = 3

    /// The TV's side of a bus: an adapter at the root of the HDMI tree, or one configured as a
    /// TV (cec-follower emulating one, or a capture card's receiver). Never the kiosk's.
    public var isTVSide: Bool {
        physicalAddress == .root || logicalAddresses.contains(.tv) || requestedTypes.contains(Self.typeTV)
    }

    /// "/dev/cec1 (vivid-000-vid-out0)".
    public var label: String { name.isEmpty ? path : "\(path) (\(name))" }
}

/// Transmit status bits of a finished transmit (CEC_TX_STATUS_*).
public struct TransmitStatus: OptionSet, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let ok = TransmitStatus(rawValue: 1 << 0)
    public static let arbitrationLost = TransmitStatus(rawValue: 1 << 1)
    /// Not acknowledged: no device has the destination address (or its CEC is off).
    public static let nack = TransmitStatus(rawValue: 1 << 2)
    public static let lowDrive = TransmitStatus(rawValue: 1 << 3)
    public static let error = TransmitStatus(rawValue: 1 << 4)
    public static let maxRetries = TransmitStatus(rawValue: 1 << 5)
    public static let aborted = TransmitStatus(rawValue: 1 << 6)
    public static let timeout = TransmitStatus(rawValue: 1 << 7)

    public var description: String {
        if contains(.ok) { return "acknowledged" }
        if contains(.nack) { return "not acknowledged" }
        if contains(.arbitrationLost) { return "lost arbitration" }
        if contains(.lowDrive) { return "the bus was held low" }
        if contains(.timeout) { return "timed out" }
        if contains(.aborted) { return "aborted (the adapter was reconfigured)" }
        return "failed (status 0x\(String(rawValue, radix: 16)))"
    }
}

/// What CEC_RECEIVE hands over: a message from the bus, or how one of ours went.
public enum Received: Equatable, Sendable {
    case message(CECMessage)
    case transmitted(sequence: UInt32, TransmitStatus)
    /// Bytes from the bus that are no valid message (logged, ignored).
    case undecodable([UInt8], CECMessage.DecodeError)
}

/// CEC_DQEVENT's events.
public enum AdapterEvent: Equatable, Sendable {
    /// The physical address or the claimed logical addresses changed (a TV switched on or
    /// off, a cable plugged, a claim finished).
    case stateChange(PhysicalAddress, logicalAddressMask: UInt16)
    /// The kernel's queue of received messages overflowed.
    case lostMessages(Int)
    case other(UInt32)
}

/// One CEC adapter as the controller uses it: `CECDevice` is the kernel's, tests give a fake.
/// Everything returns at once (the device's descriptor is non-blocking): a claim's outcome
/// comes as an event, a transmit's as a `Received.transmitted` with its sequence number.
public protocol CECAdapter: AnyObject {
    var path: String { get }
    func info() throws(CECError) -> AdapterInfo
    /// Only for an adapter with `Capabilities.physicalAddress`.
    func setPhysicalAddress(_ address: PhysicalAddress) throws(CECError)
    /// Starts claiming a logical address of this identity's device type.
    func claim(_ identity: CECIdentity) throws(CECError)
    func clearLogicalAddresses() throws(CECError)
    /// Queues a message; returns the sequence number its result will carry.
    func transmit(_ message: CECMessage) throws(CECError) -> UInt32
    /// The next received message or transmit result; nil when none is waiting.
    func receive() throws(CECError) -> Received?
    /// The next event; nil when none is waiting.
    func nextEvent() throws(CECError) -> AdapterEvent?
    /// Calls `ready` on the loop whenever `receive` or `nextEvent` has something.
    func watch(on loop: EventLoop, _ ready: @escaping () -> Void)
    func unwatch()
    /// Sends one message and waits (at most about a second) for it to go out: the way out of
    /// the program, where nothing else is left to do.
    func transmitAndWait(_ message: CECMessage) throws(CECError) -> TransmitStatus
}
