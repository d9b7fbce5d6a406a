import Glibc
import Platform

/// A `quizkiosk` process running beside the test: optional stdin pipe (to type keys or lines
/// into it), stdout and stderr captured to files that can be read while it runs.
public final class Child {
    public let pid: pid_t
    public let outPath: String
    public let errPath: String
    private let process: Subprocess
    public var status: Int32? { process.status }
    /// The exit status if the process has ended (reaped now, without waiting), else nil.
    public func poll() -> Int32? { process.poll() }

    /// `program`: `args[0]` is the program to run (a test server), not an argument of quizkiosk.
    public init(_ args: [String], stdinPipe: Bool = false, environment: [String: String] = [:], program: Bool = false) throws {
        let base = "/tmp/qk-child-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        outPath = base + ".out"
        errPath = base + ".err"
        var env = Environment.all
        for (k, v) in environment { env[k] = v }
        process = try Subprocess(program ? args : [quizkioskBinary] + args, stdin: stdinPipe ? .pipe : .null, stdout: .file(outPath),
                                 stderr: .file(errPath), environment: env)
        pid = process.pid
    }

    deinit {
        kill()
        unlink(outPath)
        unlink(errPath)
    }

    /// Writes a line to the child's standard input.
    public func send(_ line: String) { process.write(Array((line + "\n").utf8)) }

    public func closeStdin() { process.closeStdin() }

    public var stdout: String { TempDir.read(outPath) }
    public var stderr: String { TempDir.read(errPath) }
    public var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }

    public func lines(containing text: String) -> [String] { stderrLines.filter { $0.contains(text) } }

    /// Waits until stderr has at least `count` lines containing `text`.
    @discardableResult
    public func waitForLines(containing text: String, count: Int = 1, timeout: Double = 10) async -> Bool {
        await waitUntil(timeout: timeout) { self.lines(containing: text).count >= count }
    }

    /// Waits for the process to exit by itself; returns its exit status (nil: still running).
    @discardableResult
    public func wait(timeout: Double = 10) async -> Int32? {
        _ = await waitUntil(timeout: timeout) { process.poll() != nil }
        return process.poll()
    }

    /// SIGTERM (a clean shutdown) and wait.
    @discardableResult
    public func terminate() async -> Int32? {
        guard status == nil else { return status }
        process.signal(SIGTERM)
        return await wait(timeout: 10)
    }

    /// SIGKILL: gone without a goodbye (and reaped: SIGKILL cannot be caught, so the blocking
    /// wait is short).
    public func kill() {
        guard status == nil else { return }
        closeStdin()
        process.signal(SIGKILL)
        _ = process.wait()
    }

}
