/// A command line error: one line for the user, and whether the usage line should follow.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    /// `--help` (or `-h`) among a command's arguments: print that command's usage and succeed.
    var isHelp = false
    var description: String { message }

    static let help = UsageError(message: "help", isHelp: true)
}

/// Parses `--name value`, `--name=value` and `--flag` against a list of what a command accepts.
/// Anything else is a usage error naming it.
struct Arguments {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positional: [String] = []

    init(_ args: [String], options: Set<String>, flags allowedFlags: Set<String> = [], maxPositional: Int = 0) throws(UsageError) {
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

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) }

    func required(_ name: String) throws(UsageError) -> String {
        guard let v = value(name) else { throw UsageError(message: "\(name) is required") }
        return v
    }
}

/// A display size from `WIDTHxHEIGHT`, each 1...8192.
struct DisplaySize: Equatable, CustomStringConvertible {
    static let maxDimension = 8192
    let width: Int
    let height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init(parsing text: String, option: String = "--size") throws(UsageError) {
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

    var description: String { "\(width)x\(height)" }
}
