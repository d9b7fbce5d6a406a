/// Which ALSA PCM plays on the TV the kiosk drives, from what the HDA driver says of each HDMI
/// or DisplayPort sink: `/proc/asound/cardN/eld#C.P` (one per codec C and pin P, text), matched
/// against the identity in the driven connector's EDID. A pure function of those texts, so it
/// is tested on real ones; `HDMIAudioScan` reads them.
///
/// Mapping an ELD to a PCM device: the file's name says the codec and the pin's index, not the
/// PCM (sound/pci/hda/codecs/hdmi: `eld_proc_new` names it `eld#<codec addr>.<pin idx>`). Two
/// sources, in order:
/// 1. /proc/asound/cardN/codec#C: with the static PCM mapping (`static_pcm_mapping`, older
///    codecs) each pin's jack control sits on the pin's node, named `HDMI/DP,pcm=D Jack`
///    (`snd_hda_jack_add_kctl_mst`): D is the PCM device. The ELD file's `codec_pin_nid` names
///    the node (kernels ≥ 5.6; older files lack it, and this source with them).
/// 2. The ALSA control `ELD` (iface PCM) of each HDMI PCM device: with the dynamic mapping
///    (Intel since Haswell, AMD, NVIDIA: a pin gets a free PCM when its monitor's ELD becomes
///    valid, `hdmi_attach_hda_pcm`), the controls belong to no node (`hdmi_create_eld_ctl`: "no
///    pin nid is associated with the kctl"), so codec#C cannot tell; each PCM's control holds
///    the ELD bytes of the pin bound to it now, the way PulseAudio and PipeWire name HDMI ports.
/// Neither tells: nil, and `run` plays on `--sound-device` (default `default`).
///
/// The name returned is `plughw:CARD=<id>,DEV=<D>`: the card by its id (stable across boots,
/// where its index is not), the device by number, through the plug layer, which converts our
/// 48 kHz S16 stereo to what the pin takes (`hdmi_pcm_open` narrows rates and formats to the
/// ELD's audio descriptors). Not the card's `hdmi:` alias: its DEV is an index into the card's
/// HDMI devices, not the device number, and it has no plug layer (on vc4, the Raspberry Pi's,
/// it takes IEC958 subframes only; vc4 has no ELD files, so it is never chosen here).
public enum HDMIAudio {
    /// What the driven connector's EDID says of the monitor.
    public struct Monitor: Equatable, Sendable {
        public var connector: String
        /// Three letters (EDID bytes 8–9), "SAM".
        public var manufacturer: String
        public var product: UInt16
        public var name: String?
        public init(connector: String, manufacturer: String, product: UInt16, name: String?) {
            self.connector = connector
            self.manufacturer = manufacturer
            self.product = product
            self.name = name
        }
    }

    /// One sink from an ELD (a /proc file, or a PCM's ELD control).
    public struct Sink: Equatable, Sendable {
        public var card: Int
        public var codec: Int?
        public var pin: Int?
        public var present = false
        public var valid = false
        public var pinNID: Int?
        public var monitorName: String?
        public var manufacturer: String?
        public var product: UInt16?
        public var connection: String?

        public var label: String { "card\(card)" + (codec.map { "/eld#\($0).\(pin ?? 0)" } ?? "") }

        /// The text of `/proc/asound/cardN/eld#C.P`: `name<TAB…>value` lines.
        public init(card: Int, codec: Int, pin: Int, text: String) {
            self.card = card
            self.codec = codec
            self.pin = pin
            for line in text.split(separator: "\n") {
                let parts = line.split(maxSplits: 1, whereSeparator: { $0 == "\t" || $0 == " " })
                guard let key = parts.first else { continue }
                let value = parts.count > 1 ? parts[1].trimmingCharacters(in: " \t") : ""
                switch key {
                case "monitor_present": present = value == "1"
                case "eld_valid": valid = value == "1"
                case "codec_pin_nid": pinNID = HDMIAudio.hex(value)
                case "monitor_name": monitorName = value.isEmpty ? nil : value
                case "connection_type": connection = value.isEmpty ? nil : value
                // The ELD's bytes 16–17 read little-endian (hda_eld.c): EDID's bytes 8–9
                // swapped. The DENON-AVAMP's 0xee11 is EDID 0x11ee, "DON".
                case "manufacture_id": manufacturer = HDMIAudio.hex(value).flatMap { HDMIAudio.letters(UInt16(truncatingIfNeeded: $0).byteSwapped) }
                case "product_id": product = HDMIAudio.hex(value).map { UInt16(truncatingIfNeeded: $0) }
                default: continue
                }
            }
        }

        /// The raw ELD of a PCM's `ELD` control (CEA-861-D ELD: the monitor name's length in
        /// byte 4's low 5 bits, manufacturer and product at 16–19, the name from byte 20).
        public init?(card: Int, eld: [UInt8]) {
            guard eld.count >= 20 else { return nil }
            self.card = card
            present = true
            valid = true
            manufacturer = HDMIAudio.letters(UInt16(eld[16]) << 8 | UInt16(eld[17]))
            product = UInt16(eld[18]) | UInt16(eld[19]) << 8
            let length = Int(eld[4] & 0x1f)
            if length > 0, eld.count >= 20 + length {
                let name = String(decoding: eld[20..<20 + length], as: UTF8.self).trimmingCharacters(in: " \0")
                monitorName = name.isEmpty ? nil : name
            }
        }

