/// One CEC message as it travels: the header byte (initiator in the high nibble, destination
/// in the low; 15 as destination is broadcast), then the opcode and its operands, 16 bytes at
/// most (CEC 1.4 §6). `bytes` encodes it; `init(bytes:)` decodes what the kernel received.
public struct CECMessage: Equatable, Sendable, CustomStringConvertible {
    public static let maxLength = 16

    public var initiator: LogicalAddress
    public var destination: LogicalAddress
    public var command: CECCommand

    public init(from initiator: LogicalAddress, to destination: LogicalAddress, _ command: CECCommand) {
        self.initiator = initiator
        self.destination = destination
        self.command = command
    }

    public var isBroadcast: Bool { destination == .broadcast }

    public enum DecodeError: Error, Equatable, CustomStringConvertible {
        case empty
        case tooLong(Int)
        case operands(CECCommand.DecodeError)

        public var description: String {
            switch self {
            case .empty: return "an empty message"
            case .tooLong(let n): return "a message of \(n) bytes (at most \(CECMessage.maxLength))"
            case .operands(let e): return e.description
            }
        }
    }

    public init(bytes: [UInt8]) throws(DecodeError) {
        guard let header = bytes.first else { throw .empty }
        guard bytes.count <= Self.maxLength else { throw .tooLong(bytes.count) }
        initiator = LogicalAddress(header >> 4)
        destination = LogicalAddress(header & 0x0F)
        guard bytes.count > 1 else {
            command = .poll
            return
        }
        do {
            command = try CECCommand(opcode: bytes[1], operands: Array(bytes[2...]))
        } catch {
            throw .operands(error)
        }
    }

    /// The bytes on the bus. An operand list longer than the message can hold is cut at 16
    /// bytes (only `other` can carry one; every typed command fits).
    public var bytes: [UInt8] {
        var b = [initiator.rawValue << 4 | destination.rawValue]
        if let opcode = command.opcode { b.append(opcode) }
        b += command.operands
        return Array(b.prefix(Self.maxLength))
    }

    /// Whether it is addressed as its opcode requires: Active Source is broadcast, Give OSD Name
    /// directed, and so on. The specification asks a follower to ignore one that is not.
    public var isAddressedProperly: Bool {
        guard let opcode = command.opcode, let known = CECOpcode(rawValue: opcode) else { return true }
        switch known.addressing {
        case .directed: return !isBroadcast
        case .broadcast: return isBroadcast
        case .either: return true
        }
    }

    /// "Playback 1 (4) → TV (0): Active Source 1.0.0.0" for the log.
    public var description: String {
        let to = isBroadcast ? "all" : destination.description
        return "\(initiator) → \(to): \(summary)"
    }

    /// The command alone: "Active Source 1.0.0.0", "Set OSD Name \"QuizKiosk\"".
    public var summary: String {
        let name = command.opcode.map(CECOpcode.name) ?? "Poll"
        switch command {
        case .featureAbort(let opcode, let reason): return "\(name) of \(CECOpcode.name(opcode)): \(reason)"
        case .setOSDName(let osd): return "\(name) \"\(osd)\""
        case .routingChange(let from, let to): return "\(name) \(from) → \(to)"
        case .routingInformation(let a), .activeSource(let a), .inactiveSource(let a), .setStreamPath(let a): return "\(name) \(a)"
        case .reportPhysicalAddress(let a, let type): return "\(name) \(a) (\(type))"
        case .deviceVendorID(let id): return "\(name) \(VendorID.name(id))"
        case .reportPowerStatus(let status): return "\(name): \(status)"
        case .cecVersion(let v): return "\(name) \(v)"
        case .userControlPressed(let key): return "\(name) 0x\(String(key, radix: 16))"
        case .other(_, let operands) where !operands.isEmpty:
            return name + " " + operands.map { String($0, radix: 16) }.joined(separator: ":")
        default: return name
        }
    }
}
