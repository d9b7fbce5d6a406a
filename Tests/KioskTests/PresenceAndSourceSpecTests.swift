import Kiosk
import MQTT
import TestSupport
import Testing

@Suite struct SourceSpecTests {
    @Test func sourceSpecs() throws {
        #expect(try SourceSpec(parsing: "stdin") == .stdin)
        #expect(try SourceSpec(parsing: "demo") == .demo)
        #expect(try SourceSpec(parsing: "file:/tmp/s.json") == .file("/tmp/s.json"))
        #expect(try SourceSpec(parsing: "mqtt://h/r") == .mqtt(BrokerURL(host: "h", room: "r")))
        #expect(throws: SourceSpec.Problem.self) { try SourceSpec(parsing: "mqtt://h") }
        #expect(throws: SourceSpec.Problem.self) { try SourceSpec(parsing: "file:") }
        #expect(throws: SourceSpec.Problem.self) { try SourceSpec(parsing: "tcp://h") }
    }
}

@Suite struct PresenceTests {
    @Test func onlineAndOfflineDocuments() {
        var p = ScreenPresence(screen: "tv-1", online: true)
        p.displays = [.init(name: "HDMI-A-1", width: 1920, height: 1080)]
        p.quizId = "q"
        p.revision = 12
        p.phase = .question
        p.rejected = 2
        #expect(String(decoding: p.json, as: UTF8.self)
            == #"{"screen":"tv-1","online":true,"displays":[{"name":"HDMI-A-1","mode":"1920x1080"}],"quizId":"q","revision":12,"phase":"question","rejected":2}"#)
        p.displays[0].missedVblanks = 3
        #expect(String(decoding: p.json, as: UTF8.self).contains(#"{"name":"HDMI-A-1","mode":"1920x1080","missedVblanks":3}"#))
        #expect(String(decoding: ScreenPresence(screen: "tv-1", online: false).json, as: UTF8.self) == #"{"screen":"tv-1","online":false}"#)
    }
}

/// The document read back (doctor): what a screen writes reads back as itself; a document
/// from anyone else on the broker is read with limits and refused with a reason.
@Suite struct PresenceReadingTests {
    @Test func whatAScreenWritesReadsBackAsItself() throws {
        var p = ScreenPresence(screen: "tv-1", online: true)
        p.displays = [.init(name: "HDMI-A-1", width: 1920, height: 1080, missedVblanks: 3),
                      .init(name: "DP-2", width: 3840, height: 2160)]
        p.quizId = "q"
        p.revision = 12
        p.phase = .reveal
        p.rejected = 2
        p.version = "0.1.0"
        #expect(try ScreenPresence(json: p.json) == p)
        let offline = ScreenPresence(screen: "tv-1", online: false)
        #expect(try ScreenPresence(json: offline.json) == offline)
    }

    @Test(arguments: [
        (#"not json"#, "not JSON: "),
        (#"[1]"#, "the presence document: must be an object, got an array"),
        (#"{"online":true}"#, "screen: missing"),
        (#"{"screen":"a"}"#, "online: missing"),
        (#"{"screen":"a","online":"yes"}"#, "online: must be a boolean, got a string"),
        (#"{"screen":"a","online":true,"displays":[{"name":"x","mode":"big"}]}"#, "displays[0].mode: must be WIDTHxHEIGHT, got big"),
        (#"{"screen":"a","online":true,"displays":[{"name":"x","mode":"0x5"}]}"#, "displays[0].mode: must be WIDTHxHEIGHT"),
        (#"{"screen":"a","online":true,"displays":[{"name":"x","mode":"1x1","missedVblanks":-1}]}"#, "displays[0].missedVblanks"),
        (#"{"screen":"a","online":true,"displays":["# + Array(repeating: #"{"name":"x","mode":"1x1"}"#, count: 17).joined(separator: ",") + "]}",
         "displays: 17 items, at most 16 allowed"),
    ])
    func aDocumentFromAnyoneIsReadWithLimits(_ json: String, _ reason: String) {
        do {
            _ = try ScreenPresence(json: Array(json.utf8))
            Issue.record("accepted: \(json)")
        } catch {
            #expect(error.message.hasPrefix(reason), "\(error.message)")
        }
    }
}
