import CEC
import Testing

/// `--cec auto`: the adapter in front of the display being driven.
@Suite struct AdapterChoiceTests {
    static func adapter(_ n: Int, _ pa: UInt16, connector: AdapterInfo.Connector? = nil, tv: Bool = false) -> AdapterInfo {
        AdapterInfo(path: "/dev/cec\(n)", name: "a\(n)", physicalAddress: PhysicalAddress(rawValue: pa),
                    logicalAddresses: tv ? [.tv] : [], requestedTypes: tv ? [AdapterInfo.typeTV] : [], connector: connector)
    }

    static let hdmi1 = DisplayLink(connectorName: "HDMI-A-1", card: 0, connectorID: 42, physicalAddress: PhysicalAddress(rawValue: 0x2000))

    static func chosen(_ adapters: [AdapterInfo], _ link: DisplayLink?) -> String? {
        if case .use(let a, _) = AdapterChoice.choose(adapters, for: link) { return a.path }
        return nil
    }

    @Test func theAdapterWhoseDriverNamesTheConnectorWins() {
        let a = [Self.adapter(0, 0x2000), Self.adapter(1, 0x3000, connector: .init(card: 0, connectorID: 42))]
        #expect(Self.chosen(a, Self.hdmi1) == "/dev/cec1")
    }

    @Test func elseTheOneAtTheEDIDsPhysicalAddress() {
        let a = [Self.adapter(0, 0x1000), Self.adapter(1, 0x2000), Self.adapter(2, 0x3000)]
        #expect(Self.chosen(a, Self.hdmi1) == "/dev/cec1")
        guard case .use(_, let why) = AdapterChoice.choose(a, for: Self.hdmi1) else { Issue.record("none"); return }
        #expect(why == "its physical address 2.0.0.0 is the one HDMI-A-1's EDID gives")
    }

    @Test func elseTheOnlyOneOnASourcesSide() {
        // vivid's two adapters: the TV's (at 0.0.0.0, configured as a TV) and ours.
        let vivid = [Self.adapter(0, 0x0000, tv: true), Self.adapter(1, 0x1000)]
        #expect(Self.chosen(vivid, DisplayLink(connectorName: "Virtual-1")) == "/dev/cec1")
        #expect(Self.chosen(vivid, nil) == "/dev/cec1")
        // The only one even when its address is not the EDID's (a USB adapter on another input).
        guard case .use(let a, let why) = AdapterChoice.choose([Self.adapter(3, 0x1000)], for: Self.hdmi1) else { Issue.record("none"); return }
        #expect(a.path == "/dev/cec3")
        #expect(why.contains("at 1.0.0.0, where HDMI-A-1's EDID says 2.0.0.0"))
    }

    @Test func neverTheTVsSideNorAnotherConnectorsAdapter() {
        #expect(Self.chosen([Self.adapter(0, 0x0000)], Self.hdmi1) == nil)
        #expect(Self.chosen([Self.adapter(0, 0x1000, tv: true)], Self.hdmi1) == nil)
        #expect(Self.chosen([Self.adapter(0, 0x2000, connector: .init(card: 0, connectorID: 7))], Self.hdmi1) == nil)
    }

    @Test func severalAndNoneMatchingIsOneLineNamingThem() {
        let a = [Self.adapter(0, 0x1000), Self.adapter(1, 0x3000)]
        #expect(AdapterChoice.choose(a, for: Self.hdmi1)
                == .none("2 CEC adapters (/dev/cec0, /dev/cec1) and none belongs to HDMI-A-1 (EDID 2.0.0.0): choose one with --cec /dev/cecN"))
        #expect(AdapterChoice.choose([], for: Self.hdmi1) == .none("no CEC adapter on this machine (/dev/cec*)"))
    }
}
