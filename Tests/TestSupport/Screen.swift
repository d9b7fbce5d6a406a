import Glibc
import MQTT
import Platform
import Pixels
import QuizContract
import Renderer
import Testing

/// A frame's pixels (RGB bytes); failed expectations print its size, not a million numbers.
public struct FramePixels: Equatable, CustomTestStringConvertible {
    public let bytes: [UInt8]
    public var testDescription: String { "\(bytes.count / 3) pixels" }
}

/// A headless screen (`quizkiosk run --headless`) in its own process, with a frozen clock so
/// its frames can be compared pixel for pixel with the library's rendering of a state.
public final class Screen {
    public static let fixedNow = RFC3339.parse("2026-11-29T20:00:00Z") ?? 0

    public let directory: String
    public let width: Int
    public let height: Int
    public let process: Child
    /// The screen's frozen clock.
    public let now: Double

    public var latestPath: String { directory + "/latest.png" }

    public init(source: String, width: Int = 320, height: Int = 180, screenID: String = "screen-\(UInt32.random(in: 0...UInt32.max))",
         now: Double = Screen.fixedNow, extra: [String] = [], environment: [String: String] = [:], stdinPipe: Bool = false) throws {
        directory = TempDir.make()
        self.now = now
        self.width = width
        self.height = height
        process = try Child(["run", "--headless", "--out", directory, "--size", "\(width)x\(height)",
                             "--source", source, "--screen-id", screenID, "--now", RFC3339.format(now),
                             "--fonts", repositoryRoot + "/fonts"] + extra, stdinPipe: stdinPipe,
                            // Its picture cache in its own folder, never the user's.
                            environment: ["CACHE_DIRECTORY": directory + "/cache"].merging(environment) { $1 })
    }

    /// What the screen must show for `json` (decoded exactly as the screen decodes it).
    public static func expected(_ json: String, width: Int, height: Int, now: Double, offline: Bool = false) -> FramePixels {
        let state = (try? StateDecoder.decode(Array(json.utf8))) ?? .idle
        return expected(state, width: width, height: height, now: now, offline: offline)
    }

    /// The test media and the examples' pictures: what a screen shows once it has them.
    public static let knownPictures = ["alpha.png", "exif6.jpg", "photo.webp", "progressive.jpg"].map { TestMedia.path($0) }
        + ["planet.jpg", "fuji.jpg"].map { repositoryRoot + "/examples/pictures/" + $0 }

    /// The one place that says what a screen shows for a state. `offline`: the controller link
    /// is down, so the screen adds its "controller offline" mark (the scene renderer's overlay);
    /// `hostOffline`: the host's presence says it is gone ("host offline").
    /// `pictures`: whether the screen has the state's picture (one of `knownPictures`), or
    /// shows its placeholder.
    public static func expected(_ state: QuizState, width: Int, height: Int, now: Double, offline: Bool = false,
                                hostOffline: Bool = false, pictures: Bool = true) -> FramePixels {
        // Fonts loaded per call: FreeType objects are not shared between test threads.
        guard let fonts = try? FontSet(directory: repositoryRoot + "/fonts") else { return FramePixels(bytes: []) }
        let canvas = Canvas(width: width, height: height)
        let renderer = SceneRenderer(fonts: fonts)
        if pictures, state.question?.image != nil {
            let known = TestPictures()
            for path in knownPictures { known.add((try? Files.read(path)) ?? []) }
            renderer.pictures = known
        }
        renderer.render(state, into: canvas, now: now, overlay: ScreenOverlay(controllerOffline: offline, hostOffline: hostOffline))
        return FramePixels(bytes: canvas.rgbBytes())
    }

    public func expected(_ json: String, offline: Bool = false) -> FramePixels {
        Screen.expected(json, width: width, height: height, now: now, offline: offline)
    }
    public func expected(_ state: QuizState, offline: Bool = false, hostOffline: Bool = false, pictures: Bool = true) -> FramePixels {
        Screen.expected(state, width: width, height: height, now: now, offline: offline, hostOffline: hostOffline, pictures: pictures)
    }

    /// The pixels of latest.png now (nil before the first frame).
    public func frame() -> FramePixels? { frame(named: "latest.png") }

    /// The pixels of a file in the output folder (a kept frame: `keptFrames()`).
    public func frame(named name: String) -> FramePixels? {
        (try? PNG.read(directory + "/" + name)).map { FramePixels(bytes: $0.rgbBytes()) }
    }

    /// Waits until latest.png shows exactly `pixels`. Each frame replaces the file (a rename),
    /// so it is decoded only when its inode or change time moved: decoding a large PNG every
    /// few milliseconds would take the CPU the screen itself needs.
    public func waitForFrame(_ pixels: FramePixels, timeout: Double = 15) async -> Bool {
        var seen: [Int] = []
        return await waitUntil(timeout: timeout) {
            var st = stat()
            guard stat(latestPath, &st) == 0 else { return false }
            let identity = [Int(st.st_ino), st.st_ctim.tv_sec, st.st_ctim.tv_nsec, Int(st.st_size)]
            guard identity != seen else { return false }
            seen = identity
            return frame() == pixels
        }
    }

    public func keptFrames() -> [String] {
        guard let d = opendir(directory) else { return [] }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix("frame-") { names.append(name) }
        }
        return names.sorted()
    }

    deinit {
        process.kill()
        TempDir.remove(directory)
    }
}
