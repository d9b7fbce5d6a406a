import Glibc
@testable import Kiosk
import Platform
@testable import QuizContract
@testable import Renderer
import Synchronization
import TestSupport
import Testing

/// A sink that applies messages to a store, like the kiosk, and remembers what came.
final class RecordingSink: StateSink {
    let store = StateStore()
    var origins: [String] = []
    var links: [Bool] = []
    func receive(_ bytes: [UInt8], from origin: String) {
        origins.append(origin)
        store.apply(bytes, from: origin)
    }
    func reject(_ reason: String, from origin: String) {
        origins.append(origin)
        rejections.append(reason)
        store.reject(reason, from: origin)
    }
    var rejections: [String] = []
    func controllerLink(online: Bool) { links.append(online) }
}

private func temporaryDirectory() -> String {
    var template = Array("/tmp/quizkiosk-src-XXXXXX".utf8CString)
    return template.withUnsafeMutableBufferPointer { buf in
        guard let base = buf.baseAddress, let p = mkdtemp(base) else { return "/tmp" }
        return String(cString: p)
    }
}

private func removeFlatDirectory(_ path: String) {
    guard path.hasPrefix("/tmp/"), let d = opendir(path) else { return }
    while let e = readdir(d) {
        let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name != "." && name != ".." { unlink(path + "/" + name) }
    }
    closedir(d)
    rmdir(path)
}

/// Writes like a program that opens, truncates and writes in place (no rename).
private func writeInPlace(_ path: String, _ text: String, close closing: Bool = true) -> Int32 {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    if closing { close(fd) }
    return fd
}

@Suite(.serialized) struct FileSourceTests {
    init() { Log.sink = { _ in } }

