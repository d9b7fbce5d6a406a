import CommandLineKit
import Escaping
import Glibc
import MQTT
import Platform
import QuizContract
import QuizHost

/// `quizkiosk publish --broker URL --room ROOM STATE.json`: publishes one state, retained at
/// QoS 1, waits for the broker's acknowledgement and exits. The file is validated first (the
/// error names the field); `--raw` sends the bytes as they are (for testing screens with bad
/// input), `--clear` sends the empty retained message that clears the room to idle, `-` reads
/// standard input.
enum PublishCommand {
    static func run(_ argv: [String]) throws -> Int32 {
        let args = try Arguments(argv, options: BrokerOptions.options.union(["--broker", "--room", "--timeout"]),
                                 flags: ["--raw", "--clear"], maxPositional: 1)
        Log.prefixes = false  // a command for people at a terminal, not a journald service
        let (url, room) = try BrokerOptions.brokerAndRoom(args)
        let timeout = try args.value("--timeout").map { t throws(UsageError) in
            guard let v = Double(t), v > 0, v <= 3600 else { throw UsageError(message: "--timeout \(t): expected seconds, e.g. 10") }
            return v
        } ?? 10
        let payload: [UInt8]
        if args.has("--clear") {
            guard args.positional.isEmpty else { throw UsageError(message: "--clear publishes an empty message: give no file") }
            payload = []
        } else {
            guard let path = args.positional.first else {
                throw UsageError(message: "publish needs a state file (or - for standard input, or --clear)")
            }
            payload = try read(path, raw: args.has("--raw"))
        }

        let loop = EventLoop()
        var config = MQTTClient.Configuration(broker: url, clientID: "quizkiosk-publish-\(getpid())", caFile: args.value("--cafile"))
        config.retryCap = 2
        let publisher = try RetainedPublisher(config, loop: loop)
        let topic = BrokerURL.stateTopic(room: room)
        publisher.retain(payload, on: topic)
        publisher.start()
        let acknowledged = publisher.flush(on: loop, timeout: timeout)
        publisher.stop()
        if let refused = publisher.refused {
            throw CLIError("\(url): the broker refused the connection: \(refused) (check the user name and --password-file or \(BrokerOptions.passwordVariable))")
        }
        guard acknowledged else {
            throw CLIError("\(url): not published: no acknowledgement from the broker within \(timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout)) s")
        }
        Console.out(payload.isEmpty ? "cleared \(topic)" : "published \(payload.count) bytes to \(topic) (retained)")
        return 0
    }

    static func read(_ path: String, raw: Bool) throws -> [UInt8] {
        let bytes: [UInt8]
        do {
            bytes = path == "-" ? try Files.readAll(0, limit: 1 << 20, subject: "standard input") : try Files.read(path, limit: 1 << 20)
        } catch {
            throw CLIError("\(path): \(error.message)")
        }
        if raw { return bytes }
        guard !StateDecoder.isBlank(bytes) else {
            throw CLIError("\(path): the file is empty (use --clear to clear the room)")
        }
        do {
            _ = try StateDecoder.decode(bytes)
        } catch {
            throw CLIError("\(path): \(error.message) (not published; --raw sends it anyway)")
        }
        // A person typed this file: a field the contract does not define is most likely a
        // typo ("corect"), which the screens would silently ignore. Said, then published.
        let unknown = StateFieldNames.unknown(in: bytes)
        for field in unknown.prefix(10) {
            Console.err("\(path): \(Escaping.quoted(field, max: 80)): not a field of quiz state v1; screens ignore it (a typo?)")
        }
        if unknown.count > 10 { Console.err("\(path): \(unknown.count - 10) more unknown fields") }
        return bytes
    }
}
