import CommandLineKit
import Display
import Glibc
import Kiosk
import Outputs
import Pixels
import Platform
import QuizContract
import Renderer

/// `quizkiosk-bench --soak`: 100,000 state updates through the stdin line source (a pipe into
/// the real `LineSource`), with varied texts, lengths, emoji and phases, 1% invalid messages,
/// and a display size change every 500 updates. Reports resident memory after warm-up and at
/// the end, open file descriptors, frames, and whether the last frame equals the last state.
enum SoakBench {
    static let sizes = [(1920, 1080), (1280, 720), (3840, 2160), (1080, 1920)]

    static func run(_ argv: [String]) throws -> Int32 {
        let args = try Arguments(argv, options: ["--updates", "--fonts"], flags: ["--soak"])
        let total = max(1000, Int(args.value("--updates") ?? "") ?? 100_000)
        let fonts = try CLI.loadFonts(args.value("--fonts"))
        Log.threshold = .error  // a warning per invalid message would drown the figures
        let loop = EventLoop()
        // Without motion: every update is drawn as it comes (motion would fold a storm of
        // updates into the fades of a 60 Hz pace, and the figures are about the state path).
        let kiosk = Kiosk(loop: loop, renderer: SceneRenderer(fonts: fonts), motion: false)
        let now = 1_800_000_000.0
        kiosk.clock = { now }
        kiosk.clockIsFrozen = true

        var fds: [Int32] = [0, 0]
        _ = try syscall("pipe") { pipe(&fds) }
        // Only the writing end is non-blocking: the writer waits for POLLOUT instead of stalling.
        let (readEnd, writeEnd) = (FileDescriptor(adopting: fds[0]), FileDescriptor(adopting: fds[1]))
        _ = fcntl(writeEnd.rawValue, F_SETFL, fcntl(writeEnd.rawValue, F_GETFL) | O_NONBLOCK)
        // The source borrows the read end's number: keep its owner alive to the end.
        defer { withExtendedLifetime(readEnd) {} }
        let source = LineSource(fd: readEnd.rawValue, name: "soak")
        var outputs = [MemoryOutput(width: 1920, height: 1080)]
        kiosk.setOutputs(outputs)
        try kiosk.add(source: source)

        let fdsAtStart = openDescriptors()
        var rng = SoakRandom(seed: 2026)
        var written = 0
        var lastValid = ""
        var pending: [UInt8] = []
        var samples: [(Int, Int, Int)] = []
        var rssAfterWarmup = 0
        // Warm-up: a tenth of the run, and at least one round of every display size (the largest
        // canvas and each size's glyphs exist by then).
        let warmup = max(total / 10, 500 * sizes.count)
        let judgeMemory = total >= 2 * warmup
        let start = Clock.monotonic()
        // The writer is the pipe's POLLOUT handler on the same loop: one thread, real backpressure.
        var writer: EventLoop.Token?
        writer = loop.watch(fd: writeEnd.rawValue, events: Int16(POLLOUT)) { _ in
            while true {
                if pending.isEmpty {
                    guard written < total else {
                        if let w = writer { loop.cancel(w) }
                        return
                    }
                    written += 1
                    let (line, valid) = rng.stateLine(revision: written, now: now)
                    if valid { lastValid = line }
                    pending = Array(line.utf8) + [0x0A]
                    if written % 500 == 0 {
                        let (w, h) = sizes[(written / 500) % sizes.count]
                        outputs = [MemoryOutput(width: w, height: h)]
                        kiosk.setOutputs(outputs)
                    }
                    if written % (total / 10) == 0 {
                        let rss = residentBytes()
                        let text = kiosk.renderer.text
                        samples.append((written, rss, text.cache.bytes + text.layoutCacheBytes))
                    }
                    if written == warmup {
                        rssAfterWarmup = residentBytes()
                    }
                }
                let n = pending.withUnsafeBytes { buf in retryingEINTR { write(writeEnd.rawValue, buf.baseAddress, buf.count) } }
                if n < 0 { return }  // EAGAIN: the reader has not caught up; wait for POLLOUT
                pending.removeFirst(n)
            }
        }
        let done = loop.run(until: { written >= total && pending.isEmpty && kiosk.store.current.revision == total }, timeout: 3600)
        for _ in 0..<5 { loop.runOnce(timeout: 0.01) }
        let seconds = Clock.monotonic() - start
        let rssEnd = residentBytes()
        let fdsAtEnd = openDescriptors()

        let last = outputs[0]
        let expected = Canvas(width: last.width, height: last.height)
        let lastState = (try? StateDecoder.decode(Array(lastValid.utf8))) ?? .idle
        SceneRenderer(fonts: fonts).render(lastState, into: expected, now: now)
        let lastFrameMatches = kiosk.store.current == lastState && expected.rgbBytes() == last.canvas.rgbBytes()

        Console.out("soak: \(written) updates (\(kiosk.store.rejectedCount) rejected as invalid) in \(format1(seconds)) s, "
                    + "\(kiosk.framesDrawn) frames, display size changed every 500 updates")
        Console.out("  resident memory by updates (glyph + layout caches within it): "
                    + samples.map { "\($0.0): \($0.1 >> 20) MiB (\($0.2 >> 20))" }.joined(separator: ", "))
        let growth = rssAfterWarmup > 0 ? Double(rssEnd - rssAfterWarmup) * 100 / Double(rssAfterWarmup) : 100
        if judgeMemory {
            Console.out("  after warm-up (\(warmup) updates) \(rssAfterWarmup >> 20) MiB, at the end \(rssEnd >> 20) MiB: "
                        + "growth \(format1(growth))% (goal < 5%)")
        } else {
            Console.out("  too short to judge memory growth (warm-up is \(warmup) updates)")
        }
        Console.out("  open file descriptors: \(fdsAtStart) at start, \(fdsAtEnd) at the end")
        Console.out("  last frame equals the last state (revision \(kiosk.store.current.revision ?? -1)): \(lastFrameMatches && done)")
        return done && lastFrameMatches && (!judgeMemory || growth < 5) && fdsAtStart == fdsAtEnd ? 0 : 1
    }