    @Test func renameReplacementInPlaceRewriteAndRecreationAllCount() throws {
        let dir = temporaryDirectory()
        defer { removeFlatDirectory(dir) }
        let path = dir + "/state.json"
        let loop = EventLoop()
        let sink = RecordingSink()
        let source = FileSource(path: path, settle: 0.1)
        try source.start(on: loop, sink: sink)
        #expect(sink.store.current == .idle, "no file yet: idle, waiting")

        try Files.writeAtomically(Array(#"{"title":"renamed in"}"#.utf8), to: path)
        #expect(loop.run(until: { sink.store.current.title == "renamed in" }, timeout: 2))

        _ = writeInPlace(path, #"{"title":"rewritten"}"#)
        #expect(loop.run(until: { sink.store.current.title == "rewritten" }, timeout: 2))

        unlink(path)
        _ = loop.run(until: { false }, timeout: 0.2)
        #expect(sink.store.current.title == "rewritten", "a removed file keeps the last state")
        _ = writeInPlace(path, #"{"title":"re-created"}"#)
        #expect(loop.run(until: { sink.store.current.title == "re-created" }, timeout: 2))
        source.stop()
    }

    @Test func aHalfWrittenFileIsRejectedNotBlankAndTheCompletedOneIsTaken() throws {
        let dir = temporaryDirectory()
        defer { removeFlatDirectory(dir) }
        let path = dir + "/state.json"
        try Files.writeAtomically(Array(#"{"title":"good"}"#.utf8), to: path)
        let loop = EventLoop()
        let sink = RecordingSink()
        let source = FileSource(path: path, settle: 0.1)
        try source.start(on: loop, sink: sink)
        defer { source.stop() }
        #expect(sink.store.current.title == "good")

        // Truncated and half written, the writer still holding it open: read after it is
        // quiet, rejected, the last good state stays.
        let fd = writeInPlace(path, #"{"title":"ne"#, close: false)
        #expect(loop.run(until: { sink.store.rejectedCount == 1 }, timeout: 2))
        #expect(sink.store.current.title == "good")
        let rest = Array(#"w"}"#.utf8)
        _ = rest.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        #expect(loop.run(until: { sink.store.current.title == "new" }, timeout: 2))

        // An emptied file is the moment between truncate and write: not "clear the screen".
        close(writeInPlace(path, "", close: false))
        _ = loop.run(until: { false }, timeout: 0.3)
        #expect(sink.store.current.title == "new")
        #expect(sink.store.rejectedCount == 1)
    }

    /// Another source changed the screen; writing the file again, even unchanged, brings the
    /// file's state back: the latest write wins.
    @Test func rewritingTheSameContentCountsAgain() throws {
        let dir = temporaryDirectory()
        defer { removeFlatDirectory(dir) }
        let path = dir + "/state.json"
        let loop = EventLoop()
        let sink = RecordingSink()
        let source = FileSource(path: path, settle: 0.1)
        try Files.writeAtomically(Array(#"{"title":"from the file"}"#.utf8), to: path)
        try source.start(on: loop, sink: sink)
        #expect(sink.store.current.title == "from the file")
        sink.store.apply(Array(#"{"title":"from the controller"}"#.utf8), from: "other")
        _ = writeInPlace(path, #"{"title":"from the file"}"#)
        #expect(loop.run(until: { sink.store.current.title == "from the file" }, timeout: 2))
    }

    /// A FIFO at the path must not block the screen's one thread.
    @Test func aPipeAtThePathIsAnErrorNotAHang() throws {
        let dir = temporaryDirectory()
        defer { removeFlatDirectory(dir) }
        let path = dir + "/state.json"
        mkfifo(path, 0o644)
        let loop = EventLoop()
        let sink = RecordingSink()
        let started = Clock.monotonic()
        try FileSource(path: path, settle: 0.1).start(on: loop, sink: sink)
        #expect(Clock.monotonic() - started < 1)
        #expect(sink.store.current == .idle)
    }

    @Test func aMissingDirectoryIsAConfigurationError() {
        let source = FileSource(path: "/nonexistent-dir-\(getpid())/state.json")
        #expect(throws: SystemError.self) { try source.start(on: EventLoop(), sink: RecordingSink()) }
    }
}

@Suite(.serialized) struct LineSourceTests {
    init() { Log.sink = { _ in } }

    @Test func oneStatePerLineOversizedLinesRejectedAndEndOfInputKeepsTheState() {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        // The writer must not block on a full pipe: the reader runs on this same thread.
        _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
        let loop = EventLoop()
        let sink = RecordingSink()
        let source = LineSource(fd: fds[0], name: "stdin")
        source.start(on: loop, sink: sink)
        func send(_ bytes: [UInt8]) {
            var off = 0
            while off < bytes.count {
                let n = bytes[off...].withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
                if n > 0 { off += n }
                loop.runOnce(timeout: 0.01)
            }
        }
        send(Array("{\"title\":\"one\"}\r\n\n   \n{\"title\":\"two\"}\n{\"title\":".utf8))
        #expect(loop.run(until: { sink.store.current.title == "two" }, timeout: 2))
        send(Array("\"split across writes\"}\n".utf8))
        #expect(loop.run(until: { sink.store.current.title == "split across writes" }, timeout: 2))
        #expect(sink.origins.count == 3, "blank lines are skipped")

        var huge = Array("{\"title\":\"".utf8) + [UInt8](repeating: 0x61, count: 200_000) + Array("\"}\n".utf8)
        send(huge)
        #expect(loop.run(until: { sink.store.rejectedCount == 1 }, timeout: 5))
        #expect(sink.origins.last == "stdin line 6")
        #expect(sink.rejections == ["line is 200012 bytes, over the 65536-byte limit"], "the real length, not the part read")
        huge = Array("{\"title\":\"after\"}".utf8)  // no newline: taken at end of input
        send(huge)
        close(fds[1])
        #expect(loop.run(until: { source.finished }, timeout: 2))
        #expect(sink.store.current.title == "after")
        close(fds[0])
    }
}

@Suite(.serialized) struct DemoSourceTests {
    init() { Log.sink = { _ in } }

    @Test func advancesOnItsOwnAndKeepsRevisionsGrowingAcrossPasses() {
        let loop = EventLoop()
        let sink = RecordingSink()
        // The real demo's states, shown 20 ms each.
        let source = DemoSource(steps: { start in
            DemoQuiz.steps(start: start).map { DemoQuiz.Step(name: $0.name, state: $0.state, seconds: 0.02) }
        })
        source.start(on: loop, sink: sink)
        let perPass = DemoQuiz.steps(start: 0).count
        #expect(loop.run(until: { source.delivered >= perPass * 2 + 2 }, timeout: 5))
        #expect(sink.store.rejectedCount == 0 && sink.store.staleCount == 0, "every state valid and newer than the last")
        #expect(sink.store.current.revision ?? 0 > perPass * 2)
        source.stop()
    }
}
