import Glibc
import Platform

/// A `quizkiosk` process running beside the test: optional stdin pipe (to type keys or lines
/// into it), stdout and stderr captured to files that can be read while it runs.
final class Child {
    let pid: pid_t
    let outPath: String
    let errPath: String
    private var stdinFD: Int32 = -1
    private(set) var status: Int32?

    static var binary: String {
        var dir = Files.executablePath() ?? ""
        // The test bundle may be a directory (…/QuizKioskPackageTests.xctest) or a file in one.
        while !dir.isEmpty, access(dir + "/quizkiosk", X_OK) != 0, let i = dir.lastIndex(of: "/") {
            dir = String(dir[..<i])
        }
        return dir + "/quizkiosk"
    }

    init(_ args: [String], stdinPipe: Bool = false, environment: [String: String] = [:]) throws {
        let base = "/tmp/qk-child-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        outPath = base + ".out"
        errPath = base + ".err"
        var fa = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fa)
        defer { posix_spawn_file_actions_destroy(&fa) }
        var fds: [Int32] = [-1, -1]
        if stdinPipe {
            guard pipe(&fds) == 0 else { throw SystemError("pipe") }
            // Close-on-exec, so other children never inherit the write end (and the reader
            // sees end of input when we close it); dup2 onto 0 clears it for the child.
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            posix_spawn_file_actions_adddup2(&fa, fds[0], 0)
        } else {
            posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_addopen(&fa, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&fa, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = [Child.binary] + args
        let cargs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { cargs.forEach { free($0) } }
        var env = Environment.all
        for (k, v) in environment { env[k] = v }
        let cenv: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { cenv.forEach { free($0) } }
        // No blocked signals and default handlers in the child, whatever the test runner has.
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var none = sigset_t()
        sigemptyset(&none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in [SIGTERM, SIGHUP, SIGINT, SIGPIPE] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigmask(&attr, &none)
        posix_spawnattr_setsigdefault(&attr, &defaults)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var p: pid_t = 0
        let rc = posix_spawn(&p, Child.binary, &fa, &attr, cargs, cenv)
        if stdinPipe {
            close(fds[0])
            stdinFD = fds[1]
        }
        guard rc == 0 else { throw SystemError("posix_spawn", errno: rc, subject: Child.binary) }
        pid = p
    }

    deinit {
        kill()
        unlink(outPath)
        unlink(errPath)
    }

    /// Writes a line to the child's standard input.
    func send(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(stdinFD, $0.baseAddress, $0.count) }
    }

    func closeStdin() {
        if stdinFD >= 0 { close(stdinFD) }
        stdinFD = -1
    }

    var stdout: String { Self.read(outPath) }
    var stderr: String { Self.read(errPath) }
    var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }

    func lines(containing text: String) -> [String] { stderrLines.filter { $0.contains(text) } }

    /// Waits until stderr has at least `count` lines containing `text`.
    @discardableResult
    func waitForLines(containing text: String, count: Int = 1, timeout: Double = 10) -> Bool {
        poll(timeout: timeout) { self.lines(containing: text).count >= count }
    }

    /// Waits for the process to exit by itself; returns its exit status (nil: still running).
    @discardableResult
    func wait(timeout: Double = 10) -> Int32? {
        if let status { return status }
        let end = Clock.monotonic() + timeout
        while Clock.monotonic() < end {
            var st: Int32 = 0
            if waitpid(pid, &st, WNOHANG) == pid {
                let signal = st & 0x7F
                status = signal == 0 ? (st >> 8) & 0xFF : 128 + signal
                return status
            }
            usleep(10_000)
        }
        return nil
    }

    /// SIGTERM (a clean shutdown) and wait.
    @discardableResult
    func terminate() -> Int32? {
        guard status == nil else { return status }
        Glibc.kill(pid, SIGTERM)
        return wait(timeout: 10)
    }

    /// SIGKILL: gone without a goodbye.
    func kill() {
        guard status == nil else { return }
        closeStdin()
        Glibc.kill(pid, SIGKILL)
        _ = wait(timeout: 10)
    }

    static func read(_ path: String) -> String {
        (try? Files.read(path)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}

/// Polls `condition` every 20 ms until it holds or `timeout` seconds pass.
func poll(timeout: Double, _ condition: () -> Bool) -> Bool {
    let end = Clock.monotonic() + timeout
    while true {
        if condition() { return true }
        if Clock.monotonic() > end { return false }
        usleep(20_000)
    }
}

/// The repository root, from this file's path.
let repositoryRoot: String = {
    var p = #filePath
    for _ in 0..<4 { if let i = p.lastIndex(of: "/") { p = String(p[..<i]) } }
    return p
}()

func makeTemporaryDirectory() -> String {
    var template = Array("/tmp/quizkiosk-ctl-XXXXXX".utf8CString)
    return template.withUnsafeMutableBufferPointer { buf in
        guard let base = buf.baseAddress, let p = mkdtemp(base) else { return "/tmp" }
        return String(cString: p)
    }
}

/// Removes a directory and the files in it (no subdirectories are made by the tests).
func removeDirectory(_ path: String) {
    guard path.hasPrefix("/tmp/"), let d = opendir(path) else { return }
    while let e = readdir(d) {
        let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name != "." && name != ".." { unlink(path + "/" + name) }
    }
    closedir(d)
    rmdir(path)
}
