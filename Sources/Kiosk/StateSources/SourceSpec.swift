import MQTT

/// What `--source` names: `mqtt://[user[:pass]@]host[:port]/ROOM` (or `mqtts://`), `file:PATH`,
/// `stdin` or `demo`.
public enum SourceSpec: Equatable, Sendable {
    case mqtt(BrokerURL)
    case file(String)
    case stdin
    case demo

    public struct Problem: Error, Equatable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    public static let forms = "mqtt://[user@]host[:port]/ROOM, mqtts://…, file:PATH, stdin or demo"

    public init(parsing text: String) throws(Problem) {
        let lower = text.lowercased()
        if lower.hasPrefix("mqtt://") || lower.hasPrefix("mqtts://") {
            let url: BrokerURL
            do {
                url = try BrokerURL(parsing: text)
            } catch {
                throw Problem(message: "--source \(error.message)")
            }
            guard url.room != nil else {
                throw Problem(message: "--source \(url): the room is missing (\(url)/ROOM)")
            }
            self = .mqtt(url)
        } else if lower.hasPrefix("file:") {
            let path = String(text.dropFirst(5))
            guard !path.isEmpty, !path.hasSuffix("/") else { throw Problem(message: "--source \(text): expected file:PATH to a JSON file") }
            self = .file(path)
        } else if lower == "stdin" || text == "-" {
            self = .stdin
        } else if lower == "demo" {
            self = .demo
        } else {
            throw Problem(message: "--source \(text): expected \(Self.forms)")
        }
    }
}
