@testable import Renderer
import TestSupport
import Testing

/// No line is only closing punctuation. UAX #14 (LB13) already forbids a break before "?",
/// but a word longer than the line is cut where it must, and the cut took the first cluster
/// that did not fit as the next line's start even when that was the "?". The rebalance then
/// looked for the narrowest width that kept the line count and the number of such cuts — and
/// a width at which the long word just fitted without its "?" kept both, so it chose it: "?"
/// alone on the last line of a German portrait question. The cut now keeps kinsoku: the "?"
/// takes the letter before it along.
@Suite struct TextLonePunctuationTests {
    let engine: TextEngine

    init() throws {
        engine = TextEngine(fonts: try TestFonts.load())
    }

    static let questions = [
        "Wer war der erste Donaudampfschifffahrtsgesellschaftskapitän?",
        "Was bedeutet Rindfleischetikettierungsüberwachungsaufgabenübertragungsgesetz?",
        "Wie heißt das längste Wort: Donaudampfschifffahrtselektrizitätenhauptbetriebswerkbauunterbeamtengesellschaft?!",
        "「ドナウ蒸気船航行会社船長」はドイツ語で何？",
    ]

    static func closingOnly(_ line: String) -> Bool {
        !line.isEmpty && line.unicodeScalars.allSatisfy { s in
            switch LineBreaker.property(s).cls {
            case .CL, .CP, .EX, .IS, .SY, .NS, .IN: return true
            default: return false
            }
        }
    }

    @Test(arguments: questions)
    func noLineIsOnlyClosingPunctuation(question: String) {
        let word = question.split(separator: " ").map { engine.layout(String($0), size: 60, weight: .bold).width }.max() ?? 0
        var tried = 0
        for language in [nil, "de"] as [String?] {
            // Widths where the longest word must be cut, as a portrait screen's question box.
            for width in stride(from: word / 3, through: word + 40, by: 3) {
                for balance in [false, true] {
                    let lines = engine.layout(question, size: 60, weight: .bold, maxWidth: width, balance: balance,
                                              language: language).lines.map(\.text)
                    #expect(!lines.dropFirst().contains(where: Self.closingOnly),
                            "width \(width), balance \(balance), \(language ?? "no language"): \(lines)")
                    tried += 1
                }
            }
        }
        #expect(tried > 100)
    }

    /// The case itself: a width at which the word fits without its "?". Greedy and balanced,
    /// the "?" stays with the word's last letters.
    @Test func theWordThatJustFitsTakesItsQuestionMarkAlong() {
        let word = "Donaudampfschifffahrtsgesellschaftskapitän"
        let width = engine.layout(word, size: 60, weight: .bold).width
        for balance in [false, true] {
            let lines = engine.layout("Wer war der erste \(word)?", size: 60, weight: .bold, maxWidth: width, balance: balance).lines
            #expect(lines.last.map { !Self.closingOnly($0.text) } == true, "\(lines.map(\.text))")
            #expect(lines.last?.text.hasSuffix("n?") == true, "\(lines.map(\.text))")
        }
    }
}
