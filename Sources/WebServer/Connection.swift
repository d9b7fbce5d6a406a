import Platform
import Web

/// A connection's number for the caller: never reused while the server runs, so a late
/// `send` to a connection that has gone cannot reach a new one on the same descriptor.
public struct ConnectionID: Hashable, Sendable, CustomStringConvertible {
    public let value: UInt64
    public init(_ value: UInt64) { self.value = value }
    public var description: String { "c\(value)" }
}

/// What a WebSocket was opened with, for `onOpen`.
public struct WebSocketRequest: Sendable {
    /// "192.168.1.7:53122".
    public let remoteAddress: String
    /// The request target as sent ("/ws?v=1").
    public let target: String
    /// The `Origin` (nil: none, a native app).
    public let origin: String?
    public let headers: [HTTPHeader]

    public func value(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// One accepted socket through its life: reading a request head, answering it (then
/// lingering until the peer closes), or a WebSocket until its close handshake ends.
final class Connection {
    enum Phase: Equatable {
        /// Reading the request head (the header deadline runs).
        case head
        /// A plain response queued; the socket closes once it is sent.
        case responding
        /// An open WebSocket (`session` set).
        case webSocket
        /// The sending side is shut (FIN sent); input is read and dropped until the peer
        /// closes or the linger timeout.
        case lingering
    }

    let id: ConnectionID
    let socket: FileDescriptor
    let remote: String
    var phase = Phase.head
    var watch: EventLoop.Token?
    /// The one deadline of the current phase (header, response, close handshake, linger).
    var timer: EventLoop.Token?
    var parser: HTTPRequestParser?
    var session: WebSocketSession?
    /// onOpen was called: onClose is owed exactly once.
    var opened = false
    /// The caller may send and is given messages: from onOpen until the caller closes or the
    /// session ends. (The session may have ended already while a batch of events that came
    /// before its end is still being handed out.)
    var appOpen = false
    /// The peer shut its sending side while a response was still going out.
    var peerClosed = false
    /// The code onClose reports, once the session is no longer open.
    var closeCode: UInt16 = WebSocketCloseCode.abnormal
    /// Shut the sending side once `outgoing` is empty (a response or a close frame is queued).
    var finishAfterFlush = false
    /// Bytes not yet taken by the kernel, from `sent` on.
    var outgoing: [UInt8] = []
    var sent = 0
    var wantsWrite = false
    var rate: RateWindow

    init(id: ConnectionID, socket: FileDescriptor, remote: String, limits: HTTPLimits, messagesPerSecond: Int) {
        self.id = id
        self.socket = socket
        self.remote = remote
        parser = HTTPRequestParser(limits: limits)
        rate = RateWindow(limit: messagesPerSecond)
    }

    var queuedBytes: Int { outgoing.count - sent }

    /// Whether the caller may still send: an open WebSocket whose close has not started.
    var isOpenWebSocket: Bool { phase == .webSocket && appOpen }
}

/// "More than N in any one second": the arrival times of the last N messages, oldest first
/// in a ring. The next one is too many when the oldest of them is less than a second old.
struct RateWindow {
    private var times: [Double] = []
    private var next = 0
    let limit: Int

    init(limit: Int) { self.limit = max(1, limit) }

    /// Records a message at `now`; false when it is one too many.
    mutating func admit(at now: Double) -> Bool {
        if times.count < limit {
            times.append(now)
            return true
        }
        if now - times[next] < 1 { return false }
        times[next] = now
        next = (next + 1) % limit
        return true
    }
}