    static func residentBytes() -> Int {
        guard let bytes = try? Files.read("/proc/self/statm") else { return 0 }
        let fields = String(decoding: bytes, as: UTF8.self).split(separator: " ")
        return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
    }

    static func openDescriptors() -> Int {
        guard let d = opendir("/proc/self/fd") else { return -1 }
        defer { closedir(d) }
        var n = 0
        while readdir(d) != nil { n += 1 }
        return n - 3  // ".", ".." and the directory's own descriptor
    }
}

/// Varied, reproducible quiz states: every phase, short and 1000-character texts, Japanese,
/// English, accents, Hangul and emoji; one in a hundred is invalid.
struct SoakRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func pick<T>(_ a: [T]) -> T { a[Int(next() % UInt64(a.count))] }

    static let words = ["クイズ", "大会🎉", "外部ディスプレイ", "SwiftUI", "Crème brûlée", "한국어", "👨‍👩‍👧‍👦", "富士山",
                        "What", "is", "the", "capital", "of", "「東京」", "ですか？", "naïve", "🇯🇵", "ッー", "e\u{301}"]

    mutating func text(max: Int) -> String {
        let target = Int(next() % UInt64(max)) + 1
        var s = ""
        while s.unicodeScalars.count < target {
            let w = pick(Self.words)
            if s.unicodeScalars.count + w.unicodeScalars.count + 1 > max { break }
            s += (s.isEmpty ? "" : (next() % 3 == 0 ? "" : " ")) + w
        }
        return s.isEmpty ? "?" : s
    }

    static func json(_ s: String) -> String { JSONWriter.quoted(s) }

    mutating func stateLine(revision: Int, now: Double) -> (String, Bool) {
        if next() % 100 == 0 { return (pick(["{\"question\":", "not json", "{\"schema\":9}", "[1,2]"]), false) }
        let phase = pick(["idle", "lobby", "question", "question", "reveal", "leaderboard", "ended"])
        var fields = ["\"quizId\":\"soak\"", "\"revision\":\(revision)", "\"phase\":\"\(phase)\"",
                      "\"title\":\(Self.json(text(max: 60)))"]
        let choices = (0..<Int(next() % 7)).map { _ in Self.json(text(max: next() % 4 == 0 ? 200 : 30)) }
        let counts = choices.indices.map { _ in String(next() % 40) }
        let correct = choices.isEmpty ? "" : ",\"correct\":\(next() % UInt64(choices.count))"
        fields.append("\"question\":{\"number\":\(next() % 10 + 1),\"total\":10,\"text\":\(Self.json(text(max: next() % 10 == 0 ? 1000 : 120))),"
                      + "\"choices\":[\(choices.joined(separator: ","))],\"answerCounts\":[\(counts.joined(separator: ","))]\(correct),"
                      + "\"timeLimit\":20,\"endsAt\":\"\(RFC3339.format(now + Double(next() % 30)))\"}")
        fields.append("\"lobby\":{\"joinCode\":\"\(next() % 10000)\",\"joinURL\":\"https://quiz.example/j/\(next() % 100000)\",\"participants\":\(next() % 200)}")
        let board = (0..<Int(next() % 51)).map { _ in "{\"name\":\(Self.json(text(max: 64))),\"score\":\(next() % 5000)}" }
        fields.append("\"leaderboard\":[\(board.joined(separator: ","))]")
        return ("{" + fields.joined(separator: ",") + "}", true)
    }
}
