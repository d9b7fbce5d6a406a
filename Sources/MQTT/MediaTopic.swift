extension BrokerURL {
    /// `quizkiosk/ROOM/media/SHA256`: a picture's raw bytes, retained at QoS 1 while its quiz
    /// runs (an empty retained message clears it when the quiz ends).
    public static func mediaTopic(room: String, sha256: String) -> String { "quizkiosk/\(room)/media/\(sha256)" }

    /// Every picture of the room, for a subscription.
    public static func mediaFilter(room: String) -> String { "quizkiosk/\(room)/media/+" }

    /// The digest a media topic names (its last level), or nil for any other topic of `room`.
    public static func mediaDigest(topic: String, room: String) -> String? {
        let prefix = "quizkiosk/\(room)/media/"
        guard topic.hasPrefix(prefix) else { return nil }
        return String(topic.dropFirst(prefix.count))
    }
}
