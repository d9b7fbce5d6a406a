import Glibc
import WebServer

/// Where phones reach the box: the URL the QR code carries (`--public-url`, else
/// `http://<first non-loopback IPv4>:<port>`) and the origins whose pages may open the
/// WebSocket (the box's own: the public URL's, and every address of the box at the port).
public struct PlayersAddress: Equatable, Sendable {
    /// "http://192.168.1.20:8080", no trailing slash.
    public let publicURL: String
    public let allowedOrigins: [String]

    /// `given`: `--public-url` (checked by `checkPublicURL`); `listen`: where the server listens;
    /// `port`: the port it got (the kernel's pick for port 0). `interfaces`: this box's IPv4
    /// addresses, loopback included (`localIPv4Addresses()`).
    public init(given: String?, listen: ListenAddress, port: Int, interfaces: [String]) {
        let suffix = port == 80 ? "" : ":\(port)"
        if let given {
            publicURL = Self.trimmed(given)
        } else {
            publicURL = "http://" + Self.defaultHost(listen: listen, interfaces: interfaces) + suffix
        }
        var origins: [String] = []
        func add(_ o: String?) {
            guard let o, !origins.contains(o) else { return }
            origins.append(o)
        }
        add(WebServerConfiguration.origin(of: publicURL))
        for a in interfaces { add("http://\(a)\(suffix)") }
        add("http://localhost\(suffix)")
        if case .ipv6 = listen.host {
            let host = listen.description.split(separator: "]").first.map { String($0) + "]" } ?? "[::1]"
            if host != "[::]" { add("http://\(host)\(suffix)") }
            add("http://[::1]\(suffix)")
        }
        allowedOrigins = origins
    }

    /// The address a phone on the venue's network uses: the one listened on when it is one
    /// address, else the first IPv4 address that is not loopback, else 127.0.0.1 (a box with no
    /// network: only this machine can play, and the host is told so).
    static func defaultHost(listen: ListenAddress, interfaces: [String]) -> String {
        switch listen.host {
        case .ipv4(let a) where a != 0:
            return String(listen.description.split(separator: ":").first ?? "127.0.0.1")
        case .ipv6:
            let text = listen.description
            if !text.hasPrefix("[::]") { return String(text[..<(text.lastIndex(of: ":") ?? text.endIndex)]) }
            fallthrough
        default:
            return interfaces.first { !$0.hasPrefix("127.") } ?? "127.0.0.1"
        }
    }

    /// Whether the QR code would reach only this machine.
    public var isLoopbackOnly: Bool {
        let host = WebServerConfiguration.origin(of: publicURL).map { $0.split(separator: "/").last.map(String.init) ?? "" } ?? ""
        return host.hasPrefix("127.") || host.hasPrefix("localhost") || host.hasPrefix("[::1]")
    }

    /// `--public-url`'s value, or why it cannot be one: an http(s) URL with a host, and no
    /// query or fragment (the join path is added to it).
    public static func checkPublicURL(_ text: String) -> String? {
        let lower = text.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return "expected http://HOST[:PORT] or https://…" }
        guard WebServerConfiguration.origin(of: text) != nil else { return "the URL has no host" }
        guard !text.contains("?"), !text.contains("#") else { return "the URL may not have a query or a fragment" }
        guard text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            return "the URL may hold only printable ASCII (no spaces)"
        }
        return nil
    }

    static func trimmed(_ url: String) -> String {
        var u = Substring(url)
        while u.hasSuffix("/") { u = u.dropLast() }
        return String(u)
    }

    /// The box's IPv4 addresses that are up, in the order the kernel lists them (loopback too).
    public static func localIPv4Addresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var out: [String] = []
        var p: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = p {
            defer { p = entry.pointee.ifa_next }
            guard let sa = entry.pointee.ifa_addr, Int32(sa.pointee.sa_family) == AF_INET,
                  entry.pointee.ifa_flags & UInt32(IFF_UP) != 0 else { continue }
            var buf = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            sa.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { sin in
                var a = sin.pointee.sin_addr
                _ = inet_ntop(AF_INET, &a, &buf, socklen_t(buf.count))
            }
            let text = String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !text.isEmpty, !out.contains(text) { out.append(text) }
        }
        return out
    }
}
