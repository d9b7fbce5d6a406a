import Kiosk
import Testing

/// The screen's sound in its presence document: written, read back as itself, refused when wrong.
@Suite struct PresenceSoundTests {
    @Test func theSoundReportReadsBackAsItself() throws {
        var p = ScreenPresence(screen: "tv-1", online: true)
        p.sound = .init(device: "hdmi:CARD=vc4hdmi0,DEV=0", open: true, xruns: 3)
        let json = String(decoding: p.json, as: UTF8.self)
        #expect(json.hasSuffix(#""rejected":0,"sound":{"device":"hdmi:CARD=vc4hdmi0,DEV=0","open":true,"xruns":3}}"#), "\(json)")
        #expect(try ScreenPresence(json: p.json) == p)
        p.sound = nil
        #expect(!String(decoding: p.json, as: UTF8.self).contains("sound"), "no sound: no member")
    }

    @Test(arguments: [
        (#"{"screen":"a","online":true,"sound":{"open":true}}"#, "sound.device: missing"),
        (#"{"screen":"a","online":true,"sound":{"device":"d","xruns":-1}}"#, "sound.xruns"),
        (#"{"screen":"a","online":true,"sound":{"device":"d","open":"yes"}}"#, "sound.open: must be a boolean"),
    ])
    func aWrongSoundReportIsRefused(_ json: String, _ reason: String) {
        do {
            _ = try ScreenPresence(json: Array(json.utf8))
            Issue.record("accepted: \(json)")
        } catch {
            #expect(error.message.hasPrefix(reason), "\(error.message)")
        }
    }
}
