import Glibc
import MQTT
import Platform
import QuizContract
import TestSupport
import Testing

/// `quizkiosk host` serving players on a loopback port the kernel picks, with its night in a
/// folder of its own: the port and the console's secret read from what it prints.
final class PlayersHost {
    static let quiz = repositoryRoot + "/examples/quiz-en.json"

    let data: String
    let quiz: String
    let brokerPort: Int
    let room: String
    var process: Child
    private(set) var port = 0
    private(set) var secret = ""
    private let ownsData: Bool

    init(broker: LocalBroker, room: String = "r\(UInt32.random(in: 0...UInt32.max))", quiz: String = PlayersHost.quiz, data: String? = nil,
         extra: [String] = []) async throws {
        self.data = data ?? TempDir.make()
        self.quiz = quiz
        ownsData = data == nil
        brokerPort = broker.port
        self.room = room
        process = try Self.start(quiz: quiz, broker: broker.port, room: room, data: self.data, extra: extra)
        try await readAddress()
    }

    static func start(quiz: String, broker: Int, room: String, data: String, extra: [String]) throws -> Child {
        try Child(["host", quiz, "--broker", "mqtt://127.0.0.1:\(broker)", "--room", room, "--players", "127.0.0.1:0",
                   "--data", data, "--fonts", bundledFonts] + extra, stdinPipe: true)
    }

    /// The port and secret from "players: listening on 127.0.0.1:PORT" and "…/host#SECRET".
    private func readAddress() async throws {
        let ok = await waitUntil(timeout: 15) { self.process.stdout.contains("host console: ") && self.process.stdout.contains("#") }
        try #require(ok, "the host printed its address: \(process.stdout) \(process.stderr)")
        for line in process.stdout.split(separator: "\n") {
            let marker = "players: listening on 127.0.0.1:"
            if line.hasPrefix(marker) { port = Int(line.dropFirst(marker.count)) ?? 0 }
            if line.hasPrefix("host console: "), let hash = line.firstIndex(of: "#") { secret = String(line[line.index(after: hash)...]) }
        }
        try #require(port > 0 && !secret.isEmpty, "\(process.stdout)")
    }

    /// kill -9, then the same command again (a new port: the kernel's pick).
    func restart() async throws {
        process.kill()
        process = try Self.start(quiz: quiz, broker: brokerPort, room: room, data: data, extra: [])
        try await readAddress()
    }

    func key(_ k: String) { process.send(k) }

    /// The code from "players: join at URL (code CODE)".
    var joinCode: String? {
        guard let line = process.stdout.split(separator: "\n").first(where: { $0.hasPrefix("players: join at ") }),
              let open = line.lastIndex(of: " ") else { return nil }
        return String(line[line.index(after: open)...].dropLast())
    }

    deinit {
        process.kill()
        if ownsData { TempDir.remove(data) }
    }
}

/// Debian's python3-websockets running Tests/Servers/phones.py: its lines (`name\tJSON`) read
/// while it runs.
final class Phones {
    let process: Child

    init(_ args: [String]) throws {
        process = try Child(["/usr/bin/python3", repositoryRoot + "/Tests/Servers/phones.py"] + args, program: true)
    }

    /// Every line named `name`, its JSON as text.
    func values(_ name: String) -> [String] {
        process.stdout.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\t", maxSplits: 1)
            return parts.count == 2 && parts[0] == name ? String(parts[1]) : nil
        }
    }

    func value(_ name: String) -> String? { values(name).last }

    /// The lines named `name` decoded as JSON.
    func json(_ name: String) -> [JSONValue] { values(name).compactMap { try? JSONParser.parse(Array($0.utf8)) } }

    func wait(for name: String, count: Int = 1, timeout: Double = 60) async -> Bool {
        await waitUntil(timeout: timeout) { self.values(name).count >= count }
    }

    func finish(timeout: Double = 120) async -> Int32? { await process.wait(timeout: timeout) }
}

extension JSONValue {
    subscript(_ key: String) -> JSONValue? {
        if case .object(let members) = self { return members.first { $0.0 == key }?.1 }
        return nil
    }

    subscript(_ index: Int) -> JSONValue? {
        if case .array(let items) = self, index < items.count { return items[index] }
        return nil
    }

    var int: Int? { if case .number(let n, _) = self { return Int(n) } else { return nil } }
}
