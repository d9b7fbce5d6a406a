import CommandLineKit
import Escaping
import Glibc
import Pixels
import Platform
import QuizContract
import Renderer

/// The `quizkiosk` command line: its usage and commands (what quizkiosk-bench shares with it —
/// arguments, errors, fonts, the look — is in CommandLineKit, where `CLI` itself is).
extension CLI {
    static let version = "0.1.0"

    static let usage = """
        usage: quizkiosk <command> [options]

        commands:
          demo [--out DIR] [--size WxH] [--fonts DIR] [--font FILE]... [LOOK]
                        render the bundled demo quiz, every phase, to PNG files in DIR
          render --state FILE [--size WxH] --out FILE.png [--describe FILE.json] [--media DIR] [--now TIME]
                 [--fonts DIR] [--font FILE]... [--from OLD.json --at SECONDS] [LOOK]
                        draw what the TV shows for a quiz state (TIME: RFC 3339, for countdowns);
                        --describe: every text and shape drawn, with role, box and colours, as JSON;
                        --media: questions' pictures, found in DIR by their SHA-256;
                        --from/--at: the frame SECONDS after the state arrived while OLD was on
                        screen (its motion); without them, the settled frame
          render --audio FILE.wav --state FILE [--from OLD.json --at SECONDS] [--now TIME] [--seconds N]
                 [--volume 0-100] [--av-offset MS] [--sound off]
                        what the room hears, 48 kHz 16-bit stereo, from --now: the state from the
                        start, or OLD from the start and the state SECONDS in (a countdown into a
                        reveal); until 0.5 s after the last sound unless --seconds
          run [--connector NAME | --outputs first|all|NAME,...] [--mode WxH[@HZ]] [--device PATH]
              [--source SOURCE]... [--config FILE] [--now TIME] [--fonts DIR] [--font FILE]...
              [--screen-id ID] [--password-file FILE] [--cafile FILE] [--picture-cafile FILE]
              [--firmware-wait SECONDS] [--hold-vt] [--motion on|off] [--sound on|off]
              [--sound-device NAME] [--volume 0-100] [--av-offset MS] [LOOK]
              [--cec auto|off|/dev/cecN] [--cec-standby] [--cec-standby-after SECONDS]
                        the screen: show the quiz state on the TV (DRM/KMS) until SIGINT/SIGTERM;
                        waits for a DRM card, skipping the firmware's (simpledrm) for 10 s;
                        --hold-vt: the VT on stdin cleared, in graphics mode, its keyboard off (the
                        service): no text on the TV, also between a crash and the restart;
                        --picture-cafile: the CAs trusted for pictures' https:// URLs (default: the system's);
                        --motion off: settled frames only, the countdown once a second;
                        --sound: ticks in the last 5 s, time's up, the reveal's sting (default on
                        where the ALSA PCM --sound-device, default `default`, opens); --volume: the
                        sounds' level (80); --av-offset: sound after its frame (default: the TV's
                        EDID latencies, else 0)
                        --cec: HDMI-CEC wakes the TV and switches it to the kiosk (auto: the
                        adapter of the display driven); --cec-standby: Standby once the ended
                        screen has shown --cec-standby-after seconds (600) and on exit
                        SOURCE: mqtt://[user@]host[:port]/ROOM, mqtts://…, file:PATH, stdin or demo
                        (--state FILE is file:FILE)
          run --headless --out DIR [--size WxH] [--keep-frames] [--source SOURCE]... [...]
                        the same without a display: DIR/latest.png
          displays [--json] [--device PATH] [--watch] [--config FILE] [display settings]
                        list DRM cards, connectors, monitors (EDID), modes, the mode run would pick
                        and why, the overscan decision; --watch: then every hotplug event and the
                        connector states after it
          edid FILE [--json] [display settings]
                        decode an EDID file (/sys/class/drm/card0-HDMI-A-1/edid): modes, CTA-861
                        data, the mode the policy would pick and why, what overscan = auto decides
          display settings (run, doctor, displays, edid; or the settings file):
              --mode WxH[@HZ]  --max-pixel-clock KHZ  --overscan auto|off|N%
              --broadcast-rgb auto|full|limited
          doctor [--config FILE] [run's options]
                        check the DRM device, master, display, fonts, broker, clock and CEC; exit 1 when
                        the screen would stay dark
          layout --text TEXT --width PX [--size PX] [--bold] [--json] [--fonts DIR] [--font FILE]...
                        print the lines the renderer would draw (--json: widths and each run's font)
          host QUIZ.json --broker URL --room ROOM [--players [ADDR:]PORT|off] [--public-url URL] [--data DIR]
               [--new-run] [--max-players N] [--scores FILE] [--fonts DIR] [--password-file FILE] [--cafile FILE]
                        a quiz night: the quiz runs from the terminal's keys, each step is published to
                        the room's screens; phones join and answer on the players' port (default
                        0.0.0.0:8080; the QR code: --public-url, default http://<first IPv4>:<port>/j/CODE;
                        the console: …/host#SECRET); the night is kept in DIR (default $STATE_DIRECTORY,
                        else $XDG_STATE_HOME/quizkiosk, else ~/.local/state/quizkiosk): the same quiz
                        started again resumes its run; --new-run starts afresh; at most N players (2000)
                        at start: the console's URL and its QR code (the secret kept in DIR/host-secret)
                        keys on a terminal: n, Space, Enter or → next · r reveal · l leaderboard ·
                        b, Backspace or ← back · q or Ctrl-D quit; from a pipe, one word a line:
                        n|next, r|reveal, l|leaderboard|standings, b|back, q|quit|exit
                        --scores FILE: rehearsal standings (JSON [{"name","score"}]), read again at
                        each standings step; with players the standings come from their answers
          host-url [--config FILE] [--data DIR] [--players [ADDR:]PORT] [--public-url URL]
                        print the host console's URL and its QR code (the secret from the data
                        folder: the host unit's /var/lib/quizkiosk, else as host; the settings
                        file's host- lines, /etc/quizkiosk/quizkiosk.conf by default)
          host QUIZ.json --export FILE.csv [--data DIR]
                        the night's results (per player: each question's choice and points, the total)
          host --config FILE [--quiz-set] [host's options]
                        the host unit's way (quizkiosk-host.service): the quiz and options from the
                        settings file, `host = QUIZ.json` (or a folder with quiz.json) and
                        `host-NAME = VALUE` for --NAME; the command line wins; --quiz-set: exit 0
                        when a quiz is named, 1 when not (the unit's ExecCondition)
          publish --broker URL --room ROOM (STATE.json | - | --clear) [--raw] [--password-file FILE]
                        publish one state (retained) to the room
          help          this text

        LOOK (the venue's settings; in the settings file without the dashes):
          --text-scale X        all type × X (0.5–3; 1: the question is 48 × width / 1920 px)
          --overscan auto|off|N%
                                the part of each edge the TV may hide (0–20%); scenes keep inside
                                the rest (on a display, auto decides from its EDID and driver)
          --accent #RRGGBB --background #RRGGBB
                                the venue's colours (refused when any text would fall under 7:1)
          --logo FILE.png       the venue's logo, in the header and on the idle and lobby screens
        """

