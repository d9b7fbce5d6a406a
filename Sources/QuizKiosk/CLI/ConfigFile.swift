import Platform

/// The kiosk's settings file (`/etc/quizkiosk/quizkiosk.conf`): `name = value` lines whose names
/// are `run`'s options without the dashes. It is turned into command-line arguments placed
/// before the real ones, so the command line wins and both are validated by one parser.
enum ConfigFile {
    /// Replaces `--config FILE` in `argv` by the file's settings (put first).
    static func expand(_ argv: [String], options: Set<String>, flags: Set<String>) throws -> [String] {
        var rest: [String] = []
        var settings: [String] = []
        var i = 0
        while i < argv.count {
            let a = argv[i]
            if a == "--config" || a.hasPrefix("--config=") {
                let path: String
                if a == "--config" {
                    guard i + 1 < argv.count else { throw UsageError(message: "--config needs a value") }
                    path = argv[i + 1]
                    i += 2
                } else {
                    path = String(a.dropFirst("--config=".count))
                    i += 1
                }
                settings += try read(path, options: options, flags: flags)
                continue
            }
            rest.append(a)
            i += 1
        }
        return settings + rest
    }

    static func read(_ path: String, options: Set<String>, flags: Set<String>) throws -> [String] {
        let bytes: [UInt8]
        do {
            bytes = try Files.read(path, limit: 1 << 20)
        } catch {
            throw CLIError("\(path): \(error.message)")
        }
        var out: [String] = []
        for (n, raw) in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.drop { $0 == " " || $0 == "\t" }
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let eq = line.firstIndex(of: "=") else {
                throw CLIError("\(path):\(n + 1): expected name = value")
            }
            let name = "--" + line[..<eq].trimmingSpaces()
            let value = line[line.index(after: eq)...].trimmingSpaces()
            if flags.contains(name) {
                switch value {
                case "true", "yes", "1": out.append(name)
                case "false", "no", "0": break
                default: throw CLIError("\(path):\(n + 1): \(name.dropFirst(2)) takes true or false, not '\(value)'")
                }
            } else if options.contains(name) {
                guard !value.isEmpty else { throw CLIError("\(path):\(n + 1): \(name.dropFirst(2)) has no value") }
                out += [name, value]
            } else {
                throw CLIError("\(path):\(n + 1): unknown setting '\(name.dropFirst(2))'")
            }
        }
        return out
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
