/// A response as bytes: status line, header fields, `Content-Length`, the empty line, the body.
/// The caller (a route, the server) chooses every header, the body's `Content-Type` included;
/// the writer only frames them. A header name or value with a CR, LF or NUL in it (a response
/// split) is written with spaces in their place: nothing a value holds can start a new line.
public struct HTTPResponse: Sendable {
    public var status: HTTPStatus
    public var headers: [HTTPHeader]
    public var body: [UInt8]

    public init(_ status: HTTPStatus, headers: [HTTPHeader] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The bytes to send. `includeBody` false answers a HEAD: the same head, `Content-Length`
    /// of the body it would have had, no body. A 101 or 1xx has no `Content-Length`.
    public func serialized(includeBody: Bool = true) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256 + headers.count * 48 + (includeBody ? body.count : 0))
        append("HTTP/1.1 \(status.code) ", to: &out)
        appendField(status.reason, to: &out)
        out += [0x0D, 0x0A]
        for h in headers {
            appendField(h.name, to: &out)
            out += [0x3A, 0x20]
            appendField(h.value, to: &out)
            out += [0x0D, 0x0A]
        }
        if status.code >= 200 { append("Content-Length: \(body.count)\r\n", to: &out) }
        out += [0x0D, 0x0A]
        if includeBody { out += body }
        return out
    }

    private func append(_ text: String, to out: inout [UInt8]) { out += text.utf8 }

    private func appendField(_ text: String, to out: inout [UInt8]) {
        for b in text.utf8 { out.append(b == 0x0D || b == 0x0A || b == 0x00 ? 0x20 : b) }
    }
}

/// The `Date` header's form (IMF-fixdate, RFC 9110 §5.6.7): "Sun, 06 Nov 1994 08:49:37 GMT".
public enum HTTPDate {
    public static func format(epochSeconds: Int) -> String {
        let days = epochSeconds >= 0 ? epochSeconds / 86400 : (epochSeconds - 86399) / 86400
        let secs = epochSeconds - days * 86400
        let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][((days % 7) + 7) % 7]
        // Days to a civil date (Howard Hinnant's algorithm, proleptic Gregorian).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(weekday), \(two(day)) \(months[month - 1]) \(year) \(two(secs / 3600)):\(two(secs / 60 % 60)):\(two(secs % 60)) GMT"
    }
}
