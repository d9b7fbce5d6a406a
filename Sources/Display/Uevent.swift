import Glibc

/// One kernel uevent as it arrives on a NETLINK_KOBJECT_UEVENT socket: "ACTION@DEVPATH", then
/// KEY=VALUE strings, all NUL-separated. Only what the display code needs is kept.
public struct Uevent: Equatable, Sendable {
    public let action: String
    public let devpath: String
    public let fields: [String: String]

    public init(action: String, devpath: String, fields: [String: String]) {
        self.action = action
        self.devpath = devpath
        self.fields = fields
    }

    /// nil for what is not a kernel uevent (libudev's re-broadcasts start with "libudev").
    public init?(parsing bytes: [UInt8]) {
        let parts = bytes.split(separator: 0, omittingEmptySubsequences: true).map { String(decoding: $0, as: UTF8.self) }
        guard let header = parts.first, let at = header.firstIndex(of: "@") else { return nil }
        action = String(header[..<at])
        devpath = String(header[header.index(after: at)...])
        var f: [String: String] = [:]
        for p in parts.dropFirst() {
            guard let eq = p.firstIndex(of: "=") else { continue }
            f[String(p[..<eq])] = String(p[p.index(after: eq)...])
        }
        fields = f
    }

    public var subsystem: String? { fields["SUBSYSTEM"] }
    /// "dri/card0"
    public var devname: String? { fields["DEVNAME"] }

    /// A DRM hotplug: a display came, went or changed (kernel's drm_sysfs_hotplug_event).
    public var isDRMHotplug: Bool { subsystem == "drm" && fields["HOTPLUG"] == "1" }

    /// The connector the event is about, when the kernel says (5.15+ for some drivers).
    public var connectorID: UInt32? { fields["CONNECTOR"].flatMap { UInt32($0) } }

    /// Whether the event is about the card at `path` ("/dev/dri/card0", or a link to it such
    /// as /dev/dri/by-path/…-card, resolved first); events without a DEVNAME are taken to concern
    /// every card.
    public func concerns(cardPath path: String) -> Bool {
        guard let d = devname else { return true }
        return Self.resolved(path).hasSuffix("/" + d)
    }

    static func resolved(_ path: String) -> String {
        guard let r = realpath(path, nil) else { return path }
        defer { free(r) }
        return String(cString: r)
    }

    /// One line for logs and `displays --watch`.
    public var summary: String {
        var s = "\(action) \(devname ?? devpath)"
        for key in ["HOTPLUG", "CONNECTOR", "PROPERTY", "LEASE"] where fields[key] != nil {
            s += " \(key)=\(fields[key] ?? "")"
        }
        return s
    }
}
