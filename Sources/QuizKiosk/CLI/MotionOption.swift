import CommandLineKit
/// `--motion on|off` (`motion = off` in the settings file) for `run`: on (the default), the
/// screen moves — fades between states, bars that grow, rows that slide, a countdown that
/// sweeps at the display's refresh rate; off, it shows settled frames only, and the countdown
/// ticks once a second, as before motion. For a projector that smears moving pictures, a
/// viewer sensitive to motion, or the least CPU a screen can use.
enum MotionOption {
    static let options: Set<String> = ["--motion"]

    static func isOn(_ args: Arguments) throws(UsageError) -> Bool {
        switch args.value("--motion")?.lowercased() {
        case nil, "on"?: return true
        case "off"?: return false
        case let other?: throw UsageError(message: "--motion \(other): expected on or off")
        }
    }
}
