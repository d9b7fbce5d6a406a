import Glibc
import Platform
import QuizContract
import Renderer

/// One JSON state per line from a file descriptor: `--source stdin`, for piping a controller
/// (or `mosquitto_sub`) into a screen. Blank lines are skipped; a line longer than the 64 KiB
/// limit is rejected with its real length, and no more of it than the limit is kept in memory.
/// At end of input the last state stays on screen.
public final class LineSource: StateSource {
    public let description: String
    private let fd: Int32
    private weak var sink: StateSink?
    private var loop: EventLoop?
    private var watch: EventLoop.Token?
    private var buffer: [UInt8] = []
    /// Bytes of the current line skipped past the limit (0: not in an oversized line).
    private var skipped = 0
    private var lineNumber = 0
    public private(set) var finished = false

    public init(fd: Int32 = 0, name: String = "stdin") {
        self.fd = fd
        description = name
    }

    public func start(on loop: EventLoop, sink: StateSink) {
        self.loop = loop
        self.sink = sink
        // poll says readable, so one read(2) returns without blocking; O_NONBLOCK is not set
        // because it would change the descriptor for every process sharing it (a terminal).
        watch = loop.watch(fd: fd) { [weak self] _ in self?.readable() }
    }

    public func stop() {
        if let w = watch { loop?.cancel(w) }
        watch = nil
        sink = nil
    }

    private func readable() {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { buf in retryingEINTR { read(fd, buf.baseAddress, buf.count) } }
        if n < 0 {
            let e = errno
            if e == EAGAIN { return }
            Log.error("\(description): \(SystemError("read", errno: e).message); no more states from it, keeping the last one")
            finish()
            return
        }
        if n == 0 {
            if !buffer.isEmpty || skipped > 0 { endLine() }
            Log.info("\(description): end of input after \(lineNumber) lines; keeping the last state")
            finish()
            return
        }
        var start = 0
        for k in 0..<n where chunk[k] == 0x0A {
            take(chunk[start..<k])
            endLine()
            start = k + 1
        }
        take(chunk[start..<n])
    }

    private func take(_ bytes: ArraySlice<UInt8>) {
        let room = StateDecoder.maxBytes - buffer.count
        if bytes.count <= room {
            buffer.append(contentsOf: bytes)
        } else {
            buffer.append(contentsOf: bytes.prefix(max(0, room)))
            skipped += bytes.count - max(0, room)
        }
    }

    private func endLine() {
        lineNumber += 1
        defer {
            buffer.removeAll(keepingCapacity: true)
            skipped = 0
        }
        if buffer.last == 0x0D { buffer.removeLast() }
        let origin = "\(description) line \(lineNumber)"
        if skipped > 0 {
            sink?.reject("line is \(buffer.count + skipped) bytes, over the \(StateDecoder.maxBytes)-byte limit", from: origin)
            return
        }
        if StateDecoder.isBlank(buffer) { return }
        sink?.receive(buffer, from: origin)
    }

    private func finish() {
        finished = true
        if let w = watch { loop?.cancel(w) }
        watch = nil
    }
}
