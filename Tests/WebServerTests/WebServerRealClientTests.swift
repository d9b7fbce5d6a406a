import Glibc
import Platform
import TestSupport
import Testing
import WebServer

/// The server against a real client library: Debian's python3-websockets (scripts/setup).
@Suite struct WebServerRealClientTests {
    @Test func pythonWebsocketsTalksToTheServer() throws {
        let s = try EchoServer()
        let outPath = TempDir.file("ws-client") + ".json", errPath = outPath + ".err"
        defer {
            unlink(outPath)
            unlink(errPath)
        }
        let client = try Subprocess(["/usr/bin/python3", repositoryRoot + "/Tests/Servers/ws_client.py", String(s.port)],
                                    stdout: .file(outPath), stderr: .file(errPath))
        #expect(s.loop.run(until: { client.poll() != nil }, timeout: 60))
        if client.poll() == nil { client.signal(SIGKILL) }
        #expect(client.wait() == 0, "\(TempDir.read(errPath))")
        let output = TempDir.read(outPath)
        var saw: [String: String] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            if parts.count == 2 { saw[String(parts[0])] = String(parts[1]) }
        }
        #expect(saw["version"] != nil, "\(output) \(TempDir.read(errPath))")
        #expect(saw["extensions"] == "[]", "the deflate offer is declined")
        #expect(saw["echo"] == #""echo:hello""#)
        #expect(saw["fragmented"] == #""echo:fragmented message""#)
        #expect(saw["pong"] == "true")
        #expect(saw["unicode"] == #""echo:こんにちは 🎉""#)
        #expect(saw["limit_echoed"] == "true")
        #expect(saw["close_code"] == "4001", "the client's code echoed")
        #expect(saw["close_reason"] == #""""#)
        #expect(saw["oversized"] == "1009")
        #expect(saw["server_close"] == #"[4000, "replaced"]"#)
        #expect(saw["other_origin"] == "403")
        // The server's side of the same story.
        #expect(s.texts.map(\.1).contains("fragmented message"))
        #expect(s.opened.count == 3)
        #expect(s.loop.run(until: { s.closed.count == 3 }, timeout: 10))
        #expect(s.closed.map(\.1) == [4001, 1009, 4000])
        #expect(s.opened.allSatisfy { $0.1.remoteAddress.hasPrefix("127.0.0.1:") })
        #expect(s.opened.first?.1.origin == "http://box.local:8080")
    }
}
