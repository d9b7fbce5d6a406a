/// The limits every request head is held to; a request over one is refused with the status
/// RFC 9110 gives for it, without reading further.
public struct HTTPLimits: Sendable {
    /// The request target ("/j/482113"): over it, 414.
    public var target = 2048
    /// One header field line, name and value: over it, 431.
    public var headerLine = 4096
    /// Header fields: more, 431.
    public var headerCount = 64
    /// The whole head, request line to the empty line: over it, 431.
    public var head = 8192

    public init() {}

    /// The longest request line: the method (≤ 32 bytes), the target, the version, two spaces.
    var requestLine: Int { target + 32 + 2 + 8 }
}

/// Reads a request head as its bytes arrive, in any pieces: sans-I/O, the socket outside.
///
/// Strict, after RFC 9112: lines end in CRLF (a bare CR or LF is 400), single spaces in the
/// request line, the target in origin form ("/…", visible ASCII), HTTP/1.0 or 1.1 (1.x as
/// 1.1, any other major version 505), header names tokens with the colon right after them,
/// no obs-fold (a line starting with white space), no control characters in values, exactly
/// one Host in HTTP/1.1, Content-Length digits (repeated only with the same value), never
/// beside Transfer-Encoding. Empty lines before the request line are skipped (§2.2). Every
/// length is limited (`HTTPLimits`) and checked as the bytes come, so a client trickling an
/// endless header is refused at the limit, not when it stops.
///
/// After `.complete`, `remainder` holds what followed the head (a WebSocket client's first
/// frames, a pipelined request); after `.complete` or `.refused` the answer does not change.
public struct HTTPRequestParser {
    public enum Progress: Equatable, Sendable {
        case needMore
        case complete(HTTPRequestHead)
        case refused(HTTPRefusal)
    }

    public let limits: HTTPLimits
    private var buffer: [UInt8] = []
    /// Where the line being read starts, and how far it has been searched for its LF.
    private var lineStart = 0
    private var scanned = 0
    /// Where the request line starts (after any empty lines before it).
    private var headStart = 0
    private var requestLine: (method: String, target: String, minor: Int)?
    private var headers: [HTTPHeader] = []
    private var done: Progress?

    public init(limits: HTTPLimits = HTTPLimits()) {
        self.limits = limits
    }

    /// The bytes after the head, once it is complete.
    public var remainder: ArraySlice<UInt8> {
        guard case .complete = done else { return [] }
        return buffer[lineStart...]
    }

    /// How many bytes are held (the head so far): what a connection costs while it sends one.
    public var bufferedBytes: Int { buffer.count }

    public mutating func feed(_ bytes: [UInt8]) -> Progress {
        bytes.withUnsafeBytes { feed($0) }
    }

    public mutating func feed(_ bytes: UnsafeRawBufferPointer) -> Progress {
        if let done { return done }
        if buffer.isEmpty { buffer.reserveCapacity(min(limits.head, max(bytes.count, 512))) }
        buffer.append(contentsOf: bytes)
        let result = parse()
        if result != .needMore {
            done = result
            if case .refused = result { buffer = [] }
        }
        return result
    }

    private mutating func parse() -> Progress {
        while true {
            guard let lf = buffer[scanned...].firstIndex(of: 0x0A) else {
                scanned = buffer.count
                return tooLongSoFar().map { .refused($0) } ?? .needMore
            }
            guard lf > lineStart, buffer[lf - 1] == 0x0D else { return .refused(.init(.badRequest, "a line ends in LF without CR")) }
            let content = lineStart..<(lf - 1)
            lineStart = lf + 1
            scanned = lineStart
            if buffer[content].contains(0x0D) { return .refused(.init(.badRequest, "a bare CR inside a line")) }
            if requestLine == nil {
                if content.isEmpty {
                    if lineStart > limits.head { return .refused(.init(.badRequest, "only empty lines before the request line")) }
                    headStart = lineStart
                    continue
                }
                if content.count > limits.requestLine { return .refused(longRequestLine(content)) }
                switch parseRequestLine(content) {
                case .success(let line): requestLine = line
                case .failure(let refusal): return .refused(refusal)
                }
            } else {
                if lineStart - headStart > limits.head { return .refused(.init(.headersTooLarge, "the head is over \(limits.head) bytes")) }
                if content.isEmpty { return finish() }
                if content.count > limits.headerLine { return .refused(.init(.headersTooLarge, "a header line is over \(limits.headerLine) bytes")) }
                if headers.count == limits.headerCount { return .refused(.init(.headersTooLarge, "more than \(limits.headerCount) header fields")) }
                if let refusal = parseHeader(content) { return .refused(refusal) }
            }
        }
    }

    /// The line still without its end, or the head so far, already over its limit.
    private func tooLongSoFar() -> HTTPRefusal? {
        let partial = lineStart..<buffer.count
        if requestLine == nil {
            // Empty lines before the request line count against the head's limit too.
            if buffer.count - lineStart > limits.requestLine { return longRequestLine(partial) }
            if buffer.count > limits.head { return HTTPRefusal(.badRequest, "only empty lines before the request line") }
            return nil
        }
        if partial.count > limits.headerLine { return HTTPRefusal(.headersTooLarge, "a header line is over \(limits.headerLine) bytes") }
        if buffer.count - headStart > limits.head { return HTTPRefusal(.headersTooLarge, "the head is over \(limits.head) bytes") }
        return nil
    }

