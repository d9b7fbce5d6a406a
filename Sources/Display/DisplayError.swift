import Pixels
import Platform

/// Everything that can go wrong driving a display, each with the one line a person needs: what
/// happened and what to do about it. System call failures keep the call's name and errno.
public enum DisplayError: Error, Equatable, CustomStringConvertible {
    case noDevice
    /// A card path that is not there (a card removed, a --device typed wrong).
    case noSuchCard(path: String)
    case permissionDenied(path: String)
    /// Another program is DRM master; `holder` names it when debugfs tells ("Xorg (pid 812)").
    case masterHeld(path: String, holder: String?)
    case unknownConnector(String, available: [String])
    /// The driver's test-only commit (or legacy SetCrtc) refused this mode: step down.
    case modeRefused(Mode, connector: String, SystemError)
    case noPlane(connector: String)
    case noCrtc(connector: String)
    case system(SystemError)

    public var description: String {
        switch self {
        case .noDevice:
            return "no DRM display device (/dev/dri/card* is missing: no GPU driver loaded, or a container without /dev/dri); to render to PNG files instead use --headless --out DIR"
        case .noSuchCard(let path):
            return "\(path): no such DRM card (the cards this machine has are in /dev/dri; `quizkiosk displays` lists them)"
        case .permissionDenied(let path):
            return "\(path): permission denied: run as root, or add the user to the video group (usermod -aG video USER, then log in again)"
        case .masterHeld(let path, let holder):
            let who = holder.map { "held by \($0)" } ?? "held by another program"
            return "\(path): cannot drive the display: DRM master is \(who) — likely a display manager (gdm, lightdm, sddm), an X server or Wayland compositor, or another quizkiosk; stop it (e.g. systemctl stop display-manager) and try again"
        case .unknownConnector(let name, let available):
            return "--connector \(name): no such connector; this machine has: " + (available.isEmpty ? "none" : available.joined(separator: ", "))
        case .modeRefused(let mode, let connector, let e):
            return "\(connector): the driver refused \(mode) (\(e.function): \(e.message))"
        case .noPlane(let connector):
            return "\(connector): the driver offers no primary plane for its CRTC"
        case .noCrtc(let connector):
            return "\(connector): no free CRTC can drive it (all are in use by other outputs)"
        case .system(let e):
            return e.description
        }
    }

    /// The errno of a failed call, if this is one.
    public var errno: Int32? {
        if case .system(let e) = self { return e.errno }
        return nil
    }
}
