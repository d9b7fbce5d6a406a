import CommandLineKit
import Glibc
import MQTT
import Platform
@testable import QuizKiosk
import TestSupport
import Testing

/// The one-box night's settings: one file for the screen (quizkiosk.service) and the host
/// (quizkiosk-host.service, `host = …` and `host-NAME = …`), each side reading its own lines;
/// the unit's condition (`host --quiz-set`); doctor's lines for the host unit and the broker.
@Suite final class ApplianceSettingsTests {
    let dir = TempDir.make()
    deinit { TempDir.remove(dir) }

    func conf(_ text: String, name: String = "quizkiosk.conf") -> String {
        let path = dir + "/" + name
        TempDir.write(path, text)
        return path
    }

    func quiz(_ title: String, in folder: String? = nil) throws -> String {
        let d = folder.map { dir + "/" + $0 } ?? dir
        try Files.makeDirectory(d)
        let path = d + "/quiz.json"
        TempDir.write(path, #"{"title":"\#(title)","questions":[{"text":"Q?","choices":["a","b"],"correct":0}]}"#)
        return path
    }

    /// The shipped file: the screen on this box's room as its own user, the host's broker as the
    /// host's user, no quiz named.
    @Test func theShippedSettingsGiveEachSideItsOwnLines() throws {
        let shipped = repositoryRoot + "/packaging/quizkiosk.conf"
        let screen = try ConfigFile.expand(["--config", shipped], options: RunCommand.options, flags: RunCommand.flags)
        #expect(screen == ["--source", "mqtt://quizkiosk-screen@127.0.0.1/quiz", "--password-file", "/etc/quizkiosk/screen.password"],
                "\(screen)")
        let (host, quiz) = try ConfigFile.expandHost(["--config", shipped], options: HostCommand.options, flags: HostCommand.flags)
        #expect(host == ["--broker", "mqtt://quizkiosk-host@127.0.0.1/quiz", "--password-file", "/etc/quizkiosk/host.password"], "\(host)")
        #expect(quiz == nil)
    }

    @Test func hostLinesBecomeHostOptionsAndTheCommandLineWins() throws {
        let path = conf("source = demo\ntext-scale = 1.5\nhost = /srv/quiz.json\nhost-players = 9000\nhost-room = pub\n")
        let (argv, quiz) = try ConfigFile.expandHost(["--config", path, "--players", "9100"], options: HostCommand.options,
                                                     flags: HostCommand.flags)
        #expect(quiz == "/srv/quiz.json")
        #expect(argv == ["--players", "9000", "--room", "pub", "--players", "9100"])
        let args = try Arguments(argv, options: HostCommand.options, flags: HostCommand.flags, maxPositional: 1)
        #expect(args.value("--players") == "9100", "the command line comes last and wins")
        // The screen's commands skip every host line and keep theirs.
        let screen = try ConfigFile.expand(["--config", path], options: RunCommand.options, flags: RunCommand.flags)
        #expect(screen == ["--source", "demo", "--text-scale", "1.5"])
    }

    @Test(arguments: [
        ("host-rooom = x\n", "quizkiosk.conf:1: unknown setting 'host-rooom'"),
        ("# a comment\nhost-new-run = true\n", "quizkiosk.conf:2: host-new-run is not a setting (quizkiosk host --new-run is a one-off"),
        ("host-export = out.csv\n", "host-export is not a setting"),
        ("host =\n", "quizkiosk.conf:1: host has no value (the quiz file, or a folder with quiz.json)"),
        ("host-players =\n", "quizkiosk.conf:1: host-players has no value"),
    ])
    func aBadHostLineIsOneLineNamingFileAndLine(text: String, message: String) throws {
        let path = conf(text)
        let r = Run(["host", "--config", path])
        #expect(r.status == 1 && r.stderrLines.count == 1, "\(r.status) \(r.stderr)")
        #expect(r.stderr.contains(message), "\(r.stderr)")
    }

