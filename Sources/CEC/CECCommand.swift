/// What a CEC message says: its opcode and operands, typed. The encoder (`operands`) and the
/// decoder (`init(opcode:operands:)`) are inverses for every case but `other`, which carries
/// what this program does not read, byte for byte.
public enum CECCommand: Equatable, Sendable {
    /// A header without an opcode: how the kernel claims a logical address (not sent by us).
    case poll
    case featureAbort(opcode: UInt8, reason: AbortReason)
    case imageViewOn
    case textViewOn
    case standby
    case userControlPressed(key: UInt8)
    case userControlReleased
    case giveOSDName
    /// 1–14 ASCII characters.
    case setOSDName(String)
    case routingChange(from: PhysicalAddress, to: PhysicalAddress)
    case routingInformation(PhysicalAddress)
    case activeSource(PhysicalAddress)
    case inactiveSource(PhysicalAddress)
    case requestActiveSource
    case setStreamPath(PhysicalAddress)
    case givePhysicalAddress
    case reportPhysicalAddress(PhysicalAddress, DeviceType)
    case giveDeviceVendorID
    /// An IEEE OUI, 24 bits.
    case deviceVendorID(UInt32)
    case menuRequest(UInt8)
    case menuStatus(MenuState)
    case giveDevicePowerStatus
    case reportPowerStatus(PowerStatus)
    case getCECVersion
    case cecVersion(CECVersion)
    case abort
    case other(opcode: UInt8, operands: [UInt8])

    /// The longest OSD name a Set OSD Name carries (the message's 16 bytes less header and opcode).
    public static let maxOSDName = 14

    /// The opcode byte; nil for a poll.
    public var opcode: UInt8? {
        switch self {
        case .poll: return nil
        case .featureAbort: return CECOpcode.featureAbort.rawValue
        case .imageViewOn: return CECOpcode.imageViewOn.rawValue
        case .textViewOn: return CECOpcode.textViewOn.rawValue
        case .standby: return CECOpcode.standby.rawValue
        case .userControlPressed: return CECOpcode.userControlPressed.rawValue
        case .userControlReleased: return CECOpcode.userControlReleased.rawValue
        case .giveOSDName: return CECOpcode.giveOSDName.rawValue
        case .setOSDName: return CECOpcode.setOSDName.rawValue
        case .routingChange: return CECOpcode.routingChange.rawValue
        case .routingInformation: return CECOpcode.routingInformation.rawValue
        case .activeSource: return CECOpcode.activeSource.rawValue
        case .inactiveSource: return CECOpcode.inactiveSource.rawValue
        case .requestActiveSource: return CECOpcode.requestActiveSource.rawValue
        case .setStreamPath: return CECOpcode.setStreamPath.rawValue
        case .givePhysicalAddress: return CECOpcode.givePhysicalAddress.rawValue
        case .reportPhysicalAddress: return CECOpcode.reportPhysicalAddress.rawValue
        case .giveDeviceVendorID: return CECOpcode.giveDeviceVendorID.rawValue
        case .deviceVendorID: return CECOpcode.deviceVendorID.rawValue
        case .menuRequest: return CECOpcode.menuRequest.rawValue
        case .menuStatus: return CECOpcode.menuStatus.rawValue
        case .giveDevicePowerStatus: return CECOpcode.giveDevicePowerStatus.rawValue
        case .reportPowerStatus: return CECOpcode.reportPowerStatus.rawValue
        case .getCECVersion: return CECOpcode.getCECVersion.rawValue
        case .cecVersion: return CECOpcode.cecVersion.rawValue
        case .abort: return CECOpcode.abort.rawValue
        case .other(let opcode, _): return opcode
        }
    }

