import CommandLineKit
import Display
import Glibc
import Kiosk
import Media
import MQTT
import Outputs
import Platform
import QuizContract
import Renderer

/// The state sources of `quizkiosk run` (`--source`, repeatable; `--state FILE` is
/// `--source file:FILE`), parsed before anything is opened so a bad option costs nothing, then
/// attached to the kiosk. Also `--now` (a frozen clock) and per-revision frame files.
struct RunSources {
    static let options: Set<String> = BrokerOptions.options.union(PictureOptions.options).union(["--source", "--screen-id", "--now"])

    let specs: [SourceSpec]
    let screenID: String
    let caFile: String?
    let fixedNow: Double?

    init(_ args: Arguments) throws {
        var specs: [SourceSpec] = []
        for text in args.all("--source") {
            do {
                specs.append(try SourceSpec(parsing: text))
            } catch {
                throw UsageError(message: error.message)
            }
        }
        if let state = args.value("--state") { specs.append(.file(state)) }
        for (i, spec) in specs.enumerated() {
            if case .mqtt(let url) = spec { specs[i] = .mqtt(try BrokerOptions.complete(url, args, option: "--source")) }
        }
        if specs.filter({ $0 == .stdin }).count > 1 { throw UsageError(message: "--source stdin can be given once") }
        self.specs = specs
        if let id = args.value("--screen-id") {
            if let why = BrokerURL.roomProblem(id) { throw UsageError(message: "--screen-id \(id): \(why)") }
            screenID = id
        } else {
            screenID = BrokerOptions.defaultScreenID()
        }
        caFile = args.value("--cafile")
        if caFile != nil, !specs.contains(where: { if case .mqtt(let u) = $0 { return u.tls } else { return false } }) {
            throw UsageError(message: "--cafile is for an mqtts:// source")
        }
        if let t = args.value("--now") {
            guard let v = RFC3339.parse(t) else { throw UsageError(message: "--now \(t): expected an RFC 3339 time") }
            fixedNow = v
        } else {
            fixedNow = nil
        }
    }

    /// Starts every source on the kiosk; the MQTT ones publish the kiosk's presence and bring
    /// the room's pictures.
    func attach(to kiosk: Kiosk) throws {
        if let now = fixedNow {
            // Tests compare frames with a reference render at one instant; a countdown then
            // stands still at the number it shows at that instant.
            kiosk.clock = { now }
            kiosk.clockIsFrozen = true
            Log.info("clock frozen at \(RFC3339.format(now)) (--now)")
        }
        if specs.isEmpty { Log.info("no --source: showing the idle screen") }
        for spec in specs {
            switch spec {
            case .mqtt(let url):
                let source = try MQTTSource(broker: url, screen: screenID, caFile: caFile)
                source.pictures = kiosk.pictures
                let id = screenID
                source.presence = { [weak kiosk] in
                    kiosk.map { ScreenPresence.of($0, screen: id, version: CLI.version) } ?? ScreenPresence(screen: id, online: true)
                }
                try kiosk.add(source: source)
            case .file(let path):
                try kiosk.add(source: FileSource(path: path))
            case .stdin:
                try kiosk.add(source: LineSource(fd: 0, name: "stdin"))
            case .demo:
                let demo = DemoSource()
                demo.pictures = kiosk.pictures
                try kiosk.add(source: demo)
            }
        }
    }

    /// `--keep-frames`: one PNG per state shown (not per countdown tick), hard-linked from the
    /// frame just written as latest.png: DIR/frame-000001-r12.png (sequence, revision).
    static func keepOneFramePerState(_ kiosk: Kiosk, directory: String) {
        var last: QuizState?
        var count = 0
        kiosk.observeFrames { output, state in
            guard let headless = output as? HeadlessOutput, state != last else { return }
            last = state
            count += 1
            let name = "frame-" + String(count).leftPadded(to: 6) + (state.revision.map { "-r\($0)" } ?? "") + ".png"
            do {
                _ = try syscall("link", subject: directory + "/" + name) { link(headless.latestPath, directory + "/" + name) }
            } catch {
                Log.warning("\(error)")
            }
        }
    }
}
