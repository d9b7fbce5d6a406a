import Display
import Glibc
import Pictures
import Pixels
import Platform
import PlayersContract
import QuizContract
import QuizHost
import Renderer
import Web

/// The code that reads input we do not control, each as a function of arbitrary bytes that must
/// return without crashing. Built two ways (scripts/fuzz): with `--sanitize=fuzzer -DFUZZING`
/// libFuzzer drives one target chosen by `QUIZKIOSK_FUZZ_TARGET`; in a normal build the
/// executable replays corpus files, which is how crashes found become regression tests.
enum FuzzTargets {
    static let all: [String: @Sendable ([UInt8]) -> Void] = [
        "state": fuzzState,
        "layout": fuzzLayout,
        "edid": fuzzEDID,
        "uevent": fuzzUevent,
        "picture": fuzzPicture,
        "http": fuzzHTTP,
        "websocket": fuzzWebSocket,
        "phone": fuzzPhone,
    ]

    /// Pieces of `data` after its first byte, sized by that byte (1…16, or all at once for
    /// 0): how bytes arrive from a socket, any split.
    static func pieces(_ data: [UInt8]) -> [[UInt8]] {
        guard let first = data.first else { return [] }
        let body = Array(data.dropFirst())
        let size = first % 17 == 0 ? max(1, body.count) : Int(first % 17)
        return stride(from: 0, to: body.count, by: size).map { Array(body[$0..<min(body.count, $0 + size)]) }
    }

    /// A request head from a phone (or anyone on the venue's Wi-Fi), in pieces: what the
    /// parser accepts obeys every limit, and a WebSocket handshake can be checked on it.
    static func fuzzHTTP(_ data: [UInt8]) {
        var limits = HTTPLimits()
        limits.head = 2048  // small limits reach their edges in short inputs
        limits.target = 256
        limits.headerLine = 512
        limits.headerCount = 8
        var parser = HTTPRequestParser(limits: limits)
        var fed = 0
        for piece in pieces(data) {
            fed += piece.count
            switch parser.feed(piece) {
            case .needMore:
                precondition(parser.bufferedBytes <= limits.head + piece.count, "held more than the head's limit")
            case .refused(let r):
                precondition([400, 414, 431, 505].contains(r.status.code), "unexpected status \(r.status)")
                return
            case .complete(let head):
                precondition(head.target.utf8.count <= limits.target && head.target.hasPrefix("/"))
                precondition(head.headers.count <= limits.headerCount)
                precondition(head.minorVersion == 0 || head.minorVersion == 1)
                precondition(parser.remainder.count <= fed)
                _ = WebSocketHandshake.check(head)
                _ = HTTPResponse(.ok, headers: head.headers, body: []).serialized()
                return
            }
        }
    }

    /// A phone's WebSocket bytes, in pieces, to a session that is open or (first byte odd)
    /// has sent its close: messages within the limit and valid UTF-8, nothing after the end.
    static func fuzzWebSocket(_ data: [UInt8]) {
        var limits = WebSocketLimits()
        limits.message = 512
        var session = WebSocketSession(limits: limits)
        if (data.first ?? 0) & 0x80 != 0 { _ = session.close(code: 4000, reason: "replaced") }
        var events: [WebSocketEvent] = []
        for piece in pieces(data) { session.receive(piece, into: &events) }
        var ended = false
        for event in events {
            precondition(!ended, "an event after the end")
            switch event {
            case .text(let text): precondition(text.utf8.count <= limits.message)
            case .ping(let pong): precondition(pong.count <= 127 && pong.first == 0x8A)
            case .closed(let code, _, _): precondition(code == 1005 || WebSocketCloseCode.isValidOnTheWire(code)); ended = true
            case .failed(let code, _, let reply):
                precondition([1002, 1003, 1007, 1008, 1009].contains(code))
                precondition(reply == nil || reply!.count <= 127)
                ended = true
            }
        }
        precondition(ended == (session.state == .closed))
    }

    /// A picture's bytes, as a broker or a web server hands them over: header, decode (PNG,
    /// JPEG with EXIF, WebP), turn upright, resample, composite. Two slots, one enlarging and
    /// one reducing, small enough to keep each run fast.
    static func fuzzPicture(_ data: [UInt8]) {
        _ = try? PictureHeader.read(data)
        let slots = [PictureSlot(width: 48, height: 32, surface: .black), PictureSlot(width: 7, height: 5, surface: .white)]
        guard let images = try? PicturePipeline.prepare(data, for: slots) else { return }
        for (image, slot) in zip(images, slots) {
            precondition(image.width <= slot.width && image.height <= slot.height && image.pixels.count == image.width * image.height)
        }
    }

    /// A monitor's EDID, as a TV (or a broken HDMI switch) hands it over.
    static func fuzzEDID(_ data: [UInt8]) {
        _ = try? EDID.validate(data)
        guard let edid = try? EDID(data) else { return }
        _ = (edid.make, edid.name, edid.serialText, edid.preferredTiming, edid.texts, edid.cta)
        // What a TV's EDID decides: the mode policy over its modes and the overscan decision.
        let modes = edid.modes.map(\.mode)
        // As `quizkiosk edid` decides: the TV's own TMDS limit and its 4:2:0 blocks applied.
        let pick = ModePolicy().choose(from: modes, display: ModePolicy.Display(aspect: nil, hasEDID: true, cta: edid.cta,
                                                                                appliesTMDSLimit: true))
        _ = OverscanPolicy.decide(.auto, cta: edid.cta, hasEDID: true, isHDMIConnector: true,
                                  mode: pick?.mode ?? .synthetic(1920, 1080), underscan: 0...128, margins: nil)
    }