    @Test func aTypoOutsideTheHostLinesIsStillRefusedByRun() {
        let path = conf("hots = /srv/quiz.json\n")
        let r = Run(["run", "--headless", "--out", dir + "/screen", "--config", path])
        #expect(r.status == 1 && r.stderr.contains("quizkiosk.conf:1: unknown setting 'hots'"), "\(r.stderr)")
    }

    /// The unit's ExecCondition: 1 (stay off) only when no quiz is named; unreadable settings
    /// pass, so the start that follows fails with its one line where a venue looks.
    @Test func quizSetSaysWhetherTheUnitShouldStart() throws {
        let none = Run(["host", "--config", conf("host-room = pub\n"), "--quiz-set"])
        #expect(none.status == 1 && none.stdout.contains("no quiz set: quizkiosk-host stays off"), "\(none.stdout)")
        let named = Run(["host", "--config", conf("host = /srv/q.json\n", name: "b.conf"), "--quiz-set"])
        #expect(named.status == 0 && named.stdout.isEmpty && named.stderr.isEmpty, "\(named.stdout)\(named.stderr)")
        let onTheLine = Run(["host", "/srv/q.json", "--quiz-set"])
        #expect(onTheLine.status == 0)
        let broken = Run(["host", "--config", conf("host-bogus = 1\n", name: "c.conf"), "--quiz-set"])
        #expect(broken.status == 0, "a broken settings file is for the start to report: \(broken.stdout)")
        let missing = Run(["host", "--config", dir + "/nope.conf", "--quiz-set"])
        #expect(missing.status == 0)
    }

