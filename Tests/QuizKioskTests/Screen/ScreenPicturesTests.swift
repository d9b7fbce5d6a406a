import Glibc
import MQTT
import Pictures
import Pixels
import Platform
import QuizContract
import Renderer
import TestSupport
import Testing

/// Pictures through a real mosquitto, end to end: the host publishes the quiz's pictures
/// retained at start, and a screen that connects later has them ready for the first frame of
/// their question; a picture that comes after its question replaces the placeholder and moves
/// nothing else.
@Suite struct ScreenPicturesTests {
    init() { Log.sink = { _ in } }

    @Test func aScreenThatConnectsLateShowsTheQuestionWithItsPictureOnItsFirstFrame() async throws {
        let broker = try LocalBroker()
        try broker.start()
        let watcher = try Publisher(broker.url, room: "finals", subscribe: "quizkiosk/finals/#")
        let data = TempDir.make()
        defer { TempDir.remove(data) }
        let host = try Child(["host", repositoryRoot + "/examples/quiz-en.json", "--broker", "mqtt://127.0.0.1:\(broker.port)",
                              "--room", "finals", "--players", "off", "--data", data], stdinPipe: true)
        let planet = SHA256.hex((try? Files.read(repositoryRoot + "/examples/pictures/planet.jpg")) ?? [])
        #expect(await watcher.run(until: {
            watcher.received.contains { $0.topic == "quizkiosk/finals/media/\(planet)" }
                && watcher.received.contains { $0.topic == "quizkiosk/finals/state" }
        }, timeout: 60), "the host published the picture and the lobby: \(host.stderr)")

        // Only now does the screen start: everything it gets is what the broker retained.
        let screen = try Screen(source: "mqtt://127.0.0.1:\(broker.port)/finals", width: 640, height: 360, extra: ["--keep-frames"])
        #expect(await screen.process.waitForLines(containing: "picture \(planet.prefix(12))…: ready"), "\(screen.process.stderr)")
        host.send("n")
        var question: QuizState?
        #expect(await watcher.run(until: {
            question = watcher.received.compactMap { $0.topic.hasSuffix("/state") ? try? StateDecoder.decode($0.payload) : nil }
                .last { $0.phase == .question }
            return question != nil
        }), "\(host.stderr)")
        let state = try #require(question)
        #expect(state.question?.image?.sha256 == planet)
        #expect(await screen.waitForFrame(screen.expected(state)), "\(screen.process.stderr)")
        // The first frame of that question, kept as it was shown, already has the picture.
        let first = try #require(screen.keptFrames().first { $0.hasSuffix("-r\(state.revision ?? 0).png") })
        #expect(screen.frame(named: first) == screen.expected(state))
        #expect(screen.frame(named: first) != screen.expected(state, pictures: false))
        host.send("q")
        #expect(await host.wait(timeout: 10) == 0, "\(host.stderr)")
        // The quiz is over: its pictures are cleared from the broker (empty retained messages).
        #expect(await watcher.run(until: {
            watcher.received.contains { $0.topic == "quizkiosk/finals/media/\(planet)" && $0.payload.isEmpty }
        }), "\(host.stdout)")
    }

    @Test func aPictureThatComesAfterItsQuestionReplacesThePlaceholderAndMovesNothing() async throws {
        let broker = try LocalBroker()
        try broker.start()
        let pub = try Publisher(broker.url, room: "late")
        let bytes = TestMedia.bytes("photo.webp")
        let sha = SHA256.hex(bytes)
        let json = #"{"quizId":"p","revision":1,"phase":"question","question":{"number":1,"total":1,"text":"Which mountain is this?","choices":["Fuji","Aso","Kilimanjaro","Mont Blanc"],"image":{"sha256":"\#(sha)"}}}"#
        #expect(pub.publish(json))
        let screen = try Screen(source: "mqtt://127.0.0.1:\(broker.port)/late", width: 640, height: 360, extra: ["--keep-frames"])
        let state = try StateDecoder.decode(Array(json.utf8))
        #expect(await screen.waitForFrame(screen.expected(state, pictures: false)), "the placeholder first: \(screen.process.stderr)")
        let placeholderFrame = try #require(screen.frame())

        #expect(pub.publish(bytes, on: BrokerURL.mediaTopic(room: "late", sha256: sha)))
        #expect(await screen.waitForFrame(screen.expected(state)), "then the picture: \(screen.process.stderr)")
        let pictureFrame = try #require(screen.frame())

        // Only the picture's slot changed: every pixel outside the placeholder's box is the same.
        let renderer = SceneRenderer(fonts: try TestFonts.load())
        let described = renderer.describe(SceneFrame(state: state, width: 640, height: 360, now: screen.now))
        let slot = try #require(described.items.first { $0.role == .picturePlaceholder }?.box)
        var changedOutside = 0, changedInside = 0
        for y in 0..<360 {
            for x in 0..<640 {
                let i = (y * 640 + x) * 3
                guard placeholderFrame.bytes[i..<(i + 3)] != pictureFrame.bytes[i..<(i + 3)] else { continue }
                if x >= slot.minX && x < slot.maxX && y >= slot.minY && y < slot.maxY { changedInside += 1 } else { changedOutside += 1 }
            }
        }
        #expect(changedOutside == 0 && changedInside > 1000, "outside \(changedOutside), inside \(changedInside)")
    }

    @Test func aPictureWithTheWrongBytesStaysAPlaceholderWithOneLogLine() async throws {
        let broker = try LocalBroker()
        try broker.start()
        let pub = try Publisher(broker.url, room: "bad")
        let sha = SHA256.hex(TestMedia.bytes("photo.webp"))
        let json = #"{"quizId":"b","revision":1,"phase":"question","question":{"text":"Q?","choices":["a","b"],"image":{"sha256":"\#(sha)"}}}"#
        #expect(pub.publish(json))
        // Another picture's bytes on this picture's topic: they do not hash to its name.
        #expect(pub.publish(TestMedia.bytes("alpha.png"), on: BrokerURL.mediaTopic(room: "bad", sha256: sha)))
        let screen = try Screen(source: "mqtt://127.0.0.1:\(broker.port)/bad", width: 320, height: 180)
        #expect(await screen.process.waitForLines(containing: "picture \(sha.prefix(12))…"), "\(screen.process.stderr)")
        let state = try StateDecoder.decode(Array(json.utf8))
        #expect(await screen.waitForFrame(screen.expected(state, pictures: false)))
        let lines = screen.process.lines(containing: "picture \(sha.prefix(12))…")
        #expect(lines.count == 1 && lines[0].contains("hash"), "\(lines)")
    }
}
