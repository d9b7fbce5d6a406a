import Glibc
import MQTT
import Platform
import QuizContract
import TestSupport
import Testing

/// `quizkiosk doctor` as an operator runs it: on this machine there is no /dev/dri, so the
/// display checks fail (and the exit status says the screen would stay dark); the broker check
/// runs against a real mosquitto with a password file. (The VM suite runs it with a display.)
@Suite final class DoctorTests {
    init() { Log.sink = { _ in } }

    func doctor(_ args: [String], environment: [String: String] = [:]) async throws -> Child {
        let c = try Child(["doctor", "--config", "/dev/null"] + args, environment: environment)
        #expect(await c.wait(timeout: 30) != nil, "doctor did not finish")
        return c
    }

    @Test func withoutADisplayDeviceTheScreenWouldStayDark() async throws {
        let c = try await doctor(["--device", "/nonexistent/card0"])
        #expect(c.status == 1)
        #expect(c.stdout.contains("FAIL  DRM device: /nonexistent/card0: no such DRM card"), "\(c.stdout)")
        #expect(c.stdout.contains("PASS  fonts: "), "\(c.stdout)")
        #expect(c.stdout.contains("SKIP  broker: no mqtt:// source configured"))
        #expect(c.stdout.contains("the screen would stay dark"))
    }

    /// Which scripts the box can draw: with the packages `scripts/setup` installs, all of
    /// them, each with its font; with no machine fonts at all (fontconfig given an empty
    /// configuration), what the bundled faces draw, and for the rest the Debian package.
    @Test func doctorListsTheScriptsThisBoxCanDraw() async throws {
        let ok = try await doctor(["--headless"])
        for line in ["PASS  script Latin: BIZ UDPGothic (bundled)", "PASS  script Japanese: BIZ UDPGothic (bundled)",
                     "PASS  script Thai: Noto Sans Thai (/usr/share/fonts/", "PASS  script Arabic: Noto Sans Arabic (",
                     "PASS  script Hebrew: Noto Sans Hebrew (", "PASS  script Devanagari: Noto Sans Devanagari (",
                     "PASS  script Hangul: NanumGothic (", "PASS  script Han (Simplified Chinese): Noto Sans CJK SC (",
                     "PASS  script Han (Traditional Chinese): Noto Sans CJK TC ("] {
            #expect(ok.stdout.contains(line), "\(line) in \(ok.stdout)")
        }
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        TempDir.write(dir + "/fonts.conf", "<?xml version=\"1.0\"?><fontconfig><cachedir>\(dir)/cache</cachedir></fontconfig>\n")
        let bare = try await doctor(["--headless"], environment: ["FONTCONFIG_FILE": dir + "/fonts.conf"])
        #expect(bare.status == 0, "missing scripts do not keep the screen dark: \(bare.stdout)")
        for line in ["PASS  script Latin: BIZ UDPGothic (bundled)", "WARN  script Thai: no font: drawn as boxes; install fonts-noto-core",
                     "WARN  script Arabic: no font: drawn as boxes; install fonts-noto-core",
                     "WARN  script Hangul: no font: drawn as boxes; install fonts-nanum",
                     "WARN  script Han (Traditional Chinese): BIZ UDPGothic (bundled), Japanese forms; install fonts-noto-cjk"] {
            #expect(bare.stdout.contains(line), "\(line) in \(bare.stdout)")
        }
    }

    @Test func headlessWithFontsIsNotDarkAndMissingFontsAre() async throws {
        let ok = try await doctor(["--headless"])
        #expect(ok.status == 0, "\(ok.stdout)\(ok.stderr)")
        #expect(ok.stdout.contains("nothing keeps the screen dark"))
        let bad = try await doctor(["--headless", "--fonts", "/nonexistent"])
        #expect(bad.status == 1)
        #expect(bad.stdout.contains("FAIL  fonts: font /nonexistent/BIZUDPGothic-Regular.ttf: no such file"), "\(bad.stdout)")
    }

    @Test func brokerReachableCredentialsAcceptedOrRefusedOrUnreachable() async throws {
        let broker = try LocalBroker(passwords: ["tv": "right"])
        try broker.start()
        let source = "mqtt://tv@127.0.0.1:\(broker.port)/room"
        let accepted = try await doctor(["--headless", "--source", source], environment: ["QUIZKIOSK_MQTT_PASSWORD": "right"])
        #expect(accepted.stdout.contains("PASS  broker: mqtt://tv:***@127.0.0.1:\(broker.port)/room reachable, credentials accepted"), "\(accepted.stdout)")
        #expect(!accepted.stdout.contains("right"), "the password is never printed")
        #expect(accepted.status == 0)
        let refused = try await doctor(["--headless", "--source", source], environment: ["QUIZKIOSK_MQTT_PASSWORD": "wrong"])
        #expect(refused.stdout.contains("WARN  broker: ") && refused.stdout.contains("refused the connection: not authorised"), "\(refused.stdout)")
        #expect(refused.status == 0, "a refused broker does not keep the screen dark: it shows the offline mark")
        broker.stop()
        let unreachable = try await doctor(["--headless", "--source", source, "--timeout", "3"], environment: ["QUIZKIOSK_MQTT_PASSWORD": "right"])
        #expect(unreachable.stdout.contains("WARN  broker: ") && unreachable.stdout.contains("cannot reach the broker"), "\(unreachable.stdout)")
    }

