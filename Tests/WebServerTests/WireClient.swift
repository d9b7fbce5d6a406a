import Glibc
import Platform
import TestSupport
import Testing
import Web
import WebServer

/// A raw TCP client on the server's own loop (one thread, no sleeps): it writes exactly the
/// bytes a test gives — well-formed or not — and collects what the server sends back.
final class WireClient {
    let socket: FileDescriptor
    let loop: EventLoop
    private var watch: EventLoop.Token?
    private(set) var received: [UInt8] = []
    private(set) var ended = false

    init(loop: EventLoop, port: Int, receiveBuffer: Int32? = nil) throws {
        self.loop = loop
        let fd = socket_(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        try #require(fd >= 0)
        socket = FileDescriptor(adopting: fd)
        if var size = receiveBuffer {
            _ = setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var sin = sockaddr_in()
        sin.sin_family = sa_family_t(AF_INET)
        sin.sin_port = UInt16(port).bigEndian
        sin.sin_addr = in_addr(s_addr: inet_addr("127.0.0.1"))
        // On loopback the kernel completes the connection from the listen backlog at once.
        let r = withUnsafePointer(to: &sin) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        try #require(r == 0, "connect: \(errno)")
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        watch = loop.watch(fd: fd) { [unowned self] _ in self.readable() }
    }

    deinit {
        if let watch { loop.cancel(watch) }
    }

    /// Stops reading (a phone asleep with its socket open): the kernel's buffers fill up.
    func stopReading() {
        if let watch { loop.cancel(watch) }
        watch = nil
    }

    private func readable() {
        var buf = [UInt8](repeating: 0, count: 65536)
        let n = recv(socket.rawValue, &buf, buf.count, 0)
        if n > 0 { received += buf[0..<n] } else if n == 0 || (errno != EAGAIN && errno != EINTR) {
            ended = true
            if let watch { loop.cancel(watch) }
            watch = nil
        }
    }

    func write(_ bytes: [UInt8]) {
        var off = 0
        while off < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(socket.rawValue, $0.baseAddress! + off, bytes.count - off, Int32(MSG_NOSIGNAL)) }
            if n > 0 { off += n } else if n < 0 && errno == EAGAIN { loop.runOnce(timeout: 0.01) } else { return }
        }
    }

    func write(_ text: String) { write(Array(text.utf8)) }

    /// Closes the connection without a close frame (a phone leaving the Wi-Fi).
    func hangUp() {
        stopReading()
        socket.close()
    }

    /// Runs the loop until `condition` holds (10 s bounds a failing test only).
    @discardableResult
    func wait(_ condition: () -> Bool) -> Bool { loop.run(until: condition, timeout: 10) }

    var text: String { String(decoding: received, as: UTF8.self) }

    /// The response head once it has all arrived.
    var head: String? {
        guard let end = headEnd else { return nil }
        return String(decoding: received[..<end], as: UTF8.self)
    }

    private var headEnd: Int? {
        let marker: [UInt8] = [13, 10, 13, 10]
        guard received.count >= 4 else { return nil }
        for i in 0...(received.count - 4) where Array(received[i..<(i + 4)]) == marker { return i + 4 }
        return nil
    }

