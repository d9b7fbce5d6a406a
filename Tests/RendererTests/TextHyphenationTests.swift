import Pixels
@testable import Renderer
import TestSupport
import Testing

/// A word longer than the line, in a room whose language Debian has a hyphenation dictionary
/// for (`hyphen-de`, `hyphen-nl`, `hyphen-fr`, …, which `scripts/setup` installs): broken at
/// a syllable, with a hyphen drawn.
@Suite struct TextHyphenationTests {
    let fonts: FontSet
    let engine: TextEngine

    init() throws {
        fonts = try TestFonts.load()
        engine = TextEngine(fonts: fonts)
    }

    /// Each word as the dictionary hyphenates it (with libhyphen's lefthyphenmin and
    /// righthyphenmin of 2), in the languages of the screen's rooms that hyphenate.
    static let table: [(language: String, hyphenated: String)] = [
        ("de", "Do-nau-dampf-schiff-fahrts-ge-sell-schafts-ka-pi-tän"),
        ("de-AT", "Rind-flei-sche-ti-ket-tie-rungs-über-wa-chungs-auf-ga-ben-über-tra-gungs-ge-setz"),
        ("nl", "ar-beids-on-ge-schikt-heids-ver-ze-ke-ring"),
        ("nl-BE", "zie-ken-huis-op-na-me"),
        ("fr", "an-ti-cons-ti-tu-tion-nel-le-ment"),
        ("fr-CA", "élec-troen-cé-pha-lo-gra-phiste"),
        ("es", "elec-troen-ce-fa-lo-gra-fis-ta"),
        ("it", "pre-ci-pi-te-vo-lis-si-me-vol-men-te"),
        ("pt", "in-cons-ti-tu-ci-o-na-lis-si-ma-men-te"),
        ("pt-BR", "in-cons-ti-tu-ci-o-na-lis-si-ma-men-te"),
        ("en", "in-com-pre-hen-si-bil-i-ties"),
        ("en-GB", "in-com-pre-hens-ib-il-it-ies"),
    ]

    @Test(arguments: table)
    func theDictionaryFindsTheSyllables(language: String, hyphenated: String) throws {
        let path = try #require(Hyphenator.dictionaryPath(for: language), "no dictionary for \(language): install its hyphen-* package")
        let h = try #require(Hyphenator.shared(path: path))
        let word = Array(hyphenated.filter { $0 != "-" })
        var got = ""
        let points = Set(h.points(word))
        for (k, c) in word.enumerated() {
            if points.contains(k) { got += "-" }
            got.append(c)
        }
        #expect(got == hyphenated, "\(language): \(got)")
    }

    @Test func aLanguageTagPicksItsDictionary() {
        #expect(Hyphenator.dictionaryPath(for: "de-CH") == "/usr/share/hyphen/hyph_de_CH.dic")
        #expect(Hyphenator.dictionaryPath(for: "pt_BR") == "/usr/share/hyphen/hyph_pt_BR.dic")
        #expect(Hyphenator.dictionaryPath(for: "nl") == "/usr/share/hyphen/hyph_nl.dic")
        #expect(Hyphenator.dictionaryPath(for: "fr-Latn-FR") == "/usr/share/hyphen/hyph_fr_FR.dic")
        // No dictionary, or not a language tag at all.
        for tag in ["ja", "zh-Hant", "x", "../../etc/passwd", "de/../../x", ""] {
            #expect(Hyphenator.dictionaryPath(for: tag) == nil, "\(tag)")
        }
    }

    /// The German portrait question that was cut "…gesel" / "lschaftskapitän": now at a
    /// syllable, with a hyphen drawn at the end of the line, at every width the word needs two
    /// or more lines.
    @Test func aGermanCompoundBreaksAtASyllableWithAHyphen() throws {
        let text = "Wer war der erste Donaudampfschifffahrtsgesellschaftskapitän?"
        let word = "Donaudampfschifffahrtsgesellschaftskapitän"
        let syllables = "Do-nau-dampf-schiff-fahrts-ge-sell-schafts-ka-pi-tän".split(separator: "-").map(String.init)
        var ends: Set<Int> = []
        var n = 0
        for s in syllables.dropLast() {
            n += s.count
            ends.insert(n)
        }
        let full = engine.layout(word, size: 60, weight: .bold).width
        let chars = Array(text)
        let wordStart = text.count - word.count - 1
        var checked = 0
        for width in stride(from: full / 4, to: full, by: 23) {
            let block = engine.layout(text, size: 60, weight: .bold, maxWidth: width, balance: true, language: "de")
            var consumed = 0
            for line in block.lines {
                while consumed < chars.count, chars[consumed] == " " { consumed += 1 }
                consumed += line.hyphenated ? line.text.count - 1 : line.text.count
                guard line.hyphenated else { continue }
                #expect(line.width <= width)
                #expect(line.text.hasSuffix("-"))
                #expect(ends.contains(consumed - wordStart),
                        "width \(width): \(block.lines.map(\.text)) breaks at \(consumed - wordStart), not a syllable")
                // The hyphen is drawn: the line's last glyph is its face's "-".
                let last = try #require(line.glyphs.max { $0.x < $1.x })
                #expect(fonts.face(id: last.face)?.glyphIndex("-") == last.glyph)
                checked += 1
            }
            #expect(!block.lines.contains { $0.text.hasSuffix("gesel") || $0.text.hasPrefix("lschaft") }, "\(block.lines.map(\.text))")
        }
        #expect(checked > 5)
    }

    /// Without a dictionary the word is cut where it must, unmarked (as before); and nothing
    /// that is not a word gets a hyphen, even in a German room: a join code, a URL, capitals.
    @Test func noHyphenWithoutADictionaryNorInCodes() {
        let word = "Donaudampfschifffahrtsgesellschaftskapitän"
        let width = engine.layout(word, size: 48).width / 3
        for language in [nil, "ja", "xx"] as [String?] {
            let b = engine.layout(word, size: 48, maxWidth: width, language: language)
            #expect(b.lines.count > 2 && b.lines.allSatisfy { !$0.hyphenated } && b.lines.map(\.text).joined() == word)
        }
        for code in ["QK-ABCDEFGHIJKLMNOPQRSTUVWXYZ", "https://quiz.example.com/verylongpathwithoutbreaks", "DONAUDAMPFSCHIFFFAHRT",
                     "Raum42Schlüsselbund"] {
            let b = engine.layout(code, size: 48, maxWidth: engine.layout(code, size: 48).width / 3, language: "de")
            #expect(b.lines.allSatisfy { !$0.hyphenated } && b.lines.map(\.text).joined() == code, "\(code): \(b.lines.map(\.text))")
        }
    }

    /// A hyphenated line fits with its hyphen, and a cut text continues after it (the hyphen
    /// is not the text's).
    @Test func aHyphenatedTextCutLaterContinuesWhereItBroke() throws {
        let text = "Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen und noch viel mehr"
        let width = engine.layout("Donaudampfschifffahrts", size: 40).width + 10
        let b = engine.fit(text, maxSize: 40, minSize: 40, width: width, height: 1000, maxLines: 2, language: "de")
        #expect(b.truncated && b.lines.count == 2)
        #expect(b.lines[0].hyphenated && b.lines[0].text.hasSuffix("-"))
        let first = String(b.lines[0].text.dropLast())
        #expect(text.hasPrefix(first))
        let second = b.lines[1].text
        #expect(text.dropFirst(first.count).hasPrefix(second.prefix(6)), "\(b.lines.map(\.text))")
    }
}
