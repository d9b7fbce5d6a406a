/// `--cec auto`: which adapter is the one in front of the display being driven. In order:
/// the adapter whose driver names that DRM connector (CEC_ADAP_G_CONNECTOR_INFO), the one
/// whose physical address is the EDID's, else the only adapter there is. Adapters on the TV's
/// side of a bus (at 0.0.0.0, or configured as a TV) and ones that name another connector are
/// never chosen. A pure function of what the adapters say.
public enum AdapterChoice: Equatable, Sendable {
    case use(AdapterInfo, why: String)
    case none(String)

    public static func choose(_ adapters: [AdapterInfo], for display: DisplayLink?) -> AdapterChoice {
        guard !adapters.isEmpty else { return .none("no CEC adapter on this machine (/dev/cec*)") }
        let sources = adapters.filter { !$0.isTVSide }
        let name = display?.connectorName ?? "the display"
        if let display, let card = display.card, let id = display.connectorID,
           let a = sources.first(where: { $0.connector == .init(card: card, connectorID: id) }) {
            return .use(a, why: "its driver says it belongs to \(display.connectorName)")
        }
        // An adapter tied to another connector is that connector's.
        let free = sources.filter { a in
            guard let c = a.connector, let display, let card = display.card, let id = display.connectorID else { return true }
            return c == .init(card: card, connectorID: id)
        }
        if let pa = display?.physicalAddress, pa.isValid {
            let matching = free.filter { $0.physicalAddress == pa }
            if matching.count == 1 {
                return .use(matching[0], why: "its physical address \(pa) is the one \(name)'s EDID gives")
            }
        }
        if free.count == 1 {
            var why = "the only CEC adapter" + (sources.count < adapters.count ? " on a source's side" : "")
            if let pa = display?.physicalAddress, pa.isValid, free[0].physicalAddress.isValid, free[0].physicalAddress != pa {
                why += " (at \(free[0].physicalAddress), where \(name)'s EDID says \(pa))"
            }
            return .use(free[0], why: why)
        }
        if free.isEmpty {
            let tv = adapters.filter(\.isTVSide).map(\.path)
            return .none("no CEC adapter on a source's side (" + (tv.isEmpty ? "every one belongs to another connector" : "TV side: \(tv.joined(separator: ", "))") + ")")
        }
        let edid = display?.physicalAddress.map { " (EDID \($0))" } ?? ""
        return .none("\(free.count) CEC adapters (\(free.map(\.path).joined(separator: ", "))) and none belongs to \(name)\(edid): choose one with --cec /dev/cecN")
    }
}
