import Platform
import TestSupport
import Testing

/// `quizkiosk host-url`: the console's URL and QR from the data folder's secret, for whoever is
/// at the box; nothing made when the host never ran.
@Suite final class HostURLTests {
    let directory = TempDir.make()
    init() { Log.sink = { _ in } }
    deinit { TempDir.remove(directory) }

    func run(_ args: [String]) async throws -> Child {
        // STATE_DIRECTORY unset and a settings file that does not exist: only what is given counts.
        let c = try Child(["host-url", "--config", "/dev/null"] + args, environment: ["STATE_DIRECTORY": ""])
        #expect(await c.wait(timeout: 20) != nil, "\(args) did not finish")
        return c
    }

    @Test func printsTheConsoleURLAndItsQRCode() async throws {
        try Files.writeAtomically(Array("s3cr3t-Secret_0123456789abcdef\n".utf8), to: directory + "/host-secret")
        let c = try await run(["--data", directory, "--players", "127.0.0.1:8123", "--public-url", "http://quiz.local:8123"])
        #expect(c.status == 0, "\(c.stderr)")
        let lines = c.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "host console: http://quiz.local:8123/host#s3cr3t-Secret_0123456789abcdef", "\(c.stdout)")
        #expect(lines.filter { $0.contains("▀") || $0.contains("▄") || $0.contains("█") }.count > 10, "a QR code in half blocks: \(c.stdout)")
    }

    @Test func theSettingsFileSaysWhereAndHow() async throws {
        try Files.writeAtomically(Array("abc\n".utf8), to: directory + "/host-secret")
        let conf = directory + "/quizkiosk.conf"
        try Files.writeAtomically(Array("host-data = \(directory)\nhost-players = 9001\nhost-public-url = http://box.example:9001\n".utf8), to: conf)
        let c = try Child(["host-url", "--config", conf], environment: ["STATE_DIRECTORY": ""])
        #expect(await c.wait(timeout: 20) == 0, "\(c.stderr)")
        #expect(c.stdout.hasPrefix("host console: http://box.example:9001/host#abc\n"), "\(c.stdout)")
    }

    @Test func aHostThatNeverRanHasNoSecretAndNoneIsMade() async throws {
        let c = try await run(["--data", directory])
        #expect(c.status == 1)
        #expect(c.stderrLines.count == 1 && c.stderr.contains("the host has not run with this data folder yet"), "\(c.stderr)")
        #expect(!Files.exists(directory + "/host-secret"), "host-url makes no secret")
        try Files.writeAtomically(Array("abc\n".utf8), to: directory + "/host-secret")
        let off = try await run(["--data", directory, "--players", "off"])
        #expect(off.status == 1 && off.stderr.contains("--players is off"), "\(off.stderr)")
    }
}
