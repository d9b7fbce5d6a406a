import Escaping

/// Why a message was rejected: which field and why, in one line.
public struct StateError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Decodes and validates a quiz state message (docs/quiz-state.md). A message that breaks any
/// rule is rejected as a whole; nothing partial is ever returned.
public enum StateDecoder {
    public static let maxBytes = Limits.stateBytes
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
        let bytes = withoutBOM(bytes)
        if isBlank(bytes) { return .clear }
        return .state(try decodeJSON(bytes))
    }

    /// A leading UTF-8 byte order mark (EF BB BF), as Windows editors write it, is not part of
    /// the JSON (RFC 8259 lets a parser ignore it): dropped rather than called an unexpected
    /// character.
    public static func withoutBOM(_ bytes: [UInt8]) -> [UInt8] {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    }

    /// Empty or only JSON whitespace: "no current state" (the contract's clear).
    public static func isBlank(_ bytes: [UInt8]) -> Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }

    static func checkSize(_ bytes: [UInt8]) throws(StateError) {
        guard bytes.count <= maxBytes else {
            throw StateError("message is \(bytes.count) bytes, over the \(maxBytes)-byte limit")
        }
    }

    public static func decode(_ bytes: [UInt8]) throws(StateError) -> QuizState {
        try checkSize(bytes)
        return try decodeJSON(withoutBOM(bytes))
    }

    /// The message after its size was checked and a byte order mark dropped.
    private static func decodeJSON(_ bytes: [UInt8]) throws(StateError) -> QuizState {
        if let bad = firstInvalidUTF8(bytes) { throw StateError("not UTF-8 (invalid byte at offset \(bad))") }
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw StateError("not JSON: \(error)")
        }
        guard case .object = json else { throw StateError("not a JSON object (got \(json.typeName))") }
        do {
            return try fields(of: json)
        } catch {
            throw StateError(error.message)
        }
    }

    private static func fields(of json: JSONValue) throws(FieldError) -> QuizState {
        let f = try FieldReader(json)
        var s = QuizState()
        if let schema = try f.int("schema", min: 1) {
            guard schema <= supportedSchema else {
                throw FieldError("schema: version \(schema) is not supported (this screen knows version \(supportedSchema))")
            }
            s.schema = schema
        }
        s.quizId = try f.string("quizId", max: Limits.quizIdLength)
        s.revision = try f.int("revision", min: 0)
        s.title = try f.string("title", max: Limits.titleLength)
        if let locale = try f.string("locale", max: Limits.localeLength) {
            // A BCP 47 tag's letters, digits and hyphens; a screen that does not know the
            // language guesses from the text, so new languages never break old screens.
            guard !locale.isEmpty, locale.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }) else {
                throw FieldError("locale: \(Escaping.quoted(locale)) is not a language tag like ja or en-GB")
            }
            s.locale = locale
        }
        if let l = try f.object("lobby") {
            s.lobby = QuizState.Lobby(joinCode: try l.string("joinCode", max: Limits.joinCodeLength),
                                      joinURL: try l.string("joinURL", max: Limits.joinURLLength),
                                      participants: try l.int("participants", min: 0))
        }
        if let q = try f.object("question") {
            var question = QuizState.Question()
            question.number = try q.int("number", min: 1)
            question.total = try q.int("total", min: 1)
            question.text = try q.string("text", max: Limits.questionLength)
            question.choices = try q.strings("choices", maxItems: Limits.choices, maxLength: Limits.choiceLength) ?? []
            question.correct = try q.int("correct", min: 0)
            if let c = question.correct, c >= question.choices.count {
                throw FieldError("question.correct: \(c) is not the index of a choice (there are \(question.choices.count))")
            }
            question.answerCounts = try q.ints("answerCounts", maxItems: Limits.choices, min: 0)
            question.timeLimit = try q.number("timeLimit", in: .leastNonzeroMagnitude...Limits.timeLimitSeconds,
                                              what: "must be more than 0 and at most \(Int(Limits.timeLimitSeconds)) seconds (a day)")
            if let text = try q.string("endsAt", max: Limits.endsAtLength) {
                guard let t = RFC3339.parse(text) else {
                    throw FieldError("question.endsAt: \(Escaping.quoted(text)) is not an RFC 3339 time")
                }
                guard Limits.endsAtRange.contains(t) else {
                    throw FieldError("question.endsAt: \(Escaping.quoted(text)) is not a time a quiz runs at (years 2000 to 2199)")
                }
                question.endsAt = t
            }
            question.answered = try q.int("answered", min: 0)
            question.players = try q.int("players", min: 0)
            if let image = try q.object("image") { question.image = try picture(image) }
            s.question = question
        }
        for e in try f.objects("leaderboard", maxItems: Limits.standings) ?? [] {
            let name = try e.required("name", max: Limits.nameLength)
            guard let score = try e.int("score", min: nil) else { throw FieldError("\(e.path)score: missing") }
            let previous = try e.int("previousRank", min: 1)
            s.leaderboard.append(.init(name: name, score: score, previousRank: previous))
        }
        if let phase = try f.string("phase", max: Limits.phaseLength) {
            guard let p = QuizState.Phase(rawValue: phase) else {
                let known = QuizState.Phase.allCases.map(\.rawValue).joined(separator: ", ")
                throw FieldError("phase: \(Escaping.quoted(phase)) is not one of \(known)")
            }
            s.phase = p
        } else {
            s.phase = s.question != nil ? .question : .idle
        }
        if s.phase == .question || s.phase == .reveal, s.question?.text == nil {
            throw FieldError("question.text: required when phase is \(s.phase.rawValue)")
        }
        return s
    }

    /// `question.image`: the digest is required (nothing else can be verified), in lowercase
    /// hex as written, or uppercase (read as lowercase: the case of hex digits means nothing);
    /// the URL must be https:// (a state never makes a screen read its own files or speak
    /// plain HTTP), without spaces or control characters.
    static func picture(_ f: FieldReader) throws(FieldError) -> QuizState.Picture {
        let digest = try f.required("sha256", max: 64, why: "the SHA-256 of the picture's bytes").lowercased()
        guard digest.utf8.count == 64, digest.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
            throw FieldError("\(f.path)sha256: \(Escaping.quoted(digest)) is not 64 hex digits")
        }
        var picture = QuizState.Picture(sha256: digest)
        if let url = try f.string("url", max: Limits.pictureURLLength) {
            guard QuizState.Picture.isAllowed(url: url) else {
                throw FieldError("\(f.path)url: \(Escaping.quoted(Escaping.hidingUserinfo(url), max: 200)) is not an https:// URL")
            }
            picture.url = url
        }
        picture.alt = try f.string("alt", max: Limits.pictureAltLength)
        return picture
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
