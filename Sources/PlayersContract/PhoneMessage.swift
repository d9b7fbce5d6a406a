import Escaping
import QuizContract

/// A message from a phone (a player or the host's console) to the box, as the players'
/// contract defines it (docs/players.md). Decoded strictly: the types and limits of every field
/// are checked, an unknown `type` is an error; unknown fields are ignored (a newer phone may say
/// more).
public enum PhoneMessage: Equatable, Sendable {
    /// `{"type":"join","code":"482113","name":"Aiko"}`: the name as typed (the game applies the
    /// name rules: `name-invalid` is an answer for the player, not a bad message).
    case join(code: String, name: String)
    /// `{"type":"resume","token":"…"}`
    case resume(token: String)
    /// `{"type":"answer","question":3,"choice":1}`: question number 1-based as on the TV,
    /// choice index 0-based.
    case answer(question: Int, choice: Int)
    /// `{"type":"host","secret":"…"}`: a console introducing itself.
    case host(secret: String)
    /// `{"type":"action","action":…}`: a console's command.
    case action(HostAction)

    public static let types = ["join", "resume", "answer", "host", "action"]
}

/// What the host's console (or the terminal's keys) asks for.
public enum HostAction: Equatable, Sendable {
    case next, reveal, leaderboard, back
    case pause, resume
    /// `"add-time"` with `"seconds"` (more than 0, at most 600).
    case addTime(seconds: Double)
    /// `"kick"` with `"player"` ("p7").
    case kick(player: String)
    /// `"rename"` with `"player"` and `"name"` (an extension of players v1, for issue 24's
    /// console: the name rules apply as for a join).
    case rename(player: String, name: String)
    /// `"lock"` with `"locked"`: true refuses joins (`room-locked`), false opens the room again.
    case lock(Bool)

    public static let names = ["next", "reveal", "leaderboard", "back", "pause", "resume", "add-time", "kick", "rename", "lock"]

    /// The action's name on the wire (`add-time`, …).
    public var name: String {
        switch self {
        case .next: return "next"
        case .reveal: return "reveal"
        case .leaderboard: return "leaderboard"
        case .back: return "back"
        case .pause: return "pause"
        case .resume: return "resume"
        case .addTime: return "add-time"
        case .kick: return "kick"
        case .rename: return "rename"
        case .lock: return "lock"
        }
    }
}

/// Why a phone's message could not be read: one line, for the log (the phone gets
/// `rejected` with `bad-message`). Outside text in it is quoted with `Escaping`.
public struct PhoneMessageError: Error, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

public enum PhoneMessageDecoder {
    public static func decode(_ text: String) throws(PhoneMessageError) -> PhoneMessage {
        try decode(Array(text.utf8))
    }

    /// One WebSocket text frame's payload. The frame layer already refuses invalid UTF-8
    /// (close 1007); it is checked again here so the decoder stands alone (fuzzing, tests).
    public static func decode(_ bytes: [UInt8]) throws(PhoneMessageError) -> PhoneMessage {
        guard bytes.count <= PlayersLimits.messageBytes else {
            throw PhoneMessageError("message is \(bytes.count) bytes, over the \(PlayersLimits.messageBytes)-byte limit")
        }
        guard String(validating: bytes, as: UTF8.self) != nil else { throw PhoneMessageError("not UTF-8") }
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw PhoneMessageError("not JSON: \(error)")
        }
        do {
            return try fields(of: json)
        } catch {
            throw PhoneMessageError(error.message)
        }
    }

    private static func fields(of json: JSONValue) throws(FieldError) -> PhoneMessage {
        let f = try FieldReader(json)
        guard let type = try f.string("type", max: PlayersLimits.typeLength) else {
            throw FieldError("type: missing (one of \(PhoneMessage.types.joined(separator: ", ")))")
        }
        switch type {
        case "join":
            let code = try f.required("code", max: PlayersLimits.joinCodeLength, why: "the join code")
            let name = try f.required("name", max: PlayersLimits.rawNameLength, why: "the player's name")
            return .join(code: code, name: name)
        case "resume":
            return .resume(token: try f.required("token", max: PlayersLimits.tokenLength, why: "the token from welcome"))
        case "answer":
            guard let q = try f.int("question", min: 1) else { throw FieldError("question: missing (the question's number)") }
            guard q <= PlayersLimits.questions else { throw FieldError("question: \(q) is above \(PlayersLimits.questions)") }
            guard let c = try f.int("choice", min: 0) else { throw FieldError("choice: missing (the choice's index, from 0)") }
            guard c < Limits.choices else { throw FieldError("choice: \(c) is not the index of a choice (0 to \(Limits.choices - 1))") }
            return .answer(question: q, choice: c)
        case "host":
            return .host(secret: try f.required("secret", max: PlayersLimits.secretLength, why: "the console's secret"))
        case "action":
            return .action(try action(f))
        default:
            throw FieldError("type: \(Escaping.quoted(type)) is not one of \(PhoneMessage.types.joined(separator: ", "))")
        }
    }

    private static func action(_ f: FieldReader) throws(FieldError) -> HostAction {
        guard let name = try f.string("action", max: PlayersLimits.typeLength) else {
            throw FieldError("action: missing (one of \(HostAction.names.joined(separator: ", ")))")
        }
        switch name {
        case "next": return .next
        case "reveal": return .reveal
        case "leaderboard": return .leaderboard
        case "back": return .back
        case "pause": return .pause
        case "resume": return .resume
        case "add-time":
            guard let s = try f.number("seconds", in: Double.leastNonzeroMagnitude...PlayersLimits.addTimeSeconds,
                                       what: "must be more than 0 and at most \(Int(PlayersLimits.addTimeSeconds)) seconds") else {
                throw FieldError("seconds: missing (the seconds to add)")
            }
            return .addTime(seconds: s)
        case "kick":
            return .kick(player: try f.required("player", max: PlayersLimits.playerIdLength, why: "the player's id, like p7"))
        case "rename":
            let player = try f.required("player", max: PlayersLimits.playerIdLength, why: "the player's id, like p7")
            return .rename(player: player, name: try f.required("name", max: PlayersLimits.rawNameLength, why: "the new name"))
        case "lock":
            guard let v = f.value("locked") else { throw FieldError("locked: missing (true or false)") }
            guard case let .bool(b) = v else { throw f.wrong("locked", "true or false", v) }
            return .lock(b)
        default:
            throw FieldError("action: \(Escaping.quoted(name)) is not one of \(HostAction.names.joined(separator: ", "))")
        }
    }
}