    /// `host = FOLDER` is FOLDER/quiz.json (its pictures beside it): a quiz there without
    /// questions is named by that path in the one-line refusal (before any connection).
    @Test func aQuizFolderIsItsQuizJSON() throws {
        for folder in ["night", "other"] {
            try Files.makeDirectory(dir + "/" + folder)
            TempDir.write(dir + "/\(folder)/quiz.json", #"{"title":"\#(folder)"}"#)
        }
        let path = conf("host = \(dir)/night\nhost-broker = mqtt://127.0.0.1:1/r\n")
        let r = Run(["host", "--config", path])
        #expect(r.status == 1 && r.stderrLines.count == 1, "\(r.stderr)")
        #expect(r.stderr.contains("\(dir)/night/quiz.json: questions: missing"), "\(r.stderr)")
        // The command line's quiz wins over the file's.
        let r2 = Run(["host", dir + "/other/", "--config", path])
        #expect(r2.stderr.contains("\(dir)/other/quiz.json: questions: missing"), "\(r2.stderr)")
    }

    // MARK: doctor

    func fakeProc(_ names: [Int: String]) throws -> String {
        let proc = dir + "/proc-\(UInt32.random(in: 0...UInt32.max))"
        try Files.makeDirectory(proc)
        for (pid, name) in names {
            try Files.makeDirectory("\(proc)/\(pid)")
            TempDir.write("\(proc)/\(pid)/comm", name + "\n")
        }
        TempDir.write(proc + "/uptime", "1.0 1.0\n")
        return proc
    }

    func line(_ results: [DoctorCommand.Result], _ what: String) -> DoctorCommand.Result? {
        results.first { $0.what == what }
    }

    @Test func doctorSaysWhetherTheHostUnitHasAQuiz() throws {
        let local = BrokerURL(host: "localhost", room: "quiz")
        let none = DoctorCommand.checkAppliance(config: conf("source = demo\n"), screenBrokers: [], mosquitto: dir + "/none")
        #expect(line(none, "host unit")?.verdict == .skip)
        #expect(line(none, "host unit")?.detail.contains("no quiz set (host = /etc/quizkiosk/quiz.json") == true)

        let good = try quiz("Pub Night")
        let set = DoctorCommand.checkAppliance(config: conf("host = \(good)\n", name: "g.conf"), screenBrokers: [local], mosquitto: dir + "/none")
        #expect(line(set, "host unit")?.verdict == .pass)
        #expect(line(set, "host unit")?.detail == "quiz \(good): \"Pub Night\", 1 question (quizkiosk-host.service runs it)",
                "\(String(describing: line(set, "host unit")))")

        TempDir.write(dir + "/bad.json", #"{"title":"x","questions":[{"text":"Q","choices":["a"],"corect":0}]}"#)
        let bad = DoctorCommand.checkAppliance(config: conf("host = \(dir)/bad.json\n", name: "b.conf"), screenBrokers: [], mosquitto: dir + "/none")
        #expect(line(bad, "host unit")?.verdict == .warn)
        #expect(line(bad, "host unit")?.detail.hasSuffix("quizkiosk-host.service fails until it is fixed") == true)
    }

    @Test func doctorSaysWhatIsMissingOfTheBroker() throws {
        let local = BrokerURL(host: "localhost", room: "quiz")
        let remote = BrokerURL(host: "quizbox.lan", room: "quiz")
        let settings = conf("source = demo\n")
        // No mosquitto: a warning when the settings name this box's broker (the host's, here).
        let hostLocal = conf("host-broker = mqtt://quizkiosk-host@127.0.0.1/quiz\n", name: "h.conf")
        let missing = DoctorCommand.checkAppliance(config: hostLocal, screenBrokers: [remote], mosquitto: dir + "/none")
        #expect(line(missing, "mosquitto")?.verdict == .warn)
        #expect(line(missing, "mosquitto")?.detail.contains("not installed, and the settings name this box's broker (127.0.0.1:1883): apt install mosquitto") == true,
                "\(String(describing: line(missing, "mosquitto")))")
        #expect(line(missing, "broker config") == nil)
        let elsewhere = DoctorCommand.checkAppliance(config: settings, screenBrokers: [remote], mosquitto: dir + "/none")
        #expect(line(elsewhere, "mosquitto")?.verdict == .skip)

        // Installed, not running; then running, with the package's files in place.
        TempDir.write(dir + "/mosquitto", "")
        let files = [dir + "/mosquitto.passwd", dir + "/mosquitto.acl"]
        let snippet = dir + "/quizkiosk-broker.conf"
        let stopped = DoctorCommand.checkAppliance(config: settings, screenBrokers: [local], mosquitto: dir + "/mosquitto", snippet: snippet,
                                                   files: files, processes: try fakeProc([7: "bash"]))
        #expect(line(stopped, "mosquitto")?.verdict == .warn)
        #expect(line(stopped, "mosquitto")?.detail.hasPrefix("installed, not running") == true)
        #expect(line(stopped, "broker config")?.verdict == .warn)
        #expect(line(stopped, "broker config")?.detail.contains("broker-setup --restart") == true)

        for f in files + [snippet] { TempDir.write(f, "") }
        let running = DoctorCommand.checkAppliance(config: settings, screenBrokers: [local], mosquitto: dir + "/mosquitto", snippet: snippet,
                                                   files: files, processes: try fakeProc([7: "bash", 4242: "mosquitto"]))
        #expect(line(running, "mosquitto")?.verdict == .pass)
        #expect(line(running, "mosquitto")?.detail == "installed, running (pid 4242)")
        #expect(line(running, "broker config")?.verdict == .pass)

        // The admin deleted the snippet: said, and not taken for a broken install.
        unlink(snippet)
        let optedOut = DoctorCommand.checkAppliance(config: settings, screenBrokers: [local], mosquitto: dir + "/mosquitto", snippet: snippet,
                                                    files: files, processes: try fakeProc([4242: "mosquitto"]))
        #expect(line(optedOut, "broker config")?.detail.contains("deleted after the package wrote it") == true)
    }
}
