import CommandLineKit
import Glibc
import Kiosk
import Media
import Pixels
import Platform
import QuizContract
import Renderer
import Sound

/// `quizkiosk render --state FILE [--size WxH] --out FILE.png [--describe FILE.json] [--media DIR]`:
/// one frame, headless, and what it drew (every text line and shape with its role, box and
/// colours). Questions' pictures come from `--media DIR` (by their SHA-256), else placeholders.
/// With `--from OLD --at SECONDS`: the frame SECONDS after the state arrived on a screen that
/// showed OLD (settled) until then — any instant of any animation, drawn alone.
/// With `--audio FILE.wav`: what the room hears instead (or as well), sample for sample as the
/// screen's audio thread mixes it (`RenderAudio.swift`).
enum RenderCommand {
    /// `--out -`: the PNG on standard output and nothing else there. A file: written
    /// atomically, then its path printed. An existing path that is not a regular file — a
    /// symbolic link (/dev/stdout is one), a device, a FIFO — is refused: the rename would
    /// replace the link or device node itself.
    static func writePNG(_ canvas: Canvas, to out: String) throws {
        if out == "-" {
            try FileDescriptor.writeAll(try PNG.encode(canvas), to: 1, subject: "standard output")
            return
        }
        var st = stat()
        if lstat(out, &st) == 0, (st.st_mode & S_IFMT) != S_IFREG {
            throw CLIError("--out \(out): not a regular file (a link, device or pipe; use --out - for standard output)")
        }
        try PNG.write(canvas, to: out)
        Console.out(out)
    }

    /// `--at SECONDS` with `--from`: how long ago the state arrived; nil without them.
    static func motion(_ args: Arguments) throws(UsageError) -> Double? {
        switch (args.value("--from"), args.value("--at")) {
        case (nil, nil):
            return nil
        case (_?, nil):
            throw UsageError(message: "--from needs --at SECONDS: how long ago the state arrived")
        case (nil, let at?):
            throw UsageError(message: "--at \(at) needs --from OLD.json (without them, render draws the settled frame)")
        case (_?, let at?):
            guard let v = Double(at), v.isFinite, v >= 0, v <= 86_400 else {
                throw UsageError(message: "--at \(at): expected seconds since the state arrived, from 0 to 86400, e.g. 0.25")
            }
            return v
        }
    }

    static func run(_ argv: [String]) throws -> Int32 {
        let args = try Arguments(argv, options: ShowOptions.options.union(["--state", "--size", "--out", "--now", "--fonts", "--font",
                                                                             "--describe", "--media", "--from", "--at",
                                                                             "--audio", "--seconds"]).union(SoundOptions.options))
        let statePath = try args.required("--state")
        if let audio = args.value("--audio") {
            try RenderAudio.run(args, statePath: statePath, to: audio)
            guard args.value("--out") != nil else { return 0 }
        }
        let out = try args.required("--out")
        let size = try args.value("--size").map { s throws(UsageError) in try DisplaySize(parsing: s) } ?? DisplaySize(width: 1920, height: 1080)
        var now = Clock.now()
        if let t = args.value("--now") {
            guard let v = RFC3339.parse(t) else { throw UsageError(message: "--now \(t): expected an RFC 3339 time") }
            now = v
        }
        let elapsed = try motion(args)
        let state = try CLI.loadState(statePath)
        let old = try args.value("--from").map { path throws in try CLI.loadState(path) }
        let fonts = try CLI.loadFonts(args.value("--fonts"), preferring: args.all("--font"))
        let renderer = try ShowOptions.renderer(fonts: fonts, args)
        if let dir = args.value("--media") {
            do {
                renderer.pictures = try FolderPictures(directory: dir)
            } catch {
                throw CLIError("--media \(dir): \(error.message)")
            }
        }
        let canvas = Canvas(width: size.width, height: size.height)
        let frame = SceneFrame(state: state, width: size.width, height: size.height, now: now)
        let description: SceneDescription
        if let old, let elapsed {
            // OLD settled on screen until the state arrived `elapsed` seconds ago.
            let before = SceneFrame(state: old, width: size.width, height: size.height, now: now - elapsed)
            let moment = Moment(frame: frame, origin: Origin(settled: before, renderer: renderer), elapsed: elapsed)
            renderer.render(moment, into: canvas)
            description = renderer.describe(moment)
        } else {
            renderer.render(state, into: canvas, now: now)
            description = renderer.describe(frame)
        }
        try writePNG(canvas, to: out)
        if let path = args.value("--describe") {
            do {
                try Files.writeAtomically(Array(description.json().utf8) + [0x0A], to: path)
            } catch {
                throw CLIError("--describe \(path): \(error.message)")
            }
            if out != "-" { Console.out(path) }
        }
        return 0
    }
}
