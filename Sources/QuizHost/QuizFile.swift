import Escaping
import Platform
import QuizContract

/// A quiz as the host writes it: a JSON file (see docs/quiz-file.md and examples/). Validated
/// as a whole when loaded, with the path to the field in every error, so a typo is found
/// before the room is watching rather than in the middle of the quiz. Unknown fields are
/// errors here (unlike in quiz states): in a hand-written file they are typos.
public struct QuizFile: Equatable, Sendable {
    public struct Question: Equatable, Sendable {
        public var text: String
        public var choices: [String]
        /// Index of the correct choice; nil for a question without one (a poll).
        public var correct: Int?
        public var timeLimit: Double
        /// The question's picture, as the file names it (checked and hashed by `QuizPictures`).
        public var image: PictureFile?

        public init(text: String, choices: [String], correct: Int?, timeLimit: Double, image: PictureFile? = nil) {
            self.text = text
            self.choices = choices
            self.correct = correct
            self.timeLimit = timeLimit
            self.image = image
        }
    }

    /// `"image": "pictures/fuji.jpg"` (relative to the quiz file), or
    /// `{"file": "…", "alt": "…", "url": "https://…"}` to give its words and where screens may
    /// fetch it when the broker does not bring it.
    public struct PictureFile: Equatable, Sendable {
        public var file: String
        public var alt: String?
        public var url: String?
        public init(file: String, alt: String? = nil, url: String? = nil) {
            self.file = file
            self.alt = alt
            self.url = url
        }
    }

    public var title: String
    public var quizId: String?
    public var joinCode: String?
    public var joinURL: String?
    public var questions: [Question]
    /// Standings shown by the leaderboard key when no --scores file is given (rehearsals).
    public var leaderboard: [QuizState.Standing]
    /// The room's language (`ja`, `en-GB`, …) for the screens' and the phones' own words.
    public var locale: String? = nil

    public init(title: String, quizId: String?, joinCode: String?, joinURL: String?, questions: [Question],
                leaderboard: [QuizState.Standing], locale: String? = nil) {
        self.title = title
        self.quizId = quizId
        self.joinCode = joinCode
        self.joinURL = joinURL
        self.questions = questions
        self.leaderboard = leaderboard
        self.locale = locale
    }

    public static let defaultTimeLimit = 20.0
    public static let maxBytes = 1 << 20
    public static let maxQuestions = 500

    public struct Problem: Error, Equatable, CustomStringConvertible {
        public let message: String
        public init(_ message: String) { self.message = message }
        public var description: String { message }
    }

    public static func load(_ path: String) throws(Problem) -> QuizFile {
        let bytes: [UInt8]
        do {
            bytes = try Files.read(path, limit: maxBytes)
        } catch {
            throw Problem("\(path): \(error.message)")
        }
        do {
            return try parse(bytes)
        } catch {
            throw Problem("\(path): \(error.message)")
        }
    }

