import Glibc
import MQTT
import Platform
import QuizContract
import QuizHost

/// `quizkiosk host QUIZ.json --broker URL --room ROOM`: runs a quiz from a file in the
/// terminal. Each step (keys: next, reveal, leaderboard, back, quit) is published retained on
/// the room's state topic with a growing revision; a question carries `endsAt`, so every screen
/// counts down on its own clock. After a reconnection the current state is published again
/// (a broker without persistence forgets retained messages when it restarts).
enum HostCommand {
    static let options = BrokerOptions.options.union(["--broker", "--room", "--scores"])

    static func run(_ argv: [String]) throws -> Int32 {
        let args = try Arguments(argv, options: options, maxPositional: 1)
        Log.prefixes = false  // a command for people at a terminal, not a journald service
        guard let path = args.positional.first else {
            throw UsageError(message: "host needs a quiz file: quizkiosk host QUIZ.json --broker URL --room ROOM")
        }
        let (url, room) = try BrokerOptions.brokerAndRoom(args)
        let quiz: QuizFile
        do {
            quiz = try QuizFile.load(path)
        } catch {
            throw CLIError(error.message)
        }
        let pictures: QuizPictures
        do {
            pictures = try QuizPictures.load(quiz, quizPath: path)
        } catch {
            // One line per bad picture, each named; nothing is published.
            for line in error.message.split(separator: "\n") { CLI.printError("quizkiosk: \(line)") }
            return 1
        }
        let scoresPath = args.value("--scores")
        var session = HostSession(quiz: quiz, startedAt: Clock.now())
        session.pictures = pictures.byQuestion
        if let scoresPath { loadScores(scoresPath, into: &session, report: { Console.err($0) }) }

        let loop = EventLoop()
        let signals = try SignalWatch()
        let publisher = try RetainedPublisher(.init(broker: url, clientID: "quizkiosk-host-\(getpid())", caFile: args.value("--cafile")),
                                              loop: loop)
        let topic = BrokerURL.stateTopic(room: room)
        let ui = HostTerminal(loop: loop)

        func show() {
            ui.line("[\(session.revision)] \(session.summary(now: Clock.now()))")
            if !publisher.retain(StateEncoder.encode(session.state()), on: topic), publisher.client.state != .connecting {
                ui.line("  (broker unreachable: revision \(session.revision) is sent when it is back)")
            }
            updateStatus()
        }
        func updateStatus() {
            let left = session.secondsLeft(now: Clock.now()).map { $0 > 0 ? "⏱ \(Int($0.rounded(.up))) s left" : "⏱ time is up — r reveals" }
            ui.setStatus(left.map { $0 + (publisher.isConnected ? "" : " · broker unreachable") })
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
                if let why = session.apply(action, now: Clock.now()) {
                    ui.line("  \(why)")
                    return
                }
                if let scoresPath, session.state().phase == .leaderboard || session.state().phase == .ended {
                    loadScores(scoresPath, into: &session, report: { ui.line("  " + $0) })
                }
                show()
            }
        }
        ui.onEnd = { loop.stop() }
        loop.watch(fd: signals.fd) { _ in
            if signals.read() != nil { loop.stop() }
        }

        ui.line("QuizKiosk host — \(quiz.title): \(quiz.questions.count) questions, room \(room) on \(url)")
        ui.line(HostTerminal.help)
        ui.start()
        publisher.start()
        // Every picture first, retained: screens up now and screens that connect later hold
        // them all before the first question.
        for (sha, bytes) in pictures.files { publisher.retain(bytes, on: BrokerURL.mediaTopic(room: room, sha256: sha)) }
        if !pictures.files.isEmpty {
            ui.line("\(pictures.files.count) pictures (\(pictures.totalBytes / 1024) KiB) published on quizkiosk/\(room)/media/")
        }
        show()
        tick()
        loop.run()

        ui.restore()
        // The quiz is over: its pictures leave the broker (empty retained messages); screens
        // keep what they hold for the state they show.
        for (sha, _) in pictures.files { publisher.retain([], on: BrokerURL.mediaTopic(room: room, sha256: sha)) }
        // Let the last state reach the broker (QoS 1 acknowledgement) before saying goodbye,
        // also when the quit came before the first connection did.
        let last = session.revision
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

    /// Reads the scores file into the session; a bad file is reported and the old standings kept.
    static func loadScores(_ path: String, into session: inout HostSession, report: (String) -> Void) {
        do {
            session.standings = try QuizFile.loadScores(path)
        } catch {
            report("\(error.message) (keeping the previous standings)")
        }
    }
}
