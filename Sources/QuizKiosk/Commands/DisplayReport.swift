import Display
import QuizContract
/// What `quizkiosk displays` prints about a card: a table for people, JSON for programs (and
/// the VM tests). Built from a snapshot, so it is the same text whatever the card is.
public struct DisplayReport {
    public let path: String
    public let driver: DRMCard.Driver
    public let atomic: Bool
    public let snapshot: CardSnapshot
    /// The display settings `run` would use: the pick and the overscan decision follow them.
    let settings: DisplaySettings

    init(path: String, driver: DRMCard.Driver, atomic: Bool, snapshot: CardSnapshot, settings: DisplaySettings = DisplaySettings()) {
        self.path = path
        self.driver = driver
        self.atomic = atomic
        self.snapshot = snapshot
        self.settings = settings
    }

    func summary(_ c: ConnectorInfo) -> EDIDSummary? {
        edid(c).map { EDIDSummary(connector: c, edid: $0, settings: settings) }
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
            if let s = summary(c), let cta = s.ctaLine { lines.append("    cta: " + cta) }
            if !c.modes.isEmpty {
                let modes = ModeRequest.listingOrder(c.modes).map { $0.description + ($0.isPreferred ? "*" : "") }
                lines.append("    modes: " + modes.joined(separator: " "))
                if let pick = settings.policy.choose(for: c) { lines.append("    pick: \(pick.mode): \(pick.why)") }
                let plan = SignalPlan.make(connector: c, crtc: snapshot.currentCrtc(of: c) ?? snapshot.crtcs.first ?? CrtcInfo(id: 0, index: 0),
                                           mode: settings.policy.choose(for: c)?.mode ?? c.modes[0], settings: settings.signal)
                lines.append("    overscan: \(plan.overscan.why)")
                if let rgb = plan.broadcastRGB { lines.append("    Broadcast RGB: \(rgb)") }
                if !plan.missing.isEmpty { lines.append("    driver lacks: " + plan.missing.joined(separator: ", ")) }
            }
        }
        return lines.joined(separator: "\n")
    }

    func edid(_ c: ConnectorInfo) -> EDID? { c.edid.isEmpty ? nil : try? EDID(c.edid) }

    // MARK: JSON

    /// The card as one JSON object (`displays --json` wraps the cards in `{"cards": [...]}`).
    public func writeJSON(_ w: JSONWriter) {
        w.object {
            w.member("path", path)
            w.member("driver", driver.name)
            w.member("version", driver.version)
            w.member("description", driver.description)
            w.member("atomic", atomic)
            w.key("connectors")
            w.array(snapshot.connectors.filter(\.isDisplay)) { c in writeConnector(c, w) }
            w.key("crtcs")
            w.array(snapshot.crtcs) { c in
                w.object {
                    writeCrtcMembers(c, w)
                    w.key("connectors")
                    w.array(snapshot.connectors(drivenBy: c.id)) { w.int(Int($0)) }
                }
            }
        }
    }

    private func writeCrtcMembers(_ c: CrtcInfo, _ w: JSONWriter) {
        w.member("id", Int(c.id))
        w.member("framebuffer", Int(c.bufferID))
        w.member("x", Int(c.x))
        w.member("y", Int(c.y))
        w.key("mode")
        if let m = c.mode { w.string(m.description) } else { w.null() }
    }

    private func writeConnector(_ c: ConnectorInfo, _ w: JSONWriter) {
        w.object {
            w.member("id", Int(c.id))
            w.member("name", c.name)
            w.member("type", ConnectorType.name(c.type))
            w.member("status", c.status.rawValue)
            w.member("builtIn", c.isBuiltIn)
            w.member("linkStatus", c.linkStatus.rawValue)
            w.member("widthMM", Int(c.widthMM))
            w.member("heightMM", Int(c.heightMM))
            w.key("crtc")
            if let crtc = snapshot.currentCrtc(of: c) {
                w.object { writeCrtcMembers(crtc, w) }
            } else {
                w.null()
            }
            w.key("edid")
            if let e = edid(c) {
                w.object {
                    w.member("make", e.make)
                    w.member("manufacturer", e.manufacturerID)
                    w.member("product", Int(e.productCode))
                    w.key("name")
                    if let n = e.name { w.string(n) } else { w.null() }
                    w.member("serial", Int(e.serialNumber))
                    w.key("serialText")
                    if let s = e.serialText { w.string(s) } else { w.null() }
                    w.key("year")
                    if let y = e.year { w.int(y) } else { w.null() }
                    w.member("version", e.version)
                    w.member("widthMM", Int(e.widthMM))
                    w.member("heightMM", Int(e.heightMM))
                    w.member("checksumValid", e.checksumValid)
                    w.member("bytes", c.edid.count)
                    w.member("hex", c.edid.map { hex($0) }.joined())
                }
            } else {
                w.null()
            }
            let choice = settings.policy.choose(for: c)
            let plan = SignalPlan.make(connector: c, crtc: snapshot.currentCrtc(of: c) ?? snapshot.crtcs.first ?? CrtcInfo(id: 0, index: 0),
                                       mode: choice?.mode ?? c.modes.first ?? .synthetic(1920, 1080), settings: settings.signal)
            w.key("cta")
            if let s = summary(c) { s.writeCTA(w) } else { w.null() }
            w.key("pick")
            EDIDSummary.writeChoice(choice, w)
            w.key("overscan")
            w.object {
                w.key("safeAreaPercent")
                w.number(plan.overscan.safeAreaPercent)
                w.member("why", plan.overscan.why)
            }
            w.key("broadcastRGB")
            if let rgb = plan.broadcastRGB { w.string(rgb) } else { w.null() }
            w.key("propertiesMissing")
            w.array(plan.missing) { w.string($0) }
            w.key("modes")
            let display = ModePolicy.Display(c)
            w.array(ModeRequest.listingOrder(c.modes)) { m in
                w.object {
                    w.member("name", m.description)
                    EDIDSummary.writeModeFields(m, w)
                    w.member("preferred", m.isPreferred)
                    // The driver sends it as YCbCr 4:2:0 (see ModePolicy: the pick avoids these).
                    w.member("ycbcr420", display.encoding(of: m) == .ycbcr420)
                }
            }
        }
    }

    private func hex(_ b: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(b >> 4)], digits[Int(b & 15)]])
    }
}

extension String {
    func padded(_ n: Int) -> String { count >= n ? self : self + String(repeating: " ", count: n - count) }
}
