import Glibc
import Testing

/// Runs the built `quizkiosk` (it sits beside the test bundle) and captures its output.
struct Run {
    let status: Int32
    let stdout: String
    let stderr: String

    var stderrLines: [Substring] { stderr.split(separator: "\n") }

    static var binary: String {
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buf, buf.count - 1)
        let exe = n > 0 ? String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        var dir = exe
        // The bundle may be a directory (…/QuizKioskPackageTests.xctest) or a file inside one.
        while !dir.isEmpty, access(dir + "/quizkiosk", X_OK) != 0, let i = dir.lastIndex(of: "/") {
            dir = String(dir[..<i])
        }
        return dir + "/quizkiosk"
    }

    init(_ args: [String], stdin: String? = nil, environment: [String: String] = [:], executable: String = Run.binary) {
        let outPath = "/tmp/qk-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        var fa = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fa)
        defer { posix_spawn_file_actions_destroy(&fa) }
        posix_spawn_file_actions_addopen(&fa, 1, outPath + ".out", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&fa, 2, outPath + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if let stdin {
            let fd = open(outPath + ".in", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            _ = stdin.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
            close(fd)
            posix_spawn_file_actions_addopen(&fa, 0, outPath + ".in", O_RDONLY, 0)
        } else {
            posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0)
        }
        let argv = [executable] + args
        let cargs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { cargs.forEach { free($0) } }
        var env = [String: String]()
        var p = environ
        while let e = p.pointee {
            let s = String(cString: e)
            if let eq = s.firstIndex(of: "=") { env[String(s[..<eq])] = String(s[s.index(after: eq)...]) }
            p += 1
        }
        for (k, v) in environment { env[k] = v }
        let cenv: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { cenv.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, executable, &fa, nil, cargs, cenv)
        var st: Int32 = 0
        if rc == 0 { while waitpid(pid, &st, 0) == -1 && errno == EINTR {} }
        // Exit status when it exited, 128 + signal when a signal killed it (a crash).
        let signal = st & 0x7F
        status = rc != 0 ? -1 : (signal == 0 ? (st >> 8) & 0xFF : 128 + signal)
        stdout = Run.slurp(outPath + ".out")
        stderr = Run.slurp(outPath + ".err")
        unlink(outPath + ".out")
        unlink(outPath + ".err")
        unlink(outPath + ".in")
    }

    static func slurp(_ path: String) -> String {
        guard let f = fopen(path, "rb") else { return "" }
        defer { fclose(f) }
        var out: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buf, 1, buf.count, f)
            if n <= 0 { break }
            out += buf[0..<n]
        }
        return String(decoding: out, as: UTF8.self)
    }
}

enum TempDir {
    static func make() -> String {
        var template = Array("/tmp/quizkiosk-test-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { buf in
            guard let base = buf.baseAddress, let p = mkdtemp(base) else { return "/tmp" }
            return String(cString: p)
        }
    }

    static func write(_ path: String, _ bytes: [UInt8]) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    static func write(_ path: String, _ text: String) { write(path, Array(text.utf8)) }
}

/// The repository root, from this file's path.
let repositoryRoot: String = {
    var p = #filePath
    for _ in 0..<3 { if let i = p.lastIndex(of: "/") { p = String(p[..<i]) } }
    return p
}()

/// A `quizkiosk` running in the background (a screen under test), stopped with a signal.
final class Background {
    let pid: pid_t
    let outPath: String

    init(_ args: [String], environment: [String: String] = [:]) {
        outPath = "/tmp/qk-bg-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        var fa = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fa)
        defer { posix_spawn_file_actions_destroy(&fa) }
        posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&fa, 1, outPath + ".out", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&fa, 2, outPath + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = [Run.binary] + args
        let cargs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { cargs.forEach { free($0) } }
        var env: [String] = []
        var p = environ
        while let e = p.pointee { env.append(String(cString: e)); p += 1 }
        env += environment.map { "\($0.key)=\($0.value)" }
        let cenv: [UnsafeMutablePointer<CChar>?] = env.map { strdup($0) } + [nil]
        defer { cenv.forEach { free($0) } }
        var pid: pid_t = 0
        posix_spawn(&pid, Run.binary, &fa, nil, cargs, cenv)
        self.pid = pid
    }

    var stderr: String { Run.slurp(outPath + ".err") }

    /// Sends `signal` and waits; returns the exit status (128 + signal when killed by one).
    @discardableResult
    func stop(_ signal: Int32 = SIGTERM) -> Int32 {
        kill(pid, signal)
        var st: Int32 = 0
        while waitpid(pid, &st, 0) == -1 && errno == EINTR {}
        let sig = st & 0x7F
        return sig == 0 ? (st >> 8) & 0xFF : 128 + sig
    }

    deinit {
        kill(pid, SIGKILL)
        var st: Int32 = 0
        waitpid(pid, &st, WNOHANG)
        unlink(outPath + ".out")
        unlink(outPath + ".err")
    }
}
