/// One header field as it arrived: the name with its case, the value without the white space
/// around it.
public struct HTTPHeader: Equatable, Sendable {
    public let name: String
    public let value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// The head of a request (request line and header fields), parsed and checked by
/// `HTTPRequestParser`.
public struct HTTPRequestHead: Equatable, Sendable {
    public let method: String
    /// In origin form, as sent: "/j/482113?x=1" (nothing percent-decoded).
    public let target: String
    /// 0 for HTTP/1.0, 1 for HTTP/1.1.
    public let minorVersion: Int
    public let headers: [HTTPHeader]
    /// What the framing headers say follows the head: 0, a Content-Length, or -1 for a
    /// Transfer-Encoding (a body of unknown length). This server reads no bodies.
    public let bodyLength: Int

    public init(method: String, target: String, minorVersion: Int, headers: [HTTPHeader], bodyLength: Int = 0) {
        self.method = method
        self.target = target
        self.minorVersion = minorVersion
        self.headers = headers
        self.bodyLength = bodyLength
    }

    /// The target without its query.
    public var path: Substring { target.prefix { $0 != "?" } }

    public var hasBody: Bool { bodyLength != 0 }

    /// The first value of the header `name` (compared ignoring ASCII case).
    public func value(_ name: String) -> String? {
        headers.first { Self.sameName($0.name, name) }?.value
    }

    /// Every value of the header `name`, in order.
    public func values(_ name: String) -> [String] {
        headers.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    /// Whether a comma-separated header (`Connection: keep-alive, Upgrade`) lists `token`,
    /// ignoring case, over every line of it.
    public func lists(_ name: String, token: String) -> Bool {
        values(name).contains { line in
            line.split(separator: ",").contains { Self.sameName($0.trimmingSpaces, token) }
        }
    }

    static func sameName(_ a: some StringProtocol, _ b: some StringProtocol) -> Bool {
        let x = a.utf8, y = b.utf8
        guard x.count == y.count else { return false }
        return zip(x, y).allSatisfy { asciiLower($0) == asciiLower($1) }
    }
}

@inline(__always)
func asciiLower(_ b: UInt8) -> UInt8 { (0x41...0x5A).contains(b) ? b | 0x20 : b }

extension StringProtocol {
    /// Without the spaces and tabs around it (HTTP's optional white space).
    var trimmingSpaces: Substring {
        let s = self[...]
        let start = s.firstIndex { $0 != " " && $0 != "\t" } ?? s.endIndex
        let end = s.lastIndex { $0 != " " && $0 != "\t" }.map { s.index(after: $0) } ?? start
        return Substring(s[start..<Swift.max(start, end)])
    }
}
