import CLinux
import CommandLineKit
import Glibc
import Platform
import Web
import WebServer

/// `quizkiosk-bench --loop [--sockets N] [--passes K]`: what N idle phones cost the thread the
/// TV's frames run on, and what they cost in memory.
///
/// - One wakeup with N idle TCP sockets watched (and one pipe that is ready): the event loop
///   on epoll beside the same wait done as the loop did it before (poll(2) over every
///   descriptor, `PollReference`), on the same sockets in the same run.
/// - Memory per connection: N WebSockets opened through the real server, each having sent
///   one message and got its answer, then idle: the heap in use (mallinfo2) and resident
///   memory grown per connection, and the kernel's slab memory grown (both ends of each
///   connection are in this process and the figure is machine-wide: an upper bound).
/// - A burst: every one of the N clients sends a message at once and the server answers each;
///   the time from a message's write to its answer's arrival (clients on the same thread).
enum LoopBench {
    static func run(_ argv: [String]) throws -> Int32 {
        let args = try Arguments(argv, options: ["--sockets", "--passes"], flags: ["--loop"])
        let n = try args.value("--sockets").map { t throws(UsageError) in
            guard let v = Int(t), (1...50_000).contains(v) else { throw UsageError(message: "--sockets \(t): expected 1…50000") }
            return v
        } ?? 2000
        let passes = max(100, Int(args.value("--passes") ?? "") ?? 2000)
        Log.threshold = .warning
        #if DEBUG
        Console.out("note: a debug build; run `scripts/bench --loop` for real figures")
        #endif
        let limit = OpenFileLimit.raise()
        guard limit >= 2 * n + 64 else {
            throw CLIError("bench --loop: \(n) connections need \(2 * n + 64) descriptors (both ends are here); the limit is \(limit)")
        }

        let heapBefore = heapInUse(), rssBefore = SoakBench.residentBytes(), slabBefore = slabBytes()
        let loop = EventLoop()
        var config = WebServerConfiguration(address: try ListenAddress(parsing: "127.0.0.1:0"))
        config.routes["/"] = Route(contentType: "text/plain", body: Array("bench".utf8))
        let server = try WebServer(loop: loop, configuration: config)
        let reply = "{\"type\":\"welcome\",\"player\":\"p7\",\"name\":\"Aiko\",\"token\":\"" + String(repeating: "A", count: 22) + "\"}"
        server.onText = { conn, _ in server.send(conn, text: reply) }
        let clients = try (0..<n).map { _ in try BenchClient(port: server.port, loop: loop) }
        // The clients exist and have connected; the server has accepted none yet (that happens
        // in the loop): what grows from here on is the server's, but for the clients' few bytes.
        let heapClients = heapInUse()
        guard loop.run(until: { server.webSocketCount == n }, timeout: 120) else {
            throw CLIError("bench --loop: only \(server.webSocketCount) of \(n) WebSockets opened")
        }
        let join = WebSocketFrame.masked(.text, payload: Array("{\"type\":\"join\",\"code\":\"482113\",\"name\":\"Aiko\"}".utf8), key: 0x1234_5678)
        for c in clients { c.send(join) }
        guard loop.run(until: { clients.allSatisfy { $0.answers >= 1 } }, timeout: 120) else {
            throw CLIError("bench --loop: not every client got its answer")
        }
        for _ in 0..<10 { loop.runOnce(timeout: 0.01) }
        let heapPer = Double(heapInUse() - heapBefore) / Double(n)
        let serverHeapPer = Double(heapInUse() - heapClients) / Double(n)
        let rssPer = Double(SoakBench.residentBytes() - rssBefore) / Double(n)
        let slabPer = Double(slabBytes() - slabBefore) / Double(n)

        // The wakeup: the clients' sockets (idle TCP, like the server's) watched by a fresh
        // loop, against the same wait as poll(2) did it.
        for c in clients { c.unwatch() }
        let epollTimes = try wakeups(passes: passes) { pipe in
            let l = EventLoop()
            for c in clients { l.watch(fd: c.fd) { _ in } }
            l.watch(fd: pipe) { _ in drain(pipe) }
            return { _ = l.runOnce(timeout: 1) }
        }
        let pollTimes = try wakeups(passes: passes) { pipe in
            let p = PollReference()
            for c in clients { p.watch(fd: c.fd) { _ in } }
            p.watch(fd: pipe) { _ in drain(pipe) }
            return { p.runOnce(milliseconds: 1000) }
        }
        // The same with the server's own loop (its N connections and listening socket).
        var pipeWatch: EventLoop.Token?
        let serverTimes = try wakeups(passes: passes) { pipe in
            pipeWatch = loop.watch(fd: pipe) { _ in drain(pipe) }
            return { _ = loop.runOnce(timeout: 1) }
        }
        if let pipeWatch { loop.cancel(pipeWatch) }

        // The burst: every client sends at once, the server answers each.
        for c in clients { c.watchAgain() }
        let answer = WebSocketFrame.masked(.text, payload: Array("{\"type\":\"answer\",\"question\":3,\"choice\":1}".utf8), key: 0x9ABC_DEF0)
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let cpuBefore = cpuSeconds(usage)
        let burstStart = Clock.monotonic()
        for c in clients { c.send(answer) }
        guard loop.run(until: { clients.allSatisfy { $0.answers >= 2 } }, timeout: 120) else {
            throw CLIError("bench --loop: not every answer was answered")
        }
        let burst = Clock.monotonic() - burstStart
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let cpu = cpuSeconds(usage) - cpuBefore
        let roundTrips = clients.map { $0.lastAnswerAt - $0.lastSentAt }.sorted()

        Console.out("event loop with \(n) idle TCP sockets watched, one ready pipe, \(passes) wakeups each (medians, p99):")
        Console.out("  poll(2), as the loop was: \(us(BenchCommand.median(pollTimes))) (p99 \(us(p99(pollTimes))))")
        Console.out("  epoll, the loop now:      \(us(BenchCommand.median(epollTimes))) (p99 \(us(p99(epollTimes)))) = "
                    + "\(format1(BenchCommand.median(pollTimes) / max(1e-9, BenchCommand.median(epollTimes)), digits: 0))× less")
        Console.out("  epoll, the server's loop with its \(n) WebSockets: \(us(BenchCommand.median(serverTimes))) (p99 \(us(p99(serverTimes))))")
        Console.out("memory per WebSocket connection (\(n) open, each after one message and its answer):")
        Console.out("  the server's heap \(format1(serverHeapPer / 1024, digits: 2)) KiB; with the client ends: heap \(format1(heapPer / 1024, digits: 2)) KiB, "
                    + "resident \(format1(rssPer / 1024, digits: 2)) KiB, kernel slab \(format1(slabPer / 1024, digits: 1)) KiB for both ends "
                    + "(machine-wide: other processes included)")
        Console.out("burst: \(n) clients send one message at once, the server answers each (clients on the same thread):")
        Console.out("  all answered in \(ms(burst)); round trip p50 \(ms(roundTrips[roundTrips.count / 2])), "
                    + "p99 \(ms(roundTrips[roundTrips.count * 99 / 100])); CPU \(format1(cpu, digits: 3)) s")
        withExtendedLifetime(server) {}
        return 0
    }

