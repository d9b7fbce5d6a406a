import CommandLineKit
import Escaping
import Glibc
import HostService
import Kiosk
import MQTT
import NightStore
import Pictures
import Platform
import PlayersContract
import QuizContract
import QuizHost
import Renderer
import WebServer

/// `quizkiosk host QUIZ.json --broker URL --room ROOM`: a quiz night. The quiz runs from the
/// terminal's keys (next, reveal, leaderboard, back, quit); each step is published retained on
/// the room's state topic with a growing revision, a question with `endsAt`, so every screen
/// counts down on its own clock. The players' phones join on the players' port (`--players`,
/// docs/players.md) and answer there, judged on this box's clock; the TV's state carries the
/// players, the answered counts, the answer counts and the standings. The night is kept in
/// `--data DIR`: a host killed and started again with the same quiz resumes the same run.
enum HostCommand {
    static let options = BrokerOptions.options.union(["--broker", "--room", "--scores", "--players", "--public-url", "--data", "--export",
                                                      "--max-players", "--fonts"])
    static let flags: Set<String> = ["--new-run"]
    static let defaultPlayers = "0.0.0.0:8080"

    static func run(_ argv: [String]) throws -> Int32 {
        if argv.contains("--quiz-set") { return quizSet(argv.filter { $0 != "--quiz-set" }) }
        // `--config FILE`: the settings file's `host = QUIZ` and `host-NAME = VALUE` lines (the
        // host unit's way); the command line wins.
        let (expanded, configured) = try ConfigFile.expandHost(argv, options: options, flags: flags)
        let args = try Arguments(expanded, options: options, flags: flags, maxPositional: 1)
        Log.prefixes = false  // a command for people at a terminal, not a journald service
        guard var path = args.positional.first ?? configured else {
            throw UsageError(message: "host needs a quiz file: quizkiosk host QUIZ.json --broker URL --room ROOM")
        }
        // A quiz folder: its quiz.json, the pictures beside it.
        if Files.isDirectory(path) { path = (path.hasSuffix("/") ? path : path + "/") + "quiz.json" }
        // The broker first (a wrong option is said before a file is read), except for an
        // export, which needs none.
        let broker = args.value("--export") == nil ? try BrokerOptions.brokerAndRoom(args) : nil
        let players = try playersAddress(args)
        let maxPlayers = try args.value("--max-players").map { t throws(UsageError) in
            guard let n = Int(t), (1...100_000).contains(n) else { throw UsageError(message: "--max-players \(t): expected 1…100000") }
            return n
        } ?? 2000
        if let given = args.value("--public-url") {
            guard players != nil else { throw UsageError(message: "--public-url is for the players' port (--players is off)") }
            if let why = PlayersAddress.checkPublicURL(given) { throw UsageError(message: "--public-url \(given): \(why)") }
        }
        let quiz: QuizFile
        do {
            quiz = try QuizFile.load(path)
        } catch {
            throw CLIError(error.message)
        }
        // The run is named by the file's bytes: an edited quiz is another quiz.
        let quizSHA256: String
        do {
            quizSHA256 = SHA256.hex(try Files.read(path, limit: QuizFile.maxBytes))
        } catch {
            throw CLIError("\(path): \(error.message)")
        }
        let data = try dataDirectory(args)
        if let csv = args.value("--export") { return try export(quiz: quiz, sha256: quizSHA256, data: data, to: csv) }

        guard let (url, room) = broker else { return 2 }
        let pictures: QuizPictures
        do {
            pictures = try QuizPictures.load(quiz, quizPath: path)
        } catch {
            // One line per bad picture, each named; nothing is published.
            for line in error.message.split(separator: "\n") { CLI.printError("quizkiosk: \(line)") }
            return 1
        }

        let store: NightStore
        let opened: NightStore.OpenedRun
        let secret: String
        do {
            store = try NightStore(directory: data)
            var random = SystemRandomNumberGenerator()
            let code = quiz.joinCode ?? (players != nil ? HostSession.newJoinCode(using: &random) : nil)
            opened = try store.openRun(quiz: quiz, quizSHA256: quizSHA256, now: Clock.now(), newRun: args.has("--new-run"), joinCode: code)
            secret = try store.hostSecret()
        } catch {
            throw CLIError(error.message)
        }
        var session = opened.session
        session.pictures = pictures.byQuestion
        session.servesPlayers = players != nil
        session.maxPlayers = maxPlayers
        let scores = args.value("--scores").map { RehearsalScores(path: $0) }
        if let scores { scores.load(into: &session, report: { Console.err("quizkiosk: " + $0) }) }

        let loop = EventLoop()
        let signals = try SignalWatch()
        let startedAt = Int(Clock.now())
        let hostTopic = BrokerURL.hostTopic(room: room)
        var mqtt = MQTTClient.Configuration(broker: url, clientID: "quizkiosk-host-\(getpid())", caFile: args.value("--cafile"))
        // The room sees the host: online while it runs, offline (the broker's last will) when it
        // vanishes without a goodbye.
        mqtt.will = .init(topic: hostTopic, payload: HostPresence(online: false).json, qos: 1, retain: true)
        let publisher = try RetainedPublisher(mqtt, loop: loop)
        let topic = BrokerURL.stateTopic(room: room)
        let ui = HostTerminal(loop: loop)
        var options = HostService.Options()
        options.hostSecret = secret
        let service = HostService(loop: loop, session: session, journal: store, options: options, canDraw: nameCheck(args))

        ui.line("QuizKiosk host — \(quiz.title): \(quiz.questions.count) questions, room \(room) on \(url)")
        if opened.resumed {
            ui.line("night: run \(session.quizId) resumed from \(store.path) (\(session.inRoom) players, from revision \(session.revision))")
        } else {
            ui.line("night: new run \(session.quizId) in \(store.path)")
        }
        var publicURL: String?
        if let players {
            let limit = OpenFileLimit.raise()
            if limit < maxPlayers + 64 {
                Log.warning("open files: the limit is \(limit): fewer than --max-players \(maxPlayers) phones can connect (raise LimitNOFILE / ulimit -n)")
            }
            let server: WebServer
            do {
                server = try service.servePlayers(PlayerRoutes.configuration(address: players, origins: []))
            } catch {
                throw CLIError("--players \(players): \(error.message)")
            }
            let address = PlayersAddress(given: args.value("--public-url"), listen: players, port: server.port,
                                         interfaces: PlayersAddress.localIPv4Addresses())
            server.allowedOrigins = address.allowedOrigins
            service.update { s in
                s.joinURL = address.publicURL + "/j/" + (s.joinCode ?? "")
            }
            let shown = players.description.split(separator: ":").dropLast().joined(separator: ":")
            ui.line("players: listening on \(shown):\(server.port)")
            let join = address.publicURL + "/j/" + (service.session.joinCode ?? "")
            ui.line("players: join at \(join)" + (service.session.joinCode.map { " (code \($0))" } ?? ""))
            if address.isLoopbackOnly, args.value("--public-url") == nil {
                let why = players.description.hasPrefix("127.") ? "listening on loopback" : "no network address found"
                ui.line("  (\(why): only this machine can open it; --public-url URL sets what the QR code says)")
            }
            publicURL = address.publicURL
            let console = "\(address.publicURL)/host#\(secret)"
            ui.line("host console: \(console)")
            if let qr = TerminalQR.lines(console, colour: isatty(1) == 1) {
                for l in qr { ui.line("  " + l) }
                ui.line("  (scan it with the host's phone; the part after # is the console's secret: keep it to yourself)")
            }
        }
        if let scores, players != nil {
            ui.line("--scores \(scores.path): for rehearsals; with players the standings come from their answers (it is shown only while nobody has joined)")
        }

        service.publishState = { state in publisher.retain(StateEncoder.encode(state), on: topic) }
        func updateStatus() {
            let s = service.session
            let now = Clock.now()
            var parts: [String] = []
            if let left = s.secondsLeft(now: now) { parts.append(left > 0 ? "⏱ \(Int(left.rounded(.up))) s left" : "⏱ time is up — r reveals") }
            if players != nil {
                if case .question(let i) = s.position { parts.append("\(s.answeredCount(i)) / \(s.inRoom) answered") } else { parts.append("\(s.inRoom) players") }
            }
            if !publisher.isConnected { parts.append("broker unreachable") }
            ui.setStatus(parts.isEmpty ? nil : parts.joined(separator: " · "))
        }
        service.onStep = { state in
            ui.line("[\(state.revision ?? 0)] \(service.session.summary(now: Clock.now()))")
            if !publisher.isConnected, publisher.client.state != .connecting {
                ui.line("  (broker unreachable: revision \(state.revision ?? 0) is sent when it is back)")
            }
            updateStatus()
        }
        service.onStoreTrouble = { error in
            if let error {
                ui.line("  night store: \(error.message) — answers wait for it (nothing is acknowledged meanwhile)")
            } else {
                ui.line("  night store: writing again")
            }
        }
        func tick() {
            updateStatus()
            loop.after(1) { tick() }
        }
        ui.onKey = { key in
            switch key {
            case .quit:
                loop.stop()
            case .unknown(let word):
                ui.line("  unknown key \"\(word)\" — \(HostTerminal.help)")
            case .action(let action):
                if let why = service.perform(hostAction(action)) { ui.line("  \(why)") }
            }
        }
        // Every standings step reads the rehearsal standings again (the terminal's keys and the
        // console's alike): a file edited during the night shows at the next standings.
        service.afterAction = { _ in
            guard let scores, service.session.position.showsStandings else { return }
            service.update { s in scores.load(into: &s, report: { ui.line("  " + $0) }) }
        }
        service.onConsole = { remote, replaced in
            ui.line("  console: opened from \(Escaping.escaped(remote))" + (replaced ? " (the console open before is closed)" : ""))
        }
        ui.onEnd = { loop.stop() }
        loop.watch(fd: signals.fd) { _ in
            if signals.read() != nil { loop.stop() }
        }

        // The room's screens, for the console: their retained presence.
        var screens: [String: HostView.Screen] = [:]
        let screensTopic = "quizkiosk/\(room)/screens/"
        publisher.client.onMessage = { topic, payload, _ in
            guard topic.hasPrefix(screensTopic) else { return }
            let id = String(topic.dropFirst(screensTopic.count))
            if payload.isEmpty {
                screens[id] = nil
            } else if let p = try? ScreenPresence(json: payload) {
                // The facts doctor reads: online, what it shows, the vblanks its frames missed.
                let missed = p.displays.compactMap(\.missedVblanks)
                screens[id] = HostView.Screen(id: id, online: p.online, shows: p.online ? p.phase?.rawValue : nil,
                                              missedVblanks: p.online && !missed.isEmpty ? missed.reduce(0, +) : nil)
            } else {
                // Not a presence this version reads: an unknown screen, shown as offline.
                screens[id] = HostView.Screen(id: id, online: false, shows: nil)
            }
            service.screensChanged()
        }
        publisher.client.subscribe(screensTopic + "+")
        service.screens = { screens.values.sorted { $0.id < $1.id } }

        ui.line(HostTerminal.help)
        ui.start()
        publisher.start()
        publisher.retain(HostPresence(online: true, since: startedAt, url: publicURL).json, on: hostTopic)
        // Every picture first, retained: screens up now and screens that connect later hold
        // them all before the first question. Said when the broker has them all, or that it
        // cannot be reached yet (they go when it is back).
        let mediaTopics = Set(pictures.files.map { BrokerURL.mediaTopic(room: room, sha256: $0.0) })
        for (sha, bytes) in pictures.files { publisher.retain(bytes, on: BrokerURL.mediaTopic(room: room, sha256: sha)) }
        let picturesText = Self.counted(pictures.files.count, "picture") + " (\(Self.kibibytes(pictures.totalBytes)))"
        var picturesSaid = mediaTopics.isEmpty
        var unreachableSaid = false
        publisher.onAcknowledged = { topic in
            guard !picturesSaid, mediaTopics.contains(topic), mediaTopics.allSatisfy(publisher.isAcknowledged) else { return }
            picturesSaid = true
            ui.line("\(picturesText) published on quizkiosk/\(room)/media/")
        }
        publisher.onLink = { up in
            // (The broker client says what happened to the link; this says what waits for it.)
            guard !up, !picturesSaid, !unreachableSaid else { return }
            unreachableSaid = true
            let verb = pictures.files.count == 1 ? "waits" : "wait"
            ui.line("  (broker unreachable: \(picturesText) \(verb) to be published, sent when it is back)")
        }
        service.start()
        tick()
        let failed = service.run()

        ui.restore()
        if let failure = failed {
            // The loop cannot wait any more (a bug, not a condition): stop, never spin.
            CLI.printError("quizkiosk: host: the event loop failed (\(failure)); the host stops. The night is in \(store.path): "
                           + "start the host again to resume it")
            return 1
        }
        service.shutdown()
        if let report = service.latencyReport { Console.out(report) }
        // The quiz is over: its pictures leave the broker (empty retained messages); screens
        // keep what they hold for the state they show.
        for (sha, _) in pictures.files { publisher.retain([], on: BrokerURL.mediaTopic(room: room, sha256: sha)) }
        publisher.retain(HostPresence(online: false).json, on: hostTopic)
        // Let the last state reach the broker (QoS 1 acknowledgement) before saying goodbye,
        // also when the quit came before the first connection did.
        let last = service.session.publishedRevision
        let delivered = publisher.flush(on: loop, timeout: 10)
        publisher.stop()
        if let why = publisher.refused {
            Console.err("quit: \(url): the broker refused the connection: \(why); the screens show an older state")
            return 1
        }
        if delivered {
            Console.out("quit: the screens keep showing revision \(last); `quizkiosk publish --clear` clears the room")
            return 0
        }
        Console.err("quit: revision \(last) did not reach the broker (\(url)); the screens show an older state")
        return 1
    }

