/// The small operands of the messages this program handles. Each keeps the byte it came as,
/// so a value a later CEC version adds is carried and printed, never refused.

/// [Power Status]: what Report Power Status says.
public struct PowerStatus: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let on = PowerStatus(rawValue: 0)
    public static let standby = PowerStatus(rawValue: 1)
    public static let goingOn = PowerStatus(rawValue: 2)
    public static let goingStandby = PowerStatus(rawValue: 3)

    public var description: String {
        switch rawValue {
        case 0: return "on"
        case 1: return "standby"
        case 2: return "in transition from standby to on"
        case 3: return "in transition from on to standby"
        default: return "power status \(rawValue)"
        }
    }
}

/// [Primary Device Type]: what Report Physical Address says a device is.
public struct DeviceType: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let tv = DeviceType(rawValue: 0)
    public static let recording = DeviceType(rawValue: 1)
    public static let tuner = DeviceType(rawValue: 3)
    public static let playback = DeviceType(rawValue: 4)
    public static let audioSystem = DeviceType(rawValue: 5)

    public var description: String {
        switch rawValue {
        case 0: return "TV"
        case 1: return "recording device"
        case 3: return "tuner"
        case 4: return "playback device"
        case 5: return "audio system"
        case 6: return "switch"
        case 7: return "processor"
        default: return "device type \(rawValue)"
        }
    }
}

/// [Abort Reason]: why Feature Abort refused a message.
public struct AbortReason: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let unrecognizedOpcode = AbortReason(rawValue: 0)
    public static let notInCorrectMode = AbortReason(rawValue: 1)
    public static let cannotProvideSource = AbortReason(rawValue: 2)
    public static let invalidOperand = AbortReason(rawValue: 3)
    public static let refused = AbortReason(rawValue: 4)
    public static let unableToDetermine = AbortReason(rawValue: 5)

    public var description: String {
        switch rawValue {
        case 0: return "unrecognized opcode"
        case 1: return "not in correct mode to respond"
        case 2: return "cannot provide source"
        case 3: return "invalid operand"
        case 4: return "refused"
        case 5: return "unable to determine"
        default: return "reason \(rawValue)"
        }
    }
}

/// [CEC Version] as Get CEC Version is answered (and `cec_log_addrs.cec_version`).
public struct CECVersion: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let v1_4 = CECVersion(rawValue: 5)
    public static let v2_0 = CECVersion(rawValue: 6)

    public var description: String {
        switch rawValue {
        case 4: return "1.3a"
        case 5: return "1.4"
        case 6: return "2.0"
        default: return "version \(rawValue)"
        }
    }
}

/// [Menu State] of Menu Status.
public struct MenuState: Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let activated = MenuState(rawValue: 0)
    public static let deactivated = MenuState(rawValue: 1)
}
