import NightStore
import QuizHost
import WebServer

/// Where a pass's changes are made durable: the night's database (`NightStore`), or in tests a
/// recording wrapper around one. `commit` writes every change added since the last successful
/// commit in one transaction (group commit) and returns the answers among them, now durable.
public protocol NightJournal: AnyObject {
    func add(_ changes: [HostSession.Change])
    func commit(now: Double) throws(StoreError) -> [HostSession.Answer]
}

extension NightStore: NightJournal {}

/// How messages reach the phones: the `WebServer` (over real sockets), or in tests a recorder.
/// Every call is made on the loop's thread, never from inside one of the server's callbacks'
/// own sends.
public protocol PhoneTransport: AnyObject {
    /// False when `conn` is not an open WebSocket any more.
    @discardableResult
    func deliver(_ text: String, to conn: ConnectionID) -> Bool
    /// One text to many connections (framed once).
    func deliver(_ text: String, toAll conns: [ConnectionID])
    /// Starts the close handshake with `code`.
    func end(_ conn: ConnectionID, code: UInt16, reason: String)
}

extension WebServer: PhoneTransport {
    public func deliver(_ text: String, to conn: ConnectionID) -> Bool { send(conn, text: text) }
    public func deliver(_ text: String, toAll conns: [ConnectionID]) { send(text, to: conns) }
    public func end(_ conn: ConnectionID, code: UInt16, reason: String) { close(conn, code: code, reason: reason) }
}
