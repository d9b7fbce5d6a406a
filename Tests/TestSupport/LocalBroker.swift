import Glibc
import MQTT
import Platform

/// A private Mosquitto broker on 127.0.0.1 at a free port, for the tests and the latency
/// benchmark: a generated configuration in its own directory (persistence off, optional
/// password file and TLS listener), started, killed and restarted on the same port.
public final class LocalBroker {
    public let directory: String
    public let port: Int
    public private(set) var pid: pid_t = 0
    public var logPath: String { directory + "/broker.log" }
    public var configPath: String { directory + "/mosquitto.conf" }
    public var passwordPath: String { directory + "/passwords" }

    private let tls: (certificate: String, key: String)?
    private var passwords: [String: String]

    /// `passwords` empty: anonymous clients allowed. `tls`: PEM certificate and key files for
    /// a TLS listener (then the broker speaks only TLS).
    public init(passwords: [String: String] = [:], tls: (certificate: String, key: String)? = nil) throws(MQTTError) {
        self.passwords = passwords
        self.tls = tls
        directory = TempDir.make()
        port = try Self.freePort()
        try writeConfiguration()
    }

    deinit {
        stop()
        for f in [logPath, configPath, passwordPath, directory + "/broker.out"] { unlink(f) }
        rmdir(directory)
    }

    public static func executable() -> String? {
        for p in ["/usr/sbin/mosquitto", "/usr/local/sbin/mosquitto", "/usr/bin/mosquitto"] where access(p, X_OK) == 0 {
            return p
        }
        return nil
    }

    public var url: BrokerURL { BrokerURL(tls: tls != nil, host: "127.0.0.1", port: port) }

    private func writeConfiguration() throws(MQTTError) {
        var conf = """
            listener \(port) 127.0.0.1
            persistence false
            set_tcp_nodelay true
            log_dest file \(logPath)
            log_type error
            log_type warning
            log_type notice
            log_type information
            connection_messages true
            max_queued_messages 100000

            """
        // Run as root (CI), mosquitto would switch to the `mosquitto` user and lose access to
        // our files; a test broker on loopback has no need to.
        if getuid() == 0 { conf += "user root\n" }
        if passwords.isEmpty {
            conf += "allow_anonymous true\n"
        } else {
            conf += "allow_anonymous false\npassword_file \(passwordPath)\n"
            try writePasswords()
        }
        if let tls { conf += "certfile \(tls.certificate)\nkeyfile \(tls.key)\n" }
        do {
            try Files.writeAtomically(Array(conf.utf8), to: configPath)
        } catch {
            throw MQTTError("cannot write \(configPath): \(error)")
        }
    }

    private func writePasswords() throws(MQTTError) {
        unlink(passwordPath)
        for (user, password) in passwords.sorted(by: { $0.key < $1.key }) {
            let create = access(passwordPath, F_OK) != 0
            let args = ["mosquitto_passwd"] + (create ? ["-c"] : []) + ["-b", passwordPath, user, password]
            let status = try Self.spawnAndWait(["/usr/bin/mosquitto_passwd"] + Array(args.dropFirst()))
            guard status == 0 else { throw MQTTError("mosquitto_passwd failed (status \(status))") }
        }
        chmod(passwordPath, 0o600)
    }

    /// Replaces the password file and tells the running broker to reload it (SIGHUP), then
    /// waits until it has: the reload happens in the broker's own time, and a test that goes on
    /// at once would race it. A probe logs in as the first user (by name) until it is let in.
    public func setPasswords(_ new: [String: String], timeout: Double = 10) throws(MQTTError) {
        passwords = new
        try writePasswords()
        guard pid > 0, let (user, password) = new.sorted(by: { $0.key < $1.key }).first else { return }
        Glibc.kill(pid, SIGHUP)
        var probeURL = url
        probeURL.username = user
        probeURL.password = password
        let end = Clock.monotonic() + timeout
        while Clock.monotonic() < end {
            let loop = EventLoop()
            let probe = try MQTTClient(.init(broker: probeURL, clientID: "reload-probe-\(UInt32.random(in: 0...UInt32.max))"), loop: loop)
            var refused = false
            probe.onRefused = { _ in refused = true }
            probe.start()
            _ = loop.run(until: { probe.state == .connected || refused }, timeout: end - Clock.monotonic())
            let accepted = probe.state == .connected
            probe.stop()
            if accepted { return }
        }
        throw MQTTError("mosquitto did not take the new passwords within \(timeout) s")
    }

    /// Starts the broker and waits until it accepts connections.
    public func start(timeout: Double = 10) throws(MQTTError) {
        guard pid == 0 else { return }
        guard let exe = Self.executable() else {
            throw MQTTError("mosquitto is not installed (scripts/setup installs the Debian package)")
        }
        pid = try Self.spawn([exe, "-c", configPath], output: directory + "/broker.out")
        let end = Clock.monotonic() + timeout
        while Clock.monotonic() < end {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                pid = 0
                let log = (try? Files.read(directory + "/broker.out")).map { String(decoding: $0, as: UTF8.self) } ?? ""
                throw MQTTError("mosquitto exited at start (status \(status)): \(log.split(separator: "\n").last ?? "")")
            }
            if Self.accepts(port: port) { return }
            usleep(20_000)
        }
        throw MQTTError("mosquitto did not listen on port \(port) within \(timeout) s")
    }

    /// SIGKILL: the broker vanishes without a goodbye (clients see their socket close).
    public func kill() {
        guard pid > 0 else { return }
        Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        _ = retryingEINTR { waitpid(pid, &status, 0) }
        pid = 0
    }

    /// SIGTERM, then SIGKILL if it is still there after a second.
    public func stop() {
        guard pid > 0 else { return }
        Glibc.kill(pid, SIGTERM)
        var status: Int32 = 0
        for _ in 0..<100 {
            if waitpid(pid, &status, WNOHANG) == pid {
                pid = 0
                return
            }
            usleep(10_000)
        }
        kill()
    }

    public func log() -> String {
        (try? Files.read(logPath)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    // MARK: helpers

    public static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var addr = loopback(port: port)
        return withUnsafePointer(to: &addr) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    public static func loopback(port: Int) -> sockaddr_in {
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        return addr
    }

    /// A port nobody listens on now: bind to port 0, read what the kernel chose, close.
    public static func freePort() throws(MQTTError) -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw MQTTError("socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var addr = loopback(port: 0)
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &addr) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) == 0 && getsockname(fd, $0, &len) == 0 }
        }
        guard ok else { throw MQTTError("cannot find a free port: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: addr.sin_port))
    }


    /// Starts a program with standard output and error in `output`; the caller reaps it.
    public static func spawn(_ argv: [String], output: String) throws(MQTTError) -> pid_t {
        do {
            return try Subprocess(argv, stdout: .file(output), stderr: .stdout).pid
        } catch {
            throw MQTTError("cannot start \(argv.first ?? "?"): \(error.message)")
        }
    }

    /// Runs a helper program (mosquitto_passwd, openssl) to completion; its exit status.
    public static func run(_ argv: [String]) throws(MQTTError) -> Int32 { try spawnAndWait(argv) }

    public static func spawnAndWait(_ argv: [String]) throws(MQTTError) -> Int32 {
        do {
            return try Subprocess(argv).wait()
        } catch {
            throw MQTTError("cannot start \(argv.first ?? "?"): \(error.message)")
        }
    }
}
