import Glibc
import Platform

/// A `quizkiosk` process running beside the test: optional stdin pipe (to type keys or lines
/// into it), stdout and stderr captured to files that can be read while it runs.
final class Child {
    let pid: pid_t
    let outPath: String
    let errPath: String
    private let process: Subprocess
    var status: Int32? { process.status }

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
        var env = Environment.all
        for (k, v) in environment { env[k] = v }
        process = try Subprocess([Child.binary] + args, stdin: stdinPipe ? .pipe : .null, stdout: .file(outPath),
                                 stderr: .file(errPath), environment: env)
        pid = process.pid
    }

    deinit {
        kill()
        unlink(outPath)
        unlink(errPath)
    }

    /// Writes a line to the child's standard input.
    func send(_ line: String) { process.write(Array((line + "\n").utf8)) }

    func closeStdin() { process.closeStdin() }

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
        let end = Clock.monotonic() + timeout
        while Clock.monotonic() < end {
            if let status = process.poll() { return status }
            usleep(10_000)
        }
        return process.poll()
    }

    /// SIGTERM (a clean shutdown) and wait.
    @discardableResult
    func terminate() -> Int32? {
        guard status == nil else { return status }
        process.signal(SIGTERM)
        return wait(timeout: 10)
    }

    /// SIGKILL: gone without a goodbye.
    func kill() {
        guard status == nil else { return }
        closeStdin()
        process.signal(SIGKILL)
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
