@testable import Locales
import Testing

/// Which table a room's tag picks, and the guess from a quiz's text when it has none.
@Suite struct RoomLocaleTests {
    @Test(arguments: [
        ("de", Language.de), ("de-AT", .de), ("DE_ch", .de), ("en-GB", .en), ("ja-JP", .ja), ("fr-CA", .fr),
        ("zh-TW", .zhHant), ("zh-Hant", .zhHant), ("zh-HK", .zhHant), ("zh-MO", .zhHant), ("zh-Hant-CN", .zhHant),
        ("zh", .zhHans), ("zh-CN", .zhHans), ("zh-SG", .zhHans), ("zh-Hans", .zhHans), ("zh-Hans-HK", .zhHans),
        ("pt-BR", .pt), ("pt-PT", .pt), ("es-419", .es), ("iw", .he), ("he-IL", .he), ("ar-u-nu-latn", .ar),
        ("ko-KR", .ko), ("th-TH", .th), ("hi-IN", .hi), ("it", .it), ("nl-BE", .nl),
    ])
    func tags(tag: String, language: Language) throws {
        #expect(try #require(RoomLocale(tag: tag)).language == language, "\(tag)")
    }

    @Test func regionsAndKeywords() throws {
        let l = try #require(RoomLocale(tag: "zh-Hant-TW"))
        #expect(l.region == "TW" && l.tag == "zh-Hant-TW")
        let es = try #require(RoomLocale(tag: "es-419"))
        #expect(es.region == "419")
        let ar = try #require(RoomLocale(tag: "ar-EG-u-ca-islamic-nu-latn"))
        #expect(ar.region == "EG" && ar.numberingSystem == "latn")
        #expect(ar.tag == "ar-EG-u-nu-latn")
    }

    @Test(arguments: ["sv", "x", "", "123", "en1", "tlh", "de!"])
    func unknownTags(tag: String) {
        #expect(RoomLocale(tag: tag) == nil, "\(tag)")
    }

    @Test(arguments: [
        (["Which planet has the most known moons?"], Language?.some(.en)),
        (["SwiftUIで外部ディスプレイに対応するには？"], .ja),
        (["金曜日のクイズナイト"], .ja),
        (["What does こんにちは mean?"], .en),
        (["태양계에서 가장 큰 행성은?"], .ko),
        (["ما هي عاصمة فرنسا؟", "باريس (Paris)"], .ar),
        (["מה בירת צרפת?", "שנת 1989"], .he),
        (["ดาวเคราะห์ดวงใดใหญ่ที่สุด"], .th),
        (["सबसे बड़ा ग्रह कौन सा है?"], .hi),
        // Han alone is Chinese: Traditional when it holds more of Traditional's own characters.
        (["太陽系中最大的行星是哪一個？"], .zhHant),
        (["太阳系中最大的行星是哪一个？"], .zhHans),
        (["北京"], .zhHans),
        (["1989", "🎉"], nil), ([], nil),
    ])
    func guesses(texts: [String], language: Language?) {
        #expect(ScriptGuess.language(of: texts) == language, "\(texts)")
    }

    @Test func theTagWinsOverTheText() {
        #expect(RoomLocale.of(tag: "de", texts: ["ご参加ありがとう"])?.language == .de)
        #expect(RoomLocale.of(tag: "sv", texts: ["ご参加ありがとう"])?.language == .ja, "an unknown tag: the guess")
        #expect(RoomLocale.of(tag: nil, texts: []) == nil)
    }
}
