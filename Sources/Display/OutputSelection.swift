/// Which connected displays `run` drives: `--outputs first|all|NAME[,NAME]` (and `--connector
/// NAME`, which is `NAME` alone).
public enum OutputSelection: Equatable, Sendable, CustomStringConvertible {
    /// One display: the first connected external one (HDMI, DP, DVI, VGA, Virtual, …) before a
    /// built-in panel (eDP, LVDS, DSI). Once showing, it stays on that display while it is there.
    case first
    /// Every connected external display (the built-in panels only when there is none).
    case all
    /// These connectors, by the kernel's names.
    case named([String])

    public init?(parsing text: String) {
        switch text {
        case "first": self = .first
        case "all": self = .all
        default:
            let names = text.split(separator: ",").map { String($0) }.filter { !$0.isEmpty }
            guard !names.isEmpty else { return nil }
            self = .named(names)
        }
    }

    public var description: String {
        switch self {
        case .first: return "first"
        case .all: return "all"
        case .named(let n): return n.joined(separator: ",")
        }
    }

    /// The connectors to drive, in order, from those usable now. `current` are the connectors
    /// shown now (so `first` does not jump to another display when one more is plugged in).
    /// When no connector says "connected", those whose status is "unknown" (splitters and
    /// HDBaseT extenders without hot-plug detect) but that list modes are driven instead.
    public func choose(from connectors: [ConnectorInfo], current: Set<UInt32>) -> [ConnectorInfo] {
        var usable = connectors.filter(\.isUsable)
        if usable.isEmpty {
            usable = connectors.filter { $0.status == .unknown && !$0.modes.isEmpty && $0.isDisplay }
        }
        let external = usable.filter { !$0.isBuiltIn }
        let builtIn = usable.filter(\.isBuiltIn)
        switch self {
        case .first:
            if let kept = usable.first(where: { current.contains($0.id) }) { return [kept] }
            return Array((external + builtIn).prefix(1))
        case .all:
            return external.isEmpty ? builtIn : external
        case .named(let names):
            return names.compactMap { n in usable.first { $0.name == n } }
        }
    }
}
