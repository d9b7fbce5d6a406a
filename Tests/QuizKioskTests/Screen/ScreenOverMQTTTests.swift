import Glibc
import MQTT
import Platform
import QuizContract
import Renderer
import TestSupport
import Testing

/// The screen (`quizkiosk run --headless`) against a real mosquitto started here, checked on
/// its frames: latest.png compared pixel for pixel with the library's rendering of the state
/// the controller published, at the screen's frozen clock. Each test has its own broker, port
/// and folders, so they run side by side: most of their time is spent waiting (the 3 s grace
/// before the offline mark, reconnection backoff), which overlaps.
@Suite struct ScreenOverMQTTTests {
    init() { Log.sink = { _ in } }

    static let q1 = #"{"quizId":"t","revision":1,"phase":"question","question":{"number":1,"total":3,"text":"Which planet has the most moons?","choices":["Saturn","Jupiter"]}}"#
    static let q2 = #"{"quizId":"t","revision":2,"phase":"reveal","question":{"number":1,"total":3,"text":"Which planet has the most moons?","choices":["Saturn","Jupiter"],"correct":0,"answerCounts":[9,7]}}"#
    static let q3 = #"{"quizId":"t","revision":3,"phase":"question","question":{"number":2,"total":3,"text":"日本で一番高い山は？","choices":["富士山","北岳","槍ヶ岳"]}}"#

    func source(_ broker: LocalBroker, room: String = "room1") -> String { "mqtt://127.0.0.1:\(broker.port)/\(room)" }

    @Test func retainedStateReachesAScreenThatStartsLate() async throws {
        let broker = try LocalBroker()
        try broker.start()
        let pub = try Publisher(broker.url, room: "room1")
        #expect(pub.publish(Self.q1))
        let screen = try Screen(source: source(broker))
        #expect(await screen.waitForFrame(screen.expected(Self.q1)), "\(screen.process.stderr)")
        #expect(pub.publish(Self.q2))
        #expect(await screen.waitForFrame(screen.expected(Self.q2)), "\(screen.process.stderr)")
    }

    @Test func brokerKilledAndRestartedWhileTheScreenRuns() async throws {
        let broker = try LocalBroker()
        try broker.start()
        let screen = try Screen(source: source(broker))
        do {
            let pub = try Publisher(broker.url, room: "room1")
            #expect(pub.publish(Self.q1))
            #expect(await screen.waitForFrame(screen.expected(Self.q1)))
        }
        broker.kill()
        // Without the broker for more than the 3 s grace: the offline mark, the last state kept.
        #expect(await screen.process.waitForLines(containing: "controller link down", timeout: 10), "\(screen.process.stderr)")
        #expect(await screen.waitForFrame(screen.expected(Self.q1, offline: true)), "the last state stays, with the mark")
        try broker.start()
        #expect(await screen.process.waitForLines(containing: "reconnected", timeout: 15), "\(screen.process.stderr)")
        #expect(await screen.process.waitForLines(containing: "controller link up", timeout: 5))
        let pub = try Publisher(broker.url, room: "room1")
        #expect(pub.publish(Self.q3))
        #expect(await screen.waitForFrame(screen.expected(Self.q3)), "\(screen.process.stderr)")
    }

    @Test func aThousandUpdatesAsFastAsPossibleEndOnTheLastOne() async throws {
        let broker = try LocalBroker()
        try broker.start()
        // Full HD, so a frame (render + PNG) is much slower than a message: states must coalesce.
        let screen = try Screen(source: source(broker), width: 1920, height: 1080, extra: ["--keep-frames"])
        let pub = try Publisher(broker.url, room: "room1")
        func state(_ rev: Int) -> String {
            #"{"quizId":"load","revision":\#(rev),"phase":"question","question":{"number":\#(rev),"text":"Update \#(rev)","choices":["a","b","c","d"]}}"#
        }
        // The screen's subscription must be in place before the burst: a message published
        // before it is lost, and the screen would get only the retained one — the last
        // published, the stale 990. Shown on screen, a first state proves the subscription.
        let ready = #"{"quizId":"warm-up","title":"ready"}"#
        #expect(pub.publish(ready))
        #expect(await screen.waitForFrame(screen.expected(ready)), "\(screen.process.stderr)")
        // 1,000 new revisions, every tenth followed by a stale one (late delivery), and a
        // stale one last: revision order must hold under load, so 1000 is what stays.
        var payloads: [[UInt8]] = []
        for rev in 1...1000 {
            payloads.append(Array(state(rev).utf8))
            if rev % 10 == 0 { payloads.append(Array(state(rev - 5).utf8)) }
        }
        payloads.append(Array(state(990).utf8))
        let start = Clock.monotonic()
        #expect(pub.publishAll(payloads))
        #expect(await screen.waitForFrame(screen.expected(state(1000)), timeout: 30), "\(screen.process.stderr.suffix(2000))")
        let seconds = Clock.monotonic() - start
        // The last message is the 101st stale one: once its line is there, every message has
        // been handled, and nothing older may have been drawn after 1000.
        #expect(await screen.process.waitForLines(containing: "ignored revision", count: 101, timeout: 30), "\(screen.process.stderr.suffix(2000))")
        #expect(screen.process.lines(containing: "ignored revision").count == 101, "every stale revision gets its one line")
        #expect(screen.frame() == screen.expected(state(1000)))
        let kept = screen.keptFrames()
        #expect(kept.last?.hasSuffix("-r1000.png") == true, "\(kept.suffix(3))")
        // Coalescing: a slow screen does not draw every state (files are per state drawn).
        #expect(kept.count < 500, "drew \(kept.count) frames for 1,000 states")
        print("1,000 updates (+101 stale) through the broker: last shown after \(Int(seconds * 1000)) ms, \(kept.count) frames drawn")
    }

