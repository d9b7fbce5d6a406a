import Glibc
import Platform
import QuizHost

extension NightStore {
    public static let secretFileName = "host-secret"

    /// The host console's secret (issue 24: `…/host#SECRET`), kept in the data folder as
    /// `host-secret` (mode 0600, written whole before it is renamed into place), so a restarted
    /// host keeps it. Made once from `generate` (192 random bits by default).
    public func hostSecret(generate: () -> String = { PlayerToken.generate().text }) throws(StoreError) -> String {
        let path = directory + "/" + Self.secretFileName
        if let bytes = try? Files.read(path, limit: 1024) {
            let text = String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace }
            if !text.isEmpty { return text }
        }
        let secret = generate()
        let tmp = path + ".new"
        unlink(tmp)
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StoreError(.readOnly, path: tmp, detail: String(cString: strerror(errno))) }
        let bytes = Array((secret + "\n").utf8)
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let e = errno
        let synced = fsync(fd) == 0
        close(fd)
        guard n == bytes.count, synced, rename(tmp, path) == 0 else {
            let detail = String(cString: strerror(n < 0 ? e : errno))
            unlink(tmp)
            throw StoreError(e == ENOSPC ? .diskFull : .io, path: path, detail: detail)
        }
        return secret
    }
}

/// Compares a secret a console sent with the host's in time that does not depend on where
/// they differ (a timing side channel must not spell the secret out).
public func secretsMatch(_ given: String, _ secret: String) -> Bool {
    let a = Array(given.utf8), b = Array(secret.utf8)
    var diff = UInt8(a.count == b.count ? 0 : 1)
    for k in 0..<max(a.count, b.count) {
        diff |= (k < a.count ? a[k] : 0) ^ (k < b.count ? b[k] : 0)
    }
    return diff == 0
}
