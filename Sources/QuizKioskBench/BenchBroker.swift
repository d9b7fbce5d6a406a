import CommandLineKit
import Glibc
import MQTT
import Platform

/// The benchmark's own mosquitto: loopback only, a free port, anonymous, no persistence, in a
/// temporary folder removed afterwards. The benchmark's clients connect with their usual
/// backoff, so nothing here waits for the broker to listen.
final class BenchBroker {
    let port: Int
    /// The broker's temporary folder; the benchmark may put its own files in it (and removes them).
    let directory: String
    private let process: Subprocess

    init() throws {
        let candidates = ["/usr/sbin/mosquitto", "/usr/local/sbin/mosquitto", "/usr/bin/mosquitto"]
        guard let exe = candidates.first(where: { access($0, X_OK) == 0 }) else {
            throw CLIError("bench --mqtt: mosquitto is not installed (scripts/setup installs it)")
        }
        var template = Array("/tmp/quizkiosk-bench-XXXXXX".utf8CString)
        let made = try syscall("mkdtemp") { template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) } }
        directory = String(cString: made)
        port = try Self.freePort()
        // As root mosquitto would switch to its own user and lose access to this folder.
        let conf = "listener \(port) 127.0.0.1\nallow_anonymous true\npersistence false\nmax_queued_messages 100000\n"
            + (getuid() == 0 ? "user root\n" : "")
        try Files.writeAtomically(Array(conf.utf8), to: directory + "/mosquitto.conf")
        process = try Subprocess([exe, "-c", directory + "/mosquitto.conf"], stdout: .null, stderr: .null)
    }

    var url: BrokerURL { BrokerURL(host: "127.0.0.1", port: port) }

    deinit {
        process.signal(SIGTERM)
        process.wait()
        unlink(directory + "/mosquitto.conf")
        rmdir(directory)
    }

    /// A port the kernel has free on loopback now (bound to port 0, then released).
    private static func freePort() throws -> Int {
        let socket = FileDescriptor(adopting: try syscall("socket") { Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0) })
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        try withUnsafeMutablePointer(to: &addr) { p throws(SystemError) in
            try p.withMemoryRebound(to: sockaddr.self, capacity: 1) { a throws(SystemError) in
                _ = try syscall("bind") { bind(socket.rawValue, a, len) }
                _ = try syscall("getsockname") { getsockname(socket.rawValue, a, &len) }
            }
        }
        return Int(UInt16(bigEndian: addr.sin_port))
    }
}
