import CEC
import CommandLineKit
import Display
import Glibc
import Kiosk
import Media
import Pixels
import Platform
import Renderer

/// `run` on a real display: which card, connectors and mode (`--device`, `--connector`,
/// `--outputs`, `--mode`), how long a firmware card is skipped (`--firmware-wait`), `--now` for a
/// fixed clock, and the readiness line. The kiosk loop itself is shared with the headless path
/// in RunCommand; waiting for the card and moving between cards is DisplaySession's.
enum RunDisplay {
    static let options: Set<String> = DisplaySettings.options.union(["--device", "--connector", "--outputs", "--firmware-wait"])
    /// Seconds the firmware's framebuffer card (simpledrm) is skipped while the real GPU driver
    /// may still be loading: udev loads it a few seconds into boot on a small box.
    static let defaultFirmwareWait = 10.0

    /// Checks the display options, then starts waiting for the card and driving it as it comes;
    /// the kiosk gets the outputs (again after every hotplug change or change of card). Call
    /// `shutdown()` on the result on the way out (it also runs from deinit).
    /// `shown` is called each time an output shows the kiosk (at start, back after a hotplug).
    static func start(_ args: Arguments, kiosk: Kiosk, loop: EventLoop, cec: CECSession? = nil,
                      shown: ((DRMOutput) -> Void)? = nil, onFatal: @escaping (DisplayError) -> Void) throws -> DisplaySession {
        for headlessOnly in ["--size", "--out"] where args.value(headlessOnly) != nil {
            throw UsageError(message: "\(headlessOnly) is for --headless; on a display the mode sets the size (--mode WxH[@HZ])")
        }
        let selection = try selection(args)
        let settings = try DisplaySettings(args)
        let wait = try firmwareWait(args)
        let waiter = CardWaiter(loop: loop, firmwareWait: wait, device: args.value("--device"))
        let session = DisplaySession(loop: loop, waiter: waiter) { path throws(DisplayError) in
            try manager(for: path, selection: selection, settings: settings, kiosk: kiosk, loop: loop, cec: cec, shown: shown)
        }
        session.onFatal = onFatal
        session.start()
        return session
    }

    static func firmwareWait(_ args: Arguments) throws(UsageError) -> Double {
        guard let text = args.value("--firmware-wait") else { return defaultFirmwareWait }
        guard let v = Double(text), v >= 0, v <= 3600 else {
            throw UsageError(message: "--firmware-wait \(text): expected seconds from 0 to 3600")
        }
        return v
    }

    /// Opens the card, takes DRM master, and starts driving the selected displays.
    static func manager(for path: String, selection: OutputSelection, settings: DisplaySettings, kiosk: Kiosk,
                        loop: EventLoop, cec: CECSession? = nil, shown: ((DRMOutput) -> Void)? = nil) throws(DisplayError) -> DisplayManager {
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
            // A display shows the kiosk (at start, or back after a hotplug): wake the TV.
            cec?.displayShown(cecLink(o, card: path))
            // And the room's sound follows it (its HDMI PCM exists only while a mode is driven).
            shown?(o)
        }
        // Hotplug first, so nothing that happens during the first probe is missed.
        manager.watchHotplug(forceFallback: Environment.get("QUIZKIOSK_NO_UEVENTS") == "1")
        try manager.start()
        manager.startHealthChecks()
        Log.info("\(path): \(card.driver.name) \(card.driver.version), \(card.chosenProtocol.rawValue) KMS\(legacy ? " (QUIZKIOSK_DRM_LEGACY=1)" : ""), outputs: \(selection)")
        return manager
    }

    /// What CEC needs to know of a driven output: its connector, and the physical address its
    /// EDID's HDMI block gives (where the box sits in the TV's HDMI tree).
    static func cecLink(_ o: DRMOutput, card path: String) -> DisplayLink {
        let card = path.split(separator: "/").last.flatMap { $0.hasPrefix("card") ? Int($0.dropFirst(4)) : nil }
        let pa = o.setup.connector.flatMap { try? EDID($0.edid) }?.cta?.cecPhysicalAddress.map(PhysicalAddress.init(rawValue:))
        return DisplayLink(connectorName: o.name, card: card, connectorID: o.head.connectorID, physicalAddress: pa)
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

    /// The card `run` would drive now that any wait is over (doctor, demo): the real card by
    /// `CardChoice`, else the firmware's card, else none.
    static func chooseCard() throws(DisplayError) -> String {
        guard case .use(let path) = CardChoice.decide(CardInventory.cards(), now: 0, firmwareDeadline: 0) else { throw .noDevice }
        return path
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
            manager = try self.manager(for: try chooseCard(), selection: .first, settings: DisplaySettings(), kiosk: kiosk, loop: loop)
        } catch {
            Console.err("quizkiosk: \(error); rendering the demo to PNG files instead")
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
