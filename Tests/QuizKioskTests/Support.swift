import Glibc
import Platform
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
        var env = Platform.Environment.all
        for (k, v) in environment { env[k] = v }
        if let stdin { TempDir.write(outPath + ".in", stdin) }
        do {
            let p = try Subprocess([executable] + args, stdin: stdin == nil ? .null : .file(outPath + ".in"),
                                   stdout: .file(outPath + ".out"), stderr: .file(outPath + ".err"), environment: env)
            status = p.wait()
        } catch {
            status = -1
        }
        stdout = Run.slurp(outPath + ".out")
        stderr = Run.slurp(outPath + ".err")
        unlink(outPath + ".out")
        unlink(outPath + ".err")
        unlink(outPath + ".in")
    }

    static func slurp(_ path: String) -> String {
        (try? Files.read(path)).map { String(decoding: $0, as: UTF8.self) } ?? ""
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

    /// Removes a directory made by `make()` and everything in it.
    static func remove(_ path: String) {
        guard path.hasPrefix("/tmp/quizkiosk-test-") else { return }
        _ = try? Subprocess(["/bin/rm", "-rf", path]).wait()
    }
}

/// The repository root, from this file's path.
let repositoryRoot: String = {
    var p = #filePath
    for _ in 0..<3 { if let i = p.lastIndex(of: "/") { p = String(p[..<i]) } }
    return p
}()

/// A `quizkiosk` running in the background (a screen under test), stopped with a signal.
final class Background {
    let process: Subprocess
    let outPath: String

    init(_ args: [String], environment: [String: String] = [:]) throws {
        outPath = "/tmp/qk-bg-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        var env = Platform.Environment.all
        for (k, v) in environment { env[k] = v }
        process = try Subprocess([Run.binary] + args, stdout: .file(outPath + ".out"), stderr: .file(outPath + ".err"),
                                 environment: env)
    }

    var stderr: String { Run.slurp(outPath + ".err") }

    /// Sends `signal` and waits; returns the exit status (128 + signal when killed by one).
    @discardableResult
    func stop(_ signal: Int32 = SIGTERM) -> Int32 {
        process.signal(signal)
        return process.wait()
    }

    deinit {
        process.signal(SIGKILL)
        process.wait()
        unlink(outPath + ".out")
        unlink(outPath + ".err")
    }
}
