/// What `--mode WxH[@Hz]` asks for; `ModePolicy` decides what a display gets.
public struct ModeRequest: Equatable, Sendable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    public let refresh: Double?

    public init(width: Int, height: Int, refresh: Double? = nil) {
        self.width = width
        self.height = height
        self.refresh = refresh
    }

    /// Parses "1920x1080" or "1920x1080@60" / "@59.94"; nil when it is not that shape.
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let size = parts[0].split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2, let w = Int(size[0]), let h = Int(size[1]), w > 0, h > 0, w <= 16384, h <= 16384 else { return nil }
        var hz: Double?
        if parts.count == 2 {
            guard let v = Double(parts[1]), v > 0, v < 1000 else { return nil }
            hz = v
        }
        self.init(width: w, height: h, refresh: hz)
    }

    public var description: String {
        "\(width)x\(height)" + (refresh.map { "@" + Mode.format($0) } ?? "")
    }

    public func matches(_ m: Mode) -> Bool {
        guard m.width == width, m.height == height else { return false }
        guard let refresh else { return true }
        // "@60" matches 59.94 and 60.00; "@59.94" matches 59.94 only.
        return abs(m.refreshHz - refresh) < (refresh.rounded() == refresh ? 0.6 : 0.05)
    }

    /// Modes in listing order: preferred first, then the kernel's order.
    public static func listingOrder(_ modes: [Mode]) -> [Mode] {
        modes.filter(\.isPreferred) + modes.filter { !$0.isPreferred }
    }
}
