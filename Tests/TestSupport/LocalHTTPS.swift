import Glibc
import Platform

/// The HTTPS server of `Tests/Servers/https_server.py` in its own process, on a free port of
/// 127.0.0.1, with a certificate from a throwaway CA: every path a picture URL can take (a
/// file, 404, slow, redirects, too big, not an image), each request logged.
public final class LocalHTTPS {
    public let directory: String
    public let ca: String
    public private(set) var port = 0
    private let process: Child

    public init(media: String = TestMedia.directory) async throws {
        directory = TempDir.make()
        let (ca, cert, key) = try TestCertificates.make(in: directory)
        self.ca = ca
        process = try Child(["/usr/bin/python3", repositoryRoot + "/Tests/Servers/https_server.py", cert, key, media, directory + "/requests.log"],
                            program: true)
        var found = 0
        _ = await waitUntil(timeout: 15) {
            if let line = self.process.stdout.split(separator: "\n").first, line.hasPrefix("listening "), let p = Int(line.dropFirst(10)) {
                found = p
                return true
            }
            return false
        }
        port = found
    }

    public func url(_ path: String) -> String { "https://127.0.0.1:\(port)\(path)" }

    /// The paths requested so far, in order.
    public var requests: [String] { TempDir.read(directory + "/requests.log").split(separator: "\n").map(String.init) }

    deinit {
        process.kill()
        TempDir.remove(directory)
    }
}
