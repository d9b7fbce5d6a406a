import Glibc
import Platform

/// The DRM cards of this machine as `CardChoice` needs them, read from sysfs only: which kernel
/// driver each is bound to, `boot_vga`, and whether a connector reports a display. Nothing is
/// opened, so listing never takes DRM master nor makes a driver probe its connectors, and it
/// works for a user the card's node does not admit yet (udev sets the node's group a moment
/// after the kernel announces it).
public enum CardInventory {
    /// - Parameters:
    ///   - devices: where the card nodes are (/dev/dri).
    ///   - sysfs: the DRM class folder (/sys/class/drm); tests pass a folder they made.
    public static func cards(devices: String = "/dev/dri", sysfs: String = "/sys/class/drm") -> [CardCandidate] {
        DeviceList.cards(in: devices).map { path in
            let name = String(path.split(separator: "/").last ?? "")
            return candidate(path: path, sysfs: sysfs + "/" + name, connectors: connectorFolders(of: name, in: sysfs))
        }
    }

    static func candidate(path: String, sysfs card: String, connectors: [String]) -> CardCandidate {
        CardCandidate(path: path, driver: link(card + "/device/driver").map(basename),
                      bootVGA: text(card + "/device/boot_vga") == "1",
                      hasConnectedDisplay: connectors.contains { text($0 + "/status") == "connected" })
    }

    /// card0-HDMI-A-1, card0-Virtual-1, … beside card0 in the class folder.
    static func connectorFolders(of card: String, in sysfs: String) -> [String] {
        guard let dir = opendir(sysfs) else { return [] }
        defer { closedir(dir) }
        var out: [String] = []
        while let e = readdir(dir) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix(card + "-") { out.append(sysfs + "/" + name) }
        }
        return out.sorted()
    }

    static func text(_ path: String) -> String? {
        guard let bytes = try? Files.read(path, limit: 4096) else { return nil }
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: " \n")
    }

    static func link(_ path: String) -> String? {
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink(path, &buf, buf.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func basename(_ path: String) -> String { String(path.split(separator: "/").last ?? "") }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        let drop: (Character) -> Bool = { set.contains($0) }
        return String(self.drop(while: drop).reversed().drop(while: drop).reversed())
    }
}
