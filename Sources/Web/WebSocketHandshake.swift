/// The opening handshake (RFC 6455 §4.2): a GET over HTTP/1.1 with `Upgrade: websocket`,
/// `Connection: Upgrade`, a `Sec-WebSocket-Key` of 16 random bytes in base64 and
/// `Sec-WebSocket-Version: 13`, answered by 101 with the key's `Sec-WebSocket-Accept`.
///
/// No extension is ever accepted (a client offering permessage-deflate gets none: the reply
/// has no `Sec-WebSocket-Extensions`, so both sides speak plain frames) and no subprotocol is
/// chosen. Who may connect (the `Origin` check) is the server's policy, not this.
public enum WebSocketHandshake {
    static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// `Sec-WebSocket-Accept` for a key: base64(SHA-1(key + the RFC's GUID)).
    public static func accept(key: String) -> String {
        Base64.encode(SHA1.digest(Array((key + guid).utf8)))
    }

    /// The accept value for a valid upgrade request, or why it is not one and what to answer.
    public static func check(_ head: HTTPRequestHead) -> Result<String, HTTPRefusal> {
        guard head.method == "GET" else {
            return .failure(.init(.methodNotAllowed, "a WebSocket upgrade is a GET", headers: [HTTPHeader("Allow", "GET")]))
        }
        guard head.minorVersion >= 1 else { return .failure(.init(.badRequest, "a WebSocket upgrade needs HTTP/1.1")) }
        guard head.lists("Upgrade", token: "websocket") else {
            return .failure(.init(.upgradeRequired, "no Upgrade: websocket", headers: [HTTPHeader("Upgrade", "websocket"), HTTPHeader("Connection", "Upgrade")]))
        }
        guard head.lists("Connection", token: "upgrade") else { return .failure(.init(.badRequest, "Connection does not list Upgrade")) }
        let versions = head.values("Sec-WebSocket-Version")
        guard versions == ["13"] else {
            return .failure(.init(.upgradeRequired, "Sec-WebSocket-Version is not 13", headers: [HTTPHeader("Sec-WebSocket-Version", "13")]))
        }
        let keys = head.values("Sec-WebSocket-Key")
        guard keys.count == 1, let key = keys.first, Base64.decode(key)?.count == 16 else {
            return .failure(.init(.badRequest, "Sec-WebSocket-Key is not 16 bytes in base64"))
        }
        return .success(accept(key: key))
    }

    /// The 101 answer.
    public static func response(accept: String) -> HTTPResponse {
        HTTPResponse(.switchingProtocols, headers: [
            HTTPHeader("Upgrade", "websocket"),
            HTTPHeader("Connection", "Upgrade"),
            HTTPHeader("Sec-WebSocket-Accept", accept),
        ])
    }
}