    @Test func theVenuesLookIsChecked() async throws {
        let ok = try await doctor(["--headless", "--text-scale", "1.5"])
        #expect(ok.stdout.contains("PASS  look: text scale 1.5, overscan 0.0%, every text ≥ 7:1"), "\(ok.stdout)")
        let bad = try await doctor(["--headless", "--accent", "#444444"])
        #expect(bad.status == 1)
        #expect(bad.stdout.contains("FAIL  look: theme refused: the accent on the background (#444444 on #0e1626)"), "\(bad.stdout)")
    }

    /// What the kernel says of this machine's clock (asked here too) is what doctor reports.
    @Test func theClockIsReported() async throws {
        let c = try await doctor(["--headless"])
        let expected = switch Clock.isSynchronized() {
        case true?: "PASS  clock: synchronised"
        case false?: "WARN  clock: not synchronised"
        case nil: "WARN  clock: the kernel does not say"
        }
        #expect(c.stdout.contains(expected), "expected \(expected): \(c.stdout)")
        #expect(c.stdout.split(separator: "\n").filter { $0.contains("clock: ") }.count == 1, "one verdict: \(c.stdout)")
    }
}

/// The room as doctor sees it: the screens' retained presences on a real mosquitto, read back
/// and judged; what they say is quoted, never printed raw.
@Suite final class DoctorScreensTests {
    init() { Log.sink = { _ in } }

    @Test func everyScreenOfTheRoomIsListedOfflineAndLateOnesWarned() async throws {
        let broker = try LocalBroker()
        try broker.start()
        defer { broker.stop() }
        let source = "mqtt://127.0.0.1:\(broker.port)/room"
        let none = try Child(["doctor", "--config", "/dev/null", "--headless", "--source", source])
        #expect(await none.wait(timeout: 30) != nil)
        #expect(none.stdout.contains(#"WARN  screens: no screen has said it is in room "room": is the service running"#), "\(none.stdout)")
        #expect(none.stdout.contains(#"SKIP  host: no host has said it runs room "room""#), "\(none.stdout)")

        let pub = try Publisher(broker.url, room: "room")
        let documents = [
            "tv-1": #"{"screen":"tv-1","online":true,"displays":[{"name":"HDMI-A-1","mode":"1920x1080","missedVblanks":3}],"phase":"question","revision":7,"rejected":0,"version":"0.1.0"}"#,
            "tv-2": #"{"screen":"tv-2","online":false}"#,
            "tv-3": #"{"screen":"tv-3","online":true,"displays":[{"name":"HDMI-A-2","mode":"3840x2160","missedVblanks":600}],"rejected":1}"#,
            "tv-4": #"{"screen":"tv-4","online":true,"displays":[{"name":"HDMI\u001b[2J\nPASS  x","mode":"1x1"}],"rejected":0}"#,
            "tv-5": #"{"screen":"tv-5","online":"sure"}"#,
        ]
        for (id, json) in documents {
            #expect(pub.publish(Array(json.utf8), on: BrokerURL.presenceTopic(room: "room", screen: id)))
        }
        #expect(pub.publish(Array(#"{"online":false}"#.utf8), on: BrokerURL.hostTopic(room: "room")))
        let c = try Child(["doctor", "--config", "/dev/null", "--headless", "--source", source])
        #expect(await c.wait(timeout: 30) != nil)
        let out = c.stdout
        #expect(out.contains(#"WARN  host: offline (its last word to the broker): the screens show "host offline""#), "\(out)")
        #expect(out.contains(#"PASS  screen "tv-1": online, showing the question (revision 7), "HDMI-A-1" 1920x1080, 3 missed vblanks, version "0.1.0""#), "\(out)")
        #expect(out.contains(#"WARN  screen "tv-2": offline (its last word to the broker)"#), "\(out)")
        #expect(out.contains(#"WARN  screen "tv-3": online, "HDMI-A-2" 3840x2160, 600 missed vblanks, 1 message rejected (its log says why): frames late on "HDMI-A-2""#), "\(out)")
        #expect(out.contains(#"PASS  screen "tv-4": online, "HDMI\e[2J\nPASS  x" 1x1"#), "escaped, one line: \(out)")
        #expect(out.contains(#"WARN  screen "tv-5": unreadable presence: online: must be a boolean, got a string"#), "\(out)")
        #expect(!out.contains("\u{1b}"), "no raw escape reaches the terminal")
        #expect(out.split(separator: "\n").filter { $0.hasPrefix("PASS  x") }.isEmpty, "no forged line")
        #expect(c.status == 0, "a screen's trouble does not keep this one dark")
    }

    @Test func aRunningHostIsListedWithItsPlayersPage() async throws {
        let broker = try LocalBroker()
        try broker.start()
        defer { broker.stop() }
        let pub = try Publisher(broker.url, room: "room")
        let doc = HostPresence(online: true, since: 1_800_000_000, url: "http://192.168.1.20:8080/j/482113")
        #expect(pub.publish(doc.json, on: BrokerURL.hostTopic(room: "room")))
        let c = try Child(["doctor", "--config", "/dev/null", "--headless", "--source", "mqtt://127.0.0.1:\(broker.port)/room"])
        #expect(await c.wait(timeout: 30) != nil)
        #expect(c.stdout.contains(#"PASS  host: online, since 2027-01-15T08:00:00Z, players at "http://192.168.1.20:8080/j/482113""#), "\(c.stdout)")
    }
}
