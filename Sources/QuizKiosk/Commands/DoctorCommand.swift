import CommandLineKit
import Display
import Escaping
import Glibc
import Kiosk
import MQTT
import Pixels
import Platform
import Renderer
import SoundCard

/// `quizkiosk doctor`: checks what a kiosk needs and prints, for each, a pass or what to do.
/// Exits non-zero when anything would keep the screen dark (no device, no access, no master,
/// no display, no fonts); a broker or clock problem is a warning — the screen still shows the
/// idle scene or the last state.
enum DoctorCommand {
    static let defaultConfig = "/etc/quizkiosk/quizkiosk.conf"

    enum Verdict: String {
        case pass = "PASS", warn = "WARN", fail = "FAIL", skip = "SKIP"
    }

    struct Result {
        let verdict: Verdict
        let what: String
        let detail: String
    }

    static func run(_ argv: [String]) throws -> Int32 {
        var argv = argv
        // The kiosk's own settings unless told otherwise: the doctor checks what the service uses.
        if !argv.contains(where: { $0 == "--config" || $0.hasPrefix("--config=") }), Files.exists(defaultConfig) {
            argv = ["--config", defaultConfig] + argv
        }
        let options = RunCommand.options.union(["--timeout"])
        let args = try Arguments(try ConfigFile.expand(argv, options: options, flags: RunCommand.flags), options: options,
                                 flags: RunCommand.flags)
        let timeout = Double(args.value("--timeout") ?? "") ?? 5
        Log.threshold = .error  // the checks report; the clients' own warnings would repeat them
        var results: [Result] = []
        func report(_ r: Result) {
            results.append(r)
            Console.out("\(r.verdict.rawValue)  \(r.what): \(r.detail)")
        }
        if !args.has("--headless") {
            checkDisplay(args).forEach(report)
        } else {
            report(Result(verdict: .skip, what: "display", detail: "--headless: frames go to PNG files"))
        }
        report(checkFonts(args.value("--fonts")))
        checkScripts(args.value("--fonts")).forEach(report)
        report(checkLook(args))
        var screenBrokers: [BrokerURL] = []
        report(checkSound(args))
        do {
            let sources = try RunSources(args)
            let brokers = sources.specs.compactMap { if case .mqtt(let u) = $0 { return u } else { return nil } }
            screenBrokers = brokers
            if brokers.isEmpty {
                report(Result(verdict: .skip, what: "broker", detail: "no mqtt:// source configured"))
            }
            for url in brokers { checkBroker(url, caFile: sources.caFile, timeout: timeout).forEach(report) }
        } catch {
            report(Result(verdict: .warn, what: "broker", detail: "\(error)"))
        }
        // The one-box night: the host unit's quiz, mosquitto, the package's broker settings.
        checkAppliance(config: configPath(argv), screenBrokers: screenBrokers).forEach(report)
        report(checkClock())
        if !args.has("--headless") { checkCEC(args).forEach(report) }
        let dark = results.contains { $0.verdict == .fail }
        Console.out(dark ? "the screen would stay dark: fix the FAIL lines above" : "nothing keeps the screen dark")
        return dark ? 1 : 0
    }

    /// The room's sound: whether the PCM `run` would play on opens. Never a FAIL: a silent
    /// room still has its screen.
    static func checkSound(_ args: Arguments) -> Result {
        let options: SoundOptions
        do {
            options = try SoundOptions(args)
        } catch {
            return Result(verdict: .fail, what: "sound", detail: "\(error)")
        }
        guard options.isOn(headless: args.has("--headless")) else {
            return Result(verdict: .skip, what: "sound", detail: options.choice == .off ? "off (--sound off)" : "--headless: no sound unless --sound on")
        }
        // The PCM `run` would pick: --sound-device, else the HDMI one whose ELD names the only
        // monitor with audio (run matches the driven connector's EDID), else `default`.
        var settings = options.player
        var why = ""
        if !options.deviceGiven, case .device(let d, let reason) = HDMIAudioScan.choose(for: nil) {
            settings.device = d
            why = " (\(reason))"
        }
        switch ALSAPlayer.probe(settings) {
        case .success(let card):
            return Result(verdict: .pass, what: "sound", detail: "\(Escaping.quoted(settings.device)) opens (\(card))\(why), volume \(options.volume)")
        case .failure(let f):
            let hint = f.busy ? " (the running service holds it: fine while quizkiosk runs)"
                : ": the room hears nothing; --sound-device NAME (aplay -L lists them) or --sound off"
            return Result(verdict: f.busy ? .pass : .warn, what: "sound", detail: "\(Escaping.quoted(settings.device))\(why): \(f.message)\(hint)")
        }
    }

