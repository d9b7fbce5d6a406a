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
