import CommandLineKit
import Glibc
import Kiosk
import Media
import Outputs
import Pixels
import Platform
import QuizContract
import Renderer

/// `quizkiosk-bench --memory`: what the screen holds in memory. For each size a child process
/// runs what `quizkiosk run --headless --source demo` runs — the kiosk's loop with motion, the
/// picture store with its disk cache and fetch thread, the headless output writing latest.png —
/// through one whole pass of the demo (every scene and every transition between them, each
/// step shown `--step` seconds instead of the demo's own 4–20 s, long enough for its fade and
/// motion to end and its settled frame to be written), and reads its own /proc/self/status:
/// RssAnon (anonymous memory: canvases, caches, heaps, stacks) after every settled frame and
/// every 20 ms, VmHWM (the peak of everything resident, libraries and fonts too) at the end.
/// Each figure is printed beside its goal and beside the frame itself (4 bytes a pixel).
enum MemoryBench {
    static let options: Set<String> = ["--memory", "--sizes", "--step", "--fonts"]

    /// The goals (MiB): anonymous memory of a settled screen, and the peak of the whole process.
    static func goals(_ size: DisplaySize) -> (anonymous: Double, peak: Double)? {
        switch (size.width, size.height) {
        case (1920, 1080): return (16, 40)
        case (3840, 2160): return (45, 120)
        default: return nil
        }
    }

    static func run(_ argv: [String]) throws -> Int32 {
        let args = try Arguments(argv, options: options.subtracting(["--memory"]), flags: ["--memory"])
        let sizes = try (args.value("--sizes") ?? "1920x1080,3840x2160").split(separator: ",").map {
            s throws(UsageError) in try DisplaySize(parsing: String(s))
        }
        let step = try stepSeconds(args)
        let fonts = try CLI.loadFonts(args.value("--fonts"))
        guard let exe = Files.executablePath() else { throw CLIError("bench: cannot find my own executable") }
        #if DEBUG
        Console.out("note: a debug build; run `scripts/bench --memory` for real figures")
        #endif
        let steps = DemoQuiz.steps(start: 0).count
        Console.out("memory: a child process per size runs the headless kiosk (motion on, picture store, latest.png) through the demo's "
                    + "\(steps) steps, \(format1(step)) s each; RssAnon after every settled frame and every 20 ms, VmHWM at the end")
        var allMet = true
        for size in sizes {
            let frameMiB = Double(size.width * size.height * 4) / 1_048_576
            let result = try Subprocess.run([exe, "bench-child", "--memory", "--size", size.description, "--fonts", fonts.directory,
                                             "--step", String(step)], stderr: .stdout)
            guard result.status == 0, let figures = Figures(parsing: result.output) else {
                throw CLIError("bench --memory: the child at \(size) failed (status \(result.status)): \(result.output.suffix(400))")
            }
            let goal = goals(size)
            func beside(_ mib: Double, _ goal: Double?) -> String {
                let frames = format1(mib / frameMiB, digits: 2)
                guard let goal else { return "\(format1(mib)) MiB = \(frames) frames" }
                if mib > goal { allMet = false }
                return "\(format1(mib)) MiB (goal ≤ \(format1(goal, digits: 0)) MiB\(mib <= goal ? ", met" : ", NOT met")) = \(frames) frames"
            }
            Console.out("  \(size) (a frame is \(format1(frameMiB)) MiB = \(format1(Double(size.width * size.height * 4) / 1e6)) MB), "
                        + "\(figures.settledFrames) settled frames written:")
            Console.out("    settled screen, anonymous: \(beside(figures.settledAnon, goal?.anonymous)) (the largest after any settled frame; "
                        + "\(format1(figures.endAnon)) MiB at the end)")
            Console.out("    peak, everything resident (VmHWM): \(beside(figures.peak, goal?.peak)); "
                        + "anonymous at most \(format1(figures.maxAnon)) MiB (during a fade)")
            Console.out("    at the end: \(format1(figures.endFile)) MiB of files resident (libraries, fonts), "
                        + "\(figures.libraries) libraries mapped, libcurl \(figures.curlLoaded ? "loaded" : "not loaded")")
        }
        Console.out(allMet ? "  every memory goal met" : "  a memory goal is NOT met")
        return 0
    }

    static func stepSeconds(_ args: Arguments) throws -> Double {
        guard let v = args.value("--step") else { return 1.6 }
        guard let s = Double(v), s >= 1.2, s <= 30 else {
            throw UsageError(message: "--step \(v): expected seconds from 1.2 (a fade and its motion take 1 s) to 30")
        }
        return s
    }

    /// What the child prints (one line of key=value) and the parent reads.
    struct Figures {
        var settledAnon = 0.0, endAnon = 0.0, maxAnon = 0.0, peak = 0.0, endFile = 0.0
        var settledFrames = 0, libraries = 0
        var curlLoaded = false

        var line: String {
            "memory settledAnon=\(settledAnon) endAnon=\(endAnon) maxAnon=\(maxAnon) peak=\(peak) endFile=\(endFile) "
                + "settledFrames=\(settledFrames) libraries=\(libraries) curl=\(curlLoaded ? 1 : 0)"
        }

