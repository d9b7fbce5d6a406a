import Glibc
import Kiosk
import Platform
import TestSupport
import Testing

/// Writes like a program that opens, truncates and writes in place (no rename); the open
/// descriptor when `close` is false.
private func writeInPlace(_ path: String, _ text: String, close closing: Bool = true) -> Int32 {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    if closing { close(fd) }
    return fd
}

/// `--source file:PATH` on virtual time. inotify events are real (waited for with a deadline,
/// or handled with `runOnce(timeout: 0)` where the call that made them, write(2), unlink(2),
/// has already queued them); the settle and rewatch timers are stepped through exactly.
@Suite struct FileSourceTests {
    init() { Log.sink = { _ in } }

    /// A file source watching `path`, started on a virtual loop; it watches while it lives.
    func watch(_ path: String) throws -> (EventLoop, RecordingSink, FileSource) {
        let loop = EventLoop(clock: VirtualClock())
        let sink = RecordingSink()
        let source = FileSource(path: path)
        try source.start(on: loop, sink: sink)
        return (loop, sink, source)
    }

    @Test func renameReplacementInPlaceRewriteAndRecreationAllCount() throws {
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        let path = dir + "/state.json"
        let log = LogCapture(containing: dir)
        let (loop, sink, source) = try watch(path)
        defer { source.stop() }
        #expect(sink.store.current == .idle, "no file yet: idle, waiting")

        try Files.writeAtomically(Array(#"{"title":"renamed in"}"#.utf8), to: path)
        #expect(loop.run(until: { sink.store.current.title == "renamed in" }, timeout: 5))

        _ = writeInPlace(path, #"{"title":"rewritten"}"#)
        #expect(loop.run(until: { sink.store.current.title == "rewritten" }, timeout: 5))

        unlink(path)
        #expect(loop.run(until: { !log.lines(containing: "the file was removed").isEmpty }, timeout: 5))
        loop.advance(by: 60)
        #expect(sink.store.current.title == "rewritten", "a removed file keeps the last state")
        _ = writeInPlace(path, #"{"title":"re-created"}"#)
        #expect(loop.run(until: { sink.store.current.title == "re-created" }, timeout: 5))
    }

    /// A writer that keeps the file open is read once it has been quiet for 0.25 s.
    @Test func aHalfWrittenFileIsReadAfterItSettlesRejectedNotBlankAndTheCompletedOneIsTaken() throws {
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        let path = dir + "/state.json"
        let log = LogCapture(containing: dir)
        try Files.writeAtomically(Array(#"{"title":"good"}"#.utf8), to: path)
        let (loop, sink, source) = try watch(path)
        defer { source.stop() }
        #expect(sink.store.current.title == "good")

        // Truncated and half written, the writer still holding it open.
        let fd = writeInPlace(path, #"{"title":"ne"#, close: false)
        loop.runOnce(timeout: 0)
        loop.advance(by: 0.125)
        let more = Array("w".utf8)                 // still writing: the quiet time starts again
        _ = more.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        loop.runOnce(timeout: 0)
        loop.advance(by: 0.24)
        #expect(sink.store.rejectedCount == 0 && source.reads == 1, "not read before it has been quiet for 0.25 s")
        loop.advance(by: 0.02)
        #expect(sink.store.rejectedCount == 1, "read, and rejected")
        #expect(sink.store.current.title == "good", "the last good state stays")
        let rest = Array(#""}"#.utf8)
        _ = rest.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        #expect(loop.run(until: { sink.store.current.title == "new" }, timeout: 5), "closed: read at once")

        // An emptied file is the moment between truncate and write: not "clear the screen".
        close(writeInPlace(path, "", close: false))
        #expect(loop.run(until: { !log.lines(containing: "the file is empty").isEmpty }, timeout: 5))
        loop.advance(by: 60)
        #expect(sink.store.current.title == "new")
        #expect(sink.store.rejectedCount == 1)
    }

    /// Another source changed the screen; writing the file again, even unchanged, brings the
    /// file's state back: the latest write wins.
    @Test func rewritingTheSameContentCountsAgain() throws {
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        let path = dir + "/state.json"
        try Files.writeAtomically(Array(#"{"title":"from the file"}"#.utf8), to: path)
        let (loop, sink, source) = try watch(path)
        defer { source.stop() }
        #expect(sink.store.current.title == "from the file")
        sink.store.apply(Array(#"{"title":"from the controller"}"#.utf8), from: "other")
        _ = writeInPlace(path, #"{"title":"from the file"}"#)
        #expect(loop.run(until: { sink.store.current.title == "from the file" }, timeout: 5))
    }

    /// The folder itself removed (an operator's clean-up, a remount): looked for every 2 s, and
    /// the file read as soon as the folder is watched again.
    @Test func aRemovedFolderIsWatchedForAgainEveryTwoSeconds() throws {
        let parent = TempDir.make()
        defer { TempDir.remove(parent) }
        let dir = parent + "/quiz"
        mkdir(dir, 0o755)
        let path = dir + "/state.json"
        let log = LogCapture(containing: dir)
        try Files.writeAtomically(Array(#"{"title":"before"}"#.utf8), to: path)
        let (loop, sink, source) = try watch(path)
        defer { source.stop() }
        #expect(sink.store.current.title == "before")

        unlink(path)
        rmdir(dir)
        #expect(loop.run(until: { !log.lines(containing: "is gone").isEmpty }, timeout: 5))
        loop.advance(by: 0.5)
        mkdir(dir, 0o755)
        try Files.writeAtomically(Array(#"{"title":"after"}"#.utf8), to: path)
        loop.advance(by: 1.49)
        #expect(sink.store.current.title == "before", "not watched again before the 2 s retry")
        loop.advance(by: 0.02)
        #expect(sink.store.current.title == "after")
        // Watched again: a later write is seen as it happens.
        try Files.writeAtomically(Array(#"{"title":"later"}"#.utf8), to: path)
        #expect(loop.run(until: { sink.store.current.title == "later" }, timeout: 5))
    }

    /// A FIFO at the path must not block the screen's one thread.
    @Test func aPipeAtThePathIsAnErrorNotAHang() throws {
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        let path = dir + "/state.json"
        mkfifo(path, 0o644)
        let sink = RecordingSink()
        let started = Clock.monotonic()
        let source = FileSource(path: path)
        try source.start(on: EventLoop(clock: VirtualClock()), sink: sink)
        source.stop()
        #expect(Clock.monotonic() - started < 1, "real time: the open must not wait for a writer")
        #expect(sink.store.current == .idle)
    }

    @Test func aMissingDirectoryIsAConfigurationError() {
        let source = FileSource(path: "/nonexistent-dir-\(getpid())/state.json")
        #expect(throws: SystemError.self) { try source.start(on: EventLoop(clock: VirtualClock()), sink: RecordingSink()) }
    }
}
