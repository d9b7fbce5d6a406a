/// A command line error: one line for the user, and whether the usage line should follow.
public struct UsageError: Error, CustomStringConvertible {
    public let message: String
    /// `--help` (or `-h`) among a command's arguments: print that command's usage and succeed.
    public var isHelp = false
    public var description: String { message }

    public static let help = UsageError(message: "help", isHelp: true)

    public init(message: String, isHelp: Bool = false) {
        self.message = message
        self.isHelp = isHelp
    }
}

/// Parses `--name value`, `--name=value` and `--flag` against a list of what a command accepts.
/// Anything else is a usage error naming it.
public struct Arguments: Sendable {
    public private(set) var values: [String: [String]] = [:]
    public private(set) var flags: Set<String> = []
    public private(set) var positional: [String] = []

    public init(_ args: [String], options: Set<String>, flags allowedFlags: Set<String> = [], maxPositional: Int = 0) throws(UsageError) {
        var i = 0
        var onlyPositional = false
        while i < args.count {
            let a = args[i]
            i += 1
            if onlyPositional || !a.hasPrefix("-") || a == "-" {
                positional.append(a)
                continue
            }
            if a == "--" {
                onlyPositional = true
                continue
            }
            if a == "--help" || a == "-h" { throw .help }
            var name = a
            var inline: String?
            if let eq = a.firstIndex(of: "=") {
                name = String(a[..<eq])
                inline = String(a[a.index(after: eq)...])
            }
            if allowedFlags.contains(name) {
                guard inline == nil else { throw UsageError(message: "\(name) takes no value") }
                flags.insert(name)
            } else if options.contains(name) {
                if let inline {
                    values[name, default: []].append(inline)
                } else {
                    // `--state --out x.png`: the next word is another option, not a value.
                    let next = i < args.count ? args[i] : nil
                    let nextName = next.map { String($0.prefix { $0 != "=" }) }
                    guard let next, let nextName, !(options.contains(nextName) || allowedFlags.contains(nextName) || nextName == "--help") else {
                        throw UsageError(message: "\(name) needs a value")
                    }
                    values[name, default: []].append(next)
                    i += 1
                }
            } else {
                throw UsageError(message: "unknown option \(name)")
            }
        }
        guard positional.count <= maxPositional else {
            throw UsageError(message: "unexpected argument \(positional[maxPositional])")
        }
    }

    public func value(_ name: String) -> String? { values[name]?.last }
    public func all(_ name: String) -> [String] { values[name] ?? [] }
    public func has(_ name: String) -> Bool { flags.contains(name) }

    public func required(_ name: String) throws(UsageError) -> String {
        guard let v = value(name) else { throw UsageError(message: "\(name) is required") }
        return v
    }
}

/// A display size from `WIDTHxHEIGHT`, each 1...8192.
public struct DisplaySize: Equatable, Sendable, CustomStringConvertible {
    public static let maxDimension = 8192
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public init(parsing text: String, option: String = "--size") throws(UsageError) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
            throw UsageError(message: "\(option) \(text): expected WIDTHxHEIGHT, e.g. 1920x1080")
        }
        guard (1...Self.maxDimension).contains(w), (1...Self.maxDimension).contains(h) else {
            throw UsageError(message: "\(option) \(text): width and height must each be between 1 and \(Self.maxDimension)")
        }
        width = w
        height = h
    }

    public var description: String { "\(width)x\(height)" }
}
