import CommandLineKit
import Kiosk
import Media
import Pixels
import Platform
import QuizContract
import Renderer

/// `quizkiosk demo`: the bundled demo quiz. Headless (this machine has no display), every step
/// is rendered to a PNG file and its path printed.
enum DemoCommand {
    static func run(_ argv: [String]) throws -> Int32 {
        let args = try Arguments(argv, options: ShowOptions.options.union(["--out", "--size", "--fonts", "--font"]))
        let size = try args.value("--size").map { s throws(UsageError) in try DisplaySize(parsing: s) } ?? DisplaySize(width: 1920, height: 1080)
        let dir = args.value("--out") ?? "quizkiosk-demo"
        let fonts = try CLI.loadFonts(args.value("--fonts"), preferring: args.all("--font"))
        let renderer = try ShowOptions.renderer(fonts: fonts, args)
        // A display attached and no --out: the demo runs on it (RunDisplay.swift).
        if args.value("--out") == nil, let status = try RunDisplay.demo(renderer: renderer) { return status }
        try Files.makeDirectory(dir)
        let canvas = Canvas(width: size.width, height: size.height)
        let pictures = MemoryPictures()
        pictures.add(DemoPicture.bytes)
        renderer.pictures = pictures
        let start = Clock.now()
        Console.out("QuizKiosk demo: no display driven here, rendering headless at \(size) to \(dir)/")
        for (i, step) in DemoQuiz.steps(start: start, picture: DemoPicture.reference).enumerated() {
            // Each question is shown a few seconds into its countdown, as the room would see it.
            let now = step.state.question?.endsAt.map { $0 - (step.state.question?.timeLimit ?? 0) + 3 } ?? start
            renderer.render(step.state, into: canvas, now: now)
            let name = String(i + 1).leftPadded(to: 2) + "-" + step.name + ".png"
            try PNG.write(canvas, to: dir + "/" + name)
            Console.out("  \(dir)/\(name)")
        }
        return 0
    }
}

extension String {
    func leftPadded(to n: Int, with c: Character = "0") -> String {
        count >= n ? self : String(repeating: c, count: n - count) + self
    }
}
