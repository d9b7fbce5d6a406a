import CommandLineKit
import Glibc
import Pixels
import Platform
import QuizContract
import Renderer

/// `quizkiosk-bench`: the question scene's frame times. Cold = a fresh process that loads the
/// fonts and draws one frame (spawned several times, median of wall time spawn → exit); warm =
/// the median of full re-renders of the same state in this process.
enum BenchCommand {
    static let sizes = [DisplaySize(width: 1920, height: 1080), DisplaySize(width: 3840, height: 2160)]

    static func sampleState(now: Double) -> QuizState {
        let q = DemoQuiz.steps(start: now).first { $0.name == "question1" }?.state
        return q ?? QuizState(phase: .question, question: .init(text: "?"))
    }

    static func run(_ argv: [String]) throws -> Int32 {
        if argv.contains("--memory") { return try MemoryBench.run(argv) }
        let args = try Arguments(argv, options: ["--frames", "--fonts", "--cold-runs", "--countdown-seconds", "--profile"],
                                 flags: ["--fade"])
        let frames = max(10, Int(args.value("--frames") ?? "") ?? 300)
        if let size = args.value("--profile") {
            let fonts = try CLI.loadFonts(args.value("--fonts"))
            let size = try DisplaySize(parsing: size)
            return args.has("--fade") ? profileFade(size: size, frames: frames, fonts: fonts) : try profile(size: size, frames: frames, fonts: fonts)
        }
        let countdownSeconds = max(1, Double(args.value("--countdown-seconds") ?? "") ?? 20)
        let coldRuns = max(1, Int(args.value("--cold-runs") ?? "") ?? 9)
        let fontsOption = args.value("--fonts")
        let fonts = try CLI.loadFonts(fontsOption)
        #if DEBUG
        Console.out("note: a debug build; run `scripts/bench` for real figures")
        #endif
        Console.out("question scene (Japanese, 4 choices, countdown), \(frames) warm frames, \(coldRuns) cold processes")
        for size in sizes {
            let cold = try coldFrames(size: size, runs: coldRuns, fonts: fonts.directory)
            let renderer = SceneRenderer(fonts: fonts)
            let canvas = Canvas(width: size.width, height: size.height)
            let now = Clock.now()
            let state = sampleState(now: now)
            renderer.render(state, into: canvas, now: now + 3)
            renderer.text.resetStatistics()
            var times: [Double] = []
            for _ in 0..<frames {
                let t = Clock.monotonic()
                renderer.render(state, into: canvas, now: now + 3)
                times.append(Clock.monotonic() - t)
            }
            times.sort()
            // What the frame is measured against: filling the same canvas with one colour, the
            // least a full frame can cost on this machine now (same run, same load).
            let fill = fillTime(canvas, frames: frames)
            let cache = renderer.text.cache
            let lookups = max(1, cache.hits + cache.misses)
            let layouts = max(1, renderer.text.layoutHits + renderer.text.layoutMisses)
            Console.out("  \(size): cold first frame \(ms(median(cold))) (min \(ms(cold.min() ?? 0))), "
                  + "warm median \(ms(median(times))) = \(format1(median(times) / fill))× the one-colour fill (\(ms(fill))), "
                  + "p95 \(ms(times[times.count * 95 / 100])), "
                  + "glyph cache \(cache.count) glyphs \(cache.bytes / 1024) KiB, warm hit rate "
                  + "\(String(format1(Double(cache.hits) * 100 / Double(lookups))))%, layout cache \(renderer.text.layoutCacheCount) "
                  + "entries \(renderer.text.layoutCacheBytes / 1024) KiB, warm hit rate \(format1(Double(renderer.text.layoutHits) * 100 / Double(layouts)))%")
            // Laying the frame out alone (the item list `--describe` writes), without drawing it.
            var layoutTimes: [Double] = []
            let described = SceneFrame(state: state, width: size.width, height: size.height, now: now + 3)
            for _ in 0..<frames {
                let t = Clock.monotonic()
                _ = renderer.describe(described)
                layoutTimes.append(Clock.monotonic() - t)
            }
            Console.out("  \(size): layout only (the frame's item list) median \(ms(median(layoutTimes.sorted())))")
            // The once-a-second countdown tick: only the damaged rectangles are redrawn.
            var frame = SceneFrame(state: state, width: size.width, height: size.height, now: now + 3)
            renderer.update(canvas, from: nil, to: frame)
            var ticks: [Double] = []
            var area = 0
            for i in 0..<frames {
                var next = frame
                next.now = now + 3 + Double(i % 10 + 1)
                let t = Clock.monotonic()
                let rects = renderer.update(canvas, from: frame, to: next)
                ticks.append(Clock.monotonic() - t)
                area = rects.reduce(0) { $0 + $1.width * $1.height }
                frame = next
            }
            Console.out("  \(size): countdown tick (damage only, \(format1(Double(area) * 100 / Double(size.width * size.height)))% of the screen) "
                        + "median \(ms(median(ticks)))")
            // Motion: frames as an output draws them while things move.
            let countdown = MotionBench.countdownFrame(renderer, size: size, state: state, now: now + 15.1, frames: frames)
            Console.out("  \(size): countdown frame at 60 Hz (ring and bar damage, \(format1(countdown.damage))% of the screen) "
                        + "median \(ms(countdown.median)); as the number changes \(ms(countdown.wholeRing)); one-colour fill \(ms(fill))")
            let standings = DemoQuiz.steps(start: now).first { $0.name == "leaderboard" }?.state ?? QuizState(phase: .leaderboard)
            let fade = MotionBench.transitionFrame(renderer, size: size, from: state, to: standings, now: now + 3, frames: frames)
            Console.out("  \(size): transition frame (question → leaderboard cross-fade of the pixels that differ, "
                        + "in tiles covering \(format1(fade.faded))% of the screen) median \(ms(fade.median)); one-colour fill \(ms(fill)); "
                        + "the fade's first frame (the arriving frame drawn where the two may differ, the fade planned; at weight 0, nothing written) "
                        + "\(ms(fade.first)) = \(format1(fade.first / median(times)))× the question frame (`--profile WxH --fade`: its floor)")
        }
        let hd = DisplaySize(width: 1920, height: 1080)
        let cpu = MotionBench.countdownCPU(SceneRenderer(fonts: fonts), size: hd, seconds: countdownSeconds)
        Console.out("  \(hd) at 60 Hz: a \(format1(countdownSeconds, digits: 0)) s countdown used \(format1(cpu.share * 100))% of one core "
                    + "(\(cpu.frames) frames, \(cpu.missed) missed vblanks)")
        let still = MotionBench.stillWakeups(SceneRenderer(fonts: fonts), size: hd, seconds: 5)
        Console.out("  still screen (the lobby): \(format1(still.perSecond, digits: 2)) wakeups a second, \(still.frames) frames in 5 s")
        try PictureBench.run(fonts: fonts, frames: frames)
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        Console.out("  peak RSS \(usage.ru_maxrss / 1024) MiB (both sizes in one process)")
        return 0
    }

