import CommandLineKit
import Escaping
import Glibc
import MQTT
import Platform
import QuizHost

/// doctor's lines for the one-box night (the Debian package's quizkiosk-host.service and the
/// room's broker on this box): whether the settings name a quiz for the host unit, whether
/// mosquitto is installed and running, and whether the package's broker settings are in place.
/// Warnings only: none of this keeps the screen dark.
extension DoctorCommand {
    static let mosquittoBinary = "/usr/sbin/mosquitto"
    static let brokerSnippet = "/etc/mosquitto/conf.d/quizkiosk.conf"
    static let brokerFiles = ["/etc/quizkiosk/mosquitto.passwd", "/etc/quizkiosk/mosquitto.acl"]
    static let brokerSetup = "/usr/lib/quizkiosk/broker-setup"

    /// The settings file doctor read (`--config FILE`), if any.
    static func configPath(_ argv: [String]) -> String? {
        for (i, a) in argv.enumerated() {
            if a == "--config", i + 1 < argv.count { return argv[i + 1] }
            if a.hasPrefix("--config=") { return String(a.dropFirst("--config=".count)) }
        }
        return nil
    }

    /// The host unit's quiz, mosquitto, and the broker's settings. `screenBrokers`: the screen's
    /// mqtt:// sources, to tell whether this box's own broker is the one in use.
    static func checkAppliance(config: String?, screenBrokers: [BrokerURL],
                               mosquitto: String = mosquittoBinary, snippet: String = brokerSnippet,
                               files: [String] = brokerFiles, processes: String = "/proc") -> [Result] {
        var out: [Result] = []
        var brokers = screenBrokers
        if let config {
            let (result, hostBroker) = checkHostUnit(config: config)
            out.append(result)
            if let hostBroker { brokers.append(hostBroker) }
        } else {
            out.append(Result(verdict: .skip, what: "host unit", detail: "no settings file: quizkiosk-host.service reads \(defaultConfig)"))
        }
        let local = brokers.filter { isThisBox($0.host) }
        let uses = local.first.map { "the settings name this box's broker (\($0.host):\($0.port))" }
        guard Files.exists(mosquitto) else {
            if let uses {
                out.append(Result(verdict: .warn, what: "mosquitto", detail: "not installed, and \(uses): apt install mosquitto (the package then sets it up for the room)"))
            } else {
                out.append(Result(verdict: .skip, what: "mosquitto", detail: "not installed (the settings use another box's broker)"))
            }
            return out
        }
        if let pid = runningProcess(named: "mosquitto", in: processes) {
            out.append(Result(verdict: .pass, what: "mosquitto", detail: "installed, running (pid \(pid))"))
        } else {
            out.append(Result(verdict: uses == nil ? .skip : .warn, what: "mosquitto",
                              detail: "installed, not running: systemctl start mosquitto; journalctl -u mosquitto says why it stopped"))
        }
        let missing = ([snippet] + files).filter { !Files.exists($0) }
        if missing.isEmpty {
            out.append(Result(verdict: .pass, what: "broker config",
                              detail: "\(snippet): listeners, the host's and screen's passwords, the access list (\(files.joined(separator: ", ")))"))
        } else {
            let how = missing == [snippet] && files.allSatisfy(Files.exists)
                ? "deleted after the package wrote it (the package does not write it again): mosquitto runs without the room's passwords and access list"
                : "run \(brokerSetup) --restart as root (or dpkg-reconfigure quizkiosk)"
            out.append(Result(verdict: uses == nil ? .skip : .warn, what: "broker config", detail: "missing \(missing.joined(separator: ", ")): \(how)"))
        }
        return out
    }

    /// Whether the settings name a quiz for quizkiosk-host.service, and whether it loads; the
    /// host's broker (for the mosquitto line).
    static func checkHostUnit(config: String) -> (Result, BrokerURL?) {
        let what = "host unit"
        let expanded: [String], quiz: String?
        do {
            (expanded, quiz) = try ConfigFile.expandHost(["--config", config], options: HostCommand.options, flags: HostCommand.flags)
        } catch {
            return (Result(verdict: .warn, what: what, detail: "\(error): quizkiosk-host.service fails to start"), nil)
        }
        let args = try? Arguments(expanded, options: HostCommand.options, flags: HostCommand.flags)
        let broker = args?.value("--broker").flatMap { try? BrokerURL(parsing: $0) }
        guard var path = quiz else {
            return (Result(verdict: .skip, what: what, detail: "no quiz set (host = /etc/quizkiosk/quiz.json, or a quiz folder, in \(config)): quizkiosk-host.service stays off"), broker)
        }
        if Files.isDirectory(path) { path = (path.hasSuffix("/") ? path : path + "/") + "quiz.json" }
        do {
            let q = try QuizFile.load(path)
            let count = q.questions.count == 1 ? "1 question" : "\(q.questions.count) questions"
            return (Result(verdict: .pass, what: what, detail: "quiz \(path): \(Escaping.quoted(q.title, max: 80)), \(count) (quizkiosk-host.service runs it)"), broker)
        } catch {
            return (Result(verdict: .warn, what: what, detail: "\(Escaping.escaped(error.message)): quizkiosk-host.service fails until it is fixed"), broker)
        }
    }

    static func isThisBox(_ host: String) -> Bool {
        let h = host.lowercased()
        return h == "localhost" || h.hasPrefix("127.") || h == "::1" || h == "[::1]"
    }

    /// The pid of a running process whose name (comm) is `name`, from /proc (readable by anyone,
    /// where mosquitto's own pid file is not).
    static func runningProcess(named name: String, in proc: String) -> Int? {
        guard let dir = opendir(proc) else { return nil }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let file = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = Int(file), let comm = try? Files.read("\(proc)/\(file)/comm", limit: 64) else { continue }
            if String(decoding: comm.prefix { $0 != 0x0A }, as: UTF8.self) == name { return pid }
        }
        return nil
    }
}
