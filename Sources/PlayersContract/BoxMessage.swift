import QuizContract

/// A message from the box to a phone (docs/players.md), encoded as one JSON text frame.
public enum BoxMessage: Equatable, Sendable {
    case welcome(player: String, name: String, token: String)
    /// `message` is the reason's words in the room's language.
    case rejected(Rejection, locale: String)
    case state(PhoneView)
    /// The answer is accepted and stored: only ever made from what the database committed.
    case answered(question: Int, choice: Int)
    case result(PlayerResult)
    case hostState(HostView)
    /// To the console: its action changed nothing, and why (an extension of players v1).
    /// `reason` is one of `HostRefusal.Reason`'s (`not-now`, `at-start`, …), `message` the
    /// host's own sentence (English) for a reason the console has no words for.
    case hostNotice(action: String, reason: String, message: String)

    public func encoded() -> [UInt8] {
        let w = JSONWriter()
        w.object {
            switch self {
            case let .welcome(player, name, token):
                w.member("type", "welcome")
                w.member("player", player)
                w.member("name", name)
                w.member("token", token)
            case let .rejected(reason, locale):
                w.member("type", "rejected")
                w.member("reason", reason.rawValue)
                w.member("message", reason.message(locale: locale))
            case let .state(v):
                w.member("type", "state")
                Self.write(v, to: w)
            case let .answered(question, choice):
                w.member("type", "answered")
                w.member("question", question)
                w.member("choice", choice)
            case let .result(r):
                w.member("type", "result")
                w.member("question", r.question)
                w.key("choice")
                if let c = r.choice { w.int(c) } else { w.null() }
                w.key("correctChoice")
                if let c = r.correctChoice { w.int(c) } else { w.null() }
                w.member("correct", r.correct)
                w.member("points", r.points)
                w.member("score", r.score)
                w.member("rank", r.rank)
                w.member("of", r.of)
            case let .hostState(h):
                w.member("type", "host-state")
                Self.write(h, to: w)
            case let .hostNotice(action, reason, message):
                w.member("type", "host-notice")
                w.member("action", action)
                w.member("reason", reason)
                w.member("message", message)
            }
        }
        return w.bytes
    }

    public func text() -> String { String(decoding: encoded(), as: UTF8.self) }

    private static func write(_ v: PhoneView, to w: JSONWriter) {
        w.member("phase", v.phase.rawValue)
        w.member("title", v.title)
        w.member("locale", v.locale)
        if let q = v.question {
            w.key("question")
            w.object {
                w.member("number", q.number)
                w.member("total", q.total)
                w.member("text", q.text)
                w.key("choices")
                w.array(q.choices) { w.string($0) }
                w.member("remainingMs", q.remainingMs)
                w.member("paused", q.paused)
            }
        }
        w.key("you")
        w.object {
            w.member("name", v.you.name)
            w.member("score", v.you.score)
            w.member("rank", v.you.rank)
            w.member("of", v.you.of)
            w.key("answered")
            if let a = v.you.answered { w.int(a) } else { w.null() }
        }
    }

    private static func write(_ h: HostView, to w: JSONWriter) {
        w.member("phase", h.phase)
        if let q = h.question {
            w.key("question")
            w.object {
                w.member("number", q.number)
                w.member("total", q.total)
                w.member("remainingMs", q.remainingMs)
                w.member("paused", q.paused)
            }
        }
        w.key("players")
        w.array(h.players) { p in
            w.object {
                w.member("player", p.player)
                w.member("name", p.name)
                w.member("score", p.score)
                w.member("connected", p.connected)
                w.member("answered", p.answered)
            }
        }
        w.key("screens")
        w.array(h.screens) { s in
            w.object {
                w.member("id", s.id)
                w.member("online", s.online)
                if let v = s.shows { w.member("shows", v) }
                if let v = s.missedVblanks { w.member("missedVblanks", v) }
            }
        }
        w.member("locked", h.locked)
        if let v = h.title { w.member("title", v) }
        if let v = h.locale { w.member("locale", v) }
        if let v = h.joinCode { w.member("joinCode", v) }
        if let st = h.step {
            w.key("step")
            w.object {
                w.member("number", st.number)
                w.member("total", st.total)
                w.member("text", st.text)
                if let a = st.answer { w.member("answer", a) }
            }
        }
        if let v = h.canGoBack { w.member("canGoBack", v) }
    }
}
