import CEC
import CommandLineKit
import Display

/// `doctor`'s look at HDMI-CEC: the adapter `run` would use (`--cec`), its physical address
/// and logical address, and the TV's answers: its power status and its vendor. Never FAIL
/// for the TV's side (the screen shows without CEC); only a bad `--cec` value is one.
extension DoctorCommand {
    static func checkCEC(_ args: Arguments) -> [Result] {
        let settings: CECSettings
        do {
            settings = try CECOptions.settings(args)
        } catch {
            return [Result(verdict: .fail, what: "CEC", detail: error.message)]
        }
        let info: AdapterInfo, why: String
        switch settings.adapter {
        case .off:
            return [Result(verdict: .skip, what: "CEC", detail: "--cec off: the kiosk never wakes or switches the TV")]
        case .path(let path):
            do {
                info = try CECDevice(path: path, follow: false).info()
                why = "--cec \(path)"
            } catch {
                return [Result(verdict: .warn, what: "CEC adapter", detail: "\(error); run goes on without CEC")]
            }
        case .auto:
            switch AdapterChoice.choose(CECSession.adapters(), for: drivenDisplay(args)) {
            case .use(let a, let reason):
                info = a
                why = reason
            case .none(let line):
                return [Result(verdict: .skip, what: "CEC", detail: "\(line): the kiosk does not switch the TV on or to its input")]
            }
        }
        var out: [Result] = []
        let claimed = info.logicalAddresses.first.map { ", \($0)" + (info.osdName.isEmpty ? "" : " \"\(info.osdName)\"") } ?? ", no logical address yet"
        let adapter = "\(info.label), physical address \(info.physicalAddress)\(claimed) (\(why))"
        guard info.physicalAddress.isValid else {
            return [Result(verdict: .warn, what: "CEC adapter",
                           detail: "\(adapter): no physical address: the TV is off or unplugged (hot-plug detect low); run announces itself when it comes")]
        }
        out.append(Result(verdict: .pass, what: "CEC adapter", detail: adapter))
        out.append(askTV(info))
        return out
    }

    /// The display `run` would drive first, as CEC's choice needs it (connector, EDID address).
    static func drivenDisplay(_ args: Arguments) -> DisplayLink? {
        guard let selection = try? RunDisplay.selection(args) else { return nil }
        guard let path = args.value("--device") ?? (try? RunDisplay.chooseCard()),
              let card = try? DRMCard(path: path, master: false), let snapshot = try? card.probe(),
              let c = selection.choose(from: snapshot.connectors, current: []).first else { return nil }
        let pa = (try? EDID(c.edid))?.cta?.cecPhysicalAddress.map(PhysicalAddress.init(rawValue:))
        let number = path.split(separator: "/").last.flatMap { $0.hasPrefix("card") ? Int($0.dropFirst(4)) : nil }
        return DisplayLink(connectorName: c.name, card: number, connectorID: c.id, physicalAddress: pa)
    }

    /// Give Device Power Status and Give Device Vendor ID to the TV, from the adapter's
    /// logical address (run's, when it is running), or from one claimed for the question and
    /// given back after.
    static func askTV(_ info: AdapterInfo) -> Result {
        let device: CECDevice
        do {
            device = try CECDevice(path: info.path, follow: false)
        } catch {
            return Result(verdict: .warn, what: "TV", detail: "\(error)")
        }
        var from = info.logicalAddresses.first
        var claimedHere = false
        if from == nil {
            do {
                try device.claimAndWait(CECIdentity())
                from = try device.info().logicalAddresses.first
                claimedHere = true
            } catch {
                return Result(verdict: .warn, what: "TV", detail: "cannot claim a logical address to ask it: \(error)")
            }
        }
        defer { if claimedHere { try? device.clearLogicalAddresses() } }
        guard let from else {
            return Result(verdict: .warn, what: "TV", detail: "\(info.path): no Playback logical address could be claimed (4, 8 and 11 taken?)")
        }
        let power: (CECMessage?, TransmitStatus)
        do {
            power = try device.ask(CECMessage(from: from, to: .tv, .giveDevicePowerStatus), reply: .reportPowerStatus)
        } catch {
            return Result(verdict: .warn, what: "TV", detail: "\(error)")
        }
        guard power.1.contains(.ok) else {
            return Result(verdict: .warn, what: "TV", detail: "Give Device Power Status \(power.1): the TV's CEC may be off (Anynet+, SimpLink, Bravia Sync, EasyLink, VIERA Link…) or it is on another bus")
        }
        var parts: [String] = []
        if case .reportPowerStatus(let status)? = power.0?.command {
            parts.append("power \(status)")
        } else {
            parts.append("no answer to Give Device Power Status")
        }
        if let (answer, _) = try? device.ask(CECMessage(from: from, to: .tv, .giveDeviceVendorID), reply: .deviceVendorID),
           case .deviceVendorID(let id)? = answer?.command {
            parts.append("vendor \(VendorID.name(id))")
        } else {
            parts.append("no vendor ID")
        }
        return Result(verdict: .pass, what: "TV", detail: parts.joined(separator: ", ") + " (asked from \(from))")
    }
}