    var status: Int? { head.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } }

    func header(_ name: String) -> String? {
        head?.split(separator: "\r\n").dropFirst().first { $0.lowercased().hasPrefix(name.lowercased() + ":") }
            .map { String($0.dropFirst(name.count + 1)).trimmingCharacters() }
    }

    var body: [UInt8] { headEnd.map { Array(received[$0...]) } ?? [] }

    /// Sends a WebSocket upgrade request and waits for the answer's head.
    @discardableResult
    func upgrade(path: String = "/ws", origin: String? = nil, extra: String = "", then frames: [UInt8] = []) -> Int? {
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        if let origin { request += "Origin: \(origin)\r\n" }
        write(Array((request + extra + "\r\n").utf8) + frames)
        wait { head != nil || ended }
        return status
    }

    /// The server's frames after the head: (opcode, payload), unmasked as a server sends them.
    var frames: [(opcode: UInt8, payload: [UInt8])] {
        var out: [(UInt8, [UInt8])] = []
        var i = headEnd ?? 0
        let b = received
        while i + 2 <= b.count {
            let opcode = b[i] & 0x0F
            var length = Int(b[i + 1] & 0x7F)
            var at = i + 2
            if length == 126 {
                guard at + 2 <= b.count else { break }
                length = Int(b[at]) << 8 | Int(b[at + 1])
                at += 2
            } else if length == 127 {
                guard at + 8 <= b.count else { break }
                length = (0..<8).reduce(0) { $0 << 8 | Int(b[at + $1]) }
                at += 8
            }
            guard at + length <= b.count else { break }
            out.append((opcode, Array(b[at..<(at + length)])))
            i = at + length
        }
        return out
    }

    var texts: [String] { frames.filter { $0.opcode == 1 }.map { String(decoding: $0.payload, as: UTF8.self) } }

    /// The close frame's code, once one has come.
    var closeCode: UInt16? {
        frames.first { $0.opcode == 8 }.map { $0.payload.count >= 2 ? UInt16($0.payload[0]) << 8 | UInt16($0.payload[1]) : 1005 }
    }

    var closeReason: String? {
        frames.first { $0.opcode == 8 }.map { String(decoding: $0.payload.dropFirst(2), as: UTF8.self) }
    }
}

private func socket_(_ domain: Int32, _ type: Int32, _ proto: Int32) -> Int32 { socket(domain, type, proto) }

extension String {
    func trimmingCharacters() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}

/// A server on 127.0.0.1's ephemeral port, with an echo handler and a record of callbacks.
final class EchoServer {
    let loop: EventLoop
    let server: WebServer
    var opened: [(ConnectionID, WebSocketRequest)] = []
    var texts: [(ConnectionID, String)] = []
    var closed: [(ConnectionID, UInt16)] = []
    var tooFast: [ConnectionID] = []

    static let page = Array("<!doctype html><title>play</title>".utf8)

    init(clock: LoopClock = MonotonicClock(), configure: (inout WebServerConfiguration) -> Void = { _ in }) throws {
        loop = EventLoop(clock: clock)
        var config = WebServerConfiguration(address: try ListenAddress(parsing: "127.0.0.1:0"))
        config.routes["/"] = Route(contentType: "text/html; charset=utf-8", body: Self.page)
        config.routes["/app.js"] = Route(contentType: "text/javascript; charset=utf-8", body: Array("void 0".utf8), cacheControl: "max-age=60")
        config.prefixRoutes = [("/j/", Route(contentType: "text/html; charset=utf-8", body: Self.page))]
        config.allowedOrigins = ["http://box.local:8080", "http://192.168.1.20:8080"]
        configure(&config)
        server = try WebServer(loop: loop, configuration: config)
        server.onOpen = { [unowned self] c, r in opened.append((c, r)) }
        server.onClose = { [unowned self] c, code in closed.append((c, code)) }
        server.onTooFast = { [unowned self] c in
            tooFast.append(c)
            server.send(c, text: "too-fast")
        }
        server.onText = { [unowned self] c, t in
            texts.append((c, t))
            switch t {
            case "please close": server.close(c, code: 4000, reason: "replaced")
            case "flood": for _ in 0..<100 { server.send(c, text: String(repeating: "x", count: 60_000)) }
            default: server.send(c, text: "echo:" + t)
            }
        }
    }

    var port: Int { server.port }

    func client(receiveBuffer: Int32? = nil) throws -> WireClient { try WireClient(loop: loop, port: port, receiveBuffer: receiveBuffer) }

    /// A client with its WebSocket open (onOpen has been called).
    func webSocket() throws -> WireClient {
        let c = try client()
        let before = opened.count
        try #require(c.upgrade() == 101)
        try #require(c.wait { self.opened.count > before })
        return c
    }
}

func clientFrame(_ opcode: UInt8, _ payload: [UInt8], fin: Bool = true, rsv: UInt8 = 0, masked: Bool = true) -> [UInt8] {
    ClientFrame.make(opcode, payload, fin: fin, rsv: rsv, masked: masked)
}
func text(_ s: String) -> [UInt8] { ClientFrame.text(s) }
func closeFrame(_ code: UInt16, _ reason: [UInt8] = []) -> [UInt8] { ClientFrame.close(code, reason) }
