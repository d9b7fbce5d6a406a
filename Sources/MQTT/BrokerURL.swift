import Escaping
/// Where the broker is and which room to use: `mqtt://[user[:pass]@]host[:port][/ROOM]`, or
/// `mqtts://…` for TLS. Parsed by hand (no Foundation); every mistake is one line naming it.
public struct BrokerURL: Equatable, Sendable, CustomStringConvertible {
    public var tls: Bool
    public var host: String
    public var port: Int
    public var username: String?
    public var password: String?
    public var room: String?

    public static let defaultPort = 1883
    public static let defaultTLSPort = 8883

    public init(tls: Bool = false, host: String, port: Int? = nil, username: String? = nil, password: String? = nil, room: String? = nil) {
        self.tls = tls
        self.host = host
        self.port = port ?? (tls ? Self.defaultTLSPort : Self.defaultPort)
        self.username = username
        self.password = password
        self.room = room
    }

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// The URL without the password, for log lines.
    public var description: String {
        var s = tls ? "mqtts://" : "mqtt://"
        if let username { s += username + (password == nil ? "" : ":***") + "@" }
        s += host.contains(":") ? "[\(host)]" : host
        s += ":\(port)"
        if let room { s += "/" + room }
        return s
    }

    public init(parsing text: String) throws(ParseError) {
        func fail(_ why: String) -> ParseError { ParseError(message: "\(Self.redacted(text)): \(why)") }
        let lower = text.lowercased()
        let rest: Substring
        if lower.hasPrefix("mqtt://") {
            tls = false
            rest = text.dropFirst(7)
        } else if lower.hasPrefix("mqtts://") {
            tls = true
            rest = text.dropFirst(8)
        } else {
            throw fail("expected mqtt://[user[:password]@]host[:port]/ROOM or mqtts://…")
        }
        guard !rest.contains("?"), !rest.contains("#") else { throw fail("query strings and fragments are not supported") }
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        // "user:top/secret@host/room": a password with a '/' typed as it is. The '@' lands past
        // the first '/', and "top" would be read as the port; say what it is instead.
        if !authority.contains("@"), rest[authorityEnd...].contains("@"), let colon = authority.firstIndex(of: ":"),
           !authority.suffix(from: authority.index(after: colon)).allSatisfy({ $0.isASCII && $0.isNumber }) {
            throw fail("the user name or password contains '/', '@' or ':' as it is: write each %-escaped ('/' as %2F, '@' as %40, ':' as %3A)")
        }
        let path = rest[authorityEnd...].dropFirst()

        username = nil
        password = nil
        if let at = authority.lastIndex(of: "@") {
            let userinfo = authority[..<at]
            authority = authority[authority.index(after: at)...]
            let user: Substring
            if let colon = userinfo.firstIndex(of: ":") {
                user = userinfo[..<colon]
                guard let p = Self.percentDecoded(userinfo[userinfo.index(after: colon)...]) else {
                    throw fail("the password has a bad %-escape")
                }
                password = p
            } else {
                user = userinfo
            }
            guard let u = Self.percentDecoded(user), !u.isEmpty else { throw fail("the user name is empty or has a bad %-escape") }
            username = u
        }

        var hostPart = authority
        var portText: Substring?
        if hostPart.hasPrefix("[") {
            guard let close = hostPart.firstIndex(of: "]") else { throw fail("an IPv6 address needs a closing ]") }
            let after = hostPart[hostPart.index(after: close)...]
            if after.hasPrefix(":") { portText = after.dropFirst() } else if !after.isEmpty { throw fail("unexpected text after ]") }
            hostPart = hostPart[hostPart.index(after: hostPart.startIndex)..<close]
        } else if let colon = hostPart.lastIndex(of: ":") {
            portText = hostPart[hostPart.index(after: colon)...]
            hostPart = hostPart[..<colon]
        }
        guard !hostPart.isEmpty else { throw fail("the host is missing") }
        guard hostPart.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && $0 != "/" && $0 != "@" }) else {
            throw fail("the host has characters a host name cannot have")
        }
        host = String(hostPart)
        if let portText {
            guard let p = Int(portText), (1...65535).contains(p) else { throw fail("the port must be a number from 1 to 65535") }
            port = p
        } else {
            port = tls ? Self.defaultTLSPort : Self.defaultPort
        }

        if path.isEmpty {
            room = nil
        } else {
            guard let decoded = Self.percentDecoded(path) else { throw fail("the room has a bad %-escape") }
            if let why = Self.roomProblem(decoded) { throw fail("room \(Escaping.quoted(decoded)): \(why)") }
            room = decoded
        }
    }

    public static let maxRoomLength = 64

    /// Why `room` cannot be a room name (one MQTT topic level), or nil when it can.
    public static func roomProblem(_ room: String) -> String? {
        if room.isEmpty { return "empty" }
        if room.unicodeScalars.count > maxRoomLength { return "longer than \(maxRoomLength) characters" }
        for s in room.unicodeScalars {
            if s == "/" || s == "+" || s == "#" { return "must not contain '/', '+' or '#' (one topic level, no wildcards)" }
            if s.properties.generalCategory == .control || s.properties.isWhitespace { return "must not contain spaces or control characters" }
        }
        return nil
    }

    /// The topic a room's current state is published on (retained).
    public static func stateTopic(room: String) -> String { "quizkiosk/\(room)/state" }
    /// The topic a screen's presence is published on (retained, with a last will).
    public static func presenceTopic(room: String, screen: String) -> String { "quizkiosk/\(room)/screens/\(screen)" }
    /// The topic the host's presence is published on (retained, with a last will).
    public static func hostTopic(room: String) -> String { "quizkiosk/\(room)/host" }

    static func percentDecoded(_ s: Substring) -> String? {
        var bytes: [UInt8] = []
        var it = Array(s.utf8)[...]
        while let b = it.popFirst() {
            if b == UInt8(ascii: "%") {
                guard it.count >= 2, let hi = hexValue(it[it.startIndex]), let lo = hexValue(it[it.startIndex + 1]) else { return nil }
                bytes.append(hi << 4 | lo)
                it = it.dropFirst(2)
            } else {
                bytes.append(b)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x41...0x46: return c - 0x41 + 10
        case 0x61...0x66: return c - 0x61 + 10
        default: return nil
        }
    }

    /// The text with any password replaced, so an error line never repeats a secret: `text`
    /// for an error message, its user part hidden (`Escaping.hidingUserinfo`) however malformed
    /// the rest, escaped and bounded.
    static func redacted(_ text: String) -> String {
        Escaping.quoted(Escaping.hidingUserinfo(text), max: 200)
    }
}
