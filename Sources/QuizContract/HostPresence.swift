/// The host's presence on `quizkiosk/ROOM/host` (retained; the host's MQTT last will is
/// `{"online":false}`): how a screen knows the quiz's host process is gone while the broker is
/// still there. `{"online":true}` may carry more (the host's own fields for `doctor`); only
/// `online` is read. An empty retained message (the topic cleared) is "no host known".
public struct HostPresence: Equatable, Sendable {
    public var online: Bool
    /// When the host started (Unix seconds), for `doctor`; optional.
    public var since: Int?
    /// The host's player page, for `doctor` and the staff; optional.
    public var url: String?

    public init(online: Bool, since: Int? = nil, url: String? = nil) {
        self.online = online
        self.since = since
        self.url = url
    }

    public var json: [UInt8] {
        let w = JSONWriter()
        w.object {
            w.member("online", online)
            if let since { w.member("since", since) }
            if let url { w.member("url", url) }
        }
        return w.bytes
    }

    /// nil for an empty message (no host known); throws a one-line reason for anything else
    /// that is not a presence.
    public static func decode(_ bytes: [UInt8]) throws(FieldError) -> HostPresence? {
        if StateDecoder.isBlank(bytes) { return nil }
        guard bytes.count <= 4096 else { throw FieldError("host presence: \(bytes.count) bytes, over 4096") }
        let json: JSONValue
        do { json = try JSONParser.parse(StateDecoder.withoutBOM(bytes)) } catch { throw FieldError("host presence: not JSON: \(error)") }
        let f = try FieldReader(json, name: "host presence")
        guard case let .bool(online)? = f.value("online") else {
            throw FieldError("host presence: online: must be true or false")
        }
        var p = HostPresence(online: online)
        p.since = try f.int("since", min: 0)
        p.url = try f.string("url", max: 2048)
        return p
    }
}