    /// The venue's look: `run` refuses to start with a setting out of range or colours under 7:1.
    static func checkLook(_ args: Arguments) -> Result {
        do {
            let (_, settings) = try ShowOptions.look(args)
            let logo = settings.logo.map { ", logo \($0.width)x\($0.height)" } ?? ""
            return Result(verdict: .pass, what: "look", detail: "text scale \(settings.textScale), overscan \(settings.overscan)%\(logo), every text ≥ 7:1")
        } catch {
            return Result(verdict: .fail, what: "look", detail: "\(error)")
        }
    }

    /// The card `run` would open, master, and the display(s) it would drive with their modes.
    static func checkDisplay(_ args: Arguments) -> [Result] {
        let selection: OutputSelection, settings: DisplaySettings
        do {
            selection = try RunDisplay.selection(args)
            settings = try DisplaySettings(args)
        } catch {
            return [Result(verdict: .fail, what: "display", detail: error.message)]
        }
        var path = args.value("--device") ?? ""
        if path.isEmpty {
            do {
                path = try RunDisplay.chooseCard()
            } catch {
                return [Result(verdict: .fail, what: "DRM device", detail: error.description)]
            }
        }
        var out: [Result] = []
        let card: DRMCard
        do {
            card = try DRMCard(path: path, master: true)
            out.append(Result(verdict: .pass, what: "DRM device", detail: "\(path) (\(card.driver.name) \(card.driver.version), \(card.chosenProtocol.rawValue) KMS)"))
            out.append(Result(verdict: .pass, what: "DRM master", detail: "obtainable"))
        } catch .masterHeld(_, let holder) where holder?.contains("quizkiosk") == true {
            // Our own service holds the screen: that is the healthy case; look without master.
            guard let c = try? DRMCard(path: path, master: false) else {
                return [Result(verdict: .fail, what: "DRM device", detail: "\(path) cannot be opened")]
            }
            card = c
            out.append(Result(verdict: .pass, what: "DRM device", detail: "\(path) (\(card.driver.name) \(card.driver.version))"))
            out.append(Result(verdict: .pass, what: "DRM master", detail: "held by \(holder ?? "quizkiosk"): the screen is running"))
        } catch {
            let what: String
            switch error {
            case .permissionDenied, .noDevice, .noSuchCard: what = "DRM device"
            case .masterHeld: what = "DRM master"
            default: what = "DRM device"
            }
            return [Result(verdict: .fail, what: what, detail: error.description)]
        }
        let snapshot: CardSnapshot
        do {
            snapshot = try card.probe()
        } catch {
            return out + [Result(verdict: .fail, what: "display", detail: "\(path): cannot read the connectors: \(error)")]
        }
        do {
            try DisplayManager.validate(snapshot, selection: selection)
        } catch {
            return out + [Result(verdict: .fail, what: "display", detail: error.description)]
        }
        let usable = selection.choose(from: snapshot.connectors, current: [])
        guard !usable.isEmpty else {
            let all = snapshot.connectors.filter(\.isDisplay).map { "\($0.name) \($0.status.rawValue)" }.joined(separator: ", ")
            return out + [Result(verdict: .fail, what: "display", detail: "no display to drive for outputs \(selection) (\(all.isEmpty ? "no connectors" : all)): check the cable, that the TV is on and set to this input")]
        }
        for c in usable {
            let choice = settings.policy.choose(for: c)
            let mode = choice.map { "\($0.mode)" } ?? "no mode"
            let monitor = (try? EDID(c.edid)).map { e in [e.make, e.name].compactMap { $0 }.joined(separator: " ") }
            let detail = "\(c.name) \(c.status.rawValue), \(mode)" + (monitor.map { " (\($0))" } ?? "")
            if let choice, choice.requestMissing, let r = settings.policy.request {
                // Not dark: run warns and uses the policy's choice.
                out.append(Result(verdict: .warn, what: "display", detail: "--mode \(r): \(c.name) does not offer it; run uses \(choice.mode) (\(choice.why))"))
            } else {
                out.append(Result(verdict: .pass, what: "display", detail: detail))
            }
        }
        return out
    }