    /// What phones send, one message a line, played into a room: every message decodes or is
    /// refused, and whatever decodes moves the game without breaking its rules (a player's
    /// score never negative, a player counted once, the TV's counts within the room).
    static func fuzzPhone(_ data: [UInt8]) {
        let quiz = QuizFile(title: "Fuzz", quizId: "fuzz", joinCode: "123456", joinURL: nil,
                            questions: [.init(text: "Q1", choices: ["a", "b", "c"], correct: 1, timeLimit: 10),
                                        .init(text: "Q2", choices: ["x", "y"], correct: nil, timeLimit: 5)],
                            leaderboard: [])
        var session = HostSession(quiz: quiz, startedAt: 0)
        session.servesPlayers = true
        var random = FuzzRandom(seed: UInt64(data.count))
        var players: [String] = []
        var now = 0.0
        for line in data.split(separator: 0x0A, omittingEmptySubsequences: true) {
            now += Double(line.first ?? 0) / 50
            guard let message = try? PhoneMessageDecoder.decode(Array(line)) else { continue }
            switch message {
            case let .join(code, name):
                if case .success(let w) = session.join(code: code, name: name, token: PlayerToken.generate(using: &random), now: now,
                                                       canDraw: { _ in true }) { players.append(w.player) }
            case let .resume(token):
                _ = session.resume(token: token)
            case let .answer(question, choice):
                guard !players.isEmpty else { continue }
                _ = session.answer(player: players[Int(line.count) % players.count], question: question, choice: choice, now: now)
            case .host:
                continue
            case let .action(action):
                _ = session.perform(action, now: now, canDraw: { _ in true })
            }
            let state = session.publish()
            precondition(session.ranking().entries.allSatisfy { $0.score >= 0 })
            if let q = state.question, let answered = q.answered, let total = q.players { precondition(answered <= total) }
            for p in players { _ = session.phoneView(for: p, now: now) }
        }
        _ = session.results()
    }

    /// A seeded generator: a fuzz run is repeatable.
    struct FuzzRandom: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state ^ (state >> 29)
        }
    }

    /// A kernel uevent datagram: header, then NUL-separated KEY=VALUE fields.
    static func fuzzUevent(_ data: [UInt8]) {
        guard let event = Uevent(parsing: data) else { return }
        _ = (event.isDRMHotplug, event.connectorID, event.devname)
    }

    static func fuzzState(_ data: [UInt8]) {
        guard let message = try? StateDecoder.decodeMessage(data) else { return }
        // Whatever decodes must also render: a tiny canvas keeps each run fast.
        if case .state(let s) = message, let renderer = sharedRenderer {
            renderer.render(s, into: Canvas(width: 64, height: 36), now: 0)
        }
    }

    /// Text layout with a width and size taken from the first bytes.
    static func fuzzLayout(_ data: [UInt8]) {
        guard data.count >= 3, let engine = sharedRenderer?.text else { return }
        let width = Int(data[0]) * 8 - 200  // negative and zero widths too
        let size = Int(data[1]) % 120 - 10
        let text = String(decoding: data[2...], as: UTF8.self)
        let block = engine.fit(text, maxSize: size, minSize: size / 2, width: width, height: Int(data[0]) * 2)
        let canvas = Canvas(width: 64, height: 64)
        engine.draw(block, in: canvas, rect: Rect(x: -10, y: -10, width: width, height: 100), color: .white)
    }

    nonisolated(unsafe) static var sharedRenderer: SceneRenderer? = {
        guard let dir = FontSet.defaultDirectory(environment: Environment.all, executablePath: Files.executablePath()),
              let fonts = try? FontSet(directory: dir) else { return nil }
        return SceneRenderer(fonts: fonts)
    }()

    static func selected() -> (String, @Sendable ([UInt8]) -> Void)? {
        let name = Environment.get("QUIZKIOSK_FUZZ_TARGET") ?? ""
        return all[name].map { (name, $0) }
    }
}

#if FUZZING
nonisolated(unsafe) var target: (([UInt8]) -> Void)?

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> Int32 {
    guard let (_, f) = FuzzTargets.selected() else {
        print("set QUIZKIOSK_FUZZ_TARGET to one of: \(FuzzTargets.all.keys.sorted().joined(separator: ", "))")
        exit(2)
    }
    target = f
    _ = FuzzTargets.sharedRenderer
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    target?(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
#else
/// Replays files (corpus entries, past crashes) through one target: `quizkiosk-fuzz TARGET FILE...`.
@main struct Replay {
    static func main() {
        let args = Array(CommandLine.arguments.dropFirst())
        guard let name = args.first, let f = FuzzTargets.all[name] else {
            print("usage: quizkiosk-fuzz \(FuzzTargets.all.keys.sorted().joined(separator: "|")) FILE...")
            exit(2)
        }
        var count = 0
        for path in args.dropFirst() {
            guard let bytes = try? Files.read(path) else {
                print("cannot read \(path)")
                exit(1)
            }
            f(bytes)
            count += 1
        }
        print("\(name): \(count) inputs replayed without a crash")
    }
}
#endif
