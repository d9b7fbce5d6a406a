import Testing
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
