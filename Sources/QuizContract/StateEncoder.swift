

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
            if let v = s.locale { w.member("locale", v) }
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
                    if let v = q.answered { w.member("answered", v) }
                    if let v = q.players { w.member("players", v) }
                    if let p = q.image {
                        w.key("image")
                        w.object {
                            w.member("sha256", p.sha256)
                            if let v = p.url { w.member("url", v) }
                            if let v = p.alt { w.member("alt", v) }
                        }
                    }
                }
            }
            if !s.leaderboard.isEmpty {
                w.key("leaderboard")
                w.array(s.leaderboard) { e in
                    w.object {
                        w.member("name", e.name)
                        w.member("score", e.score)
                        if let v = e.previousRank { w.member("previousRank", v) }
                    }
                }
            }
        }
        return w.bytes
    }

    public static func encodeString(_ s: QuizState) -> String { String(decoding: encode(s), as: UTF8.self) }
}
