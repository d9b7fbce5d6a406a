import Testing
import Renderer
@testable import QuizKiosk

/// The host's raw-terminal keys: arrows, a lone Esc or Alt+key not eating the keys after it,
/// and an escape sequence split across reads.
@Suite struct HostKeysTests {
    @Test func arrowsAndLettersAndALoneEsc() {
        var input: [UInt8] = [0x1B, UInt8(ascii: "n"), UInt8(ascii: "n")] + [0x1B, 0x5B, 0x43] + [UInt8(ascii: "q")]
        let keys = HostTerminal.keys(from: &input)
        #expect(keys == [.action(.next), .action(.next), .action(.next), .quit])
        #expect(input.isEmpty)
    }

    @Test func aSequenceSplitAcrossReadsWaits() {
        var input: [UInt8] = [0x1B, 0x5B]
        #expect(HostTerminal.keys(from: &input).isEmpty)
        #expect(input == [0x1B, 0x5B])
        input.append(0x44)
        #expect(HostTerminal.keys(from: &input) == [.action(.back)])
    }
}

/// The console's QR code in the terminal: the half blocks read back are libqrencode's symbol,
/// module for module, with its quiet zone; black on white with colours, light as ink without.
@Suite struct TerminalQRTests {
    static let url = "http://192.168.1.20:8080/host#Zm9vYmFyYmF6cXV4cXV1eHF1dXo0NTY3"

    /// The modules the lines draw (true: dark), two rows per line.
    static func modules(_ lines: [String], colour: Bool) -> [[Bool]] {
        var rows: [[Bool]] = []
        for line in lines {
            var text = line
            if colour {
                #expect(text.hasPrefix("\u{1B}[30;47m") && text.hasSuffix("\u{1B}[0m"))
                text = String(text.dropFirst(8).dropLast(4))
            }
            var top: [Bool] = [], bottom: [Bool] = []
            for c in text {
                let (t, b): (Bool, Bool) = c == "█" ? (true, true) : c == "▀" ? (true, false) : c == "▄" ? (false, true) : (false, false)
                // Ink is dark in colour, light without.
                top.append(t == colour)
                bottom.append(b == colour)
            }
            rows.append(top)
            rows.append(bottom)
        }
        return rows
    }

    @Test(arguments: [true, false])
    func theBlocksAreTheSymbol(colour: Bool) throws {
        let code = try #require(QRCode(Self.url))
        let lines = try #require(TerminalQR.lines(Self.url, colour: colour))
        let side = code.size + 2 * TerminalQR.quietZone
        #expect(lines.count == (side + 1) / 2)
        let drawn = Self.modules(lines, colour: colour)
        for y in 0..<side {
            #expect(drawn[y].count == side)
            for x in 0..<side {
                let dark = code.isDark(x: x - TerminalQR.quietZone, y: y - TerminalQR.quietZone)
                #expect(drawn[y][x] == dark, "module (\(x), \(y))")
            }
        }
        #expect(TerminalQR.lines("", colour: colour) == nil)
    }
}
