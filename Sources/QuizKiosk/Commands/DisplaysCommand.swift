import Display
import Platform

/// `quizkiosk displays [--json] [--device PATH]`: every DRM card, its connectors, monitors
/// (from their EDID), modes and what drives them now. Reads only; gives DRM master back at
/// once if opening the card made us master, so a kiosk can start meanwhile.
enum DisplaysCommand {
    static func run(_ argv: [String]) throws -> Int32 {
        let args = try Arguments(argv, options: ["--device"], flags: ["--json"])
        let paths = args.value("--device").map { [$0] } ?? DeviceList.cards()
        guard !paths.isEmpty else { throw DisplayError.noDevice }
        var reports: [DisplayReport] = []
        for path in paths {
            let card = try DRMCard(path: path, master: false)
            // Probe first: as master (we may be, if no one else is) the kernel re-detects displays.
            let snapshot = try card.probe()
            card.dropMaster()
            reports.append(DisplayReport(path: path, driver: card.driver, atomic: card.chosenProtocol == .atomic, snapshot: snapshot))
        }
        if args.has("--json") {
            Console.out("{\"cards\":[" + reports.map(\.json).joined(separator: ",") + "]}")
        } else {
            Console.out(reports.map(\.table).joined(separator: "\n\n"))
        }
        return 0
    }
}
