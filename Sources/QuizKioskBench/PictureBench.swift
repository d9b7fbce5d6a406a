import Glibc
import Kiosk
import Media
import Pictures
import Pixels
import Platform
import QuizContract
import Renderer

/// `quizkiosk-bench`'s pictures: a 4000×3000 photo (made here, JPEG quality 90) decoded and
/// scaled to its box at 1920×1080 — the DCT scale nearest above the box, then Lanczos-3 —
/// beside Pillow's `draft()` + `resize(LANCZOS)` of the same file, measured in the same run
/// (python3 with Pillow, when this machine has them: `pip install pillow`); and what drawing an
/// arrived picture adds to the question frame at 1920×1080.
enum PictureBench {
    static func run(fonts: FontSet, frames: Int) throws {
        let photo = try makePhoto(width: 4000, height: 3000)
        let path = "/tmp/quizkiosk-bench-\(getpid()).jpg"
        try Files.writeAtomically(photo, to: path)
        defer { unlink(path) }
        let renderer = SceneRenderer(fonts: fonts)
        guard let slot = renderer.pictureSlots(width: 1920, height: 1080).first else { return }
        let box = slot.fitted(width: 4000, height: 3000)
        let runs = 9
        var ours: [Double] = []
        for _ in 0..<runs {
            let t = Clock.monotonic()
            _ = try PicturePipeline.prepare(photo, for: [slot])
            ours.append(Clock.monotonic() - t)
        }
        Console.out("pictures: a 4000x3000 JPEG (\(photo.count / 1024) KiB) decoded and scaled to its \(box.width)x\(box.height) box at 1920x1080, \(runs) runs")
        Console.out("  quizkiosk (TurboJPEG DCT scaling + zimg Lanczos-3): median \(BenchCommand.ms(BenchCommand.median(ours))), min \(BenchCommand.ms(ours.min() ?? 0))")
        Console.out("  " + pillow(path: path, width: box.width, height: box.height, runs: runs))

        // The question frame at 1080p: without a picture, with its placeholder, with it arrived.
        let pictures = MemoryPictures()
        pictures.add(photo)
        renderer.pictures = pictures
        let now = Clock.now()
        guard var state = DemoQuiz.steps(start: now, picture: QuizState.Picture(sha256: SHA256.hex(photo)))
            .first(where: { $0.state.question?.image != nil })?.state else { return }
        let canvas = Canvas(width: 1920, height: 1080)
        func median(_ s: QuizState) -> Double {
            renderer.render(s, into: canvas, now: now + 3)
            var times: [Double] = []
            for _ in 0..<frames {
                let t = Clock.monotonic()
                renderer.render(s, into: canvas, now: now + 3)
                times.append(Clock.monotonic() - t)
            }
            return BenchCommand.median(times)
        }
        let arrived = median(state)
        var placeholder = state
        placeholder.question?.image = QuizState.Picture(sha256: String(repeating: "0", count: 64))
        let waiting = median(placeholder)
        state.question?.image = nil
        let without = median(state)
        Console.out("  question frame at 1920x1080: without a picture \(BenchCommand.ms(without)), with its placeholder \(BenchCommand.ms(waiting)), "
                    + "with the picture arrived \(BenchCommand.ms(arrived)): \(BenchCommand.ms(arrived - without)) over the frame without one "
                    + "(goal ≤ 0.30 ms), \(BenchCommand.ms(arrived - waiting)) over the placeholder")
    }

    /// A photograph-like picture: smooth gradients, shapes and grain (grain is what makes a real
    /// photo's JPEG large and slow to decode).
    static func makePhoto(width: Int, height: Int) throws -> [UInt8] {
        let c = Canvas(width: width, height: height)
        var seed: UInt32 = 12345
        for y in 0..<height {
            let row = c.pixels + y * c.stride
            for x in 0..<width {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                let n = Int(seed >> 27) - 16
                let r = max(0, min(255, 60 + x * 150 / width + n)), g = max(0, min(255, 90 + y * 120 / height + n))
                let b = max(0, min(255, 200 - y * 90 / height + n))
                row[x] = 0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
            }
        }
        for k in 0..<40 {
            let cx = Double((k * 977) % width), cy = Double((k * 613) % height), radius = Double(60 + (k * 37) % 400)
            c.fill(.circle(cx: cx, cy: cy, radius: radius), Color(hex: UInt32((k * 2_654_435_761) & 0xFFFFFF)))
        }
        return try JPEGEncoding.encode(c, quality: 90)
    }

    /// Pillow's time for the same work, from a python3 child (its median over `runs`).
    static func pillow(path: String, width: Int, height: Int, runs: Int) -> String {
        let script = """
            import sys, time
            from PIL import Image
            path, w, h, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
            times = []
            for _ in range(n):
                t = time.perf_counter()
                im = Image.open(path)
                im.draft("RGB", (w, h))
                im = im.convert("RGB").resize((w, h), Image.LANCZOS)
                times.append(time.perf_counter() - t)
            times.sort()
            import PIL
            print("%.2f %.2f %s" % (times[len(times) // 2] * 1000, times[0] * 1000, PIL.__version__))
            """
        let out = "/tmp/quizkiosk-bench-pillow-\(getpid()).txt"
        defer { unlink(out) }
        do {
            let p = try Subprocess(["python3", "-c", script, path, "\(width)", "\(height)", "\(runs)"], stdout: .file(out),
                                   searchPath: true)
            guard p.wait() == 0 else { return "Pillow: not measured (python3 without Pillow here: pip install pillow)" }
        } catch {
            return "Pillow: not measured (no python3 here)"
        }
        let fields = TempDir.read(out).split(separator: " ")
        guard fields.count == 3 else { return "Pillow: not measured (unexpected output)" }
        return "Pillow \(fields[2].trimmingCharacters()) draft() + resize(LANCZOS), same file, same run: median \(fields[0]) ms, min \(fields[1]) ms"
    }
}

private enum TempDir {
    static func read(_ path: String) -> String { (try? Files.read(path)).map { String(decoding: $0, as: UTF8.self) } ?? "" }
}

private extension Substring {
    func trimmingCharacters() -> String { String(filter { !$0.isWhitespace }) }
}