    static func run(_ args: [String]) -> Int32 {
        guard let name = args.first else {
            Console.err(usage)
            return 2
        }
        let rest = Array(args.dropFirst())
        do {
            switch name {
            case "demo": return try DemoCommand.run(rest)
            case "render": return try RenderCommand.run(rest)
            case "run": return try RunCommand.run(rest)
            case "displays": return try DisplaysCommand.run(rest)
            case "edid": return try EDIDCommand.run(rest)
            case "doctor": return try DoctorCommand.run(rest)
            case "layout": return try LayoutCommand.run(rest)
            case "host": return try HostCommand.run(rest)
            case "host-url": return try HostURLCommand.run(rest)
            case "publish": return try PublishCommand.run(rest)
            case "bench":
                // The benchmarks are a developer tool of their own, not in the kiosk's binary.
                printError("quizkiosk: bench is a program of its own now: quizkiosk-bench (scripts/bench builds and runs it)")
                return 2
            case "help", "--help", "-h":
                Console.out(usage)
                return 0
            case "--version", "version":
                Console.out("quizkiosk \(version)")
                return 0
            default:
                throw UsageError(message: "unknown command \(name)")
            }
        } catch let e as UsageError where e.isHelp {
            Console.out(usage(of: name) ?? usage)
            return 0
        } catch let e as UsageError {
            printError("quizkiosk: \(e.message)")
            let line = (usage(of: name) ?? usage).split(separator: "\n").first.map { $0.drop { $0 == " " } } ?? ""
            printError(line.hasPrefix("usage:") ? String(line) : "usage: quizkiosk \(line) (--help: more)")
            return 2
        } catch {
            printError("quizkiosk: \(error)")
            return 1
        }
    }

    /// One line on stderr. Errors quote what the user or a file gave (paths, values), so the
    /// line is escaped: no control character from outside reaches the terminal or journald.
    static func printError(_ line: String) {
        Console.err(Escaping.escaped(line))
    }

    /// The usage of one command: its lines in `usage`, from "  name" to the next command.
    static func usage(of command: String) -> String? {
        let lines = usage.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("  \(command) ") || $0 == "  \(command)" }) else { return nil }
        var end = start + 1
        // Continuation lines are indented deeper than a command's own line.
        while end < lines.count, lines[end].hasPrefix("    ") { end += 1 }
        // A command listed twice (run, run --headless; host, host --export): both entries.
        var out = lines[start..<end].map(String.init)
        if let again = lines[end...].firstIndex(where: { $0.hasPrefix("  \(command) ") }) {
            var e = again + 1
            while e < lines.count, lines[e].hasPrefix("    ") { e += 1 }
            out += lines[again..<e].map(String.init)
        }
        return out.joined(separator: "\n")
    }

    /// Reads and validates a state file; errors name the file and what is wrong in it.
    static func loadState(_ path: String) throws -> QuizState {
        let bytes: [UInt8]
        do {
            bytes = try Files.read(path, limit: StateDecoder.maxBytes)
        } catch {
            throw CLIError("\(path): \(error.message)")
        }
        do {
            // An empty (or blank) state means "no current state": the idle screen, as on a screen.
            switch try StateDecoder.decodeMessage(bytes) {
            case .clear: return .idle
            case .state(let s): return s
            }
        } catch {
            throw CLIError("\(path): \(error.message)")
        }
    }
}