    /// `--profile WxH`: the question frame drawn `frames` times at one size and nothing else,
    /// for a profiler (`perf record -e cpu-clock`, `valgrind --tool=callgrind`).
    static func profile(size: DisplaySize, frames: Int, fonts: FontSet) throws -> Int32 {
        let renderer = SceneRenderer(fonts: fonts)
        let canvas = Canvas(width: size.width, height: size.height)
        let now = Clock.now()
        let state = sampleState(now: now)
        var times: [Double] = []
        for _ in 0..<frames {
            let t = Clock.monotonic()
            renderer.render(state, into: canvas, now: now + 3)
            times.append(Clock.monotonic() - t)
        }
        Console.out("  \(size): \(frames) question frames, median \(ms(median(times))), min \(ms(times.min() ?? 0))")
        return 0
    }

    /// `--profile WxH --fade`: the first frame of the question → reveal and question →
    /// leaderboard cross-fades alone, `frames` times each (each from the question drawn again),
    /// for a profiler; each beside the two frames drawn whole in the same run.
    static func profileFade(size: DisplaySize, frames: Int, fonts: FontSet) -> Int32 {
        let renderer = SceneRenderer(fonts: fonts)
        let now = Clock.now()
        let steps = DemoQuiz.steps(start: now)
        let question = SceneFrame(state: sampleState(now: now), width: size.width, height: size.height, now: now + 3)
        for name in ["reveal1", "leaderboard"] {
            let state = steps.first { $0.name == name }?.state ?? QuizState(phase: .leaderboard)
            let arriving = SceneFrame(state: state, width: size.width, height: size.height, now: now + 3)
            let fade = firstFadeFrames(renderer, from: question, to: arriving, frames: frames)
            // What it is measured against, in the same run: each of the two frames drawn whole.
            let canvas = Canvas(width: size.width, height: size.height)
            var whole: (question: [Double], arriving: [Double]) = ([], [])
            for _ in 0..<frames {
                var t = Clock.monotonic()
                renderer.render(question.state, into: canvas, now: question.now)
                whole.question.append(Clock.monotonic() - t)
                t = Clock.monotonic()
                renderer.render(arriving.state, into: canvas, now: arriving.now)
                whole.arriving.append(Clock.monotonic() - t)
            }
            let q = median(whole.question), a = median(whole.arriving)
            // The least a first frame can cost here, in the same run: wherever the two frames may
            // differ, the arriving one drawn and the leaving one read (at weight 0 nothing is
            // written); and the pages the fade keeps its differences in touched once.
            let read = readTime(canvas, frames: frames), touch = freshPagesTime(fade.faults, runs: 20)
            let floor = fade.planned * (a + read) + touch
            Console.out("  \(size) question → \(state.phase): \(frames) fades' first frames, median \(ms(fade.median)) = "
                        + "\(format1(fade.median / q))× the question frame drawn whole (\(ms(q))), \(format1(fade.median / a))× the "
                        + "arriving frame (\(ms(a))); planned over \(format1(fade.planned * 100))% of the screen, the fade holding "
                        + "\(fade.bytes / 1024) KiB, \(fade.faults) page faults; its floor here \(ms(floor)) = \(format1(floor / a))× the "
                        + "arriving frame (drawn, and a frame read (\(ms(read))), over \(format1(fade.planned * 100))%; "
                        + "\(fade.faults) fresh pages touched (\(ms(touch))))")
        }
        return 0
    }

