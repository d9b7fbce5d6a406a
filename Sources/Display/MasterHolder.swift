import Glibc
import Platform

/// Names the program that holds DRM master on a card, for the "cannot drive the display" error:
/// debugfs lists each client with a master flag (root only); otherwise we list the programs
/// that have the card open, from /proc.
enum MasterHolder {
    static func describe(cardPath: String) -> String? {
        let minor = Uevent.resolved(cardPath).split(separator: "/").last.map { String($0.drop { !$0.isNumber }) } ?? ""
        if let clients = read("/sys/kernel/debug/dri/\(minor)/clients") {
            // Header: "command pid dev master a uid magic"; the master column is y/n.
            for line in clients.split(separator: "\n").dropFirst() {
                let f = line.split(separator: " ", omittingEmptySubsequences: true)
                if f.count >= 4, f[3] == "y", Int32(f[1]) != getpid() {
                    return "\(f[0]) (pid \(f[1]))"
                }
            }
        }
        let openers = programsWithOpen(cardPath)
        return openers.isEmpty ? nil : "one of: " + openers.joined(separator: ", ")
    }

    static func programsWithOpen(_ path: String) -> [String] {
        guard let proc = opendir("/proc") else { return [] }
        defer { closedir(proc) }
        var out: [String] = []
        while let e = readdir(proc) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = Int32(name), pid != getpid(), let fds = opendir("/proc/\(pid)/fd") else { continue }
            var holds = false
            while let f = readdir(fds) {
                let fdName = withUnsafeBytes(of: f.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                var buf = [CChar](repeating: 0, count: 256)
                let n = readlink("/proc/\(pid)/fd/\(fdName)", &buf, buf.count - 1)
                if n > 0, String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) == path {
                    holds = true
                    break
                }
            }
            closedir(fds)
            if holds {
                let comm = read("/proc/\(pid)/comm")?.split(separator: "\n").first.map(String.init) ?? "?"
                out.append("\(comm) (pid \(pid))")
            }
        }
        return out
    }

    static func read(_ path: String) -> String? {
        (try? Files.read(path, limit: 1 << 20)).map { String(decoding: $0, as: UTF8.self) }
    }
}