        /// Whether this sink is the monitor: manufacturer and product when the ELD has them,
        /// else the monitor's name.
        func names(_ m: Monitor) -> Bool {
            if let mf = manufacturer, let p = product {
                return mf == m.manufacturer && p == m.product
            }
            if let n = monitorName, let mn = m.name { return n.lowercased() == mn.lowercased() }
            return false
        }
    }

    /// What to play on, or why there is no choice.
    public enum Choice: Equatable, Sendable {
        case device(String, why: String)
        case none(String)
    }

    /// - eld: each /proc ELD file's sink; codecs: `[card: [codec: text of codec#C]]`; pcmELDs:
    ///   `[card: [device: sink]]` from the PCMs' ELD controls; cardIDs: `[card: id]`.
    public static func choose(monitor: Monitor?, eld: [Sink], codecs: [Int: [Int: String]], pcmELDs: [Int: [Int: Sink]],
                              cardIDs: [Int: String]) -> Choice {
        let live = eld.filter { $0.present && $0.valid }
        guard !live.isEmpty else {
            return .none(eld.isEmpty ? "no HDMI audio (no ELD in /proc/asound)" : "no monitor with audio on HDMI (\(eld.count) ELD\(eld.count == 1 ? "" : "s"), none valid)")
        }
        let who = monitor.map { "\($0.connector)'s \($0.name ?? "\($0.manufacturer) \(String($0.product, radix: 16))")" } ?? "the display"
        var sink: Sink
        if let monitor {
            let matching = live.filter { $0.names(monitor) }
            guard matching.count == 1 else {
                return .none(matching.isEmpty ? "no ELD names \(who) (\(live.map(describe).joined(separator: ", ")))"
                                              : "\(matching.count) ELDs name \(who)")
            }
            sink = matching[0]
        } else {
            guard live.count == 1 else { return .none("\(live.count) monitors with audio and no EDID to tell which is the display") }
            sink = live[0]
        }
        guard let id = cardIDs[sink.card] else { return .none("\(sink.label): card \(sink.card) has no id") }
        if let nid = sink.pinNID, let codec = sink.codec, let text = codecs[sink.card]?[codec], let d = jackDevice(codec: text, pinNID: nid) {
            return .device("plughw:CARD=\(id),DEV=\(d)", why: "\(sink.label) names \(who); codec#\(codec) puts its pin 0x\(String(nid, radix: 16)) on PCM \(d)")
        }
        let bound = (pcmELDs[sink.card] ?? [:]).filter { $0.value.names(monitor ?? Monitor(connector: "", manufacturer: sink.manufacturer ?? "", product: sink.product ?? 0, name: sink.monitorName)) }
        if bound.count == 1, let d = bound.first?.key {
            return .device("plughw:CARD=\(id),DEV=\(d)", why: "\(sink.label) names \(who); PCM \(d)'s ELD control is that monitor's")
        }
        return .none("\(sink.label) names \(who), but no PCM of card \(sink.card) says it is bound to it")
    }

    static func describe(_ s: Sink) -> String {
        "\(s.label): \(s.monitorName ?? "?")" + (s.manufacturer.map { " \($0) \(String(s.product ?? 0, radix: 16))" } ?? "")
    }

    /// The PCM device of the jack control on the pin's node in a codec#C text (static mapping).
    static func jackDevice(codec text: String, pinNID: Int) -> Int? {
        var inPin = false
        for line in text.split(separator: "\n") {
            if line.hasPrefix("Node ") {
                let nid = line.dropFirst(5).split(separator: " ").first.flatMap { hex(String($0)) }
                inPin = nid == pinNID
                continue
            }
            let marker = "name=\"HDMI/DP,pcm="
            guard inPin, let at = line.indices.first(where: { line[$0...].hasPrefix(marker) }) else { continue }
            let digits = line[line.index(at, offsetBy: marker.count)...].prefix { $0.isNumber }
            if let d = Int(digits) { return d }
        }
        return nil
    }

    static func hex(_ s: String) -> Int? {
        let t = s.hasPrefix("0x") ? String(s.dropFirst(2)) : s
        return Int(t, radix: 16)
    }

    /// EDID's packed manufacturer (big-endian, three 5-bit letters, 1 = A).
    static func letters(_ v: UInt16) -> String? {
        let codes = [(v >> 10) & 0x1f, (v >> 5) & 0x1f, v & 0x1f]
        guard codes.allSatisfy({ (1...26).contains($0) }) else { return nil }
        return String(String.UnicodeScalarView(codes.map { Unicode.Scalar(UInt8(64 + $0)) }))
    }
}

extension StringProtocol {
    fileprivate func trimmingCharacters(in set: String) -> String {
        let chars = Set(set)
        var s = Substring(self)
        while let f = s.first, chars.contains(f) { s = s.dropFirst() }
        while let l = s.last, chars.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
