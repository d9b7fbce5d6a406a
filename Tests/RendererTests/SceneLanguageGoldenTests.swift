import Pixels
import QuizContract
@testable import Renderer
import TestSupport
import Testing

/// Rooms in other languages, each with its own words on screen (German, Korean, Traditional
/// Chinese, Arabic and Hebrew mirrored, Thai, Hindi; a Japanese leaderboard): the question, the
/// reveal and the standings at 1080p and portrait, compared pixel for pixel with references that
/// were looked at when recorded. The right-to-left rooms carry numbers and a Latin word inside
/// their text, which must keep their left-to-right order.
@Suite struct SceneLanguageGoldenTests {
    static let now = ShowStates.now

    struct Room {
        let tag: String
        let title: String
        let question: String
        let choices: [String]
        let names: [String]
    }

    static let rooms: [Room] = [
        Room(tag: "de", title: "Kneipenquiz am Freitag", question: "Welcher Planet hat die meisten bekannten Monde?",
             choices: ["Saturn", "Jupiter", "Uranus", "Neptun"],
             names: ["Die Quizzbären", "Müller & Söhne", "Tischgesellschaft Nr. 7", "Jürgen", "Anna-Lena", "Team Fußball"]),
        Room(tag: "ko", title: "금요일 퀴즈의 밤", question: "태양계에서 알려진 위성이 가장 많은 행성은?",
             choices: ["토성", "목성", "천왕성", "해왕성"], names: ["퀴즈왕", "김민준", "이서연", "박지호", "Alex", "최유나"]),
        Room(tag: "zh-TW", title: "週五益智問答之夜", question: "太陽系中已知衛星最多的行星是？",
             choices: ["土星", "木星", "天王星", "海王星"], names: ["問答高手", "陳小明", "林美玲", "王大偉", "Alex", "張雅婷"]),
        Room(tag: "ar", title: "ليلة المسابقات", question: "في أي عام سقط جدار برلين (Berlin)؟",
             choices: ["عام 1989", "عام 1991", "عام 1961", "عام 2001"],
             names: ["فريق 2024", "أحمد", "ليلى", "Alex", "نور الهدى", "الأبطال"]),
        Room(tag: "he", title: "ערב חידונים", question: "באיזו שנה נפלה חומת ברלין (Berlin)?",
             choices: ["שנת 1989", "שנת 1991", "שנת 1961", "שנת 2001"],
             names: ["צוות 42", "דנה", "יוסי", "Alex", "מיכל", "האלופים"]),
        Room(tag: "th", title: "คืนตอบคำถามวันศุกร์", question: "ดาวเคราะห์ดวงใดในระบบสุริยะมีดวงจันทร์ที่รู้จักมากที่สุด",
             choices: ["ดาวเสาร์", "ดาวพฤหัสบดี", "ดาวยูเรนัส", "ดาวเนปจูน"],
             names: ["ทีมแมวเหมียว", "สมชาย", "สุดารัตน์", "Alex", "ปรีชา", "มาลี"]),
        Room(tag: "hi", title: "शुक्रवार की क्विज़ रात", question: "सौरमंडल में किस ग्रह के सबसे अधिक ज्ञात चंद्रमा हैं?",
             choices: ["शनि", "बृहस्पति", "अरुण", "वरुण"],
             names: ["क्विज़ सम्राट", "प्रियंका", "राहुल", "Alex", "श्रद्धा", "विक्रम"]),
    ]

    static func question(_ r: Room) -> QuizState {
        QuizState(phase: .question, title: r.title, locale: r.tag, question: .init(
            number: 3, total: 10, text: r.question, choices: r.choices, timeLimit: 20, endsAt: now + 12.4, answered: 23, players: 48))
    }

    static func reveal(_ r: Room) -> QuizState {
        var s = question(r)
        s.phase = .reveal
        s.question?.correct = 0
        s.question?.answerCounts = [30, 9, 4, 5]
        s.question?.endsAt = now - 5
        return s
    }

    static func standings(_ names: [String], title: String, tag: String) -> QuizState {
        let scores = [12840, 9390, 9390, 7100, 4020, 1500]
        let previous = [2, 1, 5, 3, 4, 6]
        return QuizState(phase: .leaderboard, title: title, locale: tag, leaderboard: zip(names, zip(scores, previous)).map {
            .init(name: $0.0, score: $0.1.0, previousRank: $0.1.1)
        })
    }

    static let japaneseStandings = standings(["さくら", "チーム寿司", "たけし", "Alex", "ゆうき", "はると"], title: "金曜日のクイズナイト", tag: "ja")

    static let sizes = [(1920, 1080), (1080, 1920)]
    static let cases: [(String, Int, Int)] = rooms.flatMap { r in
        ["question", "reveal", "leaderboard"].flatMap { phase in sizes.map { ("\(r.tag)-\(phase)", $0.0, $0.1) } }
    } + sizes.map { ("ja-leaderboard", $0.0, $0.1) }

    static func state(_ name: String) -> QuizState {
        if name == "ja-leaderboard" { return japaneseStandings }
        let parts = name.split(separator: "-")
        let phase = String(parts.last ?? "")
        let tag = parts.dropLast().joined(separator: "-")
        guard let room = rooms.first(where: { $0.tag == tag }) else { return .idle }
        switch phase {
        case "question": return question(room)
        case "reveal": return reveal(room)
        default: return standings(room.names, title: room.title, tag: room.tag)
        }
    }

    @Test(arguments: cases)
    func room(name: String, width: Int, height: Int) throws {
        let fonts = try TestFonts.load()
        let canvas = Canvas(width: width, height: height)
        SceneRenderer(fonts: fonts).render(Self.state(name), into: canvas, now: Self.now)
        Snapshot.assert(canvas, named: "lang-\(name)-\(width)x\(height)", fonts: fonts)
    }

    /// The words are the room's: each phase's label in its language.
    @Test func theWordsAreTheRooms() throws {
        let r = SceneRenderer(fonts: try TestFonts.load())
        func texts(_ s: QuizState) -> [String] {
            r.describe(SceneFrame(state: s, width: 1920, height: 1080, now: Self.now)).items.compactMap(\.text)
        }
        #expect(texts(Self.question(Self.rooms[0])).contains("23 / 48 haben geantwortet"))
        #expect(texts(Self.reveal(Self.rooms[0])).contains("Richtig: Saturn") && texts(Self.reveal(Self.rooms[0])).contains("48 Antworten"))
        #expect(texts(Self.state("de-leaderboard")).contains("Rangliste") && texts(Self.state("de-leaderboard")).contains("12.840"))
        #expect(texts(Self.question(Self.rooms[1])).contains("23 / 48명 응답"))
        #expect(texts(Self.reveal(Self.rooms[2])).contains("正確答案：土星") && texts(Self.reveal(Self.rooms[2])).contains("48 個回答"))
        #expect(texts(Self.state("zh-TW-leaderboard")).contains("排行榜"))
        #expect(texts(Self.japaneseStandings).contains("ランキング"))
    }
}