    /// The operand bytes after the opcode.
    public var operands: [UInt8] {
        switch self {
        case .featureAbort(let opcode, let reason): return [opcode, reason.rawValue]
        case .userControlPressed(let key): return [key]
        case .setOSDName(let name): return Self.osdBytes(name)
        case .routingChange(let from, let to): return from.bytes + to.bytes
        case .routingInformation(let a), .activeSource(let a), .inactiveSource(let a), .setStreamPath(let a): return a.bytes
        case .reportPhysicalAddress(let a, let type): return a.bytes + [type.rawValue]
        case .deviceVendorID(let id): return [UInt8(id >> 16 & 0xFF), UInt8(id >> 8 & 0xFF), UInt8(id & 0xFF)]
        case .menuRequest(let request): return [request]
        case .menuStatus(let state): return [state.rawValue]
        case .reportPowerStatus(let status): return [status.rawValue]
        case .cecVersion(let version): return [version.rawValue]
        case .other(_, let operands): return operands
        default: return []
        }
    }

    public enum DecodeError: Error, Equatable, CustomStringConvertible {
        /// Fewer operand bytes than the opcode needs.
        case tooShort(opcode: UInt8, operands: Int, needs: Int)

        public var description: String {
            switch self {
            case .tooShort(let opcode, let n, let needs):
                return "\(CECOpcode.name(opcode)) with \(n) operand byte\(n == 1 ? "" : "s") (it needs \(needs))"
            }
        }
    }

    /// Reads `operands` as `opcode` defines them; bytes past what this program reads are
    /// ignored (CEC 2.0 may append operands), too few are an error.
    public init(opcode: UInt8, operands p: [UInt8]) throws(DecodeError) {
        guard let known = CECOpcode(rawValue: opcode) else {
            self = .other(opcode: opcode, operands: p)
            return
        }
        guard p.count >= known.minimumOperands else {
            throw .tooShort(opcode: opcode, operands: p.count, needs: known.minimumOperands)
        }
        func address(_ i: Int) -> PhysicalAddress { PhysicalAddress(p[i], p[i + 1]) }
        switch known {
        case .featureAbort: self = .featureAbort(opcode: p[0], reason: AbortReason(rawValue: p[1]))
        case .imageViewOn: self = .imageViewOn
        case .textViewOn: self = .textViewOn
        case .standby: self = .standby
        case .userControlPressed: self = .userControlPressed(key: p[0])
        case .userControlReleased: self = .userControlReleased
        case .giveOSDName: self = .giveOSDName
        case .setOSDName: self = .setOSDName(Self.osdText(p.prefix(Self.maxOSDName)))
        case .routingChange: self = .routingChange(from: address(0), to: address(2))
        case .routingInformation: self = .routingInformation(address(0))
        case .activeSource: self = .activeSource(address(0))
        case .inactiveSource: self = .inactiveSource(address(0))
        case .requestActiveSource: self = .requestActiveSource
        case .setStreamPath: self = .setStreamPath(address(0))
        case .givePhysicalAddress: self = .givePhysicalAddress
        case .reportPhysicalAddress: self = .reportPhysicalAddress(address(0), DeviceType(rawValue: p[2]))
        case .giveDeviceVendorID: self = .giveDeviceVendorID
        case .deviceVendorID: self = .deviceVendorID(UInt32(p[0]) << 16 | UInt32(p[1]) << 8 | UInt32(p[2]))
        case .menuRequest: self = .menuRequest(p[0])
        case .menuStatus: self = .menuStatus(MenuState(rawValue: p[0]))
        case .giveDevicePowerStatus: self = .giveDevicePowerStatus
        case .reportPowerStatus: self = .reportPowerStatus(PowerStatus(rawValue: p[0]))
        case .getCECVersion: self = .getCECVersion
        case .cecVersion: self = .cecVersion(CECVersion(rawValue: p[0]))
        case .abort: self = .abort
        }
    }

    /// An OSD name as the bus carries it: printable ASCII, at most 14 bytes; anything else
    /// becomes "?" (the field has no encoding for it).
    static func osdBytes(_ name: String) -> [UInt8] {
        Array(name.unicodeScalars.prefix(maxOSDName).map { (0x20...0x7E).contains($0.value) ? UInt8($0.value) : UInt8(ascii: "?") })
    }

    /// A received OSD name: printable ASCII kept, anything else "?" (it is outside text: a
    /// device on the bus may send any byte).
    static func osdText<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        String(decoding: bytes.map { (0x20...0x7E).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }
}
