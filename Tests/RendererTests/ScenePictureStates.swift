import QuizContract
import TestSupport

/// Questions with pictures, for the golden and layout tests: each format of the test media, a
/// picture that has not arrived (its placeholder), the reveal, and six choices under a portrait
/// picture.
enum PictureStates {
    static let now = ShowStates.now

    static func question(_ media: String, choices: [String] = ["Mount Fuji", "Mount Aso", "Mount Kilimanjaro", "Mont Blanc"],
                         text: String = "Which mountain is in this picture?") -> QuizState {
        QuizState(phase: .question, title: "Friday Pub Quiz", question: .init(
            number: 4, total: 10, text: text, choices: choices, timeLimit: 20, endsAt: now + 12.4, answered: 9, players: 31,
            image: .init(sha256: TestPictures.sha(media), alt: "test picture \(media)")))
    }

    static func reveal(_ media: String) -> QuizState {
        var s = question(media)
        s.phase = .reveal
        s.question?.correct = 0
        s.question?.answerCounts = [21, 4, 3, 3]
        s.question?.endsAt = now - 5
        return s
    }

    static let six = question("photo.webp", choices: ["guard", "defer", "unless", "actor", "repeat", "fallthrough"],
                              text: "次のうち、Swift のキーワードではないものはどれ？")

    static let media = ["alpha.png", "exif6.jpg", "photo.webp"]
}
