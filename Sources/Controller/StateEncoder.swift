import Renderer

/// A quiz state as the JSON message of the contract (docs/quiz-state.md): what the host
/// command and the demo source publish. Absent fields are left out; the output always decodes
/// back (with `StateDecoder`) to the same state, times rounded to the millisecond.
public enum StateEncoder {
    public static func encode(_ s: QuizState) -> [UInt8] {
        let w = JSONWriter()
        w.object {
            w.member("schema", s.schema)
            if let v = s.quizId { w.member("quizId", v) }
            if let v = s.revision { w.member("revision", v) }
            w.member("phase", s.phase.rawValue)
            if let v = s.title { w.member("title", v) }
            if let l = s.lobby {
                w.key("lobby")
                w.object {
                    if let v = l.joinCode { w.member("joinCode", v) }
                    if let v = l.joinURL { w.member("joinURL", v) }
                    if let v = l.participants { w.member("participants", v) }
                }
            }
            if let q = s.question {
                w.key("question")
                w.object {
                    if let v = q.number { w.member("number", v) }
                    if let v = q.total { w.member("total", v) }
                    if let v = q.text { w.member("text", v) }
                    if !q.choices.isEmpty {
                        w.key("choices")
                        w.array(q.choices) { w.string($0) }
                    }
                    if let v = q.correct { w.member("correct", v) }
                    if let v = q.answerCounts {
                        w.key("answerCounts")
                        w.array(v) { w.int($0) }
                    }
                    if let v = q.timeLimit { w.key("timeLimit"); w.number(v) }
                    if let v = q.endsAt { w.member("endsAt", RFC3339.format(v)) }
                }
            }
            if !s.leaderboard.isEmpty {
                w.key("leaderboard")
                w.array(s.leaderboard) { e in
                    w.object {
                        w.member("name", e.name)
                        w.member("score", e.score)
                    }
                }
            }
        }
        return w.bytes
    }

    public static func encodeString(_ s: QuizState) -> String { String(decoding: encode(s), as: UTF8.self) }
}

/// Compact JSON output, one value at a time; commas are placed by the writer. A class: the
/// nested closures that write objects and arrays all append to the one buffer.
public final class JSONWriter {
    public private(set) var bytes: [UInt8] = []
    private var needsComma = false

    public init() {}

    private func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
    }

    public func object(_ body: () -> Void) {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
        body()
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    public func array<T>(_ items: [T], _ each: (T) -> Void) {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
        for item in items { each(item) }
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// An object key; the value written next belongs to it.
    public func key(_ k: String) {
        string(k)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public func member(_ k: String, _ v: String) { key(k); string(v) }
    public func member(_ k: String, _ v: Int) { key(k); int(v) }
    public func member(_ k: String, _ v: Bool) { key(k); raw(v ? "true" : "false") }

    public func int(_ v: Int) { raw(String(v)) }

    public func number(_ v: Double) {
        guard v.isFinite else { return raw("null") }
        if v == v.rounded(), abs(v) < 1e15 { return raw(String(Int(v))) }
        raw(String(v))
    }

    public func null() { raw("null") }

    func raw(_ text: String) {
        separate()
        bytes.append(contentsOf: text.utf8)
    }

    public func string(_ s: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 15)]])
            default: bytes.append(b)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
