import QuizContract

/// The presence document read back, by `doctor` on a room's retained presences. What another
/// screen (or anyone allowed on the broker) published: read with the contract's field reader
/// and its limits, unknown members ignored (a newer screen may say more).
extension ScreenPresence {
    /// At most this many displays are read from one document (a screen drives a handful).
    public static let maxDisplays = 16

    public init(json bytes: [UInt8]) throws(FieldError) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw FieldError("not JSON: \(error)")
        }
        let r = try FieldReader(value, name: "the presence document")
        self.init(screen: try r.required("screen", max: 64), online: false)
        guard let online = r.value("online") else { throw FieldError("online: missing") }
        guard case let .bool(b) = online else { throw r.wrong("online", "a boolean", online) }
        self.online = b
        for d in try r.objects("displays", maxItems: Self.maxDisplays) ?? [] {
            let mode = try d.required("mode", max: 32)
            let size = mode.split(separator: "x").compactMap { Int($0) }
            guard size.count == 2, size.allSatisfy({ $0 > 0 }) else { throw FieldError("\(d.path)mode: must be WIDTHxHEIGHT, got \(mode)") }
            displays.append(Display(name: try d.required("name", max: 64), width: size[0], height: size[1],
                                    missedVblanks: try d.int("missedVblanks", min: 0)))
        }
        quizId = try r.string("quizId", max: Limits.quizIdLength)
        revision = try r.int("revision", min: nil)
        if let p = try r.string("phase", max: Limits.phaseLength) { phase = QuizState.Phase(rawValue: p) }
        rejected = try r.int("rejected", min: 0) ?? 0
        version = try r.string("version", max: 64)
        if let snd = try r.object("sound") {
            var open = false
            if let v = snd.value("open") {
                guard case let .bool(b) = v else { throw snd.wrong("open", "a boolean", v) }
                open = b
            }
            sound = SoundReport(device: try snd.required("device", max: 128), open: open, xruns: try snd.int("xruns", min: 0) ?? 0)
        }
    }
}