    @Test func passwordFileAcceptedEnvironmentAcceptedWrongPasswordRefused() async throws {
        let broker = try LocalBroker(passwords: ["tv": "s3cret pass"])
        try broker.start()
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        let goodFile = dir + "/good", badFile = dir + "/bad"
        try Files.writeAtomically(Array("s3cret pass\n".utf8), to: goodFile)
        try Files.writeAtomically(Array("guess\n".utf8), to: badFile)

        var url = broker.url
        url.username = "tv"
        url.password = "s3cret pass"
        let pub = try Publisher(url, room: "room1")
        #expect(pub.connected)
        #expect(pub.publish(Self.q1))

        let withFile = try Screen(source: "mqtt://tv@127.0.0.1:\(broker.port)/room1", extra: ["--password-file", goodFile])
        let withEnv = try Screen(source: "mqtt://tv@127.0.0.1:\(broker.port)/room1", environment: ["QUIZKIOSK_MQTT_PASSWORD": "s3cret pass"])
        let refused = try Screen(source: "mqtt://tv@127.0.0.1:\(broker.port)/room1", extra: ["--password-file", badFile])
        #expect(await withFile.waitForFrame(withFile.expected(Self.q1)), "\(withFile.process.stderr)")
        #expect(await withEnv.waitForFrame(withEnv.expected(Self.q1)), "\(withEnv.process.stderr)")

        // Refused: one clear error line, and after the 3 s grace the idle scene with the mark.
        // (That a refusal is retried slowly, not hammered, and gets in once the broker takes
        // the password, MQTTClientTests checks on virtual time: here that would be a real
        // wait of 10 to 60 s, depending on when this test gets its turn.)
        #expect(await refused.process.waitForLines(containing: "refused the connection"))
        #expect(await refused.process.waitForLines(containing: "controller link down"), "\(refused.process.stderr)")
        #expect(await refused.waitForFrame(refused.expected(QuizState.idle, offline: true)))
        let errors = refused.process.stderrLines.filter { $0.hasPrefix("<3>") }
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.contains("not authorised") == true || errors.first?.contains("bad user name or password") == true)
        #expect(errors.first?.contains("guess") == false, "the password is never logged")
    }

    @Test func twoScreensInOneRoomBothShowEachState() async throws {
        let broker = try LocalBroker()
        try broker.start()
        let a = try Screen(source: source(broker), screenID: "left")
        let b = try Screen(source: source(broker), screenID: "right")
        let pub = try Publisher(broker.url, room: "room1", subscribe: "quizkiosk/room1/screens/+")
        for json in [Self.q1, Self.q2, Self.q3] {
            #expect(pub.publish(json))
            #expect(await a.waitForFrame(a.expected(json)), "\(a.process.stderr)")
            #expect(await b.waitForFrame(b.expected(json)), "\(b.process.stderr)")
        }
        // Both report what they show on their presence topics.
        #expect(await pub.run(until: {
            ["left", "right"].allSatisfy { id in
                pub.received.last(where: { $0.topic == "quizkiosk/room1/screens/\(id)" })
                    .map { String(decoding: $0.payload, as: UTF8.self).contains(#""revision":3"#) } ?? false
            }
        }, timeout: 10))
        // A screen that vanishes without a goodbye is marked offline by its last will; one
        // that shuts down cleanly says so itself.
        a.process.kill()
        #expect(await b.process.terminate() == 0)
        #expect(await pub.run(until: {
            ["left", "right"].allSatisfy { id in
                pub.received.last(where: { $0.topic == "quizkiosk/room1/screens/\(id)" })
                    .map { String(decoding: $0.payload, as: UTF8.self).contains(#""online":false"#) } ?? false
            }
        }, timeout: 20), "\(pub.received.map { ($0.topic, String(decoding: $0.payload, as: UTF8.self)) })")
    }

    /// Messages are handled in the order they come: once the valid state sent after the bad
    /// ones is on screen, each bad one has had its line, and any frame one of them caused would
    /// have been kept (`--keep-frames` keeps one per state shown) before it.
    @Test func everyInvalidMessageIsOneLineAndTheLastGoodFrameStays() async throws {
        let broker = try LocalBroker()
        try broker.start()
        let screen = try Screen(source: source(broker), extra: ["--keep-frames"])
        let pub = try Publisher(broker.url, room: "room1")
        #expect(pub.publish(Self.q3))
        #expect(await screen.waitForFrame(screen.expected(Self.q3)), "\(screen.process.stderr)")
        #expect(screen.keptFrames().last?.hasSuffix("-r3.png") == true, "\(screen.keptFrames())")
        let keptBefore = screen.keptFrames().count

        var big = Array(#"{"title":""#.utf8)
        big += [UInt8](repeating: UInt8(ascii: "x"), count: 65536 + 1 - big.count - 2)
        big += Array(#""}"#.utf8)
        #expect(big.count == 65537)
        let cases: [(String, [UInt8], String)] = [
            ("not JSON", Array(#"{"question":{"text":"Q"},}"#.utf8), "not JSON: line 1, column"),
            ("not UTF-8", [0x7B, 0x22, 0x74, 0x69, 0x74, 0x6C, 0x65, 0x22, 0x3A, 0x22, 0xC3, 0x28, 0x22, 0x7D], "not UTF-8"),
            ("64 KiB + 1", big, "message is 65537 bytes, over the 65536-byte limit"),
            ("wrong type", Array(#"{"question":{"text":"Q","choices":["a",2]}}"#.utf8), "question.choices[1]: must be a string, got a number"),
            ("unknown schema", Array(#"{"schema":2,"title":"from the future"}"#.utf8), "schema: version 2 is not supported"),
            ("not an object", Array("[1,2,3]".utf8), "not a JSON object"),
            ("old revision", Array(#"{"quizId":"t","revision":2,"title":"late"}"#.utf8), "ignored revision 2 of quiz t"),
        ]
        let linesBefore = screen.process.lines(containing: "quizkiosk/room1/state").count
        for (name, payload, _) in cases {
            #expect(pub.publish(payload), "\(name)")
        }
        // And the screen is still listening.
        #expect(pub.publish(Self.q1.replacingRevision(4)))
        #expect(await screen.waitForFrame(screen.expected(Self.q1.replacingRevision(4))), "\(screen.process.stderr.suffix(1500))")
        let kept = screen.keptFrames()
        #expect(kept.count == keptBefore + 1 && kept.last?.hasSuffix("-r4.png") == true,
                "nothing but revision 4 was shown after revision 3: \(kept)")
        for (name, _, line) in cases {
            #expect(screen.process.lines(containing: line).count == 1, "\(name): one line: \(screen.process.stderr.suffix(1500))")
        }
        #expect(screen.process.lines(containing: "quizkiosk/room1/state").count == linesBefore + cases.count, "one line each, no more")
        #expect(screen.process.lines(containing: "rejected so far").last?.contains("6 rejected so far") == true)
        // An empty retained message clears the room to idle.
        #expect(pub.publish([UInt8]()))
        #expect(await screen.waitForFrame(screen.expected(QuizState.idle)))
    }

    @Test func unreachableBrokerAtStartIdleAndOfflineThenConnects() async throws {
        let broker = try LocalBroker()
        let screen = try Screen(source: source(broker))
        #expect(await screen.process.waitForLines(containing: "controller link down", timeout: 10), "\(screen.process.stderr)")
        #expect(await screen.waitForFrame(screen.expected(QuizState.idle, offline: true)))
        #expect(screen.process.lines(containing: "cannot reach the broker").count == 1, "one line, not one per attempt")
        try broker.start()
        let pub = try Publisher(broker.url, room: "room1")
        #expect(pub.publish(Self.q1))
        #expect(await screen.waitForFrame(screen.expected(Self.q1), timeout: 15), "\(screen.process.stderr)")
        #expect(screen.process.lines(containing: "controller link up").count == 1)
    }
}

extension String {
    func replacingRevision(_ rev: Int) -> String {
        var s = self
        if let r = s.firstRange(of: #""revision":1"#) { s.replaceSubrange(r, with: #""revision":\#(rev)"#) }
        return s
    }
}
