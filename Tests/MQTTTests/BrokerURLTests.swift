import MQTT
import TestSupport
import Testing

@Suite struct BrokerURLTests {
    @Test func parsesEveryPart() throws {
        let u = try BrokerURL(parsing: "mqtt://tv:p%40ss@broker.local:1884/room-1")
        #expect(u == BrokerURL(tls: false, host: "broker.local", port: 1884, username: "tv", password: "p@ss", room: "room-1"))
        #expect(u.description == "mqtt://tv:***@broker.local:1884/room-1", "the password never shows")
        #expect(try BrokerURL(parsing: "mqtts://broker/r").port == 8883)
        #expect(try BrokerURL(parsing: "MQTT://10.0.0.2").port == 1883)
        #expect(try BrokerURL(parsing: "mqtt://[::1]:1999/r").host == "::1")
        #expect(try BrokerURL(parsing: "mqtt://user@h/r").password == nil)
        #expect(try BrokerURL(parsing: "mqtt://h/%E4%BC%9A%E5%A0%B4").room == "会場")
    }

    @Test(arguments: [
        ("http://h/r", "expected mqtt://"),
        ("mqtt:///r", "the host is missing"),
        ("mqtt://h:0/r", "port must be a number from 1 to 65535"),
        ("mqtt://h:99999/r", "port must be a number from 1 to 65535"),
        ("mqtt://h:x/r", "port must be a number"),
        ("mqtt://h/a/b", "must not contain '/'"),
        ("mqtt://h/a+", "no wildcards"),
        ("mqtt://h/a b", "spaces"),
        ("mqtt://h/r?x=1", "query strings"),
        ("mqtt://[::1/r", "closing ]"),
        ("mqtt://u:%zz@h/r", "bad %-escape"),
    ])
    func rejectsWithOneClearLine(text: String, expected: String) {
        let error = #expect(throws: BrokerURL.ParseError.self) { try BrokerURL(parsing: text) }
        #expect(error?.message.contains(expected) == true, "\(error?.message ?? "accepted")")
        #expect(error?.message.contains("\n") == false)
    }

    /// The URL must be refused (else there is no message to look at) and its message must not
    /// carry the password.
    @Test func errorsDoNotRepeatThePassword() {
        let error = #expect(throws: BrokerURL.ParseError.self) { try BrokerURL(parsing: "mqtt://tv:hunter2@h:99999/r") }
        #expect(error?.message.contains("port must be a number from 1 to 65535") == true, "\(error?.message ?? "accepted")")
        #expect(error?.message.contains("hunter2") == false, "\(error?.message ?? "accepted")")
    }
}
