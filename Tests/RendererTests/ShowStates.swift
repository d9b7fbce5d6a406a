import Pixels
import QuizContract
@testable import Renderer
import TestSupport

/// The quiz states the scene tests render: each phase, and each defect the show issue lists
/// (cut join codes and winners, one group at many sizes, moving choices, numbers that mislead,
/// the wrong language, colours, empty screens).
enum ShowStates {
    static let now = RFC3339.parse("2026-11-29T20:00:00Z") ?? 0
    static let sizes = [(1280, 720), (1920, 1080), (3840, 2160), (1080, 1920)]

    static let japaneseChoices = ["UIScreen の接続通知を受け取る", "WindowGroup を二つ作る", "外部ディスプレイ用のシーンを設定する", "対応する方法はない"]
    static let japanese4 = QuizState(phase: .question, title: "QuizKiosk デモクイズ", question: .init(
        number: 3, total: 10, text: "SwiftUIで外部ディスプレイに対応するには？", choices: japaneseChoices,
        timeLimit: 20, endsAt: now + 12.4, answered: 23, players: 48))
    static let english2 = QuizState(phase: .question, title: "Friday Pub Quiz", question: .init(
        number: 7, total: 12, text: "Which planet has the most known moons?", choices: ["Saturn", "Jupiter"],
        timeLimit: 15, endsAt: now + 3.2))
    static let long = QuizState(phase: .question, question: .init(
        number: 10, total: 10,
        text: String(repeating: "この問題文はとても長く、画面に収まらないので、文字が段階的に小さくなり、最後には省略記号で切られます。", count: 21),
        choices: ["An answer that is also far too long to fit in its box on one line, so it wraps and then shrinks",
                  "短い", "Troisième réponse, accentuée", "四番目の選択肢"],
        timeLimit: 30))
    static var timesUp: QuizState {
        var s = japanese4
        s.question?.endsAt = now - 2
        s.question?.answered = 48
        return s
    }
    static var reveal4: QuizState {
        var s = japanese4
        s.phase = .reveal
        s.question?.correct = 2
        s.question?.answerCounts = [4, 2, 11, 0]
        s.question?.endsAt = now - 5
        return s
    }
    /// Six long Japanese choices: the grid of five or six, the correct one as long as any.
    static let long6ja = QuizState(phase: .question, title: "日本の歴史クイズ", question: .init(
        number: 5, total: 10, text: "江戸幕府の第八代将軍で、享保の改革を行い、目安箱の設置や公事方御定書の制定で知られる人物は誰でしょう？",
        choices: ["徳川吉宗（とくがわよしむね）、紀州藩主から将軍になった人物", "徳川綱吉（とくがわつなよし）、生類憐みの令を出した人物",
                  "徳川家光（とくがわいえみつ）、参勤交代を制度化した人物", "徳川家康（とくがわいえやす）、江戸幕府を開いた初代将軍",
                  "徳川慶喜（とくがわよしのぶ）、大政奉還を行った最後の将軍", "徳川秀忠（とくがわひでただ）、武家諸法度を発布した二代将軍"],
        timeLimit: 30, endsAt: now + 20))
    static var reveal6ja: QuizState {
        var s = long6ja
        s.phase = .reveal
        s.question?.correct = 0
        s.question?.answerCounts = [17, 3, 0, 6, 2, 1]
        return s
    }
    /// A poll: counts, no correct answer, no deadline.
    static let poll6 = QuizState(phase: .reveal, title: "Friday Pub Quiz", question: .init(
        number: 12, total: 12, text: "Which of these should we play next week?",
        choices: ["Music round", "Pictures", "Geography", "Sport", "Film", "Science"], answerCounts: [1250, 18, 0, 402, 77, 9]))
    static let idle = QuizState(phase: .idle, title: "金曜日のクイズナイト")
    static let lobby = QuizState(phase: .lobby, title: "Friday Pub Quiz", lobby: .init(
        joinCode: "QK-ABCDEF-123456", joinURL: "https://quiz.example/join/QK-ABCDEF-123456", participants: 1250))
    static let lobby32 = QuizState(phase: .lobby, title: "金曜日のクイズナイト", lobby: .init(
        joinCode: "QK-ABCDEFGHIJKLMNOP-QRSTUVWXYZ12",
        joinURL: "https://quiz.example.com/join/a-very-long-path/QK-ABCDEFGHIJKLMNOP-QRSTUVWXYZ12?utm_source=tv&utm_medium=screen",
        participants: 1))
    /// Ties for second (three teams on 4200), movement, a nine-digit score, names far too long.
    static let standings: [QuizState.Standing] = [
        .init(name: "The Quizzly Bears", score: 999_999_999, previousRank: 2),
        .init(name: "Wolfeschlegelsteinhausenbergerdorff", score: 4200, previousRank: 1),
        .init(name: "さくら", score: 4200, previousRank: 5),
        .init(name: "Les Mots Croisés", score: 4200, previousRank: 3),
        .init(name: "Marie-Claire Dubois-Fontaine de la Tour d’Auvergne", score: 3810, previousRank: 4),
        .init(name: "寿限無寿限無五劫の擦り切れ海砂利水魚の水行末雲来末風来末", score: 2100, previousRank: 9),
        .init(name: "Sam", score: 1500, previousRank: 6), .init(name: "はると", score: 1111, previousRank: 8),
        .init(name: "Kim", score: 888, previousRank: 7), .init(name: "Jo", score: 0, previousRank: 10), .init(name: "ひなた", score: 0),
    ]
    static let leaderboard = QuizState(phase: .leaderboard, title: "Friday Pub Quiz", leaderboard: standings)
    static let leaderboard1 = QuizState(phase: .leaderboard, title: "Friday Pub Quiz", leaderboard: [.init(name: "The Quizzly Bears", score: 1200)])
    /// The winner's name is one long word; places 4–8 for portrait.
    static let ended = QuizState(phase: .ended, title: "Friday Pub Quiz", leaderboard: [
        .init(name: "Wolfeschlegelsteinhausenbergerdorff", score: 12840), .init(name: "Alex", score: 12610),
        .init(name: "たけし", score: 9390), .init(name: "Marie-Claire Dubois-Fontaine", score: 8100), .init(name: "ゆうき", score: 7980),
        .init(name: "寿限無寿限無五劫の擦り切れ", score: 6720), .init(name: "Sam", score: 5500), .init(name: "はると", score: 4320),
        .init(name: "Kim", score: 990),
    ])
    /// Two tie for first, two for fourth.
    static let podiumTies = QuizState(phase: .ended, title: "金曜日のクイズナイト", leaderboard: [
        .init(name: "さくら", score: 5000), .init(name: "Alex", score: 5000), .init(name: "たけし", score: 4100),
        .init(name: "Marie", score: 3900), .init(name: "Jo", score: 3900), .init(name: "ゆうき", score: 100),
    ])

