/// The opcodes this program sends, answers or names in its log (linux/cec.h has them all;
/// the numbers are the CEC specification's). Others travel as a raw byte (`CECCommand.other`).
public enum CECOpcode: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    case featureAbort = 0x00
    case imageViewOn = 0x04
    case textViewOn = 0x0D
    case standby = 0x36
    case userControlPressed = 0x44
    case userControlReleased = 0x45
    case giveOSDName = 0x46
    case setOSDName = 0x47
    case routingChange = 0x80
    case routingInformation = 0x81
    case activeSource = 0x82
    case givePhysicalAddress = 0x83
    case reportPhysicalAddress = 0x84
    case requestActiveSource = 0x85
    case setStreamPath = 0x86
    case deviceVendorID = 0x87
    case giveDeviceVendorID = 0x8C
    case menuRequest = 0x8D
    case menuStatus = 0x8E
    case giveDevicePowerStatus = 0x8F
    case reportPowerStatus = 0x90
    case inactiveSource = 0x9D
    case cecVersion = 0x9E
    case getCECVersion = 0x9F
    case abort = 0xFF

    /// How a message with this opcode must be addressed (CEC 1.4 table 26 with 2.0's changes);
    /// one that arrives addressed otherwise is ignored, as the specification asks.
    public enum Addressing: Sendable {
        case directed, broadcast, either
    }

    public var addressing: Addressing {
        switch self {
        case .activeSource, .reportPhysicalAddress, .requestActiveSource, .setStreamPath, .deviceVendorID,
             .routingChange, .routingInformation:
            return .broadcast
        // CEC 2.0 lets a device broadcast its power status changes.
        case .standby, .reportPowerStatus:
            return .either
        default:
            return .directed
        }
    }

    /// Operand bytes the message must at least carry (longer messages are read as far as
    /// this program understands them: CEC 2.0 may add operands at the end).
    public var minimumOperands: Int {
        switch self {
        case .routingChange: return 4
        case .reportPhysicalAddress, .deviceVendorID: return 3
        case .featureAbort, .activeSource, .inactiveSource, .routingInformation, .setStreamPath: return 2
        case .userControlPressed, .menuRequest, .menuStatus, .reportPowerStatus, .cecVersion, .setOSDName: return 1
        default: return 0
        }
    }

    public var description: String {
        switch self {
        case .featureAbort: return "Feature Abort"
        case .imageViewOn: return "Image View On"
        case .textViewOn: return "Text View On"
        case .standby: return "Standby"
        case .userControlPressed: return "User Control Pressed"
        case .userControlReleased: return "User Control Released"
        case .giveOSDName: return "Give OSD Name"
        case .setOSDName: return "Set OSD Name"
        case .routingChange: return "Routing Change"
        case .routingInformation: return "Routing Information"
        case .activeSource: return "Active Source"
        case .givePhysicalAddress: return "Give Physical Address"
        case .reportPhysicalAddress: return "Report Physical Address"
        case .requestActiveSource: return "Request Active Source"
        case .setStreamPath: return "Set Stream Path"
        case .deviceVendorID: return "Device Vendor ID"
        case .giveDeviceVendorID: return "Give Device Vendor ID"
        case .menuRequest: return "Menu Request"
        case .menuStatus: return "Menu Status"
        case .giveDevicePowerStatus: return "Give Device Power Status"
        case .reportPowerStatus: return "Report Power Status"
        case .inactiveSource: return "Inactive Source"
        case .cecVersion: return "CEC Version"
        case .getCECVersion: return "Get CEC Version"
        case .abort: return "Abort"
        }
    }

    /// The name of any opcode byte: this enum's, else its hex value.
    public static func name(_ byte: UInt8) -> String {
        CECOpcode(rawValue: byte)?.description ?? "opcode 0x" + String(byte, radix: 16, uppercase: true)
    }
}
