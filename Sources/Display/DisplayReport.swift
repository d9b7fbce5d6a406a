import Renderer
/// What `quizkiosk displays` prints about a card: a table for people, JSON for programs (and
/// the VM tests). Built from a snapshot, so it is the same text whatever the card is.
public struct DisplayReport {
    public let path: String
    public let driver: DRMCard.Driver
    public let atomic: Bool
    public let snapshot: CardSnapshot

    public init(path: String, driver: DRMCard.Driver, atomic: Bool, snapshot: CardSnapshot) {
        self.path = path
        self.driver = driver
        self.atomic = atomic
        self.snapshot = snapshot
    }

    // MARK: table

    public var table: String {
        var lines = ["\(path): \(driver.name) \(driver.version) (\(driver.description)), \(atomic ? "atomic" : "legacy") KMS"]
        let displays = snapshot.connectors.filter(\.isDisplay)
        if displays.isEmpty { lines.append("  no connectors") }
        for c in displays {
            var head = "  \(c.name.padded(12)) \(c.status.rawValue)"
            if let crtc = snapshot.currentCrtc(of: c) {
                head += ", CRTC \(crtc.id)" + (crtc.mode.map { " showing \($0)" } ?? " off")
            }
            if c.linkStatus == .bad { head += ", link-status BAD" }
            lines.append(head)
            if let e = edid(c) {
                var m = "    monitor: \(e.make) \"\(e.name ?? "?")\""
                if let s = e.serialText { m += ", serial \(s)" } else if e.serialNumber != 0 { m += ", serial \(e.serialNumber)" }
                if let y = e.year { m += ", \(e.isModelYear ? "model year" : "made") \(y)" }
                lines.append(m)
            }
            if c.widthMM > 0 || c.heightMM > 0 { lines.append("    size: \(c.widthMM)x\(c.heightMM) mm") }
            if !c.modes.isEmpty {
                let modes = ModeRequest.listingOrder(c.modes).map { $0.description + ($0.isPreferred ? "*" : "") }
                lines.append("    modes: " + modes.joined(separator: " "))
            }
        }
        return lines.joined(separator: "\n")
    }

    func edid(_ c: ConnectorInfo) -> EDID? { c.edid.isEmpty ? nil : try? EDID(c.edid) }

    // MARK: JSON

    public var json: String {
        var cons: [String] = []
        for c in snapshot.connectors where c.isDisplay {
            var f: [(String, String)] = [
                ("id", "\(c.id)"), ("name", JSONText.string(c.name)), ("type", JSONText.string(ConnectorType.name(c.type))),
                ("status", JSONText.string(c.status.rawValue)), ("builtIn", "\(c.isBuiltIn)"),
                ("linkStatus", JSONText.string(c.linkStatus.rawValue)),
                ("widthMM", "\(c.widthMM)"), ("heightMM", "\(c.heightMM)"),
            ]
            if let crtc = snapshot.currentCrtc(of: c) {
                f.append(("crtc", JSONText.object([("id", "\(crtc.id)"), ("framebuffer", "\(crtc.bufferID)"),
                                                   ("x", "\(crtc.x)"), ("y", "\(crtc.y)"),
                                                   ("mode", crtc.mode.map { JSONText.string($0.description) } ?? "null")])))
            } else {
                f.append(("crtc", "null"))
            }
            if let e = edid(c) {
                f.append(("edid", JSONText.object([
                    ("make", JSONText.string(e.make)), ("manufacturer", JSONText.string(e.manufacturerID)),
                    ("product", "\(e.productCode)"), ("name", e.name.map(JSONText.string) ?? "null"),
                    ("serial", "\(e.serialNumber)"), ("serialText", e.serialText.map(JSONText.string) ?? "null"),
                    ("year", e.year.map { "\($0)" } ?? "null"), ("version", JSONText.string(e.version)),
                    ("widthMM", "\(e.widthMM)"), ("heightMM", "\(e.heightMM)"),
                    ("checksumValid", "\(e.checksumValid)"), ("bytes", "\(c.edid.count)"),
                    ("hex", JSONText.string(c.edid.map { hex($0) }.joined())),
                ])))
            } else {
                f.append(("edid", "null"))
            }
            let modes = ModeRequest.listingOrder(c.modes).map { m in
                JSONText.object([("name", JSONText.string(m.description)), ("width", "\(m.width)"), ("height", "\(m.height)"),
                                 ("refresh", JSONText.number(m.refreshHz)), ("interlaced", "\(m.isInterlaced)"),
                                 ("preferred", "\(m.isPreferred)")])
            }
            f.append(("modes", "[" + modes.joined(separator: ",") + "]"))
            cons.append(JSONText.object(f))
        }
        let crtcs = snapshot.crtcs.map { c in
            JSONText.object([("id", "\(c.id)"), ("framebuffer", "\(c.bufferID)"), ("x", "\(c.x)"), ("y", "\(c.y)"),
                             ("mode", c.mode.map { JSONText.string($0.description) } ?? "null"),
                             ("connectors", "[" + snapshot.connectors(drivenBy: c.id).map { "\($0)" }.joined(separator: ",") + "]")])
        }
        return JSONText.object([
            ("path", JSONText.string(path)), ("driver", JSONText.string(driver.name)),
            ("version", JSONText.string(driver.version)), ("description", JSONText.string(driver.description)),
            ("atomic", "\(atomic)"), ("connectors", "[" + cons.joined(separator: ",") + "]"),
            ("crtcs", "[" + crtcs.joined(separator: ",") + "]"),
        ])
    }

    private func hex(_ b: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(b >> 4)], digits[Int(b & 15)]])
    }
}

/// Just enough JSON writing for reports: strings escaped per RFC 8259, numbers finite.
public enum JSONText {
    public static func string(_ s: String) -> String { JSONWriter.quoted(s) }

    public static func number(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        return Mode.format(d)
    }

    public static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }
}

extension String {
    func padded(_ n: Int) -> String { count >= n ? self : self + String(repeating: " ", count: n - count) }
}
