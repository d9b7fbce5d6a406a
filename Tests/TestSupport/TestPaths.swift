import Glibc
import Platform

/// The repository root, from this file's path (Tests/TestSupport/TestPaths.swift).
public let repositoryRoot: String = {
    var p = #filePath
    for _ in 0..<3 { if let i = p.lastIndex(of: "/") { p = String(p[..<i]) } }
    return p
}()

/// The bundled fonts every rendering test uses.
public let bundledFonts = repositoryRoot + "/fonts"

/// The built `quizkiosk`: it sits beside the test bundle, which may be a directory
/// (…/QuizKioskPackageTests.xctest) or a file inside one.
public let quizkioskBinary: String = {
    var dir = Files.executablePath() ?? ""
    while !dir.isEmpty, access(dir + "/quizkiosk", X_OK) != 0, let i = dir.lastIndex(of: "/") {
        dir = String(dir[..<i])
    }
    return dir + "/quizkiosk"
}()

/// The built `quizkiosk-bench`, beside `quizkiosk` (one build directory holds both products).
public let quizkioskBenchBinary: String = quizkioskBinary + "-bench"

/// Temporary folders for one test: made under /tmp, removed with everything in them.
public enum TempDir {
    public static func make() -> String {
        var template = Array("/tmp/quizkiosk-test-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { buf in
            guard let base = buf.baseAddress, let p = mkdtemp(base) else { return "/tmp" }
            return String(cString: p)
        }
    }

    public static func write(_ path: String, _ bytes: [UInt8]) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    public static func write(_ path: String, _ text: String) { write(path, Array(text.utf8)) }

    /// A unique path under /tmp for a file the test makes (not created).
    public static func file(_ prefix: String) -> String {
        "/tmp/\(prefix)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Removes a folder made by `make()` and everything in it.
    public static func remove(_ path: String) {
        guard path.hasPrefix("/tmp/quizkiosk-test-") else { return }
        _ = try? Subprocess(["/bin/rm", "-rf", path]).wait()
    }

    public static func read(_ path: String) -> String {
        (try? Files.read(path)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}

/// Waits until `condition` holds, checking every 10 ms, for at most `timeout` seconds: for
/// events in another process (a child's output, a broker's message). The deadline only bounds
/// a failing test; a passing one returns as soon as the event happened.
///
/// Between checks the task sleeps, not the thread: the test runner has one thread per core,
/// and a test blocked in usleep or poll(2) holds one that other tests could run on.
public func waitUntil(timeout: Double, _ condition: () -> Bool) async -> Bool {
    let end = Clock.monotonic() + timeout
    while true {
        if condition() { return true }
        if Clock.monotonic() > end { return false }
        try? await Task.sleep(for: .milliseconds(10))
    }
}