    /// A request line over its limit: 414 when it is the target that is long.
    private func longRequestLine(_ range: Range<Int>) -> HTTPRefusal {
        let line = buffer[range]
        if let sp = line.firstIndex(of: 0x20), sp - range.lowerBound <= 32 {
            let targetLength = (line[(sp + 1)...].firstIndex(of: 0x20) ?? range.upperBound) - sp - 1
            if targetLength > limits.target { return HTTPRefusal(.uriTooLong, "the target is over \(limits.target) bytes") }
        }
        return HTTPRefusal(.badRequest, "the request line is over \(limits.requestLine) bytes")
    }

    private func parseRequestLine(_ range: Range<Int>) -> Result<(method: String, target: String, minor: Int), HTTPRefusal> {
        let line = buffer[range]
        guard let sp1 = line.firstIndex(of: 0x20), sp1 > range.lowerBound else {
            return .failure(.init(.badRequest, "no method in the request line"))
        }
        let method = line[range.lowerBound..<sp1]
        guard method.count <= 32, method.allSatisfy(HTTPSyntax.isTokenByte) else { return .failure(.init(.badRequest, "the method is not a token")) }
        guard let sp2 = line[(sp1 + 1)...].firstIndex(of: 0x20) else {
            return .failure(.init(.badRequest, "the request line has no version"))
        }
        let target = line[(sp1 + 1)..<sp2]
        guard !target.isEmpty else { return .failure(.init(.badRequest, "an empty target (two spaces)")) }
        guard target.count <= limits.target else { return .failure(.init(.uriTooLong, "the target is over \(limits.target) bytes")) }
        guard target.allSatisfy({ (0x21...0x7E).contains($0) }) else { return .failure(.init(.badRequest, "the target has a byte that is not visible ASCII")) }
        guard target.first == 0x2F else { return .failure(.init(.badRequest, "the target is not a path (origin form)")) }
        let version = Array(line[(sp2 + 1)...])
        guard version.count == 8, version.starts(with: Array("HTTP/".utf8)), version[6] == 0x2E,
              let major = HTTPSyntax.digit(version[5]), let minor = HTTPSyntax.digit(version[7]) else {
            return .failure(.init(.badRequest, "the version is not HTTP/d.d"))
        }
        guard major == 1 else { return .failure(.init(.versionNotSupported, "HTTP/\(major).\(minor)")) }
        return .success((String(decoding: method, as: UTF8.self), String(decoding: target, as: UTF8.self), min(minor, 1)))
    }

    private mutating func parseHeader(_ range: Range<Int>) -> HTTPRefusal? {
        let line = buffer[range]
        if line.first == 0x20 || line.first == 0x09 { return HTTPRefusal(.badRequest, "a header line starts with white space (obs-fold)") }
        guard let colon = line.firstIndex(of: 0x3A), colon > range.lowerBound else { return HTTPRefusal(.badRequest, "a header line without a name and colon") }
        let name = line[range.lowerBound..<colon]
        guard name.allSatisfy(HTTPSyntax.isTokenByte) else { return HTTPRefusal(.badRequest, "a header name that is not a token (white space before the colon?)") }
        var start = colon + 1, end = range.upperBound
        while start < end, buffer[start] == 0x20 || buffer[start] == 0x09 { start += 1 }
        while end > start, buffer[end - 1] == 0x20 || buffer[end - 1] == 0x09 { end -= 1 }
        let value = buffer[start..<end]
        guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
            return HTTPRefusal(.badRequest, "a control character in the value of \(String(decoding: name, as: UTF8.self))")
        }
        headers.append(HTTPHeader(String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)))
        return nil
    }

    private func finish() -> Progress {
        guard let (method, target, minor) = requestLine else { return .refused(.init(.badRequest, "no request line")) }
        var head = HTTPRequestHead(method: method, target: target, minorVersion: minor, headers: headers)
        let hosts = head.values("Host")
        if hosts.count > 1 || (minor == 1 && hosts.isEmpty) {
            return .refused(.init(.badRequest, hosts.isEmpty ? "no Host header" : "more than one Host header"))
        }
        let lengths = head.values("Content-Length")
        var length = 0
        for text in lengths {
            let digits = text.utf8
            guard (1...18).contains(digits.count), digits.allSatisfy({ HTTPSyntax.digit($0) != nil }), let n = Int(text) else {
                return .refused(.init(.badRequest, "Content-Length is not a number"))
            }
            if text != lengths[0] { return .refused(.init(.badRequest, "Content-Length given twice, differently")) }
            length = n
        }
        if !head.values("Transfer-Encoding").isEmpty {
            // Both framings at once is how requests are smuggled past a proxy (RFC 9112 §6.1).
            if !lengths.isEmpty { return .refused(.init(.badRequest, "both Transfer-Encoding and Content-Length")) }
            if minor == 0 { return .refused(.init(.badRequest, "Transfer-Encoding in HTTP/1.0")) }
            length = -1
        }
        head = HTTPRequestHead(method: method, target: target, minorVersion: minor, headers: headers, bodyLength: length)
        return .complete(head)
    }
}

enum HTTPSyntax {
    /// tchar (RFC 9110 §5.6.2): the bytes of methods and header names.
    static let tokenBytes: [Bool] = (0..<256).map { b in
        switch UInt8(b) {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
             UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default: return false
        }
    }

    @inline(__always) static func isTokenByte(_ b: UInt8) -> Bool { tokenBytes[Int(b)] }

    @inline(__always) static func digit(_ b: UInt8) -> Int? { (0x30...0x39).contains(b) ? Int(b - 0x30) : nil }
}
