import CLinux
import Escaping
import Glibc
import Platform
import Web

/// The players' transport: a listening TCP socket on the event loop, a few GET routes from
/// memory, and WebSocket connections on one path — up to "a text message arrived on
/// connection N / send this text to N / close N with code C". Nothing here knows a quiz.
///
/// ```swift
/// var config = WebServerConfiguration(address: try ListenAddress(parsing: "0.0.0.0:8080"))
/// config.routes["/"] = Route(contentType: "text/html; charset=utf-8", body: page)
/// config.prefixRoutes = [("/j/", Route(contentType: "text/html; charset=utf-8", body: page))]
/// config.allowedOrigins = ["http://192.168.1.20:8080"]
/// let server = try WebServer(loop: loop, configuration: config)
/// server.onOpen = { conn, request in … }          // request.remoteAddress, .origin, .headers
/// server.onText = { conn, text in server.send(conn, text: reply) }
/// server.onTooFast = { conn in server.send(conn, text: #"{"type":"rejected","reason":"too-fast"}"#) }
/// server.onClose = { conn, code in … }            // once per onOpen, whoever closed
/// server.close(conn, code: 4000, reason: "replaced")
/// ```
///
/// Everything runs on the loop's thread: callbacks are called from the loop's dispatch, never
/// from inside `send` or `close`, so a callback may call either (also for other connections).
/// `onClose` comes exactly once for every connection `onOpen` was called for, with the peer's
/// close code, the code of a close this side started (when the handshake ends or times out),
/// the code of a protocol error (1002, 1003, 1007, 1008, 1009), or 1006 when the TCP connection
/// was lost or dropped (a peer not reading, a reset); after it the connection is unknown.
///
/// Plain requests get one response and the connection closes (no keep-alive: a phone loads a
/// page and its few files once, then lives on the WebSocket). GET and HEAD are served; any
/// other known method is 405 with `Allow: GET, HEAD`, an unknown one 501; a GET with a body
/// 400; an unknown path 404. Every page carries the configured Content-Security-Policy,
/// `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer` and its route's
/// `Cache-Control`.
///
/// Abuse costs only the connection that does it: the head must be complete within
/// `headerTimeout` of the connection opening; every length is limited (`HTTPLimits`,
/// `WebSocketLimits`); more than `messagesPerSecond` messages in any one second calls
/// `onTooFast` (the caller may send its last word) and closes with 1008; a peer that lets
/// `maxQueuedBytes` pile up unsent is dropped. Descriptors running out (EMFILE) neither stop
/// nor spin the accept loop: a reserve descriptor is given up to accept and close the
/// waiting connection, and accepting pauses for a second when even that fails.
public final class WebServer {
    public typealias OpenHandler = (ConnectionID, WebSocketRequest) -> Void
    public typealias TextHandler = (ConnectionID, String) -> Void
    public typealias CloseHandler = (ConnectionID, UInt16) -> Void

    public var onOpen: OpenHandler?
    public var onText: TextHandler?
    public var onClose: CloseHandler?
    /// A connection went over `messagesPerSecond`; it is closed with 1008 right after.
    public var onTooFast: ((ConnectionID) -> Void)?

    public let configuration: WebServerConfiguration
    /// The port listened on (the kernel's pick when the configuration said 0).
    public let port: Int
    /// The configuration's `allowedOrigins`, changeable once the port is known (a page's
    /// origin names the port, which the kernel picks for port 0).
    public var allowedOrigins: [String]

    /// Counts since start, for the bench, the log and tests.
    public struct Statistics: Sendable {
        public var accepted = 0
        public var webSockets = 0
        public var responses = 0
        public var refused = 0
        public var tooFast = 0
        public var slowReadersDropped = 0
        public var headerTimeouts = 0
        public var overCapacity = 0
        public var acceptErrors = 0
    }

    public private(set) var statistics = Statistics()

