import Renderer

/// A QR code in a terminal, so the host scans the console's URL with a phone: libqrencode's
/// symbol (`QRCode`, as the lobby's) drawn with Unicode half blocks, two modules per character
/// cell (▀ ▄ █), with a quiet zone of two modules (phones' readers find the symbol with that;
/// four would make it 8 lines taller).
///
/// On a terminal the symbol is drawn black on white with ANSI colours, so it scans on a light
/// and a dark theme alike. Not on a terminal (a pipe, the journal) there is no colour: the light
/// modules are the blocks, as `qrencode -t UTF8` draws them, for the dark background terminals
/// and journal viewers have by default.
enum TerminalQR {
    static let quietZone = 2

    /// The symbol's lines, or nil when `text` cannot be encoded (empty, too long).
    static func lines(_ text: String, colour: Bool) -> [String]? {
        guard let code = QRCode(text) else { return nil }
        let side = code.size + 2 * quietZone
        // Module (x, y) with the quiet zone around the symbol.
        func dark(_ x: Int, _ y: Int) -> Bool { code.isDark(x: x - quietZone, y: y - quietZone) }
        var out: [String] = []
        var y = 0
        while y < side {
            var line = colour ? "\u{1B}[30;47m" : ""
            for x in 0..<side {
                // Ink is the dark modules in colour (black on white), the light ones without.
                let top = dark(x, y) == colour
                let bottom = y + 1 < side ? dark(x, y + 1) == colour : !colour
                switch (top, bottom) {
                case (true, true): line += "█"
                case (true, false): line += "▀"
                case (false, true): line += "▄"
                case (false, false): line += " "
                }
            }
            if colour { line += "\u{1B}[0m" }
            out.append(line)
            y += 2
        }
        return out
    }
}
