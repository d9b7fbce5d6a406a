import CEC
import CommandLineKit
import Display
import Glibc
import Kiosk
import Outputs
import Platform
import Renderer

/// `quizkiosk run`: the screen. Reads states from its sources and shows them on the TV (or as
/// PNG with --headless) until SIGINT or SIGTERM.
enum RunCommand {
    static let options: Set<String> = RunSources.options.union(RunDisplay.options).union(ShowOptions.options)
        .union(MotionOption.options).union(CECOptions.options).union(SoundOptions.options).union(["--state", "--out", "--size", "--fonts", "--font"])
    static let flags: Set<String> = Set(["--headless", "--keep-frames", "--hold-vt"]).union(CECOptions.flags)

    static func run(_ argv: [String]) throws -> Int32 {
        let args = try Arguments(try ConfigFile.expand(argv, options: options, flags: flags), options: options, flags: flags)
        // The display settings are checked whatever the output (a settings file is shared).
        _ = try DisplaySettings(args)
        let cecSettings = try CECOptions.settings(args)
        let motion = try MotionOption.isOn(args)
        let soundOptions = try SoundOptions(args)
        let sources = try RunSources(args)
        let fonts = try CLI.loadFonts(args.value("--fonts"), preferring: args.all("--font"))
        let renderer = try ShowOptions.renderer(fonts: fonts, args)
        let loop = EventLoop()
        let kiosk = Kiosk(loop: loop, renderer: renderer, motion: motion)
        kiosk.pictures = try PictureOptions.store(args, loop: loop)
        let signals = try SignalWatch()
        // Before any output exists, so the first frame is what makes the service ready.
        let service = ServiceNotifications(kiosk: kiosk)
        // HDMI-CEC on a display (not --headless): the TV woken and switched to us (CECSession).
        let cec = args.has("--headless") || cecSettings.adapter == .off ? nil : CECSession(settings: cecSettings, loop: loop)
        if let cec {
            cec.start()
            kiosk.observeFrames { _, state in cec.show(CECOptions.content(state.phase)) }
        }

        // The console's VT dark and its keyboard off while we run (the unit's tty1).
        let vt = args.has("--hold-vt") && !args.has("--headless") ? holdVT() : nil
        defer { vt?.giveBack() }
        // The screen: DRM/KMS unless --headless (RunDisplay.swift); what follows is shared.
        // What a restart would not fix (a setting the card cannot meet, the display owned by
        // another program) ends the run with its one line; everything else is waited out.
        var fatal: DisplayError?
        // Made below, once the kiosk has its outputs; a display shown later tells it (RunSound).
        var sound: RoomSound?
        let display = args.has("--headless") ? nil : try RunDisplay.start(args, kiosk: kiosk, loop: loop, cec: cec, shown: { o in
            sound?.displayShown(connector: o.name, edid: o.setup.connector?.edid)
        }) { error in
            fatal = error
            loop.stop()
        }
        if let fatal { throw CLIError(fatal.description) }
        if display == nil {
            let size = try args.value("--size").map { s throws(UsageError) in try DisplaySize(parsing: s) } ?? DisplaySize(width: 1920, height: 1080)
            let out = try args.required("--out")
            let output = try HeadlessOutput(width: size.width, height: size.height, directory: out)
            var announced = false
            kiosk.observeFrames { o, _ in
                if !announced {
                    announced = true
                    Log.info("\(o.name): first frame \(o.width)x\(o.height) in \(out)/latest.png")
                }
            }
            if args.has("--keep-frames") { RunSources.keepOneFramePerState(kiosk, directory: out) }
            kiosk.setOutputs([output])
        } else if kiosk.outputs.isEmpty {
            service.waitingForDisplay()
        }
        // The room's sound (its own thread and PCM), following what the kiosk shows.
        sound = RoomSound.start(soundOptions, headless: args.has("--headless"), kiosk: kiosk, loop: loop)
        try sources.attach(to: kiosk)

        loop.watch(fd: signals.fd) { _ in
            if let s = signals.read() {
                Log.info("signal \(s): shutting down")
                loop.stop()
            }
        }
        loop.run()
        service.stopping()
        cec?.shutdown()
        sound?.stop()
        display?.shutdown()
        kiosk.stopSources()
        if let fatal { throw CLIError(fatal.description) }
        // A loop that cannot wait any more stopped (logged once): exit non-zero for a restart.
        if let failure = loop.failure { throw CLIError("the event loop failed: \(failure)") }
        return 0
    }

    /// `--hold-vt`: the VT on standard input in graphics mode with its keyboard off (ConsoleVT);
    /// anything else there is said once and left alone.
    static func holdVT() -> ConsoleVT? {
        guard let vt = ConsoleVT(fd: 0) else {
            Log.warning("--hold-vt: standard input is not a virtual terminal; the console is left as it is")
            return nil
        }
        do {
            try vt.takeOver()
            Log.info("--hold-vt: the console's VT is in graphics mode with its keyboard off while the kiosk runs")
            return vt
        } catch {
            Log.warning("--hold-vt: \(error); the console is left as it is")
            vt.giveBack()
            return nil
        }
    }
}