    private let loop: EventLoop
    private let listener: FileDescriptor
    private var listenWatch: EventLoop.Token?
    private var acceptPaused = false
    /// Given up when descriptors run out, so one waiting connection can be accepted and closed.
    private var reserve: FileDescriptor?
    private var lastAcceptWarning = -Double.infinity
    private var connections: [ConnectionID: Connection] = [:]
    private var nextID: UInt64 = 0
    /// One read buffer for every connection: an idle connection holds no buffer of its own.
    private let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 16 * 1024, alignment: 16)
    private var events: [WebSocketEvent] = []
    private var dateCache: (second: Int, text: String) = (-1, "")

    /// Binds and listens at once (a port in use is an error here, not later).
    public init(loop: EventLoop, configuration: WebServerConfiguration) throws(SystemError) {
        self.loop = loop
        self.configuration = configuration
        allowedOrigins = configuration.allowedOrigins
        let address = configuration.address
        let family: Int32
        switch address.host {
        case .ipv4: family = AF_INET
        case .ipv6: family = AF_INET6
        }
        let fd = try syscall("socket") { socket(family, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0) }
        listener = FileDescriptor(adopting: fd)
        var one: Int32 = 1
        _ = try syscall("setsockopt", subject: "SO_REUSEADDR") { setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size)) }
        let subject = "listening on \(address)"
        switch address.host {
        case .ipv4(let a):
            var sin = sockaddr_in()
            sin.sin_family = sa_family_t(AF_INET)
            sin.sin_port = address.port.bigEndian
            sin.sin_addr = in_addr(s_addr: a)
            _ = try withUnsafePointer(to: &sin) { p throws(SystemError) in
                try p.withMemoryRebound(to: sockaddr.self, capacity: 1) { s throws(SystemError) in
                    try syscall("bind", subject: subject) { bind(fd, s, socklen_t(MemoryLayout<sockaddr_in>.size)) }
                }
            }
        case .ipv6(let bytes):
            var sin6 = sockaddr_in6()
            sin6.sin6_family = sa_family_t(AF_INET6)
            sin6.sin6_port = address.port.bigEndian
            withUnsafeMutableBytes(of: &sin6.sin6_addr) { $0.copyBytes(from: bytes) }
            _ = try withUnsafePointer(to: &sin6) { p throws(SystemError) in
                try p.withMemoryRebound(to: sockaddr.self, capacity: 1) { s throws(SystemError) in
                    try syscall("bind", subject: subject) { bind(fd, s, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
                }
            }
        }
        // The kernel caps the backlog at net.core.somaxconn (4096 on current kernels): room
        // for a room of phones scanning the QR code in the same few seconds.
        _ = try syscall("listen", subject: subject) { listen(fd, 4096) }
        var bound = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &bound) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = Int(ListenAddress.text(peer: bound).split(separator: ":").last.flatMap { Int($0) } ?? Int(address.port))
        reserve = try? FileDescriptor(open: "/dev/null", O_RDONLY)
        listenWatch = loop.watch(fd: fd) { [unowned self] _ in self.acceptReady() }
    }

    deinit {
        for conn in connections.values { release(conn) }
        if let listenWatch { loop.cancel(listenWatch) }
        scratch.deallocate()
    }

    /// Connections open now (every phase), and of those the open WebSockets.
    public var connectionCount: Int { connections.count }
    public var webSocketCount: Int { connections.values.reduce(0) { $0 + ($1.isOpenWebSocket ? 1 : 0) } }

    /// Bytes waiting to be sent to `conn` (0 for one unknown).
    public func queuedBytes(_ conn: ConnectionID) -> Int { connections[conn]?.queuedBytes ?? 0 }

    // MARK: - The caller's side

    /// Sends a text message; false when `conn` is not an open WebSocket (gone, or closing).
    @discardableResult
    public func send(_ conn: ConnectionID, text: String) -> Bool {
        guard let c = connections[conn], c.isOpenWebSocket else { return false }
        enqueue(c, WebSocketFrame.text(text))
        return true
    }

    /// Sends one text message to many connections, framed once. Returns how many took it.
    @discardableResult
    public func send(_ text: String, to conns: some Sequence<ConnectionID>) -> Int {
        let frame = WebSocketFrame.text(text)
        var n = 0
        for id in conns {
            guard let c = connections[id], c.isOpenWebSocket else { continue }
            enqueue(c, frame)
            n += 1
        }
        return n
    }

    /// Starts the close handshake: the close frame with `code` and `reason` (cut to 123 bytes)
    /// is sent, nothing more is delivered, and onClose(conn, code) comes when the peer answers
    /// (or after `closeTimeout`). Nothing happens for a connection not open.
    public func close(_ conn: ConnectionID, code: UInt16, reason: String = "") {
        guard let c = connections[conn], c.isOpenWebSocket else { return }
        c.appOpen = false
        c.closeCode = code
        // nil: the session ended in the batch being handed out (the peer's close or an error),
        // whose own close frame follows.
        guard let frame = c.session?.close(code: code, reason: reason) else { return }
        enqueue(c, frame)
        guard connections[conn] != nil else { return }  // dropped: the queue was over its limit
        setTimer(c, configuration.closeTimeout) { [unowned self, unowned c] in
            Log.debug("web: \(c.remote) \(c.id): no close frame in answer within \(self.configuration.closeTimeout) s")
            self.finish(c)
        }
    }

    /// Stops listening and closes every connection: WebSockets with `code` (1001: the box is
    /// going away), each reported to onClose; plain requests are dropped.
    public func shutdown(code: UInt16 = WebSocketCloseCode.goingAway, reason: String = "going away") {
        if let listenWatch { loop.cancel(listenWatch) }
        listenWatch = nil
        for conn in Array(connections.values) {
            if conn.isOpenWebSocket {
                close(conn.id, code: code, reason: reason)
            } else if conn.phase != .webSocket && conn.phase != .lingering {
                drop(conn)
            }
        }
    }

    // MARK: - Accepting

    private func acceptReady() {
        // Bounded per wakeup, so a flood of connections cannot hold the TV's frames back;
        // the listening socket stays ready and the next pass takes the rest.
        for _ in 0..<256 {
            var peer = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let fd = withUnsafeMutablePointer(to: &peer) { p in
                p.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    accept4(listener.rawValue, $0, &length, Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue))
                }
            }
            if fd < 0 {
                let e = errno
                switch e {
                case EAGAIN, EWOULDBLOCK: return
                case EINTR, ECONNABORTED, EPROTO, ENETDOWN, ENOPROTOOPT, EHOSTDOWN, ENONET, EHOSTUNREACH, EOPNOTSUPP, ENETUNREACH, EPERM:
                    // That one connection failed (Linux reports its network errors here).
                    continue
                case EMFILE, ENFILE:
                    statistics.acceptErrors += 1
                    shedOneConnection(errno: e)
                    return
                default:
                    statistics.acceptErrors += 1
                    warnAccept("accept4: \(String(cString: strerror(e))); accepting pauses for 1 s")
                    pauseAccepting()
                    return
                }
            }
            statistics.accepted += 1
            let socket = FileDescriptor(adopting: fd)
            if connections.count >= configuration.maxConnections {
                statistics.overCapacity += 1
                warnAccept("\(connections.count) connections, the most allowed: new ones are closed at once")
                socket.close()
                continue
            }
            var one: Int32 = 1
            // Small messages that must leave now: no waiting to coalesce them (Nagle).
            _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            nextID += 1
            let conn = Connection(id: ConnectionID(nextID), socket: socket, remote: ListenAddress.text(peer: peer),
                                  limits: configuration.http, messagesPerSecond: configuration.messagesPerSecond)
            connections[conn.id] = conn
            conn.watch = loop.watch(fd: fd) { [unowned self, unowned conn] events in self.ready(conn, events) }
            setTimer(conn, configuration.headerTimeout) { [unowned self, unowned conn] in
                self.statistics.headerTimeouts += 1
                Log.info("web: \(conn.remote): the request head did not arrive within \(self.configuration.headerTimeout) s; closed")
                self.drop(conn)
            }
        }
    }

    /// Out of descriptors: the waiting connection would keep the listening socket ready and
    /// the loop spinning. Give up the reserve descriptor, accept it and close it at once.
    private func shedOneConnection(errno e: Int32) {
        warnAccept("accept4: \(String(cString: strerror(e))) (open files at the limit): new connections are closed at once")
        guard let spare = reserve else { return pauseAccepting() }
        spare.close()
        reserve = nil
        let fd = accept4(listener.rawValue, nil, nil, Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue))
        if fd >= 0 { _ = Glibc.close(fd) }
        reserve = try? FileDescriptor(open: "/dev/null", O_RDONLY)
        if reserve == nil { pauseAccepting() }
    }

    private func pauseAccepting() {
        guard !acceptPaused, let listenWatch else { return }
        acceptPaused = true
        loop.update(listenWatch, events: 0)
        loop.after(1) { [weak self] in
            guard let self, let w = self.listenWatch else { return }
            self.acceptPaused = false
            if self.reserve == nil { self.reserve = try? FileDescriptor(open: "/dev/null", O_RDONLY) }
            self.loop.update(w, events: Int16(POLLIN))
        }
    }

    /// At most one such line every 10 s: a flood must not become a flood of log lines.
    private func warnAccept(_ line: String) {
        guard loop.now - lastAcceptWarning >= 10 else { return }
        lastAcceptWarning = loop.now
        Log.warning("web: \(line)")
    }

    // MARK: - Reading

    private func ready(_ conn: Connection, _ revents: Int16) {
        if revents & Int16(POLLOUT) != 0 {
            flush(conn)
            guard connections[conn.id] != nil else { return }
        }
        if revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { readable(conn) }
    }

    private func readable(_ conn: Connection) {
        let n = recv(conn.socket.rawValue, scratch.baseAddress, scratch.count, 0)
        if n < 0 {
            let e = errno
            if e == EAGAIN || e == EWOULDBLOCK || e == EINTR { return }
            Log.debug("web: \(conn.remote) \(conn.id): recv: \(String(cString: strerror(e)))")
            return drop(conn)
        }
        if n == 0 {
            // The peer closed its side. Whatever was underway is over.
            switch conn.phase {
            case .lingering:
                return drop(conn)
            case .responding:
                // A client that half-closed after its request still gets the response; only
                // writing is waited for now (a closed side stays readable forever). A second
                // end of input (a hang-up) means it is gone.
                if conn.peerClosed { return drop(conn) }
                conn.peerClosed = true
                if let watch = conn.watch { loop.update(watch, events: Int16(POLLOUT)) }
                return
            case .webSocket:
                if conn.appOpen { Log.debug("web: \(conn.remote) \(conn.id): the connection ended without a close frame") }
                return drop(conn)
            case .head:
                return drop(conn)
            }
        }
        let bytes = UnsafeRawBufferPointer(rebasing: scratch[0..<n])
        switch conn.phase {
        case .head: readHead(conn, bytes)
        case .webSocket: readFrames(conn, bytes)
        case .responding, .lingering: break  // a request per connection: more input is dropped
        }
    }

    private func readHead(_ conn: Connection, _ bytes: UnsafeRawBufferPointer) {
        guard let progress = conn.parser?.feed(bytes) else { return }
        switch progress {
        case .needMore:
            return
        case .refused(let refusal):
            conn.parser = nil
            statistics.refused += 1
            Log.info("web: \(conn.remote): request refused, \(refusal.status.code): \(refusal.why)")
            respond(conn, refusal.status, headers: refusal.headers, body: Array("\(refusal.status)\n".utf8), head: false)
        case .complete(let head):
            let remainder = Array(conn.parser?.remainder ?? [])
            conn.parser = nil
            if let timer = conn.timer { loop.cancel(timer) }
            conn.timer = nil
            route(conn, head, remainder: remainder)
        }
    }

    private static let knownMethods: Set<String> = ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT"]

    private func route(_ conn: Connection, _ head: HTTPRequestHead, remainder: [UInt8]) {
        let path = String(head.path)
        let isHead = head.method == "HEAD"
        if path == configuration.webSocketPath { return upgrade(conn, head, remainder: remainder) }
        guard head.method == "GET" || isHead else {
            let known = Self.knownMethods.contains(head.method)
            Log.debug("web: \(conn.remote): \(Escaping.quoted(head.method)) \(Escaping.quoted(path)): \(known ? 405 : 501)")
            return refuse(conn, known ? .methodNotAllowed : .notImplemented, headers: [HTTPHeader("Allow", "GET, HEAD")])
        }
        if head.hasBody {
            Log.info("web: \(conn.remote): a \(head.method) with a body; refused")
            return refuse(conn, .badRequest)
        }
        let route = configuration.routes[path]
            ?? configuration.prefixRoutes.first { path.hasPrefix($0.prefix) && path.count > $0.prefix.count }?.route
        guard let route else {
            Log.debug("web: \(conn.remote): \(Escaping.quoted(path)): 404")
            return refuse(conn, .notFound)
        }
        statistics.responses += 1
        respond(conn, .ok, headers: [
            HTTPHeader("Content-Type", route.contentType),
            HTTPHeader("Cache-Control", route.cacheControl),
        ], body: route.body, head: isHead)
    }

    private func refuse(_ conn: Connection, _ status: HTTPStatus, headers: [HTTPHeader] = []) {
        statistics.refused += 1
        respond(conn, status, headers: headers, body: Array("\(status)\n".utf8), head: false)
    }

    /// Queues a plain response with the server's headers; the connection closes once it is sent.
    private func respond(_ conn: Connection, _ status: HTTPStatus, headers: [HTTPHeader], body: [UInt8], head: Bool) {
        var all = headers
        if status.code != 200 {
            all += [HTTPHeader("Content-Type", "text/plain; charset=utf-8"), HTTPHeader("Cache-Control", "no-store")]
        }
        all += [
            HTTPHeader("Content-Security-Policy", configuration.contentSecurityPolicy),
            HTTPHeader("X-Content-Type-Options", "nosniff"),
            HTTPHeader("Referrer-Policy", "no-referrer"),
            HTTPHeader("Date", date()),
            HTTPHeader("Connection", "close"),
        ]
        conn.phase = .responding
        conn.finishAfterFlush = true
        setTimer(conn, configuration.responseTimeout) { [unowned self, unowned conn] in
            Log.info("web: \(conn.remote): the response was not taken within \(self.configuration.responseTimeout) s; closed")
            self.drop(conn)
        }
        enqueue(conn, HTTPResponse(status, headers: all, body: body).serialized(includeBody: !head), limit: false)
    }

    private func date() -> String {
        let second = Int(Clock.now())
        if dateCache.second != second { dateCache = (second, HTTPDate.format(epochSeconds: second)) }
        return dateCache.text
    }

    private func upgrade(_ conn: Connection, _ head: HTTPRequestHead, remainder: [UInt8]) {
        let origin = head.value("Origin")
        if let origin, !allowedOrigins.contains(where: { $0.lowercased() == origin.lowercased() }) {
            Log.info("web: \(conn.remote): WebSocket from the page of another origin \(Escaping.quoted(origin)); refused (403)")
            return refuse(conn, .forbidden)
        }
        if head.hasBody {
            Log.info("web: \(conn.remote): a WebSocket upgrade with a body; refused")
            return refuse(conn, .badRequest)
        }
        let accept: String
        switch WebSocketHandshake.check(head) {
        case .success(let value): accept = value
        case .failure(let refusal):
            Log.info("web: \(conn.remote): WebSocket upgrade refused, \(refusal.status.code): \(refusal.why)")
            statistics.refused += 1
            return respond(conn, refusal.status, headers: refusal.headers, body: Array("\(refusal.status)\n".utf8), head: false)
        }
        conn.phase = .webSocket
        conn.session = WebSocketSession(limits: configuration.webSocket)
        enqueue(conn, WebSocketHandshake.response(accept: accept).serialized(), limit: false)
        guard connections[conn.id] != nil else { return }
        statistics.webSockets += 1
        conn.opened = true
        conn.appOpen = true
        onOpen?(conn.id, WebSocketRequest(remoteAddress: conn.remote, target: head.target, origin: origin, headers: head.headers))
        // Frames sent right behind the request (before the 101 arrived) come after onOpen.
        if !remainder.isEmpty, connections[conn.id] != nil, conn.phase == .webSocket {
            remainder.withUnsafeBytes { readFrames(conn, $0) }
        }
    }

    private func readFrames(_ conn: Connection, _ bytes: UnsafeRawBufferPointer) {
        events.removeAll(keepingCapacity: true)
        conn.session?.receive(bytes, into: &events)
        let batch = events
        for event in batch {
            guard connections[conn.id] != nil, conn.phase == .webSocket else { return }
            switch event {
            case .text(let text):
                guard conn.appOpen else { continue }
                guard admit(conn) else { return }
                onText?(conn.id, text)
            case .ping(let pong):
                guard conn.appOpen else { continue }
                guard admit(conn) else { return }
                enqueue(conn, pong)
            case .closed(let code, _, let reply):
                // The peer closed while the caller had not: the peer's code is reported.
                if conn.appOpen { conn.closeCode = code }
                if let reply { enqueue(conn, reply) }
                guard connections[conn.id] != nil else { return }
                endWebSocket(conn)
            case .failed(let code, let why, let reply):
                Log.info("web: \(conn.remote) \(conn.id): closed with \(code): \(why)")
                if conn.appOpen { conn.closeCode = code }
                if let reply { enqueue(conn, reply) }
                guard connections[conn.id] != nil else { return }
                endWebSocket(conn)
            }
        }
    }

    /// Counts a message against the rate; one too many is the connection's end.
    private func admit(_ conn: Connection) -> Bool {
        if conn.rate.admit(at: loop.now) { return true }
        statistics.tooFast += 1
        Log.info("web: \(conn.remote) \(conn.id): more than \(configuration.messagesPerSecond) messages in a second; closed")
        onTooFast?(conn.id)
        close(conn.id, code: WebSocketCloseCode.policyViolation, reason: "too fast")
        return false
    }

    /// The session is over (the peer's close answered, or a protocol error): onClose now, the
    /// socket once the last frame is sent.
    private func endWebSocket(_ conn: Connection) {
        conn.appOpen = false
        reportClose(conn)
        conn.finishAfterFlush = true
        if conn.queuedBytes == 0 { finish(conn) }
    }

    private func reportClose(_ conn: Connection) {
        guard conn.opened else { return }
        conn.opened = false
        conn.appOpen = false
        onClose?(conn.id, conn.closeCode)
    }

    // MARK: - Writing

    /// Sends what the kernel takes now and queues the rest. `limit`: a WebSocket's queue may
    /// not pass `maxQueuedBytes` (a plain response is queued whole; its deadline bounds it).
    private func enqueue(_ conn: Connection, _ bytes: [UInt8], limit: Bool = true) {
        if conn.queuedBytes == 0 {
            conn.outgoing = []
            conn.sent = 0
            let n = bytes.withUnsafeBytes { Self.write(conn.socket.rawValue, $0) }
            if n < 0 { return drop(conn) }
            if n == bytes.count {
                if conn.finishAfterFlush { finish(conn) }
                return
            }
            conn.outgoing = Array(bytes[n...])
        } else {
            conn.outgoing += bytes
        }
        if limit, conn.queuedBytes > configuration.maxQueuedBytes {
            statistics.slowReadersDropped += 1
            Log.info("web: \(conn.remote) \(conn.id): \(conn.queuedBytes) bytes unsent (the peer is not reading); dropped")
            return drop(conn)
        }
        wantWrite(conn, true)
    }

    /// send(2) without SIGPIPE: bytes taken (maybe 0), or -1 when the connection is broken.
    private static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        var off = 0
        while off < bytes.count {
            let n = Glibc.send(fd, bytes.baseAddress! + off, bytes.count - off, Int32(MSG_NOSIGNAL))
            if n > 0 {
                off += n
                continue
            }
            let e = errno
            if n < 0 && e == EINTR { continue }
            if n < 0 && (e == EAGAIN || e == EWOULDBLOCK) { break }
            return -1
        }
        return off
    }

    private func flush(_ conn: Connection) {
        guard conn.queuedBytes > 0 else { return wantWrite(conn, false) }
        let n = conn.outgoing.withUnsafeBytes { Self.write(conn.socket.rawValue, UnsafeRawBufferPointer(rebasing: $0[conn.sent...])) }
        if n < 0 { return drop(conn) }
        conn.sent += n
        if conn.queuedBytes == 0 {
            conn.outgoing = []
            conn.sent = 0
            wantWrite(conn, false)
            if conn.finishAfterFlush { finish(conn) }
        } else if conn.sent > 64 * 1024 && conn.sent > conn.outgoing.count / 2 {
            conn.outgoing.removeFirst(conn.sent)
            conn.sent = 0
        }
    }

    private func wantWrite(_ conn: Connection, _ on: Bool) {
        guard conn.wantsWrite != on, let watch = conn.watch else { return }
        conn.wantsWrite = on
        loop.update(watch, events: Int16(on ? POLLIN | POLLOUT : POLLIN))
    }

    // MARK: - Ending

    /// Everything is sent: shut the sending side and wait (briefly) for the peer to close
    /// its own, reading and dropping what it still sends. Closing with unread input would
    /// reset the connection, and a reset can destroy the last response before it is read.
    private func finish(_ conn: Connection) {
        guard connections[conn.id] != nil else { return }
        if conn.phase == .lingering || conn.peerClosed { return drop(conn) }
        if conn.phase == .webSocket {
            conn.session?.abort()
            reportClose(conn)
        }
        conn.phase = .lingering
        conn.finishAfterFlush = false
        _ = Glibc.shutdown(conn.socket.rawValue, Int32(SHUT_WR))
        setTimer(conn, configuration.lingerTimeout) { [unowned self, unowned conn] in self.drop(conn) }
    }

    /// Closes the socket now; onClose if it was an open WebSocket.
    private func drop(_ conn: Connection) {
        guard connections.removeValue(forKey: conn.id) != nil else { return }
        // closeCode is still 1006 unless a close had started (the caller's code then).
        conn.session?.abort()
        release(conn)
        reportClose(conn)
    }

    /// Cancel before close: the watch and timer go first, then the descriptor.
    private func release(_ conn: Connection) {
        if let watch = conn.watch { loop.cancel(watch) }
        if let timer = conn.timer { loop.cancel(timer) }
        conn.watch = nil
        conn.timer = nil
        conn.socket.close()
    }

    private func setTimer(_ conn: Connection, _ seconds: Double, _ handler: @escaping () -> Void) {
        if let timer = conn.timer { loop.cancel(timer) }
        conn.timer = loop.after(seconds) { [weak conn] in
            guard conn != nil else { return }
            conn?.timer = nil
            handler()
        }
    }
}
