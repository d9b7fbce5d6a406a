import CommandLineKit
import Glibc
import Kiosk
import MQTT
import Outputs
import Pixels
import Platform
import QuizContract
import Renderer

/// `quizkiosk-bench --players N [--processes K]`: a quiz night's burst on this machine. A
/// private mosquitto; the real `quizkiosk host` (the quizkiosk built beside this program)
/// serving players on loopback; K python3-websockets processes (scripts/players-load.py) with N
/// phones between them; a
/// screen's MQTT subscription in this process. All phones join, the question opens, and every
/// phone answers it at a random moment within one second of receiving it.
///
/// Measured, each beside its goal in the same run:
/// - answer → `answered`: from just before the phone's send to the ack's arrival (the host
///   commits each loop pass's answers in one transaction first);
/// - answer → the TV's count: the k-th answer sent is counted once a state with `answered` ≥ k
///   has arrived at the subscriber (arrival order taken as sending order, which over loopback
///   it very nearly is);
/// - the host's CPU seconds from the question's opening to the last ack (utime + stime);
/// - memory per connected phone: the host's RSS after all joined minus before any, over N;
/// - the TV's frames meanwhile: a kiosk in this process (the screen on the same box) showing
///   the room at 1920×1080 on a simulated 60 Hz display, its countdown moving: each frame's
///   drawing time and the vblanks it missed during the burst.
enum PlayersBench {
    static let goalAckP99 = 0.100
    static let goalTVP99 = 0.500
    static let goalKiBPerPhone = 30.0