    /// Times `passes` wakeups of the loop `make` builds: a byte is written to a pipe it
    /// watches, then one pass of the loop reads it.
    static func wakeups(passes: Int, _ make: (Int32) -> () -> Void) throws -> [Double] {
        var fds: [Int32] = [-1, -1]
        _ = try syscall("pipe") { pipe(&fds) }
        let reader = FileDescriptor(adopting: fds[0]), writer = FileDescriptor(adopting: fds[1])
        _ = fcntl(reader.rawValue, F_SETFL, O_NONBLOCK)
        let pass = make(reader.rawValue)
        var times: [Double] = []
        times.reserveCapacity(passes)
        for _ in 0..<passes {
            try writer.writeAll([1])
            let t = Clock.monotonic()
            pass()
            times.append(Clock.monotonic() - t)
        }
        return times
    }

    static func drain(_ fd: Int32) {
        var b = [UInt8](repeating: 0, count: 16)
        _ = read(fd, &b, 16)
    }

    static func heapInUse() -> Int { Int(mallinfo2().uordblks) }

    /// The kernel's slab memory (/proc/meminfo "Slab:"): sockets, their inodes, epoll items.
    static func slabBytes() -> Int {
        guard let bytes = try? Files.read("/proc/meminfo") else { return 0 }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix("Slab:") {
            return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
        }
        return 0
    }

