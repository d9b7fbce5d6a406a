import CommandLineKit
import Display
import Platform
import QuizContract

/// `quizkiosk displays [--json] [--device PATH] [--watch]`: every DRM card, its connectors,
/// monitors (from their EDID), modes and what drives them now. Reads only; gives DRM master
/// back at once if opening the card made us master, so a kiosk can start meanwhile. With
/// `--watch` it then prints each hotplug event and the connector states that result.
enum DisplaysCommand {
    static func run(_ argv: [String]) throws -> Int32 {
        // The settings file (`--config`) is run's: its display settings shape the pick and the
        // overscan decision shown; its other settings are accepted and not used here.
        let expanded = try ConfigFile.expand(argv, options: RunCommand.options, flags: RunCommand.flags.union(["--json", "--watch"]))
        let args = try Arguments(expanded, options: RunCommand.options, flags: RunCommand.flags.union(["--json", "--watch"]))
        let settings = try DisplaySettings(args)
        let paths = args.value("--device").map { [$0] } ?? DeviceList.cards()
        guard !paths.isEmpty else { throw DisplayError.noDevice }
        if args.has("--watch") { return try watch(paths) }
        var reports: [DisplayReport] = []
        for path in paths {
            let card = try DRMCard(path: path, master: false)
            // Probe first: as master (we may be, if no one else is) the kernel re-detects displays.
            let snapshot = try card.probe()
            card.dropMaster()
            reports.append(DisplayReport(path: path, driver: card.driver, atomic: card.chosenProtocol == .atomic, snapshot: snapshot,
                                         settings: settings))
        }
        if args.has("--json") {
            let w = JSONWriter()
            w.object {
                w.key("cards")
                w.array(reports) { $0.writeJSON(w) }
            }
            Console.out(String(decoding: w.bytes, as: UTF8.self))
        } else {
            Console.out(reports.map(\.table).joined(separator: "\n\n"))
        }
        return 0
    }

    /// One line per connector: "card0 Virtual-1 connected 1920x1080@60.00 (CRTC 33 1920x1080@60.00)".
    static func states(_ path: String, _ s: CardSnapshot) -> [String] {
        let card = path.split(separator: "/").last.map(String.init) ?? path
        return s.connectors.filter(\.isDisplay).map { c in
            var line = "\(card) \(c.name) \(c.status.rawValue)"
            if let m = ModePolicy().choose(for: c)?.mode { line += " \(m)" }
            if let crtc = s.currentCrtc(of: c) {
                line += " (CRTC \(crtc.id) " + (crtc.mode.map { "\($0)" } ?? "off") + ")"
            }
            return line
        }
    }

    /// The operator's (and the VM tests') view of hotplug: the states now, then for every
    /// event a line saying what came in and the states after it. Runs until SIGINT/SIGTERM.
    static func watch(_ paths: [String]) throws -> Int32 {
        let loop = EventLoop()
        let signals = try SignalWatch()
        var cards: [DRMCard] = []
        var monitors: [HotplugMonitor] = []
        for path in paths {
            let card = try DRMCard(path: path, master: false)
            card.dropMaster()      // never keep a kiosk from becoming master
            cards.append(card)
            var last = states(path, try card.probe())
            for line in last { Console.out(line) }
            let forceFallback = Environment.get("QUIZKIOSK_NO_UEVENTS") == "1"
            let monitor = HotplugMonitor(loop: loop, cardPath: path, forceFallback: forceFallback) { reason, events in
                do {
                    let now = states(path, try card.probe())
                    // A periodic re-probe (no uevents) speaks only when something changed.
                    guard !events.isEmpty || now != last else { return }
                    last = now
                    Console.out("event \(format3(Clock.monotonic())) \(reason)")
                    for line in now { Console.out(line) }
                } catch {
                    Console.out("\(path): probing failed: \(error)")
                }
            }
            monitor.onEvent = { e in Console.out("uevent \(format3(Clock.monotonic())) \(e.summary)") }
            monitors.append(monitor)
        }
        loop.watch(fd: signals.fd) { _ in if signals.read() != nil { loop.stop() } }
        loop.run()
        _ = monitors
        return 0
    }

    static func format3(_ t: Double) -> String {
        let ms = Int((t * 1000).rounded())
        let frac = ms % 1000
        return "\(ms / 1000)." + String(repeating: "0", count: frac < 10 ? 2 : frac < 100 ? 1 : 0) + "\(frac)"
    }
}
