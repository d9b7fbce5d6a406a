import CommandLineKit
import Platform

/// The kiosk's settings file (`/etc/quizkiosk/quizkiosk.conf`): `name = value` lines whose names
/// are `run`'s options without the dashes. It is turned into command-line arguments placed
/// before the real ones, so the command line wins and both are validated by one parser.
///
/// The host's settings (quizkiosk-host.service) share the file: `host = QUIZ` (the quiz file, or
/// a folder with quiz.json) and `host-NAME = VALUE` for `host`'s `--NAME`. The screen's commands
/// skip them; `host --config FILE` reads only them (`expandHost`).
enum ConfigFile {
    /// Whether a setting's name (without dashes) is the host's.
    static func isHostSetting(_ name: String) -> Bool { name == "host" || name.hasPrefix("host-") }

    /// `host`'s options that are one-off actions, not settings: the host unit restarts, and a
    /// `new-run` setting would start the night afresh at every restart.
    static let hostOneOffs: Set<String> = ["--new-run", "--export", "--quiz-set"]

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

    /// `host --config FILE`: replaces `--config FILE` in `argv` by the file's host settings (put
    /// first: the command line wins); the quiz the file names (`host = …`) comes back apart, for
    /// when the command line names none. The screen's settings in the file are not looked at
    /// (`run` checks them).
    static func expandHost(_ argv: [String], options: Set<String>, flags: Set<String>) throws -> (argv: [String], quiz: String?) {
        var rest: [String] = []
        var settings: [String] = []
        var quiz: String?
        var i = 0
        while i < argv.count {
            let a = argv[i]
            guard a == "--config" || a.hasPrefix("--config=") else {
                rest.append(a)
                i += 1
                continue
            }
            let path: String
            if a == "--config" {
                guard i + 1 < argv.count else { throw UsageError(message: "--config needs a value") }
                path = argv[i + 1]
                i += 2
            } else {
                path = String(a.dropFirst("--config=".count))
                i += 1
            }
            for entry in try entries(path) where isHostSetting(entry.name) {
                let at = "\(path):\(entry.line)"
                if entry.name == "host" {
                    guard !entry.value.isEmpty else { throw CLIError("\(at): host has no value (the quiz file, or a folder with quiz.json)") }
                    quiz = entry.value
                    continue
                }
                let name = "--" + entry.name.dropFirst("host-".count)
                if hostOneOffs.contains(name) {
                    throw CLIError("\(at): \(entry.name) is not a setting (quizkiosk host \(name) is a one-off: the unit restarts the host)")
                }
                settings += try argument(name, entry.value, options: options, flags: flags, at: at, setting: entry.name)
            }
        }
        return (settings + rest, quiz)
    }

    static func read(_ path: String, options: Set<String>, flags: Set<String>) throws -> [String] {
        var out: [String] = []
        for entry in try entries(path) where !isHostSetting(entry.name) {
            out += try argument("--" + entry.name, entry.value, options: options, flags: flags, at: "\(path):\(entry.line)", setting: entry.name)
        }
        return out
    }

    /// The file's `name = value` lines (names without dashes), with their line numbers.
    static func entries(_ path: String) throws -> [(line: Int, name: String, value: String)] {
        let bytes: [UInt8]
        do {
            bytes = try Files.read(path, limit: 1 << 20)
        } catch {
            throw CLIError("\(path): \(error.message)")
        }
        var out: [(line: Int, name: String, value: String)] = []
        for (n, raw) in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.drop { $0 == " " || $0 == "\t" }
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let eq = line.firstIndex(of: "=") else {
                throw CLIError("\(path):\(n + 1): expected name = value")
            }
            out.append((n + 1, line[..<eq].trimmingSpaces(), line[line.index(after: eq)...].trimmingSpaces()))
        }
        return out
    }

    /// One setting as command-line words, checked against what the command takes.
    private static func argument(_ name: String, _ value: String, options: Set<String>, flags: Set<String>, at: String,
                                 setting: String) throws -> [String] {
        if flags.contains(name) {
            switch value {
            case "true", "yes", "1": return [name]
            case "false", "no", "0": return []
            default: throw CLIError("\(at): \(setting) takes true or false, not '\(value)'")
            }
        }
        guard options.contains(name) else { throw CLIError("\(at): unknown setting '\(setting)'") }
        guard !value.isEmpty else { throw CLIError("\(at): \(setting) has no value") }
        return [name, value]
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
