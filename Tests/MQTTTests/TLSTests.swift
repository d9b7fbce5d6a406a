import Glibc
import MQTT
import Platform
import TestSupport
import Testing

/// mqtts:// with --cafile against a TLS-only mosquitto, its certificate signed by a throwaway CA
/// made here with openssl.
@Suite(.serialized) struct TLSTests {
    init() { Log.sink = { _ in } }

    /// A CA and a server certificate for 127.0.0.1 in `dir`; returns (ca, cert, key) paths.
    static func makeCertificates(in dir: String) throws -> (ca: String, cert: String, key: String) {
        try TestCertificates.make(in: dir)
    }

    @Test(.enabled(if: access("/usr/bin/openssl", X_OK) == 0, "openssl is installed by scripts/setup"))
    func mqttsWithTheRightCAConnectsAndWithoutItIsRefused() async throws {
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        let certs = try Self.makeCertificates(in: dir)
        let broker = try LocalBroker(tls: (certs.cert, certs.key))
        try broker.start()
        let pub = try Publisher(broker.url, room: "secure", caFile: certs.ca)
        #expect(pub.connected)
        let state = #"{"title":"over TLS","phase":"lobby","lobby":{"joinCode":"5150"}}"#
        #expect(pub.publish(state))

        let screen = try Screen(source: "mqtts://127.0.0.1:\(broker.port)/secure", extra: ["--cafile", certs.ca])
        #expect(await screen.waitForFrame(screen.expected(state)), "\(screen.process.stderr)")

        // The system's CA store does not know our CA: no connection, one line, idle.
        let untrusting = try Screen(source: "mqtts://127.0.0.1:\(broker.port)/secure")
        #expect(await untrusting.process.waitForLines(containing: "controller link down", timeout: 10), "\(untrusting.process.stderr)")
        #expect(await untrusting.waitForFrame(untrusting.expected(.idle, offline: true)))
        #expect(untrusting.process.lines(containing: "TLS handshake failed").count == 1, "\(untrusting.process.stderr)")
        #expect(untrusting.process.lines(containing: "<4>").count == 1, "one warning, not one per attempt: \(untrusting.process.stderr)")
    }
}
