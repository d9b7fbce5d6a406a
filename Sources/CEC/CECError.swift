import Glibc
import Platform

/// What can go wrong with a CEC adapter, each as the line a person needs. The kernel's errno
/// is turned into one of these once, where the ioctl failed (`CECError(_:path:)`).
public enum CECError: Error, Equatable, CustomStringConvertible {
    case noSuchAdapter(path: String)
    case permissionDenied(path: String)
    /// The adapter is gone (a USB adapter pulled, its driver unbound): ENODEV.
    case gone(path: String)
    /// Another program holds the adapter exclusively, or its logical addresses are being
    /// claimed or were claimed by someone else: EBUSY.
    case busy(path: String, what: String)
    /// A message cannot be sent without a logical address (none claimed yet): ENONET.
    case noLogicalAddress(path: String)
    /// Not a CEC adapter (ENOTTY from its first ioctl).
    case notAnAdapter(path: String)
    case system(path: String, SystemError)

    public init(_ e: SystemError, path: String, what: String = "") {
        switch e.errno {
        case ENOENT: self = .noSuchAdapter(path: path)
        case EACCES, EPERM: self = .permissionDenied(path: path)
        case ENODEV, ENXIO: self = .gone(path: path)
        case EBUSY: self = .busy(path: path, what: what.isEmpty ? e.function : what)
        case ENONET: self = .noLogicalAddress(path: path)
        case ENOTTY: self = .notAnAdapter(path: path)
        default: self = .system(path: path, e)
        }
    }

    public var description: String {
        switch self {
        case .noSuchAdapter(let path):
            return "\(path): no such CEC adapter (the adapters this machine has are /dev/cec*)"
        case .permissionDenied(let path):
            return "\(path): permission denied: CEC adapters are root's unless a udev rule gives them to a group (SUBSYSTEM==\"cec\", GROUP=\"video\", MODE=\"0660\"; the user in video)"
        case .gone(let path):
            return "\(path): the CEC adapter is gone (unplugged, or its driver unloaded)"
        case .busy(let path, let what):
            return "\(path): busy (\(what)): another program is using the CEC adapter"
        case .noLogicalAddress(let path):
            return "\(path): no logical address claimed yet"
        case .notAnAdapter(let path):
            return "\(path): not a CEC adapter"
        case .system(let path, let e):
            return "\(path): \(e.message) (\(e.function))"
        }
    }
}