    /// `host --config FILE --quiz-set`, the host unit's ExecCondition: 0 when a quiz is named
    /// (the settings' `host = …`, or the command line), 1 when none is (the unit stays off: a
    /// condition, not a failure). Settings it cannot read also give 0: the start that follows
    /// says what is wrong and fails, where a venue looks (`systemctl status`, the journal).
    static func quizSet(_ argv: [String]) -> Int32 {
        guard let (expanded, configured) = try? ConfigFile.expandHost(argv, options: options, flags: flags),
              let args = try? Arguments(expanded, options: options, flags: flags, maxPositional: 1) else { return 0 }
        if args.positional.first != nil || configured != nil { return 0 }
        Console.out("no quiz set: quizkiosk-host stays off until the settings name one (host = /etc/quizkiosk/quiz.json, or a quiz folder)")
        return 1
    }

    static func hostAction(_ a: HostSession.Action) -> HostAction {
        switch a {
        case .next: return .next
        case .reveal: return .reveal
        case .leaderboard: return .leaderboard
        case .back: return .back
        }
    }

    /// `--players [ADDR:]PORT` (default 0.0.0.0:8080), nil for `off`.
    static func playersAddress(_ args: Arguments) throws(UsageError) -> ListenAddress? {
        let text = args.value("--players") ?? defaultPlayers
        if text == "off" { return nil }
        do {
            return try ListenAddress(parsing: text)
        } catch {
            throw UsageError(message: "--players \(error.description) (or off)")
        }
    }

