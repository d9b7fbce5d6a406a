import CommandLineKit
import Glibc
import MQTT
import Platform

/// The broker options shared by `run`, `host` and `publish`: the password never has to be on
/// the command line (where `ps` shows it to everyone): `--password-file FILE` or the
/// environment variable QUIZKIOSK_MQTT_PASSWORD; `user:pass@` in the URL still works.
enum BrokerOptions {
    static let options: Set<String> = ["--password-file", "--cafile"]
    static let passwordVariable = "QUIZKIOSK_MQTT_PASSWORD"
    static let usernameVariable = "QUIZKIOSK_MQTT_USERNAME"

    /// Fills in the user name and password from the options and environment.
    static func complete(_ url: BrokerURL, _ args: Arguments, option: String) throws -> BrokerURL {
        var url = url
        if url.username == nil, let u = Environment.get(usernameVariable), !u.isEmpty { url.username = u }
        if url.password != nil {
            Log.warning("\(option): the password in the URL is visible to every user of this machine; prefer --password-file FILE or \(passwordVariable)")
        } else if let file = args.value("--password-file") {
            url.password = try readPassword(file)
        } else if let p = Environment.get(passwordVariable), !p.isEmpty {
            url.password = p
        }
        if url.password != nil, url.username == nil {
            throw UsageError(message: "\(option): a password needs a user name: mqtt://USER@host/… (or \(usernameVariable))")
        }
        if args.value("--cafile") != nil, !url.tls {
            throw UsageError(message: "--cafile is for mqtts:// brokers (this one is \(url))")
        }
        return url
    }

    /// The first line of a password file (a trailing newline is not part of the password).
    static func readPassword(_ path: String) throws -> String {
        let bytes: [UInt8]
        do {
            bytes = try Files.read(path, limit: 4096)
        } catch {
            throw CLIError("--password-file \(path): \(error.message)")
        }
        let line = bytes.prefix { $0 != 0x0A && $0 != 0x0D }
        guard !line.isEmpty else { throw CLIError("--password-file \(path): the file is empty") }
        guard let text = String(validating: Array(line), as: UTF8.self) else { throw CLIError("--password-file \(path): not UTF-8") }
        return text
    }

    /// This machine's name as a screen id (one topic level), or "screen".
    static func defaultScreenID() -> String {
        var buf = [CChar](repeating: 0, count: 256)
        guard gethostname(&buf, buf.count - 1) == 0 else { return "screen" }
        let name = String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return BrokerURL.roomProblem(name) == nil ? name : "screen"
    }
}

extension BrokerOptions {
    /// `--broker URL` plus the room (`--room ROOM`, or the URL's path), with credentials.
    static func brokerAndRoom(_ args: Arguments) throws -> (BrokerURL, String) {
        let text = try args.required("--broker")
        var url: BrokerURL
        do {
            url = try BrokerURL(parsing: text)
        } catch {
            throw UsageError(message: "--broker \(error.message)")
        }
        url = try complete(url, args, option: "--broker")
        let room: String
        switch (args.value("--room"), url.room) {
        case (let r?, let u?) where r != u:
            throw UsageError(message: "--room \(r) and the room in --broker (\(u)) differ")
        case (let r?, _): room = r
        case (nil, let u?): room = u
        case (nil, nil): throw UsageError(message: "--room is required (or put it in the URL: \(url)/ROOM)")
        }
        if let why = BrokerURL.roomProblem(room) { throw UsageError(message: "--room \(room): \(why)") }
        url.room = room
        return (url, room)
    }
}