    static func cpuSeconds(_ u: rusage) -> Double {
        Double(u.ru_utime.tv_sec) + Double(u.ru_utime.tv_usec) / 1e6 + Double(u.ru_stime.tv_sec) + Double(u.ru_stime.tv_usec) / 1e6
    }

    static func p99(_ v: [Double]) -> Double {
        let s = v.sorted()
        return s.isEmpty ? 0 : s[s.count * 99 / 100]
    }

    static func us(_ seconds: Double) -> String { format1(seconds * 1e6, digits: 1) + " µs" }
    static func ms(_ seconds: Double) -> String { format1(seconds * 1000, digits: 2) + " ms" }
}

/// One phone: a TCP connection that upgrades to a WebSocket and counts the messages it is sent.
final class BenchClient {
    let socket: FileDescriptor
    let loop: EventLoop
    private var token: EventLoop.Token?
    private var buffer: [UInt8] = []
    private var headDone = false
    private(set) var answers = 0
    private(set) var lastSentAt = 0.0
    private(set) var lastAnswerAt = 0.0

    var fd: Int32 { socket.rawValue }

    init(port: Int, loop: EventLoop) throws {
        self.loop = loop
        let fd = try syscall("socket") { Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0) }
        socket = FileDescriptor(adopting: fd)
        var sin = sockaddr_in()
        sin.sin_family = sa_family_t(AF_INET)
        sin.sin_port = UInt16(port).bigEndian
        sin.sin_addr = in_addr(s_addr: inet_addr("127.0.0.1"))
        _ = try withUnsafePointer(to: &sin) { p throws(SystemError) in
            try p.withMemoryRebound(to: sockaddr.self, capacity: 1) { s throws(SystemError) in
                try syscall("connect") { connect(fd, s, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let request = "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        try socket.writeAll(Array(request.utf8))
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        watchAgain()
    }

    deinit { unwatch() }

    func unwatch() {
        if let token { loop.cancel(token) }
        token = nil
    }

    func watchAgain() {
        guard token == nil else { return }
        token = loop.watch(fd: socket.rawValue) { [unowned self] _ in self.readable() }
    }

    func send(_ frame: [UInt8]) {
        lastSentAt = Clock.monotonic()
        try? socket.writeAll(frame)
    }

    private func readable() {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let n = recv(socket.rawValue, &chunk, chunk.count, 0)
        guard n > 0 else { return unwatch() }
        buffer += chunk[0..<n]
        if !headDone, let end = Self.headEnd(buffer) {
            headDone = true
            buffer.removeFirst(end)
        }
        guard headDone else { return }
        // Server frames: unmasked, short (< 126 bytes of payload here).
        while buffer.count >= 2, buffer.count >= 2 + Int(buffer[1] & 0x7F) {
            let length = Int(buffer[1] & 0x7F)
            buffer.removeFirst(2 + length)
            answers += 1
            lastAnswerAt = Clock.monotonic()
        }
    }

    static func headEnd(_ b: [UInt8]) -> Int? {
        guard b.count >= 4 else { return nil }
        for i in 0...(b.count - 4) where b[i] == 13 && b[i + 1] == 10 && b[i + 2] == 13 && b[i + 3] == 10 { return i + 4 }
        return nil
    }
}

/// The event loop's wait as it was before epoll (commit 3a73f8e), kept only for the bench to
/// measure against: each pass copies every watch into a pollfd array, and the kernel checks
/// every descriptor, ready or not.
final class PollReference {
    private struct Watch {
        let fd: Int32
        let events: Int16
        let handler: (Int16) -> Void
    }

    private var watches: [Int: Watch] = [:]
    private var nextID = 0

    func watch(fd: Int32, events: Int16 = Int16(POLLIN), _ handler: @escaping (Int16) -> Void) {
        nextID += 1
        watches[nextID] = Watch(fd: fd, events: events, handler: handler)
    }

    func runOnce(milliseconds: Int32) {
        let ids = Array(watches.keys)
        var fds = ids.map { pollfd(fd: watches[$0]?.fd ?? -1, events: watches[$0]?.events ?? 0, revents: 0) }
        let n = fds.withUnsafeMutableBufferPointer { buf in poll(buf.baseAddress, nfds_t(buf.count), milliseconds) }
        if n > 0 {
            for (k, id) in ids.enumerated() where fds[k].revents != 0 {
                guard let w = watches[id] else { continue }
                w.handler(fds[k].revents)
            }
        }
    }
}