    static func checkFonts(_ option: String?) -> Result {
        do {
            let fonts = try CLI.loadFonts(option)
            return Result(verdict: .pass, what: "fonts", detail: "\(fonts.directory) readable")
        } catch {
            return Result(verdict: .fail, what: "fonts", detail: "\(error)")
        }
    }

    /// Which writing systems this box can draw, and with which font; for one it cannot, the
    /// Debian package that has a font for it. Never dark: a room in that script gets boxes.
    static func checkScripts(_ option: String?) -> [Result] {
        guard let fonts = try? CLI.loadFonts(option) else { return [] }
        fonts.report = { _ in }
        return fonts.scriptCoverage().map { c in
            let what = "script \(c.script)"
            guard let family = c.family else {
                return Result(verdict: .warn, what: what, detail: "no font: drawn as boxes; install \(c.package)")
            }
            if c.makeshift {
                return Result(verdict: .warn, what: what, detail: "\(family) (bundled), Japanese forms; install \(c.package) for Chinese ones")
            }
            return Result(verdict: .pass, what: what, detail: c.bundled ? "\(family) (bundled)" : "\(family) (\(c.file ?? "?"))")
        }
    }

    /// Connects once, with the credentials the screen would use, and waits for the broker's
    /// answer; connected, the same connection reads the room's screens (`DoctorScreens`).
    static func checkBroker(_ url: BrokerURL, caFile: String?, timeout: Double) -> [Result] {
        let loop = EventLoop()
        let clientID = "quizkiosk-doctor-\(getpid())"
        var config = MQTTClient.Configuration(broker: url, clientID: clientID, caFile: caFile)
        config.connectTimeout = timeout
        let client: MQTTClient
        do {
            client = try MQTTClient(config, loop: loop)
        } catch {
            return [Result(verdict: .warn, what: "broker", detail: "\(url): \(error)")]
        }
        var outcome: Result?
        let screens = url.room.map { RoomScreens(room: $0, client: client, clientID: clientID) }
        client.onConnected = {
            outcome = Result(verdict: .pass, what: "broker", detail: "\(url) reachable" + (url.username == nil ? "" : ", credentials accepted"))
            screens?.connected()
        }
        client.onRefused = { why in
            outcome = Result(verdict: .warn, what: "broker", detail: "\(url) refused the connection: \(why); check the user name and password-file (or QUIZKIOSK_MQTT_PASSWORD)")
        }
        client.onDisconnected = { reason in
            if outcome == nil {
                outcome = Result(verdict: .warn, what: "broker", detail: "\(url): \(reason): is it running, and are the host and port right? (the screen shows the offline mark and keeps retrying)")
            }
        }
        client.start()
        _ = loop.run(until: { outcome != nil }, timeout: timeout + 1)
        guard let outcome else {
            client.stop()
            return [Result(verdict: .warn, what: "broker",
                           detail: "\(url) did not answer within \(Int(timeout)) s: is it running, and is the host and port right? (the screen shows the offline mark and keeps retrying)")]
        }
        guard outcome.verdict == .pass, let screens else {
            client.stop()
            return [outcome]
        }
        _ = loop.run(until: { screens.complete }, timeout: timeout)
        client.stop()
        return [outcome] + screens.results(listened: timeout)
    }

    static func checkClock() -> Result {
        switch Clock.isSynchronized() {
        case true?:
            return Result(verdict: .pass, what: "clock", detail: "synchronised (countdowns match the controller's)")
        case false?:
            return Result(verdict: .warn, what: "clock", detail: "not synchronised: countdowns may be off; enable NTP (timedatectl set-ntp true, or install systemd-timesyncd or chrony)")
        case nil:
            return Result(verdict: .warn, what: "clock", detail: "the kernel does not say whether the clock is synchronised")
        }
    }
}
