import Glibc
import Platform
import Testing

/// Runs the built `quizkiosk` (it sits beside the test bundle) and captures its output.
public struct Run {
    public let status: Int32
    public let stdout: String
    public let stderr: String

    public var stderrLines: [Substring] { stderr.split(separator: "\n") }

    public init(_ args: [String], stdin: String? = nil, environment: [String: String] = [:], executable: String = quizkioskBinary) {
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
        stdout = TempDir.read(outPath + ".out")
        stderr = TempDir.read(outPath + ".err")
        unlink(outPath + ".out")
        unlink(outPath + ".err")
        unlink(outPath + ".in")
    }
}
