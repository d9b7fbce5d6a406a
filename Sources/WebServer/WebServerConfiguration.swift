import Web

/// A page or file the server answers a GET with, from memory (nothing is read from disk).
public struct Route: Sendable {
    public var contentType: String
    public var body: [UInt8]
    /// "no-cache" by default: the binary's pages change with each version, and a phone that
    /// kept an old script would speak to a newer box.
    public var cacheControl: String

    public init(contentType: String, body: [UInt8], cacheControl: String = "no-cache") {
        self.contentType = contentType
        self.body = body
        self.cacheControl = cacheControl
    }
}

/// Everything the server is told at start: where to listen, what to serve, who may open a
/// WebSocket, and the limits that keep one connection from costing the others.
public struct WebServerConfiguration: Sendable {
    public var address: ListenAddress
    /// Exact paths ("/", "/app.js").
    public var routes: [String: Route] = [:]
    /// Paths by prefix, tried in order when no exact route matches ("/j/" → the player page
    /// for "/j/482113"); the prefix alone does not match.
    public var prefixRoutes: [(prefix: String, route: Route)] = []
    /// The one path that upgrades to a WebSocket.
    public var webSocketPath = "/ws"
    /// The origins whose pages may open the WebSocket ("http://192.168.1.20:8080", as a browser
    /// writes its `Origin`: scheme, host, port unless the default; compared ignoring case). A
    /// request with any other `Origin` is refused with 403 (a page elsewhere may not play for
    /// a phone's browser); one with no `Origin` at all (a native app, a test) is accepted.
    public var allowedOrigins: [String] = []
    /// Sent with every page: no script but the box's own files (none inline), nothing from
    /// any other origin, no framing.
    public var contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        + "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"

    public var http = HTTPLimits()
    public var webSocket = WebSocketLimits()
    /// A request whose head has not all arrived this many seconds after the connection opened
    /// is closed (the contract's 10 s).
    public var headerTimeout = 10.0
    /// A plain response not all sent this long after its request is given up (a phone that
    /// stopped reading).
    public var responseTimeout = 30.0
    /// After this side's close frame, how long the peer has to answer with its own.
    public var closeTimeout = 5.0
    /// After the last byte was sent and the sending side shut, how long the peer has to close
    /// its side before the socket is closed anyway (closing with unread input would reset the
    /// connection and could destroy the response before the peer read it).
    public var lingerTimeout = 2.0
    /// Messages (text messages and pings) one connection may send in any one second; one more
    /// is too fast (`onTooFast`, then close 1008).
    public var messagesPerSecond = 10
    /// Bytes waiting to be sent to one WebSocket: past it the peer is not reading (a phone
    /// asleep with the socket open) and the connection is dropped.
    public var maxQueuedBytes = 256 * 1024
    /// Connections at once; the next one is accepted and closed at once.
    public var maxConnections = 10_000

    public init(address: ListenAddress) {
        self.address = address
    }

    /// The origin a browser sends for pages under `url` ("http://Box.local:80/x" →
    /// "http://box.local"), for `allowedOrigins`; nil when it is not an http(s) URL.
    public static func origin(of url: String) -> String? {
        let lower = url.lowercased()
        let scheme: String, defaultPort: String
        if lower.hasPrefix("http://") { (scheme, defaultPort) = ("http", "80") } else if lower.hasPrefix("https://") { (scheme, defaultPort) = ("https", "443") } else { return nil }
        let rest = lower.dropFirst(scheme.count + 3)
        var authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        guard !authority.isEmpty else { return nil }
        if authority.hasSuffix(":" + defaultPort) { authority = authority.dropLast(defaultPort.count + 1) }
        return scheme + "://" + authority
    }
}
