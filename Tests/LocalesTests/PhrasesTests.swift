@testable import Locales
import QuizContract
import Testing

/// Every phrase in every language: present, not empty, every plural form its language's CLDR
/// rules can pick, every placeholder in every form; and the JSON the phone page reads.
@Suite struct PhrasesTests {
    static func texts(_ p: Phrases, _ entry: Phrases.Entry, _ language: Language) -> [(String, String)] {
        switch entry.value {
        case let .text(path): return [(entry.key, p[keyPath: path])]
        case let .plural(path):
            let phrase = p[keyPath: path]
            return language.pluralCategories.map { ("\(entry.key).\($0)", phrase.form($0)) }
        }
    }

    @Test(arguments: Language.allCases)
    func everyPhraseIsThere(language: Language) {
        let table = Phrases.of(language)
        for entry in Phrases.entries {
            for (key, text) in Self.texts(table, entry, language) {
                let blank = RoomLocale.fill(text, [:]).allSatisfy { $0.isWhitespace || $0 == "{" || $0 == "}" }
                #expect(!blank, "\(language) \(key) is empty")
                #expect(text == text.trimmedOfSpaces, "\(language) \(key) starts or ends with a space")
                for p in entry.placeholders {
                    #expect(text.contains("{\(p)}"), "\(language) \(key): \"\(text)\" lacks {\(p)}")
                }
                // No placeholder the screen does not fill.
                let used = text.split(separator: "{").dropFirst().map { String($0.prefix { $0 != "}" }) }
                #expect(Set(used).isSubset(of: entry.placeholders), "\(language) \(key): \(used)")
            }
            if case let .plural(path) = entry.value {
                let forms = Set(table[keyPath: path].forms.keys)
                #expect(forms.isSubset(of: Set(language.pluralCategories)), "\(language) \(entry.key) has forms CLDR never picks: \(forms)")
            }
        }
    }

    /// Languages whose CLDR rules have more than one category write their counted phrases with
    /// more than one form where the words change (Arabic: the singular for 0, 1 and from 100, the
    /// dual, the plural of 3–10 and the accusative of 11–99).
    @Test func pluralFormsAreUsed() {
        let ar = Phrases.ar
        for phrase in [ar.playersJoined, ar.answers, ar.pointsEarned] {
            #expect(Set(Language.ar.pluralCategories.map(phrase.form)).count == 4, "ar: \(phrase.forms)")
        }
        let l = RoomLocale(.ar)
        #expect(l.text(ar.playersJoined, count: 2) == "٢ لاعبان")
        #expect(l.text(ar.playersJoined, count: 11) == "١١ لاعبًا")
        #expect(RoomLocale(.en).text(Phrases.en.playersJoined, count: 1) == "1 player joined")
        #expect(RoomLocale(.en).text(Phrases.en.playersJoined, count: 1250) == "1,250 players joined")
        #expect(RoomLocale(.de).text(Phrases.de.answers, count: 1) == "1 Antwort")
        #expect(RoomLocale(.fr).text(Phrases.fr.answers, count: 0) == "0 réponse")
        #expect(RoomLocale(.fr).text(Phrases.fr.answers, count: 2_000_000) == "2\u{202F}000\u{202F}000 de réponses")
        #expect(RoomLocale(.he).text(Phrases.he.answeredOf, count: 1, ["total": "48"]) == "1 / 48 ענה")
        for language in Language.allCases where language.pluralCategories.count > 1 {
            let p = Phrases.of(language).answers
            let cats = language.pluralCategories
            #expect(Set(cats.map(p.form)).count > 1 || language == .hi, "\(language): one form for \(cats)")
        }
    }

    @Test func fillingAndRejections() {
        #expect(RoomLocale.fill("Correct: {answer}", ["answer": "Venus"]) == "Correct: Venus")
        #expect(RoomLocale.fill("{a} {b} {", ["a": "1"]) == "1 {b} {")
        #expect(Phrases.de.rejected("too-late") == "Zu spät: Die Zeit war um")
        #expect(Phrases.en.rejected("no-such-reason") == nil)
        #expect(Phrases.entries.filter { $0.key.hasPrefix("rejected.") }.count == 13, "players-v1's twelve reasons and the console's not-host")
        #expect(Phrases.ja.rejected("not-host") == "ホストの画面からのみ操作できます")
        #expect(Set(Phrases.entries.map(\.key)).count == Phrases.entries.count)
    }

    @Test func theJSONForThePhonePage() throws {
        for language in Language.allCases {
            let json = try JSONParser.parse(Array(Phrases.json(language).utf8))
            guard case let .object(root) = json else { Issue.record("\(language): not an object"); continue }
            #expect(root.map(\.0) == ["language", "name", "direction", "pluralCategories", "phrases"])
            guard case let .object(phrases)? = root.first(where: { $0.0 == "phrases" })?.1 else { continue }
            #expect(phrases.map(\.0) == Phrases.entries.map(\.key))
            if case let .object(forms)? = phrases.first(where: { $0.0 == "playersJoined" })?.1 {
                #expect(forms.map(\.0) == language.pluralCategories.map(\.rawValue))
            } else {
                Issue.record("\(language): playersJoined is not an object of forms")
            }
            guard case let .string(direction)? = root.first(where: { $0.0 == "direction" })?.1 else { continue }
            #expect(direction == (language == .ar || language == .he ? "rtl" : "ltr"))
        }
        let phone = try JSONParser.parse(Array(Phrases.json(.ja, audience: .phone).utf8))
        if case let .object(root) = phone, case let .object(phrases)? = root.last?.1 {
            #expect(phrases.first?.0 == "join" && phrases.contains { $0.0 == "answerReceived" })
            #expect(!phrases.contains { $0.0 == "leaderboard" })
        }
        let catalog = try JSONParser.parse(Array(Phrases.catalogJSON().utf8))
        if case let .object(root) = catalog, case let .array(all)? = root.last?.1 {
            #expect(all.count == 15)
        } else {
            Issue.record("the catalog is not {cldr, languages}")
        }
    }
}

extension String {
    var trimmedOfSpaces: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}