    /// The first frame of the fade from `from` to `to`, `frames` times (the screen shows `from`
    /// settled each time): its median time, the share of the screen its plan covers, its bytes.
    static func firstFadeFrames(_ renderer: SceneRenderer, from: SceneFrame, to: SceneFrame, frames: Int)
        -> (median: Double, planned: Double, bytes: Int, faults: Int) {
        let canvas = Canvas(width: from.width, height: from.height)
        let player = MotionPlayer(renderer: renderer)
        var times: [Double] = [], faults: [Double] = []
        for _ in 0..<frames {
            player.reset()
            player.draw(Moment(frame: from), into: canvas)
            let origin = player.capture()
            let f = minorFaults()
            let t = Clock.monotonic()
            player.draw(Moment(frame: to, origin: origin, elapsed: 0), into: canvas)
            times.append(Clock.monotonic() - t)
            faults.append(Double(minorFaults() - f))
        }
        return (median(times), player.fadePlanned, player.fadeBytes, Int(median(faults)))
    }

    /// The median time to read every pixel of `canvas` once.
    static func readTime(_ canvas: Canvas, frames: Int) -> Double {
        let words = UnsafeRawPointer(canvas.pixels).assumingMemoryBound(to: UInt64.self)
        let count = canvas.stride * canvas.height / 2
        var times: [Double] = [], sum: UInt64 = 0
        for _ in 0..<frames {
            let t = Clock.monotonic()
            var acc: UInt64 = 0
            for i in 0..<count { acc &+= words[i] }
            times.append(Clock.monotonic() - t)
            sum &+= acc
        }
        // Used, so that the reads are not optimised away.
        if sum == 0x5EED { Console.out("") }
        return median(times)
    }

    /// The median time to touch `pages` fresh anonymous pages (each a trip into the kernel).
    static func freshPagesTime(_ pages: Int, runs: Int) -> Double {
        guard pages > 0 else { return 0 }
        let bytes = pages * 4096
        var times: [Double] = []
        for _ in 0..<runs {
            guard let p = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), p != MAP_FAILED else { return 0 }
            let t = Clock.monotonic()
            for k in 0..<pages { p.storeBytes(of: 1, toByteOffset: k * 4096, as: UInt8.self) }
            times.append(Clock.monotonic() - t)
            munmap(p, bytes)
        }
        return median(times)
    }

    /// Minor page faults so far (fresh pages touched: each a trip into the kernel).
    static func minorFaults() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_minflt
    }

    /// The median time to fill `canvas` with one colour.
    static func fillTime(_ canvas: Canvas, frames: Int) -> Double {
        var times: [Double] = []
        for i in 0..<frames {
            let t = Clock.monotonic()
            canvas.fill(Color(hex: i % 2 == 0 ? 0x0E1626 : 0x0E1627))
            times.append(Clock.monotonic() - t)
        }
        return median(times)
    }

    /// The child: load fonts, draw one frame, exit.
    static func child(_ argv: [String]) throws -> Int32 {
        if argv.contains("--memory") { return try MemoryBench.child(argv) }
        let args = try Arguments(argv, options: ["--size", "--fonts"])
        let size = try DisplaySize(parsing: try args.required("--size"))
        let fonts = try CLI.loadFonts(args.value("--fonts"))
        let canvas = Canvas(width: size.width, height: size.height)
        let now = Clock.now()
        SceneRenderer(fonts: fonts).render(sampleState(now: now), into: canvas, now: now + 3)
        return canvas.pixel(x: 0, y: 0) == 0 ? 1 : 0
    }

    static func coldFrames(size: DisplaySize, runs: Int, fonts: String) throws -> [Double] {
        guard let exe = Files.executablePath() else { throw CLIError("bench: cannot find my own executable") }
        var out: [Double] = []
        for _ in 0..<runs {
            let t = Clock.monotonic()
            let status = try Subprocess([exe, "bench-child", "--size", size.description, "--fonts", fonts]).wait()
            out.append(Clock.monotonic() - t)
            guard status == 0 else { throw CLIError("bench: the cold-frame child failed (status \(status))") }
        }
        return out
    }

    static func median(_ v: [Double]) -> Double {
        let s = v.sorted()
        return s.isEmpty ? 0 : s[s.count / 2]
    }

    static func ms(_ seconds: Double) -> String { format1(seconds * 1000, digits: 2) + " ms" }
}

func format1(_ v: Double, digits: Int = 1) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let r = (v * scale).rounded() / scale
    var s = String(r)
    if let dot = s.firstIndex(of: ".") {
        let decimals = s.distance(from: dot, to: s.endIndex) - 1
        if decimals < digits { s += String(repeating: "0", count: digits - decimals) }
    } else {
        s += "." + String(repeating: "0", count: digits)
    }
    return s
}
