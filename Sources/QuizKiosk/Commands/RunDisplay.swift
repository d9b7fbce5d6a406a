import Display
import Glibc
import Kiosk
import Pixels
import Platform
import Renderer

/// `run` on a real display: which card, connectors and mode (`--device`, `--connector`,
/// `--outputs`, `--mode`), `--now` for a fixed clock, and the readiness line. The kiosk loop
/// itself is shared with the headless path in RunCommand.
enum RunDisplay {
    static let options: Set<String> = DisplaySettings.options.union(["--device", "--connector", "--outputs"])

    /// Opens the card, takes DRM master, and starts driving the selected displays; the kiosk
    /// gets their outputs (again after every hotplug change). Call `shutdown()` on the result
    /// on the way out (it also runs from deinit).
    static func start(_ args: Arguments, kiosk: Kiosk, loop: EventLoop) throws -> DisplayManager {
        for headlessOnly in ["--size", "--out"] where args.value(headlessOnly) != nil {
            throw UsageError(message: "\(headlessOnly) is for --headless; on a display the mode sets the size (--mode WxH[@HZ])")
        }
        let selection = try selection(args)
        let settings = try DisplaySettings(args)
        let path = try args.value("--device") ?? chooseCard()
        let legacy = Environment.get("QUIZKIOSK_DRM_LEGACY") == "1"
        let card = try DRMCard(path: path, master: true, forceLegacy: legacy)
        let manager = DisplayManager(device: card, loop: loop, selection: selection, policy: settings.policy, signal: settings.signal)
        manager.onOutputsChanged = { [weak kiosk] outputs in kiosk?.setOutputs(outputs) }
        var first = true
        manager.onShown = { o in
            var line = "\(o.name): on screen: \(o.head.mode) (\(card.chosenProtocol.rawValue), \(path), CRTC \(o.head.crtcID))"
            if first {
                first = false
                if let age = processAge() { line += "; first frame \(Int(age * 1000)) ms after start" }
            }
            Log.info(line)
        }
        // Hotplug first, so nothing that happens during the first probe is missed.
        manager.watchHotplug(forceFallback: Environment.get("QUIZKIOSK_NO_UEVENTS") == "1")
        try manager.start()
        manager.startHealthChecks()
        Log.info("\(path): \(card.driver.name) \(card.driver.version), \(card.chosenProtocol.rawValue) KMS\(legacy ? " (QUIZKIOSK_DRM_LEGACY=1)" : ""), outputs: \(selection)")
        return manager
    }

    static func selection(_ args: Arguments) throws(UsageError) -> OutputSelection {
        switch (args.value("--connector"), args.value("--outputs")) {
        case (let c?, nil): return .named([c])
        case (nil, let o?):
            guard let s = OutputSelection(parsing: o) else { throw UsageError(message: "--outputs \(o): expected first, all or NAME[,NAME]") }
            return s
        case (nil, nil): return .first
        case (_?, _?): throw UsageError(message: "--connector and --outputs cannot be used together (--outputs NAME is the same as --connector NAME)")
        }
    }

    /// The first card with a connected display, else the first card with any connector (we
    /// wait there for a display), else none.
    static func chooseCard() throws(DisplayError) -> String {
        let cards = DeviceList.cards()
        guard !cards.isEmpty else { throw .noDevice }
        if cards.count == 1 { return cards[0] }
        var withConnectors: String?
        for path in cards {
            guard let card = try? DRMCard(path: path, master: false), let s = try? card.probe() else { continue }
            card.dropMaster()
            if s.connectors.contains(where: \.isUsable) { return path }
            if withConnectors == nil && s.connectors.contains(where: \.isDisplay) { withConnectors = path }
        }
        return withConnectors ?? cards[0]
    }

    /// Seconds since this process started (from /proc: exec and loading count too).
    static func processAge() -> Double? {
        guard let stat = try? Files.read("/proc/self/stat", limit: 4096), let uptime = try? Files.read("/proc/uptime", limit: 4096) else { return nil }
        let s = String(decoding: stat, as: UTF8.self)
        // Field 22 (starttime, clock ticks since boot); fields counted after the ")" that ends
        // the command name, which may itself contain spaces.
        guard let close = s.lastIndex(of: ")") else { return nil }
        let fields = s[s.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]),
              let up = Double(String(decoding: uptime, as: UTF8.self).split(separator: " ").first ?? "") else { return nil }
        return up - ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The demo on a display when this machine has one: each step of the bundled quiz for its
    /// time, round and round, until SIGINT/SIGTERM. Returns nil when there is no DRM device
    /// (the caller renders to PNG files instead); an unusable device says why and returns nil.
    static func demo(renderer: SceneRenderer) throws -> Int32? {
        guard !DeviceList.cards().isEmpty else { return nil }
        let loop = EventLoop()
        let kiosk = Kiosk(loop: loop, renderer: renderer)
        kiosk.pictures = try PictureStore(loop: loop, settings: .init(cache: nil, fetch: nil))
        let signals = try SignalWatch()
        let manager: DisplayManager
        do {
            manager = try start(Arguments([], options: []), kiosk: kiosk, loop: loop)
        } catch let e as DisplayError {
            Console.err("quizkiosk: \(e); rendering the demo to PNG files instead")
            return nil
        }
        defer { manager.shutdown() }
        Console.out("QuizKiosk demo on the display (SIGINT or Ctrl+C to stop)")
        let demo = DemoSource()
        demo.pictures = kiosk.pictures
        try kiosk.add(source: demo)
        defer { demo.stop() }
        loop.watch(fd: signals.fd) { _ in
            if signals.read() != nil { loop.stop() }
        }
        loop.run()
        return 0
    }
}
