import Platform

/// CEC for `run`: which adapter (`--cec`), its controller, and what happens when the display
/// side says a display shows the kiosk (`displayShown`) or the screen's content changes
/// (`show`). `--cec off` opens nothing and sends nothing. With `auto` the adapter is chosen
/// when the first display is on screen (its EDID says where it sits) and again after a
/// display comes back while none is in use; an adapter that cannot be used is one line, and
/// the screen goes on without CEC.
public final class CECSession {
    public let settings: CECSettings
    public private(set) var controller: CECController?

    private let loop: EventLoop
    private let probe: () -> [AdapterInfo]
    private let open: (String) throws(CECError) -> CECAdapter
    private var content: ScreenContent?
    private var lastLine: String?

    /// - Parameters:
    ///   - probe: every adapter's state, for `auto` (default: each /dev/cecN, read-only).
    ///   - open: opens the chosen adapter as an initiator and follower.
    public init(settings: CECSettings, loop: EventLoop, probe: @escaping () -> [AdapterInfo] = CECSession.adapters,
                open: @escaping (String) throws(CECError) -> CECAdapter = { p throws(CECError) in try CECDevice(path: p) }) {
        self.settings = settings
        self.loop = loop
        self.probe = probe
        self.open = open
    }

    /// Every /dev/cecN's state (ones that cannot be opened are left out).
    public static func adapters() -> [AdapterInfo] {
        AdapterList.paths().compactMap { path in
            do {
                return try CECDevice(path: path, follow: false).info()
            } catch {
                Log.debug("\(error)")
                return nil
            }
        }
    }

    /// With `--cec /dev/cecN`, opens it now, so that its claim is done by the first frame.
    public func start() {
        if case .path(let path) = settings.adapter { use(path, why: "--cec \(path)") }
    }

    public func displayShown(_ link: DisplayLink) {
        if controller == nil {
            switch settings.adapter {
            case .off:
                return
            case .path(let path):
                use(path, why: "--cec \(path)")
            case .auto:
                switch AdapterChoice.choose(probe(), for: link) {
                case .use(let info, let why): use(info.path, why: why)
                case .none(let line): say(.info, "CEC: \(line); the TV is not switched on or to this input by the kiosk")
                }
            }
        }
        controller?.displayShown(link)
    }

    public func show(_ new: ScreenContent) {
        content = new
        controller?.show(new)
    }

    public func shutdown() {
        controller?.shutdown()
        controller = nil
    }

    private func use(_ path: String, why: String) {
        do {
            let adapter = try open(path)
            let c = CECController(adapter: adapter, loop: loop, settings: settings)
            c.onGone = { [weak self, weak c] in
                // Not from inside the controller's own call: let go on the next pass.
                self?.loop.after(0) {
                    guard let self, let c, self.controller === c else { return }
                    self.controller = nil
                }
            }
            Log.info("\(path): the CEC adapter for the display (\(why))")
            try c.start()
            controller = c
            lastLine = nil
            if let content { c.show(content) }
        } catch {
            say(.warning, "CEC: \(error); the screen goes on without CEC")
        }
    }

    private func say(_ level: Log.Level, _ line: String) {
        guard line != lastLine else { return }
        lastLine = line
        Log.emit(level, line)
    }
}
