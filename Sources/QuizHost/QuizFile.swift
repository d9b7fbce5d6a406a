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
    }

    public var title: String
    public var quizId: String?
    public var joinCode: String?
    public var joinURL: String?
    public var questions: [Question]
    /// Standings shown by the leaderboard key when no --scores file is given (rehearsals).
    public var leaderboard: [QuizState.Standing]

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
        guard bytes.count <= maxBytes else { throw Problem("the file is over \(maxBytes / 1024) KiB") }
        guard String(validating: bytes, as: UTF8.self) != nil else { throw Problem("not UTF-8") }
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw Problem("not JSON: \(error)")
        }
        let root = try Node(json, path: "")
        try root.allow(["title", "quizId", "joinCode", "joinURL", "timeLimit", "questions", "leaderboard"])
        guard let title = try root.string("title", max: 200) else { throw Problem("title: missing (the quiz's name)") }
        let defaultLimit = try root.seconds("timeLimit") ?? defaultTimeLimit
        var quiz = QuizFile(title: title, quizId: try root.string("quizId", max: 100),
                            joinCode: try root.string("joinCode", max: 32), joinURL: try root.string("joinURL", max: 512),
                            questions: [], leaderboard: [])
        guard let list = try root.array("questions") else { throw Problem("questions: missing (a list of questions)") }
        guard !list.isEmpty else { throw Problem("questions: the list is empty") }
        guard list.count <= maxQuestions else { throw Problem("questions: \(list.count) questions, at most \(maxQuestions)") }
        for (i, item) in list.enumerated() {
            let q = try Node(item, path: "questions[\(i)].")
            try q.allow(["text", "choices", "correct", "timeLimit"])
            guard let text = try q.string("text", max: 1000), !text.isEmpty else { throw Problem("questions[\(i)].text: missing") }
            let choices = try q.strings("choices", maxItems: 6, maxLength: 200) ?? []
            guard choices.count >= 2 else {
                throw Problem("questions[\(i)].choices: \(choices.count) given, a question needs 2 to 6")
            }
            let correct = try q.int("correct")
            if let c = correct, !(0..<choices.count).contains(c) {
                throw Problem("questions[\(i)].correct: \(c) is not the index of a choice (0 to \(choices.count - 1); the first choice is 0)")
            }
            quiz.questions.append(Question(text: text, choices: choices, correct: correct, timeLimit: try q.seconds("timeLimit") ?? defaultLimit))
        }
        if let board = try root.array("leaderboard") {
            guard board.count <= 50 else { throw Problem("leaderboard: \(board.count) entries, at most 50") }
            quiz.leaderboard = try Self.standings(board, path: "leaderboard")
        }
        return quiz
    }

    /// Standings from a JSON array of `{"name": …, "score": …}` (the quiz file's, or a scores file).
    public static func standings(_ items: [JSONValue], path: String) throws(Problem) -> [QuizState.Standing] {
        var out: [QuizState.Standing] = []
        for (k, item) in items.enumerated() {
            let e = try Node(item, path: "\(path)[\(k)].")
            try e.allow(["name", "score"])
            guard let name = try e.string("name", max: 64) else { throw Problem("\(path)[\(k)].name: missing") }
            guard let score = try e.int("score", min: nil) else { throw Problem("\(path)[\(k)].score: missing") }
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
        guard bytes.count <= maxBytes else { throw Problem("\(path): the file is over \(maxBytes / 1024) KiB") }
        do {
            let json = try JSONParser.parse(bytes)
            switch json {
            case .array(let items): return try standings(items, path: "")
            case .object:
                guard let v = json["leaderboard"], case .array(let items) = v else {
                    throw Problem("expected an array of {\"name\", \"score\"} or {\"leaderboard\": [...]}")
                }
                return try standings(items, path: "leaderboard")
            default: throw Problem("expected an array of {\"name\", \"score\"}")
            }
        } catch let e as JSONSyntaxError {
            throw Problem("\(path): not JSON: \(e)")
        } catch let e as Problem {
            throw Problem("\(path): \(e.message)")
        } catch {
            throw Problem("\(path): \(error)")
        }
    }
}

/// One JSON object of the quiz file, with typed access and the field's path in every error.
private struct Node {
    let members: [(String, JSONValue)]
    let path: String

    init(_ v: JSONValue, path: String) throws(QuizFile.Problem) {
        guard case .object(let m) = v else {
            throw QuizFile.Problem("\(path.isEmpty ? "the file" : String(path.dropLast())): must be an object, got \(v.typeName)")
        }
        members = m
        self.path = path
    }

    func allow(_ keys: Set<String>) throws(QuizFile.Problem) {
        for (k, _) in members where !keys.contains(k) {
            throw QuizFile.Problem("\(path)\(k): unknown field (known: \(keys.sorted().joined(separator: ", ")))")
        }
    }

    func value(_ key: String) -> JSONValue? {
        guard let v = members.first(where: { $0.0 == key })?.1 else { return nil }
        if case .null = v { return nil }
        return v
    }

    func string(_ key: String, max: Int) throws(QuizFile.Problem) -> String? {
        guard let v = value(key) else { return nil }
        guard case .string(let s) = v else { throw QuizFile.Problem("\(path)\(key): must be a string, got \(v.typeName)") }
        let n = s.unicodeScalars.count
        guard n <= max else { throw QuizFile.Problem("\(path)\(key): \(n) characters, at most \(max)") }
        return s
    }

    func int(_ key: String, min: Int? = 0) throws(QuizFile.Problem) -> Int? {
        guard let v = value(key) else { return nil }
        guard case .number(let d, _) = v else { throw QuizFile.Problem("\(path)\(key): must be an integer, got \(v.typeName)") }
        guard d == d.rounded(), abs(d) <= 9_007_199_254_740_991 else {
            throw QuizFile.Problem("\(path)\(key): must be a whole number, got \(d)")
        }
        if let min, Int(d) < min { throw QuizFile.Problem("\(path)\(key): must be at least \(min)") }
        return Int(d)
    }

    func seconds(_ key: String) throws(QuizFile.Problem) -> Double? {
        guard let v = value(key) else { return nil }
        guard case .number(let d, _) = v else { throw QuizFile.Problem("\(path)\(key): must be a number of seconds, got \(v.typeName)") }
        guard d > 0, d <= 3600 else { throw QuizFile.Problem("\(path)\(key): must be more than 0 and at most 3600 seconds") }
        return d
    }

    func array(_ key: String) throws(QuizFile.Problem) -> [JSONValue]? {
        guard let v = value(key) else { return nil }
        guard case .array(let items) = v else { throw QuizFile.Problem("\(path)\(key): must be an array, got \(v.typeName)") }
        return items
    }

    func strings(_ key: String, maxItems: Int, maxLength: Int) throws(QuizFile.Problem) -> [String]? {
        guard let items = try array(key) else { return nil }
        guard items.count <= maxItems else { throw QuizFile.Problem("\(path)\(key): \(items.count) given, at most \(maxItems)") }
        var out: [String] = []
        for (k, item) in items.enumerated() {
            guard case .string(let s) = item else { throw QuizFile.Problem("\(path)\(key)[\(k)]: must be a string, got \(item.typeName)") }
            guard !s.isEmpty else { throw QuizFile.Problem("\(path)\(key)[\(k)]: empty") }
            guard s.unicodeScalars.count <= maxLength else { throw QuizFile.Problem("\(path)\(key)[\(k)]: over \(maxLength) characters") }
            out.append(s)
        }
        return out
    }
}
