import CommandLineKit
import Glibc
import HostService
import NightStore
import Platform

/// `quizkiosk host-url`: the host console's URL (`…/host#SECRET`) and its QR code, for whoever
/// is at the box (the host unit prints them to the journal, where a venue may not look). Reads
/// what the host would: the settings file's `host-…` lines (the package's by default), the data
/// folder's secret (never made here: a host that never ran has none), the players' address.
enum HostURLCommand {
    static let options: Set<String> = ["--data", "--players", "--public-url"]
    static let packageSettings = "/etc/quizkiosk/quizkiosk.conf"
    /// The host unit's StateDirectory=, where its secret is when nothing else says.
    static let unitData = "/var/lib/quizkiosk"

    static func run(_ argv: [String]) throws -> Int32 {
        Log.prefixes = false
        var argv = argv
        if !argv.contains(where: { $0 == "--config" || $0.hasPrefix("--config=") }), Files.exists(packageSettings) {
            argv = ["--config", packageSettings] + argv
        }
        let (expanded, _) = try ConfigFile.expandHost(argv, options: HostCommand.options, flags: HostCommand.flags)
        // The settings may name any of the host's options; only these matter here.
        let args = try Arguments(expanded, options: HostCommand.options, flags: HostCommand.flags, maxPositional: 0)
        let data = try dataDirectory(args)
        let path = data + "/" + NightStore.secretFileName
        let secret: String
        do {
            secret = String(decoding: try Files.read(path, limit: 1024), as: UTF8.self).filter { !$0.isWhitespace }
        } catch {
            throw CLIError("\(path): \(error.message): the host has not run with this data folder yet (or --data names another)")
        }
        guard !secret.isEmpty else { throw CLIError("\(path): empty: start the host once to make the console's secret") }
        guard let listen = try HostCommand.playersAddress(args) else {
            throw CLIError("--players is off: the host serves no console")
        }
        if let given = args.value("--public-url"), let why = PlayersAddress.checkPublicURL(given) {
            throw UsageError(message: "--public-url \(given): \(why)")
        }
        let address = PlayersAddress(given: args.value("--public-url"), listen: listen, port: Int(listen.port),
                                     interfaces: PlayersAddress.localIPv4Addresses())
        let console = "\(address.publicURL)/host#\(secret)"
        Console.out("host console: \(console)")
        if let qr = TerminalQR.lines(console, colour: isatty(1) == 1) {
            for l in qr { Console.out("  " + l) }
            Console.out("  (scan it with the host's phone; the part after # is the console's secret: keep it to yourself)")
        }
        return 0
    }

    /// `--data` (or the settings' `host-data`), else the host unit's folder when it holds a
    /// secret, else where `quizkiosk host` would keep the night.
    static func dataDirectory(_ args: Arguments) throws -> String {
        if args.value("--data") == nil, Environment.get("STATE_DIRECTORY") == nil,
           Files.exists(unitData + "/" + NightStore.secretFileName) {
            return unitData
        }
        return try HostCommand.dataDirectory(args)
    }
}
