/// Why a message was rejected: which field and why, in one line.
public struct StateError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Decodes and validates a quiz state message (docs/quiz-state.md). A message that breaks any
/// rule is rejected as a whole; nothing partial is ever returned.
public enum StateDecoder {
    public static let maxBytes = 64 * 1024
    public static let supportedSchema = 1

    /// The outcome of one message: a state, or an empty payload that clears the screen to idle
    /// (an empty retained MQTT message).
    public enum Message: Equatable, Sendable {
        case state(QuizState)
        case clear
    }

    public static func decodeMessage(_ bytes: [UInt8]) throws(StateError) -> Message {
        // The limit first: 70,000 spaces are an oversized message, not a clear.
        try checkSize(bytes)
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return .clear }
        return .state(try decode(bytes))
    }

    static func checkSize(_ bytes: [UInt8]) throws(StateError) {
        guard bytes.count <= maxBytes else {
            throw StateError("message is \(bytes.count) bytes, over the \(maxBytes)-byte limit")
        }
    }

    public static func decode(_ bytes: [UInt8]) throws(StateError) -> QuizState {
        try checkSize(bytes)
        if let bad = firstInvalidUTF8(bytes) { throw StateError("not UTF-8 (invalid byte at offset \(bad))") }
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw StateError("not JSON: \(error)")
        }
        guard case let .object(root) = json else { throw StateError("not a JSON object (got \(json.typeName))") }
        let f = Fields(members: root, path: "")
        var s = QuizState()
        if let schema = try f.int("schema", min: 1) {
            guard schema <= supportedSchema else {
                throw StateError("schema: version \(schema) is not supported (this screen knows version \(supportedSchema))")
            }
            s.schema = schema
        }
        s.quizId = try f.string("quizId", max: 200)
        s.revision = try f.int("revision", min: 0)
        s.title = try f.string("title", max: 200)
        if let locale = try f.string("locale", max: 35) {
            // A BCP 47 tag's letters, digits and hyphens; a screen that does not know the
            // language guesses from the text, so new languages never break old screens.
            guard !locale.isEmpty, locale.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }) else {
                throw StateError("locale: \"\(locale)\" is not a language tag like ja or en-GB")
            }
            s.locale = locale
        }
        if let l = try f.object("lobby") {
            s.lobby = QuizState.Lobby(joinCode: try l.string("joinCode", max: 32), joinURL: try l.string("joinURL", max: 512),
                                      participants: try l.int("participants", min: 0))
        }
        if let q = try f.object("question") {
            var question = QuizState.Question()
            question.number = try q.int("number", min: 1)
            question.total = try q.int("total", min: 1)
            question.text = try q.string("text", max: 1000)
            question.choices = try q.stringArray("choices", maxItems: 6, maxLength: 200) ?? []
            question.correct = try q.int("correct", min: 0)
            if let c = question.correct, c >= question.choices.count {
                throw StateError("question.correct: \(c) is not the index of a choice (there are \(question.choices.count))")
            }
            question.answerCounts = try q.intArray("answerCounts", maxItems: 6, min: 0)
            question.timeLimit = try q.positiveNumber("timeLimit")
            if let text = try q.string("endsAt", max: 64) {
                guard let t = RFC3339.parse(text) else {
                    throw StateError("question.endsAt: \"\(text)\" is not an RFC 3339 time")
                }
                question.endsAt = t
            }
            question.answered = try q.int("answered", min: 0)
            question.players = try q.int("players", min: 0)
            s.question = question
        }
        if let board = try f.field("leaderboard") {
            guard case let .array(items) = board else { throw f.wrong("leaderboard", "an array", board) }
            guard items.count <= 50 else { throw StateError("leaderboard: \(items.count) entries, at most 50 allowed") }
            for (k, item) in items.enumerated() {
                guard case let .object(m) = item else { throw StateError("leaderboard[\(k)]: must be an object, got \(item.typeName)") }
                let e = Fields(members: m, path: "leaderboard[\(k)].")
                guard let name = try e.string("name", max: 64) else { throw StateError("leaderboard[\(k)].name: missing") }
                guard let score = try e.int("score", min: nil) else { throw StateError("leaderboard[\(k)].score: missing") }
                let previous = try e.int("previousRank", min: 1)
                s.leaderboard.append(.init(name: name, score: score, previousRank: previous))
            }
        }
        if let phase = try f.string("phase", max: 32) {
            guard let p = QuizState.Phase(rawValue: phase) else {
                let known = QuizState.Phase.allCases.map(\.rawValue).joined(separator: ", ")
                throw StateError("phase: \"\(phase)\" is not one of \(known)")
            }
            s.phase = p
        } else {
            s.phase = s.question != nil ? .question : .idle
        }
        if s.phase == .question || s.phase == .reveal, s.question?.text == nil {
            throw StateError("question.text: required when phase is \(s.phase.rawValue)")
        }
        return s
    }

    /// Offset of the first byte that breaks UTF-8, or nil.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var it = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&it) {
            case .scalarValue(let s): offset += UTF8.width(s)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}

