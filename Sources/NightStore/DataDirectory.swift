/// Where the night's database lives when `--data DIR` is not given: systemd's
/// `$STATE_DIRECTORY` (the unit's `StateDirectory=`; the first, if it names several), else
/// `$XDG_STATE_HOME/quizkiosk`, else `~/.local/state/quizkiosk` (the XDG default). Pure: the
/// environment is passed in.
public enum DataDirectory {
    public static func resolve(_ environment: [String: String]) -> String? {
        if let dirs = environment["STATE_DIRECTORY"],
           let first = dirs.split(separator: ":").first(where: { $0.hasPrefix("/") }) {
            return String(first)
        }
        // The XDG spec: a relative value is invalid and must be ignored.
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            return trimmed(xdg) + "/quizkiosk"
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return trimmed(home) + "/.local/state/quizkiosk"
        }
        return nil
    }

    /// Why there is no default, for the error line.
    public static let unresolved = "no data folder: set --data DIR (neither STATE_DIRECTORY, XDG_STATE_HOME nor HOME is an absolute path)"

    private static func trimmed(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1, p.hasSuffix("/") { p = p.dropLast() }
        return p == "/" ? "" : String(p)
    }
}