    /// `--data DIR`, else `$STATE_DIRECTORY`, `$XDG_STATE_HOME/quizkiosk`, `~/.local/state/quizkiosk`.
    static func dataDirectory(_ args: Arguments) throws -> String {
        if let d = args.value("--data") {
            guard !d.isEmpty else { throw UsageError(message: "--data needs a folder") }
            return d
        }
        guard let d = DataDirectory.resolve(Environment.all) else { throw UsageError(message: DataDirectory.unresolved) }
        return d
    }

    /// Whether the TV's fonts draw a player's name (players v1: a name they cannot draw is
    /// `name-invalid`): every run of its layout has a face, none is the replacement box. Without
    /// fonts (none found) every name is taken, and the host is told.
    static func nameCheck(_ args: Arguments) -> (String) -> Bool {
        guard let fonts = try? CLI.loadFonts(args.value("--fonts")) else {
            Log.warning("host: no fonts found (--fonts DIR): players' names are not checked against what the TV can draw")
            return { _ in true }
        }
        fonts.report = { Log.debug($0) }
        let engine = TextEngine(fonts: fonts)
        return { name in
            engine.layout(name, size: 32, weight: .bold, maxWidth: 100_000).lines.allSatisfy { line in
                line.runs.allSatisfy { $0.face != FontSet.replacementID }
            }
        }
    }

    /// `--export FILE.csv`: the latest run of this quiz in the data folder, as CSV (read-only:
    /// works beside a running host).
    static func export(quiz: QuizFile, sha256: String, data: String, to file: String) throws -> Int32 {
        let csv: String?
        do {
            csv = try NightStore(directory: data, readOnly: true).exportCSV(quiz: quiz, quizSHA256: sha256)
        } catch {
            throw CLIError(error.message)
        }
        guard let csv else { throw CLIError("--export: no night of this quiz (\(quiz.title)) is kept in \(data)") }
        do {
            try Files.writeAtomically(Array(csv.utf8), to: file)
        } catch {
            throw CLIError("--export \(file): \(error.message)")
        }
        let rows = csv.split(separator: "\r\n").count - 1
        Console.out("exported \(rows) players' results to \(file)")
        return 0
    }

    /// "1 picture", "2 pictures".
    static func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// "64 KiB", "1.5 MiB".
    static func kibibytes(_ bytes: Int) -> String {
        if bytes < 1024 * 1024 { return "\(max(1, (bytes + 1023) / 1024)) KiB" }
        return "\(Double(bytes * 10 / (1024 * 1024)) / 10) MiB"
    }
}
