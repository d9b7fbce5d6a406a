import Glibc

/// Where the server listens: `[ADDR:]PORT` — "8080" (every IPv4 address), "127.0.0.1:8080",
/// "[::]:8080" (IPv6, and IPv4 too unless the system says otherwise), port 0 for one the
/// kernel picks (tests). Addresses are numeric: nothing is looked up by name.
public struct ListenAddress: Equatable, Sendable, CustomStringConvertible {
    public enum Host: Equatable, Sendable {
        case ipv4(in_addr_t)
        case ipv6([UInt8])
    }

    public let host: Host
    public let port: UInt16

    public init(host: Host, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// "port 8080: expected …" style errors say what was given and what is expected.
    public init(parsing text: String) throws(ListenAddressError) {
        let portText: Substring
        var host = Host.ipv4(0)  // INADDR_ANY
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else {
                throw ListenAddressError(text: text, why: "an IPv6 address is written [ADDR]:PORT")
            }
            let inside = String(text[text.index(after: text.startIndex)..<close])
            var a = in6_addr()
            guard inet_pton(AF_INET6, inside, &a) == 1 else { throw ListenAddressError(text: text, why: "\(inside) is not an IPv6 address") }
            host = .ipv6(withUnsafeBytes(of: a) { Array($0) })
            portText = text[text.index(close, offsetBy: 2)...]
        } else if let colon = text.lastIndex(of: ":") {
            let addr = String(text[..<colon])
            var a = in_addr()
            guard inet_pton(AF_INET, addr, &a) == 1 else {
                throw ListenAddressError(text: text, why: "\(addr) is not an IPv4 address (names are not looked up)")
            }
            host = .ipv4(a.s_addr)
            portText = text[text.index(after: colon)...]
        } else {
            portText = text[...]
        }
        guard !portText.isEmpty, portText.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let port = UInt16(portText) else {
            throw ListenAddressError(text: text, why: "the port must be a number 0…65535")
        }
        self.init(host: host, port: port)
    }

    public var description: String {
        switch host {
        case .ipv4(let a): return "\(Self.text(ipv4: a)):\(port)"
        case .ipv6(let bytes): return "[\(Self.text(ipv6: bytes))]:\(port)"
        }
    }

    static func text(ipv4 a: in_addr_t) -> String {
        var addr = in_addr(s_addr: a)
        var buf = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
        _ = inet_ntop(AF_INET, &addr, &buf, socklen_t(buf.count))
        return String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func text(ipv6 bytes: [UInt8]) -> String {
        var buf = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        _ = bytes.withUnsafeBytes { inet_ntop(AF_INET6, $0.baseAddress, &buf, socklen_t(buf.count)) }
        return String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// "192.168.1.7:53122" for a peer's address as accept(2) gave it.
    static func text(peer storage: sockaddr_storage) -> String {
        var s = storage
        switch Int32(s.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &s) { p in
                p.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { "\(text(ipv4: $0.pointee.sin_addr.s_addr)):\(UInt16(bigEndian: $0.pointee.sin_port))" }
            }
        case AF_INET6:
            return withUnsafePointer(to: &s) { p in
                p.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { sin6 in
                    let bytes = withUnsafeBytes(of: sin6.pointee.sin6_addr) { Array($0) }
                    return "[\(text(ipv6: bytes))]:\(UInt16(bigEndian: sin6.pointee.sin6_port))"
                }
            }
        default:
            return "?"
        }
    }
}

public struct ListenAddressError: Error, Equatable, CustomStringConvertible {
    public let text: String
    public let why: String
    public var description: String { "\(text): \(why)" }
}