    static func run(_ argv: [String]) throws -> Int32 {
        let args = try Arguments(argv, options: ["--players", "--processes", "--spread", "--script", "--fonts"], flags: ["--no-screen"])
        let n = try args.value("--players").map { t throws(UsageError) in
            guard let v = Int(t), (1...20_000).contains(v) else { throw UsageError(message: "--players \(t): expected 1…20000 phones") }
            return v
        } ?? 2000
        let processes = try args.value("--processes").map { t throws(UsageError) in
            guard let v = Int(t), (1...16).contains(v) else { throw UsageError(message: "--processes \(t): expected 1…16") }
            return v
        } ?? min(4, max(1, (n + 499) / 500))
        let spread = Double(args.value("--spread") ?? "") ?? 1.0
        guard let exe = Files.executablePath() else { throw CLIError("bench: cannot find my own executable") }
        let quizkiosk = try sibling("quizkiosk", of: exe)
        let script = try args.value("--script") ?? findScript(from: exe)
        Log.threshold = .error  // the subscription's first try before mosquitto listens is no news
        #if DEBUG
        Console.out("note: a debug build; run `scripts/bench --players \(n)` for real figures")
        #endif

        let broker = try BenchBroker()
        let dir = broker.directory
        let quizPath = dir + "/bench-quiz.json"
        try Files.writeAtomically(Array(#"""
            {"title": "Bench night", "quizId": "bench", "joinCode": "4821", "questions": [
              {"text": "Which planet has the most known moons?", "choices": ["Jupiter", "Saturn", "Uranus", "Neptune"], "correct": 1,
               "timeLimit": 120}]}
            """#.utf8), to: quizPath)
        var cleanup = [quizPath, dir + "/host.out", dir + "/host.err"]
        defer {
            for f in cleanup { unlink(f) }
            _ = try? Subprocess(["/bin/rm", "-rf", dir + "/data"]).wait()
        }
        let host = try Subprocess([quizkiosk, "host", quizPath, "--broker", "mqtt://127.0.0.1:\(broker.port)", "--room", "bench",
                                   "--players", "127.0.0.1:0", "--data", dir + "/data", "--max-players", String(n), "--new-run"],
                                  stdin: .pipe, stdout: .file(dir + "/host.out"), stderr: .file(dir + "/host.err"))
        defer {
            host.closeStdin()
            host.signal(SIGTERM)
            host.wait()
        }

        let loop = EventLoop()
        // The TV on the same box: the room's state drawn at 60 Hz, each frame timed.
        var screenTV: (kiosk: Kiosk, display: FrameTimer, source: MQTTSource)?
        if !args.has("--no-screen") {
            let kiosk = Kiosk(loop: loop, renderer: SceneRenderer(fonts: try CLI.loadFonts(args.value("--fonts"))))
            let display = FrameTimer(SimulatedDisplay(width: 1920, height: 1080, loop: loop))
            kiosk.setOutputs([display])
            var room = broker.url
            room.room = "bench"
            let source = try MQTTSource(broker: room, screen: "bench-tv")
            try kiosk.add(source: source)
            screenTV = (kiosk, display, source)
        }
        let screen = try MQTTClient(.init(broker: broker.url, clientID: "bench-screen"), loop: loop)
        var seen: [(at: Double, state: QuizState)] = []
        screen.onMessage = { _, payload, _ in
            if let s = try? StateDecoder.decode(payload) { seen.append((Clock.monotonic(), s)) }
        }
        screen.subscribe(BrokerURL.stateTopic(room: "bench"))
        screen.start()
        func hostText(_ name: String) -> String { (try? Files.read(dir + "/" + name)).map { String(decoding: $0, as: UTF8.self) } ?? "" }
        var port = 0
        guard loop.run(until: {
            let marker = "players: listening on 127.0.0.1:"
            port = hostText("host.out").split(separator: "\n").first { $0.hasPrefix(marker) }.flatMap { Int($0.dropFirst(marker.count)) } ?? 0
            return port > 0 && seen.contains { $0.state.phase == .lobby }
        }, timeout: 20) else {
            throw CLIError("bench: the host did not start: \(hostText("host.err").split(separator: "\n").last ?? "")")
        }
        _ = loop.run(until: { false }, timeout: 0.5)  // settled
        let rssBefore = rss(host.pid)

        // The phones, in K processes.
        var phones: [(process: Subprocess, out: String, results: String)] = []
        let per = (n + processes - 1) / processes
        var first = 0
        for k in 0..<processes where first < n {
            let count = min(per, n - first)
            let out = dir + "/load-\(k).out", results = dir + "/load-\(k).tsv"
            cleanup += [out, results, out + ".err"]
            let p = try Subprocess(["/usr/bin/python3", script, String(port), "4821", String(count), String(first), String(spread), results],
                                   stdout: .file(out), stderr: .file(out + ".err"))
            phones.append((p, out, results))
            first += count
        }
        func text(_ path: String) -> String { (try? Files.read(path)).map { String(decoding: $0, as: UTF8.self) } ?? "" }
        let joinStart = Clock.monotonic()
        guard loop.run(until: {
            phones.allSatisfy { text($0.out).contains("joined") } && seen.last?.state.lobby?.participants == n
        }, timeout: 300) else {
            let why = phones.map { text($0.out + ".err").split(separator: "\n").last.map(String.init) ?? "" }.filter { !$0.isEmpty }
            throw CLIError("bench: not every phone joined (TV: \(seen.last?.state.lobby?.participants ?? 0) of \(n)) \(why.first ?? "")")
        }
        let joinTime = Clock.monotonic() - joinStart
        _ = loop.run(until: { false }, timeout: 1)  // the last joins' garbage settled
        let rssAfter = rss(host.pid)

        // The burst.
        let cpuBefore = cpu(host.pid)
        let missedBefore = screenTV.flatMap { $0.kiosk.vblanks(of: $0.display)?.missed } ?? 0
        let opened = Clock.monotonic()
        screenTV?.display.record(from: opened)
        host.write(Array("n\n".utf8))
        guard loop.run(until: { phones.allSatisfy { text($0.out).contains("done") } }, timeout: 120) else {
            throw CLIError("bench: the phones did not all finish within 120 s")
        }
        let cpuAfter = cpu(host.pid)
        let burstWall = Clock.monotonic() - opened
        screenTV?.display.stopRecording()
        let missed = (screenTV.flatMap { $0.kiosk.vblanks(of: $0.display)?.missed } ?? 0) - missedBefore
        let load = (try? Files.read("/proc/loadavg")).map { String(decoding: $0, as: UTF8.self).split(separator: " ").first.map(String.init) ?? "?" } ?? "?"
        _ = loop.run(until: { seen.last?.state.question?.answered == n }, timeout: 5)
        // The phones' processes hold copies of this process's descriptors until they exit: the
        // subscription's socket is closed after them.
        _ = loop.run(until: { phones.allSatisfy { $0.process.poll() != nil } }, timeout: 15)
        screen.stop()
        screenTV?.source.stop()
        // The host's own account of the burst, printed as it quits.
        host.write(Array("q\n".utf8))
        _ = loop.run(until: { host.poll() != nil }, timeout: 15)
        let hostReport = hostText("host.out").split(separator: "\n").last { $0.hasPrefix("players: ") && $0.contains("acknowledged") }

        var sends: [Double] = []
        var acks: [Double] = []
        var refused: [String: Int] = [:]
        for p in phones {
            for line in text(p.results).split(separator: "\n") {
                let f = line.split(separator: "\t")
                guard f.count == 3, let s = Double(f[0]), let a = Double(f[1]) else { continue }
                if f[2] == "answered" {
                    sends.append(s)
                    acks.append(a - s)
                } else {
                    refused[String(f[2]), default: 0] += 1
                }
            }
        }
        sends.sort()
        // The TV's counts in the question, in arrival order.
        let counts = seen.filter { $0.at >= opened && $0.state.phase == .question }.map { ($0.at, $0.state.question?.answered ?? 0) }
        var tv: [Double] = []
        var j = 0
        for (k, s) in sends.enumerated() {
            while j < counts.count && counts[j].1 < k + 1 { j += 1 }
            guard j < counts.count else { break }
            tv.append(max(0, counts[j].0 - s))
        }
        let burst = (sends.last ?? opened) - (sends.first ?? opened)
        let ackP99 = MQTTBench.percentile(acks, 0.99), tvP99 = MQTTBench.percentile(tv, 0.99)
        let perPhone = Double(rssAfter - rssBefore) / Double(n)
        let allCounted = counts.last?.1 == n
        func verdict(_ ok: Bool) -> String { ok ? "met" : "NOT met" }

        Console.out("\(n) phones in \(phones.count) python3-websockets processes → quizkiosk host on 127.0.0.1 (a private mosquitto)")
        Console.out("  joined in \(format1(joinTime)) s; the answers sent over \(format1(burst, digits: 2)) s; load average \(load) "
                    + "on \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) cores (the phones' processes and the host share them)")
        Console.out("  acknowledged \(acks.count) of \(n)" + (refused.isEmpty ? "" : " (refused: \(refused.map { "\($0.key) \($0.value)" }.joined(separator: ", ")))")
                    + "; the TV counted \(counts.last?.1 ?? 0) of \(n) (\(counts.count) states during the question)")
        Console.out("  answer → answered: p50 \(BenchCommand.ms(MQTTBench.percentile(acks, 0.5))), p99 \(BenchCommand.ms(ackP99)), "
                    + "max \(BenchCommand.ms(acks.max() ?? 0)) — goal p99 ≤ 100 ms: \(verdict(ackP99 <= goalAckP99))")
        if let hostReport { Console.out("    of which the host's own part: \(hostReport.dropFirst("players: ".count))") }
        Console.out("  answer → TV count: p50 \(BenchCommand.ms(MQTTBench.percentile(tv, 0.5))), p99 \(BenchCommand.ms(tvP99)) "
                    + "— goal p99 ≤ 500 ms: \(verdict(tvP99 <= goalTVP99 && tv.count == acks.count))")
        let phonesCPU = phones.reduce(0.0) { sum, p in
            sum + (text(p.out).split(separator: "\n").first { $0.hasPrefix("cpu ") }.flatMap { Double($0.dropFirst(4)) } ?? 0)
        }
        Console.out("  host CPU for the burst (question opened → last ack): \(format1(cpuAfter - cpuBefore, digits: 2)) s "
                    + "over \(format1(burstWall, digits: 1)) s; the phones' processes used \(format1(phonesCPU, digits: 2)) s meanwhile")
        Console.out("  host memory per connected phone: \(format1(perPhone / 1024)) KiB (RSS \(rssBefore / 1024) → \(rssAfter / 1024) KiB) "
                    + "— goal ≤ 30 KiB: \(verdict(perPhone / 1024 <= goalKiBPerPhone))")
        if let screenTV {
            let f = screenTV.display.times
            Console.out("  the TV meanwhile (1920×1080 at 60 Hz, the countdown moving; the screen on the same box): \(f.count) frames, "
                        + "drawing p50 \(BenchCommand.ms(MQTTBench.percentile(f, 0.5))), p99 \(BenchCommand.ms(MQTTBench.percentile(f, 0.99))), "
                        + "\(missed) vblanks missed — goal none: \(verdict(missed == 0))")
        }
        Console.out("  every answer acknowledged and counted: \(verdict(acks.count == n && allCounted))")
        return acks.count == n && allCounted ? 0 : 1
    }

    /// The `quizkiosk` of the same build (…/.build/release/quizkiosk beside quizkiosk-bench): the
    /// host measured is the one built with the bench, never one found on $PATH.
    static func sibling(_ name: String, of exe: String) throws -> String {
        let path = String(exe[..<(exe.lastIndex(of: "/") ?? exe.startIndex)]) + "/" + name
        guard access(path, X_OK) == 0 else {
            throw CLIError("bench --players: \(path) not found: build it beside quizkiosk-bench (swift build --product \(name); scripts/bench builds both)")
        }
        return path
    }

    /// scripts/players-load.py beside the executable's repository (…/.build/release/quizkiosk).
    static func findScript(from exe: String) throws -> String {
        var dir = exe
        while let i = dir.lastIndex(of: "/") {
            dir = String(dir[..<i])
            let candidate = (dir.isEmpty ? "" : dir) + "/scripts/players-load.py"
            if Files.exists(candidate) { return candidate }
            if dir.isEmpty { break }
        }
        if Files.exists("scripts/players-load.py") { return "scripts/players-load.py" }
        throw CLIError("bench --players: scripts/players-load.py not found (run from the repository, or --script PATH)")
    }

    /// Resident memory in bytes (VmRSS).
    static func rss(_ pid: pid_t) -> Int {
        let status = (try? Files.read("/proc/\(pid)/status")).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }

    /// CPU seconds used so far (user + system).
    static func cpu(_ pid: pid_t) -> Double {
        let stat = (try? Files.read("/proc/\(pid)/stat")).map { String(decoding: $0, as: UTF8.self) } ?? ""
        // After the command's name in parentheses: state is field 3, utime 14, stime 15.
        guard let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let u = Double(fields[11]), let s = Double(fields[12]) else { return 0 }
        return (u + s) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}

/// An output that times each frame from `nextFrame` (the kiosk starts drawing) to `present`,
/// while recording.
final class FrameTimer: ForwardingOutput {
    private(set) var times: [Double] = []
    private var began: Double?
    private var recording = false

    func record(from _: Double) {
        times = []
        recording = true
    }

    func stopRecording() { recording = false }

    override func nextFrame() -> Canvas? {
        let c = super.nextFrame()
        if c != nil { began = Clock.monotonic() }
        return c
    }

    override func present(damage: [Rect]?, settled: Bool) throws {
        if recording, let b = began { times.append(Clock.monotonic() - b) }
        began = nil
        try super.present(damage: damage, settled: settled)
    }
}
