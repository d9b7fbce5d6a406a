import CLinux
import Glibc
import Platform
import QuizContract
import Renderer

/// A JSON state file watched with inotify (`--source file:PATH`). The directory is watched,
/// not the file, so every way of updating it counts: a replacement by rename (what editors
/// and `Files.writeAtomically` do), an in-place rewrite, a delete and re-create.
///
/// The file is read when a writer closes it or renames it into place; a writer that keeps the
/// file open is read once it has been quiet for `settle` seconds. A half-written file is then
/// just an invalid message (one log line, the last good state stays), and an empty file —
/// the moment between truncating and writing — is not read as "clear the screen": to show
/// idle, write `{"phase":"idle"}`.
public final class FileSource: StateSource {
    public let path: String
    public var description: String { "file:" + path }
    public let settle: Double
    private let directory: String
    private let name: [UInt8]
    private var inotify: FileDescriptor?
    private var watchDescriptor: Int32 = -1
    private weak var sink: StateSink?
    private var loop: EventLoop?
    private var watch: EventLoop.Token?
    private var settleTimer: EventLoop.Token?
    private var rewatchTimer: EventLoop.Token?
    private var lastBytes: [UInt8]?
    private var missingReported = false
    /// Reads done (tests).
    public private(set) var reads = 0

    public init(path: String, settle: Double = 0.25) {
        self.path = path
        self.settle = settle
        if let slash = path.lastIndex(of: "/") {
            let dir = String(path[..<slash])
            directory = dir.isEmpty ? "/" : dir
            name = Array(path[path.index(after: slash)...].utf8)
        } else {
            directory = "."
            name = Array(path.utf8)
        }
    }

    deinit { stop() }

    private static let events = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_MODIFY | IN_DELETE | IN_MOVED_FROM
                                       | IN_DELETE_SELF | IN_MOVE_SELF)

    public func start(on loop: EventLoop, sink: StateSink) throws {
        self.loop = loop
        self.sink = sink
        guard Files.isDirectory(directory) else {
            throw SystemError("inotify_add_watch", errno: ENOENT, subject: "\(description): the directory \(directory)")
        }
        let inotify = FileDescriptor(adopting: try syscall("inotify_init1", subject: description) { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) })
        watchDescriptor = try syscall("inotify_add_watch", subject: "\(description): the directory \(directory)") {
            inotify_add_watch(inotify.rawValue, directory, Self.events)
        }
        self.inotify = inotify
        watch = loop.watch(fd: inotify.rawValue) { [weak self] _ in self?.drainEvents() }
        readNow()
    }

    public func stop() {
        for t in [watch, settleTimer, rewatchTimer] { if let t { loop?.cancel(t) } }
        watch = nil
        settleTimer = nil
        rewatchTimer = nil
        inotify = nil
        sink = nil
    }

    private func drainEvents() {
        guard let fd = inotify?.rawValue else { return }
        var buf = [UInt8](repeating: 0, count: 16384)
        while true {
            let n = buf.withUnsafeMutableBytes { b in retryingEINTR { read(fd, b.baseAddress, b.count) } }
            guard n > 0 else { return }
            var off = 0
            // struct inotify_event: int wd; uint32_t mask, cookie, len; char name[len] (NUL-padded).
            while off + 16 <= n {
                let (mask, len) = buf.withUnsafeBytes { b in
                    (b.loadUnaligned(fromByteOffset: off + 4, as: UInt32.self), Int(b.loadUnaligned(fromByteOffset: off + 12, as: UInt32.self)))
                }
                let nameBytes = buf[(off + 16)..<min(n, off + 16 + len)].prefix { $0 != 0 }
                off += 16 + len
                handle(mask: mask, isOurFile: nameBytes.elementsEqual(name))
            }
        }
    }

    private func handle(mask: UInt32, isOurFile: Bool) {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            // The kernel dropped events (a busy directory): one of them may have been ours.
            readNow()
            return
        }
        if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 {
            directoryGone()
            return
        }
        guard isOurFile else { return }
        if mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO) != 0 {
            readNow()
        } else if mask & UInt32(IN_MODIFY | IN_CREATE) != 0 {
            // Still being written (or never closed): read once it has been quiet a moment.
            if let t = settleTimer { loop?.cancel(t) }
            settleTimer = loop?.after(settle) { [weak self] in
                self?.settleTimer = nil
                self?.readNow(unlessUnchanged: true)
            }
        } else if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
            Log.info("\(description): the file was removed; keeping the last state until it is back")
            lastBytes = nil
        }
    }

    /// Reads the file and passes it on. A write that ends with close (or a rename) always
    /// counts, even with the same bytes as before: it may be the operator putting the file's
    /// state back after another source changed the screen. Only a settle read (a file written
    /// without a close) is skipped when nothing changed since the last read.
    private func readNow(unlessUnchanged: Bool = false) {
        if let t = settleTimer { loop?.cancel(t) }
        settleTimer = nil
        let bytes: [UInt8]
        do {
            bytes = try Files.read(path, limit: StateDecoder.maxBytes)
        } catch {
            if error.errno == EFBIG {
                // Over the limit: a rejected message like any other (counted, last state kept).
                missingReported = false
                sink?.reject(error.message, from: path)
            } else if error.errno == ENOENT {
                if !missingReported { Log.info("\(description): no such file yet; waiting for it") }
                missingReported = true
            } else {
                Log.warning("\(description): \(error.message); keeping the last state")
            }
            return
        }
        missingReported = false
        if unlessUnchanged && bytes == lastBytes { return }
        lastBytes = bytes
        if StateDecoder.isBlank(bytes) {
            Log.info("\(description): the file is empty (being rewritten?); keeping the last state")
            return
        }
        reads += 1
        sink?.receive(bytes, from: path)
    }

    /// The watched directory was removed or moved: try again every 2 s until it is back.
    private func directoryGone() {
        guard rewatchTimer == nil, inotify != nil else { return }
        Log.warning("\(description): the directory \(directory) is gone; keeping the last state and watching for it")
        func retry() {
            rewatchTimer = loop?.after(2) { [weak self] in
                guard let self, let inotify = self.inotify else { return }
                self.watchDescriptor = inotify_add_watch(inotify.rawValue, self.directory, Self.events)
                if self.watchDescriptor >= 0 {
                    self.rewatchTimer = nil
                    Log.info("\(self.description): the directory is back")
                    self.readNow()
                } else {
                    retry()
                }
            }
        }
        retry()
    }
}