        init() {}

        init?(parsing output: String) {
            guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("memory ") }) else { return nil }
            var v: [String: Double] = [:]
            for pair in line.split(separator: " ").dropFirst() {
                let kv = pair.split(separator: "=", maxSplits: 1)
                if kv.count == 2, let d = Double(kv[1]) { v[String(kv[0])] = d }
            }
            guard let s = v["settledAnon"], let e = v["endAnon"], let m = v["maxAnon"], let p = v["peak"], let f = v["endFile"],
                  let n = v["settledFrames"], let l = v["libraries"], let c = v["curl"] else { return nil }
            (settledAnon, endAnon, maxAnon, peak, endFile) = (s, e, m, p, f)
            (settledFrames, libraries, curlLoaded) = (Int(n), Int(l), c != 0)
        }
    }

    /// The child: the headless kiosk of `run` through one pass of the demo, then its figures.
    static func child(_ argv: [String]) throws -> Int32 {
        let args = try Arguments(argv, options: options.subtracting(["--memory"]).union(["--size"]), flags: ["--memory"])
        let size = try DisplaySize(parsing: try args.required("--size"))
        let step = try stepSeconds(args)
        var template = Array("/tmp/quizkiosk-memory-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw CLIError("bench --memory: mkdtemp: \(String(cString: strerror(errno)))") }
        let dir = String(cString: made)
        defer { _ = try? Subprocess.run(["/bin/rm", "-rf", dir]) }
        // As a service: the pictures' disk cache in the unit's cache folder.
        setenv("CACHE_DIRECTORY", dir + "/cache", 1)
        try Files.makeDirectory(dir + "/cache")

        // What `run --headless --source demo` builds (RunCommand: the look and the picture store
        // from CommandLineKit, as run's), in that order.
        let fonts = try CLI.loadFonts(args.value("--fonts"))
        let renderer = try ShowOptions.renderer(fonts: fonts, args)
        let loop = EventLoop()
        let kiosk = Kiosk(loop: loop, renderer: renderer, motion: true)
        kiosk.pictures = try PictureOptions.store(args, loop: loop)
        let service = ServiceNotifications(kiosk: kiosk)
        let output = try HeadlessOutput(width: size.width, height: size.height, directory: dir + "/out")
        var figures = Figures()
        let verbose = Environment.get("QUIZKIOSK_MEMORY_VERBOSE") != nil
        kiosk.observeFrames { _, state in
            figures.settledFrames += 1
            let now = Status.read()
            figures.settledAnon = max(figures.settledAnon, now.anon)
            if verbose { Console.err("settled \(state.phase) r\(state.revision ?? 0): anon \(format1(now.anon)) MiB, peak \(format1(now.peak)) MiB") }
        }
        kiosk.setOutputs([output])
        let steps = DemoQuiz.steps(start: 0)
        let demo = DemoSource(stepSeconds: step)
        demo.pictures = kiosk.pictures
        try kiosk.add(source: demo)
        func sample() {
            figures.maxAnon = max(figures.maxAnon, Status.read().anon)
            loop.after(0.02) { sample() }
        }
        sample()
        // One pass: every step shown, then the first again (the last transition: ended → idle).
        loop.after(Double(steps.count) * step + 1.2) { loop.stop() }
        loop.run()
        service.stopping()
        kiosk.stopSources()
        let end = Status.read()
        (figures.endAnon, figures.peak, figures.endFile) = (end.anon, end.peak, end.file)
        (figures.libraries, figures.curlLoaded) = Status.libraries()
        Console.out(figures.line)
        return 0
    }

    /// /proc/self/status, in MiB.
    enum Status {
        /// One buffer for every sample: reading the figures allocates nothing on the heap they count.
        nonisolated(unsafe) static let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 8192)

        static func read() -> (anon: Double, file: Double, peak: Double) {
            let fd = open("/proc/self/status", O_RDONLY)
            guard fd >= 0 else { return (0, 0, 0) }
            let n = Glibc.read(fd, buffer, 8192)
            close(fd)
            let text = String(decoding: UnsafeBufferPointer(start: buffer, count: max(0, n)), as: UTF8.self)
            func kib(_ key: String) -> Double {
                guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") }) else { return 0 }
                return Double(line.split(separator: " ").dropFirst().first.map(String.init) ?? "") ?? 0
            }
            return (kib("RssAnon") / 1024, kib("RssFile") / 1024, kib("VmHWM") / 1024)
        }

        /// How many shared libraries are mapped, and whether libcurl is one of them.
        static func libraries() -> (count: Int, curl: Bool) {
            let maps = (try? Files.read("/proc/self/maps", limit: 8 << 20)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            var names: Set<Substring> = []
            for line in maps.split(separator: "\n") {
                guard let slash = line.firstIndex(of: "/") else { continue }
                let path = line[slash...]
                if path.contains(".so") { names.insert(path) }
            }
            return (names.count, names.contains { $0.contains("libcurl") })
        }
    }
}