    public static func parse(_ bytes: [UInt8]) throws(Problem) -> QuizFile {
        let bytes = StateDecoder.withoutBOM(bytes)
        guard bytes.count <= maxBytes else { throw Problem("\(bytes.count) bytes, over the \(maxBytes)-byte limit") }
        guard String(validating: bytes, as: UTF8.self) != nil else { throw Problem("not UTF-8") }
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw Problem("not JSON: \(error)")
        }
        do {
            return try fields(of: json)
        } catch {
            throw Problem(error.message)
        }
    }

    /// Seconds to answer a question: more than 0, at most an hour.
    private static func seconds(_ f: FieldReader, _ key: String) throws(FieldError) -> Double? {
        try f.number(key, in: Double.leastNonzeroMagnitude...3600, what: "must be more than 0 and at most 3600 seconds")
    }

    private static func fields(of json: JSONValue) throws(FieldError) -> QuizFile {
        let root = try FieldReader(json, name: "the file")
        try root.allowOnly(["title", "quizId", "joinCode", "joinURL", "timeLimit", "questions", "leaderboard", "locale"])
        let title = try root.required("title", max: Limits.titleLength, why: "the quiz's name")
        let defaultLimit = try seconds(root, "timeLimit") ?? defaultTimeLimit
        var quiz = QuizFile(title: title, quizId: try root.string("quizId", max: Limits.quizIdLength),
                            joinCode: try root.string("joinCode", max: Limits.joinCodeLength),
                            joinURL: try root.string("joinURL", max: Limits.joinURLLength),
                            questions: [], leaderboard: [])
        if let locale = try root.string("locale", max: Limits.localeLength) {
            // As the state decoder reads it: a language tag's letters, digits and hyphens.
            guard !locale.isEmpty, locale.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }) else {
                throw FieldError("locale: \(Escaping.quoted(locale)) is not a language tag like ja or en-GB")
            }
            quiz.locale = locale
        }
        guard let list = try root.objects("questions", maxItems: maxQuestions) else {
            throw FieldError("questions: missing (a list of questions)")
        }
        guard !list.isEmpty else { throw FieldError("questions: the list is empty") }
        for q in list {
            try q.allowOnly(["text", "choices", "correct", "timeLimit", "image"])
            guard let text = try q.string("text", max: Limits.questionLength), !text.isEmpty else { throw FieldError("\(q.path)text: missing") }
            let choices = try q.strings("choices", maxItems: Limits.choices, maxLength: Limits.choiceLength, nonEmpty: true) ?? []
            guard choices.count >= 2 else {
                throw FieldError("\(q.path)choices: \(choices.count) given, a question needs 2 to \(Limits.choices)")
            }
            let correct = try q.int("correct", min: 0)
            if let c = correct, c >= choices.count {
                throw FieldError("\(q.path)correct: \(c) is not the index of a choice (0 to \(choices.count - 1); the first choice is 0)")
            }
            quiz.questions.append(Question(text: text, choices: choices, correct: correct, timeLimit: try seconds(q, "timeLimit") ?? defaultLimit,
                                           image: try picture(q)))
        }
        if let board = try root.objects("leaderboard", maxItems: Limits.standings) {
            quiz.leaderboard = try standings(board)
        }
        return quiz
    }

    /// A question's `image`: a file name, or an object with `file` and optional `alt` and `url`.
    private static func picture(_ q: FieldReader) throws(FieldError) -> PictureFile? {
        guard let v = q.value("image") else { return nil }
        if case .string = v {
            guard let file = try q.string("image", max: 1024, nonEmpty: true) else { return nil }
            return PictureFile(file: file)
        }
        guard let f = try q.object("image") else { return nil }
        try f.allowOnly(["file", "alt", "url"])
        guard let file = try f.string("file", max: 1024, nonEmpty: true) else { throw FieldError("\(f.path)file: missing (the picture's file)") }
        let url = try f.string("url", max: Limits.pictureURLLength)
        if let url, !QuizState.Picture.isAllowed(url: url) {
            throw FieldError("\(f.path)url: must be an https:// URL, without spaces or control characters")
        }
        return PictureFile(file: file, alt: try f.string("alt", max: Limits.pictureAltLength), url: url)
    }

    /// Standings from `{"name": …, "score": …}` objects (the quiz file's, or a scores file).
    static func standings(_ entries: [FieldReader]) throws(FieldError) -> [QuizState.Standing] {
        var out: [QuizState.Standing] = []
        for e in entries {
            try e.allowOnly(["name", "score"])
            let name = try e.required("name", max: Limits.nameLength)
            guard let score = try e.int("score", min: nil) else { throw FieldError("\(e.path)score: missing") }
            out.append(.init(name: name, score: score))
        }
        return out
    }

    /// A scores file: a JSON array of standings, or an object with a `leaderboard` array.
    public static func loadScores(_ path: String) throws(Problem) -> [QuizState.Standing] {
        let bytes: [UInt8]
        do {
            bytes = try Files.read(path, limit: maxBytes)
        } catch {
            throw Problem("\(path): \(error.message)")
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw Problem("\(path): not JSON: \(error)")
        }
        do throws(FieldError) {
            // The bare array is read as the `leaderboard` member of an object around it.
            let root = try FieldReader(json.isArray ? .object([("leaderboard", json)]) : json, name: "the file")
            guard let board = try root.objects("leaderboard", maxItems: Limits.standings) else {
                throw FieldError("expected an array of {\"name\", \"score\"} or {\"leaderboard\": [...]}")
            }
            return try standings(board)
        } catch {
            throw Problem("\(path): \(error.message)")
        }
    }
}