    /// The long question with six choices (it dropped from 36 to 30 px at text scale 1.5).
    static let longSix = QuizState(phase: .question, title: "Friday Pub Quiz", question: .init(
        number: 8, total: 12,
        text: "Which of these European capitals lies furthest north, measured by the latitude of its main railway station?",
        choices: ["Helsinki, the capital of Finland", "Oslo, the capital of Norway", "Stockholm, the capital of Sweden",
                  "Reykjavík, the capital of Iceland", "Tallinn, the capital of Estonia", "Copenhagen, the capital of Denmark"],
        timeLimit: 30, endsAt: now + 20, answered: 12, players: 30))
    /// A 64-character winner (it was cut at the 28-unit floor on a screen three quarters empty).
    static let winner64 = QuizState(phase: .ended, title: "Friday Pub Quiz", leaderboard: [
        .init(name: "The Marvellous Quizzing Champions of the Royal Oak Tuesday Leagu", score: 12840),
        .init(name: "Alex", score: 12610), .init(name: "Sam", score: 9390), .init(name: "Kim", score: 5000),
        .init(name: "Jo", score: 4100), .init(name: "Marie-Claire", score: 3000)])
    /// Three tie for first (their stars stood at different heights).
    static let tie3 = QuizState(phase: .ended, title: "Friday Pub Quiz", leaderboard: [
        .init(name: "Marie-Claire Dubois-Fontaine", score: 5000), .init(name: "Alex", score: 5000), .init(name: "Sam", score: 5000),
        .init(name: "Kim", score: 100)])

    /// Every state above by name.
    static let all: [(String, QuizState)] = [
        ("japanese4", japanese4), ("english2", english2), ("long", long), ("timesup", timesUp), ("reveal4", reveal4),
        ("long6ja", long6ja), ("reveal6ja", reveal6ja), ("poll6", poll6), ("idle", idle), ("lobby", lobby), ("lobby32", lobby32),
        ("leaderboard", leaderboard), ("leaderboard1", leaderboard1), ("ended", ended), ("podiumties", podiumTies),
    ]

    static func state(_ name: String) -> QuizState { all.first { $0.0 == name }?.1 ?? .idle }

    /// A venue's look: its own accent and background, a logo, type half as large again and a
    /// TV that hides 5% of the picture.
    static let venueTheme = Theme(accent: Color(hex: 0x7FDBFF), background: Color(hex: 0x1B1035))
    static let venueSettings = SceneSettings(textScale: 1.5, overscan: 2.5, logo: TestLogo.image())
}
