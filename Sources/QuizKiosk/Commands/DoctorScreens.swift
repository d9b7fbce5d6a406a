import Escaping
import Kiosk
import MQTT
import QuizContract

/// `doctor`'s look at the room: every screen's retained presence on the broker (what it shows,
/// its displays, the vblanks its frames missed, the messages it rejected). Run on the kiosk it
/// sees the service itself; run on the host's laptop it sees every screen of the room.
extension DoctorCommand {
    /// More screens than this are counted, not listed (a broker anyone can write to).
    static let maxScreensListed = 32
    /// Missed vblanks a display may have collected before doctor warns: a second of frames at
    /// 60 Hz. A few are normal (a first frame, a busy moment); many mean the box draws too slowly
    /// for the mode.
    static let missedVblanksWarning = 60

    /// One screen's line: PASS when it is online and keeps up, WARN when it is offline or its
    /// frames are late. Everything in it came from the broker: quoted, never raw.
    static func screenResult(id: String, _ bytes: [UInt8]) -> Result {
        let what = "screen \(Escaping.quoted(id))"
        let p: ScreenPresence
        do {
            p = try ScreenPresence(json: bytes)
        } catch {
            return Result(verdict: .warn, what: what, detail: "unreadable presence: \(Escaping.escaped(error.message))")
        }
        guard p.online else {
            return Result(verdict: .warn, what: what, detail: "offline (its last word to the broker): is it powered, on the network, and its service running?")
        }
        var parts: [String] = ["online"]
        if let phase = p.phase { parts.append("showing the \(phase.rawValue)" + (p.revision.map { " (revision \($0))" } ?? "")) }
        var late: [String] = []
        let displays = p.displays.map { d -> String in
            var s = "\(Escaping.quoted(d.name)) \(d.width)x\(d.height)"
            if let m = d.missedVblanks {
                s += ", \(m) missed vblank\(m == 1 ? "" : "s")"
                if m >= missedVblanksWarning { late.append(Escaping.quoted(d.name)) }
            }
            return s
        }
        parts.append(displays.isEmpty ? "no display" : displays.joined(separator: "; "))
        if p.rejected > 0 { parts.append("\(p.rejected) message\(p.rejected == 1 ? "" : "s") rejected (its log says why)") }
        if let v = p.version { parts.append("version \(Escaping.quoted(v))") }
        if let s = p.sound {
            parts.append("sound \(Escaping.quoted(s.device))" + (s.open ? "" : " not open") + (s.xruns > 0 ? ", \(s.xruns) sound underrun\(s.xruns == 1 ? "" : "s")" : ""))
        }
        var detail = parts.joined(separator: ", ")
        if !late.isEmpty {
            detail += ": frames late on \(late.joined(separator: ", ")) (the box draws too slowly for its mode: a smaller --mode, or --motion off)"
            return Result(verdict: .warn, what: what, detail: detail)
        }
        return Result(verdict: .pass, what: what, detail: detail)
    }

    /// The host's line, from its retained presence: PASS while it says it runs, WARN when its
    /// last will says it is gone (the screens show "host offline"), SKIP when the room has
    /// never had a host (states published by hand).
    static func hostResult(room: String, _ bytes: [UInt8]?) -> Result {
        let what = "host"
        guard let bytes, !bytes.isEmpty else {
            return Result(verdict: .skip, what: what, detail: "no host has said it runs room \(Escaping.quoted(room)) (fine when states are published by hand)")
        }
        let p: HostPresence
        do {
            guard let decoded = try HostPresence.decode(bytes) else {
                return Result(verdict: .skip, what: what, detail: "no host has said it runs room \(Escaping.quoted(room))")
            }
            p = decoded
        } catch {
            return Result(verdict: .warn, what: what, detail: "unreadable presence: \(Escaping.escaped(error.message))")
        }
        guard p.online else {
            return Result(verdict: .warn, what: what, detail: "offline (its last word to the broker): the screens show \"host offline\"; is quizkiosk host (or quizkiosk-host.service) running?")
        }
        var parts = ["online"]
        if let since = p.since { parts.append("since \(RFC3339.format(Double(since)))") }
        if let url = p.url { parts.append("players at \(Escaping.quoted(url, max: 200))") }
        return Result(verdict: .pass, what: what, detail: parts.joined(separator: ", "))
    }
}

/// The room's screens as doctor's broker connection hears them: their retained presences,
/// collected from the subscription until doctor's own message comes back.
final class RoomScreens {
    let room: String
    private let client: MQTTClient
    private let prefix: String
    /// Retained messages come in answer to the subscription; a message of our own published
    /// after it comes back after them (the broker handles one client's packets in order), so
    /// its return says "that was all" without guessing a quiet time. A broker whose access
    /// list refuses it leaves the deadline to end the wait.
    private let probe: String
    private var documents: [String: [UInt8]] = [:]
    private let hostTopic: String
    private var hostDocument: [UInt8]?
    private(set) var complete = false

    /// Subscribes on `client` (before it starts: subscriptions are sent on connecting).
    init(room: String, client: MQTTClient, clientID: String) {
        self.room = room
        self.client = client
        prefix = BrokerURL.presenceTopic(room: room, screen: "")
        probe = "quizkiosk/\(room)/doctor/\(clientID)"
        hostTopic = BrokerURL.hostTopic(room: room)
        client.subscribe(prefix + "+")
        client.subscribe(hostTopic)
        client.subscribe(probe, qos: 0)
        client.onMessage = { [unowned self] topic, payload, _ in
            if topic == self.probe {
                self.complete = true
            } else if topic == self.hostTopic {
                self.hostDocument = payload
            } else if topic.hasPrefix(self.prefix), !payload.isEmpty {
                self.documents[String(topic.dropFirst(self.prefix.count))] = payload
            }
        }
    }

    /// The subscriptions have been sent: the probe goes after them.
    func connected() {
        _ = client.publish(.init(topic: probe, payload: [], qos: 0, retain: false))
    }

    /// A line for each screen heard (at most `DoctorCommand.maxScreensListed`), or a warning
    /// that none has said it is in the room.
    func results(listened timeout: Double) -> [DoctorCommand.Result] {
        [DoctorCommand.hostResult(room: room, hostDocument)] + screenResults(listened: timeout)
    }

    private func screenResults(listened timeout: Double) -> [DoctorCommand.Result] {
        let quotedRoom = Escaping.quoted(room)
        guard !documents.isEmpty else {
            return [.init(verdict: .warn, what: "screens", detail: "no screen has said it is in room \(quotedRoom)"
                          + (complete ? "" : " (listened \(Int(timeout)) s)")
                          + ": is the service running with this --source? (systemctl status quizkiosk)")]
        }
        let limit = DoctorCommand.maxScreensListed
        var out = documents.sorted { $0.key < $1.key }.prefix(limit).map { DoctorCommand.screenResult(id: $0.key, $0.value) }
        if documents.count > limit {
            out.append(.init(verdict: .warn, what: "screens", detail: "\(documents.count - limit) more screens in room \(quotedRoom) not listed"))
        }
        return out
    }
}