/// Typed access to one JSON object's members, with the field path in every error.
private struct Fields {
    let members: [(String, JSONValue)]
    let path: String

    func field(_ key: String) throws(StateError) -> JSONValue? {
        guard let v = members.first(where: { $0.0 == key })?.1 else { return nil }
        if case .null = v { return nil }
        return v
    }

    func wrong(_ key: String, _ expected: String, _ got: JSONValue) -> StateError {
        StateError("\(path)\(key): must be \(expected), got \(got.typeName)")
    }

    func object(_ key: String) throws(StateError) -> Fields? {
        guard let v = try field(key) else { return nil }
        guard case let .object(m) = v else { throw wrong(key, "an object", v) }
        return Fields(members: m, path: path + key + ".")
    }

    func string(_ key: String, max: Int) throws(StateError) -> String? {
        guard let v = try field(key) else { return nil }
        guard case let .string(s) = v else { throw wrong(key, "a string", v) }
        let n = s.unicodeScalars.count
        guard n <= max else { throw StateError("\(path)\(key): \(n) characters, at most \(max) allowed") }
        return s
    }

    func int(_ key: String, min: Int?) throws(StateError) -> Int? {
        guard let v = try field(key) else { return nil }
        return try Self.integer(v, "\(path)\(key)", min: min)
    }

    static func integer(_ v: JSONValue, _ name: String, min: Int?) throws(StateError) -> Int {
        guard case let .number(d, isInteger) = v, isInteger || d == d.rounded() else {
            throw StateError("\(name): must be an integer, got \(v.typeName)")
        }
        guard abs(d) <= 9_007_199_254_740_991 else { throw StateError("\(name): integer out of range") }
        let i = Int(d)
        if let min, i < min { throw StateError("\(name): \(i) is below the minimum \(min)") }
        return i
    }

    func positiveNumber(_ key: String) throws(StateError) -> Double? {
        guard let v = try field(key) else { return nil }
        guard case let .number(d, _) = v else { throw wrong(key, "a number", v) }
        guard d > 0 else { throw StateError("\(path)\(key): must be greater than 0") }
        return d
    }

    func stringArray(_ key: String, maxItems: Int, maxLength: Int) throws(StateError) -> [String]? {
        guard let v = try field(key) else { return nil }
        guard case let .array(items) = v else { throw wrong(key, "an array of strings", v) }
        guard items.count <= maxItems else { throw StateError("\(path)\(key): \(items.count) items, at most \(maxItems) allowed") }
        var out: [String] = []
        for (k, item) in items.enumerated() {
            guard case let .string(s) = item else { throw StateError("\(path)\(key)[\(k)]: must be a string, got \(item.typeName)") }
            let n = s.unicodeScalars.count
            guard n <= maxLength else { throw StateError("\(path)\(key)[\(k)]: \(n) characters, at most \(maxLength) allowed") }
            out.append(s)
        }
        return out
    }

    func intArray(_ key: String, maxItems: Int, min: Int) throws(StateError) -> [Int]? {
        guard let v = try field(key) else { return nil }
        guard case let .array(items) = v else { throw wrong(key, "an array of integers", v) }
        guard items.count <= maxItems else { throw StateError("\(path)\(key): \(items.count) items, at most \(maxItems) allowed") }
        var out: [Int] = []
        for (k, item) in items.enumerated() {
            out.append(try Self.integer(item, "\(path)\(key)[\(k)]", min: min))
        }
        return out
    }
}
