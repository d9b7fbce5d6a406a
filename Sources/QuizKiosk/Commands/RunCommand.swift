import Display
import Glibc
import Kiosk
import Platform
import Renderer

/// `quizkiosk run`: the screen. Reads states from its sources and shows them on the TV (or as
/// PNG with --headless) until SIGINT or SIGTERM.
enum RunCommand {
    static let options: Set<String> = RunSources.options.union(RunDisplay.options).union(ShowOptions.options)
        .union(["--state", "--out", "--size", "--fonts", "--font"])
    static let flags: Set<String> = ["--headless", "--keep-frames"]

    static func run(_ argv: [String]) throws -> Int32 {
        let args = try Arguments(try ConfigFile.expand(argv, options: options, flags: flags), options: options, flags: flags)
        // The display settings are checked whatever the output (a settings file is shared).
        _ = try DisplaySettings(args)
        let sources = try RunSources(args)
        let fonts = try CLI.loadFonts(args.value("--fonts"), preferring: args.all("--font"))
        let renderer = try ShowOptions.renderer(fonts: fonts, args)
        let loop = EventLoop()
        let kiosk = Kiosk(loop: loop, renderer: renderer)
        kiosk.pictures = try RunSources.pictures(args, loop: loop)
        let signals = try SignalWatch()
        // Before any output exists, so the first frame is what makes the service ready.
        let service = ServiceNotifications(kiosk: kiosk)

        // The screen: DRM/KMS unless --headless (RunDisplay.swift); what follows is shared.
        let display = args.has("--headless") ? nil : try RunDisplay.start(args, kiosk: kiosk, loop: loop)
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
        try sources.attach(to: kiosk)

        loop.watch(fd: signals.fd) { _ in
            if let s = signals.read() {
                Log.info("signal \(s): shutting down")
                loop.stop()
            }
        }
        loop.run()
        service.stopping()
        display?.shutdown()
        kiosk.stopSources()
        return 0
    }
}
