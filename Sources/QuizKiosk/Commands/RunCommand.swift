import Display
import Glibc
import Kiosk
import Platform
import Renderer

/// `quizkiosk run`: the screen. Reads states from a source and shows them until SIGINT or
/// SIGTERM.
enum RunCommand {
    static let options = Set(["--state", "--out", "--size", "--fonts"]).union(RunDisplay.options)
    static let flags: Set<String> = ["--headless", "--keep-frames"]

    static func run(_ argv: [String]) throws -> Int32 {
        let args = try Arguments(argv, options: options, flags: flags)
        let fonts = try CLI.loadFonts(args.value("--fonts"))
        let loop = EventLoop()
        let kiosk = Kiosk(loop: loop, renderer: SceneRenderer(fonts: fonts))
        let signals = try SignalWatch()

        try RunDisplay.applyClock(args, to: kiosk)
        // The screen: DRM/KMS unless --headless (RunDisplay.swift); what follows is shared.
        let display = args.has("--headless") ? nil : try RunDisplay.start(args, kiosk: kiosk, loop: loop)
        if display == nil {
            let size = try args.value("--size").map { s throws(UsageError) in try DisplaySize(parsing: s) } ?? DisplaySize(width: 1920, height: 1080)
            let out = try args.required("--out")
            let output = try HeadlessOutput(width: size.width, height: size.height, directory: out, keepFrames: args.has("--keep-frames"))
            var announced = false
            kiosk.onFrame = { o, _ in
                if !announced {
                    announced = true
                    Log.info("\(o.name): first frame \(o.width)x\(o.height) in \(out)/latest.png")
                }
            }
            kiosk.setOutputs([output])
        }
        if let path = args.value("--state") {
            try kiosk.add(source: StaticFileSource(path: path))
        }

        loop.watch(fd: signals.fd) { _ in
            if let s = signals.read() {
                Log.info("signal \(s): shutting down")
                loop.stop()
            }
        }
        loop.run()
        display?.shutdown()
        kiosk.stopSources()
        return 0
    }
}
