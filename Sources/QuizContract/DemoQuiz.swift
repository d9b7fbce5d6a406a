/// The bundled sample quiz: what `quizkiosk demo` shows when nothing else is configured. Each
/// step is one state a controller would publish; countdowns are relative to `start`.
public enum DemoQuiz {
    public static let title = "QuizKiosk デモクイズ"
    public static let quizId = "demo"

    public struct Step: Sendable {
        public let name: String
        public let state: QuizState
        /// How long the demo source shows this step before the next.
        public let seconds: Double
    }

    static let questions: [(text: String, choices: [String], correct: Int, counts: [Int], limit: Double)] = [
        ("SwiftUIで外部ディスプレイに対応するには？",
         ["UIScreen の接続通知を受け取る", "WindowGroup を二つ作る", "外部ディスプレイ用のシーンを設定する", "対応する方法はない"],
         2, [4, 2, 11, 1], 20),
        ("Which planet has the most known moons?", ["Saturn", "Jupiter"], 0, [9, 7], 15),
        // Six choices, the most a question has: the densest layout of the question and reveal.
        ("次のうち、Swift のキーワードではないものはどれ？",
         ["guard", "defer", "unless", "actor", "repeat", "fallthrough"], 2, [2, 3, 9, 1, 2, 1], 20),
    ]

    /// The picture question: its picture is drawn by the screen itself (the Kiosk module's
    /// DemoPicture), so the demo needs no network and no file; without `picture` it is a plain
    /// question.
    static let pictureQuestion = (text: "この山の名前は？", choices: ["富士山", "阿蘇山", "キリマンジャロ", "モンブラン"],
                                  correct: 0, counts: [14, 2, 1, 1], limit: 15.0)

    public static func steps(start: Double) -> [Step] { steps(start: start, picture: nil) }

    public static func steps(start: Double, picture: QuizState.Picture?) -> [Step] {
        var out: [Step] = []
        var rev = 0
        func add(_ name: String, _ seconds: Double, _ s: QuizState) {
            var s = s
            rev += 1
            s.revision = rev
            s.quizId = quizId
            s.title = title
            out.append(Step(name: name, state: s, seconds: seconds))
        }
        add("idle", 4, QuizState(phase: .idle))
        add("lobby", 6, QuizState(phase: .lobby, lobby: .init(joinCode: "7342", joinURL: "https://quiz.example/join/7342", participants: 18)))
        var t = start + 10
        let all = questions + [(pictureQuestion.text, pictureQuestion.choices, pictureQuestion.correct, pictureQuestion.counts,
                                pictureQuestion.limit)]
        for (i, q) in all.enumerated() {
            let question = QuizState.Question(number: i + 1, total: all.count, text: q.text, choices: q.choices,
                                              timeLimit: q.limit, endsAt: t + q.limit, answered: 11, players: 18,
                                              image: i == questions.count ? picture : nil)
            add("question\(i + 1)", q.limit, QuizState(phase: .question, question: question))
            var revealed = question
            revealed.correct = q.correct
            revealed.answerCounts = q.counts
            add("reveal\(i + 1)", 6, QuizState(phase: .reveal, question: revealed))
            t += q.limit + 6
        }
        // Twelve players: the screen shows ten; one name is too long for its row, two share a
        // rank, and each knows the rank it had before (▲ / ▼).
        let standings: [QuizState.Standing] = [
            .init(name: "さくら", score: 2840, previousRank: 2), .init(name: "Alex", score: 2610, previousRank: 1),
            .init(name: "たけし", score: 2390, previousRank: 3), .init(name: "Marie-Claire Dubois-Fontaine", score: 2100, previousRank: 6),
            .init(name: "ゆうき", score: 2100, previousRank: 4),
            .init(name: "Bartholomew Featherstonehaugh-Worthington the Third", score: 1720, previousRank: 5),
            .init(name: "Sam", score: 1500, previousRank: 7), .init(name: "はると", score: 1320, previousRank: 9),
            .init(name: "Kim", score: 990, previousRank: 8), .init(name: "めぐみ", score: 870, previousRank: 10),
            .init(name: "Jo", score: 640, previousRank: 11), .init(name: "ひなた", score: 300, previousRank: 12),
        ]
        add("leaderboard", 8, QuizState(phase: .leaderboard, leaderboard: standings))
        add("ended", 8, QuizState(phase: .ended, leaderboard: standings))
        return out
    }
}
