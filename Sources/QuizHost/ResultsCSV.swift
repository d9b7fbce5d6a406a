/// The night's results as CSV (RFC 4180): one row per player in the room, best first, with
/// each question's choice (its text, empty when not answered) and points, and the total. Pure:
/// the database restores the run, this writes it.
public enum ResultsCSV {
    public static func make(_ session: HostSession) -> String {
        let quiz = session.quiz
        var header = ["rank", "player"]
        for k in 1...quiz.questions.count { header += ["Q\(k) choice", "Q\(k) points"] }
        header.append("total")
        var byPlayer: [String: [Int: HostSession.Answer]] = [:]
        for a in session.allAnswers { byPlayer[a.player, default: [:]][a.question] = a }
        // Every accepted answer counts here, the open question's too: this is the record.
        var rows: [(p: HostSession.Player, total: Int)] = []
        for p in session.allPlayers where !p.kicked {
            var total = 0
            for a in (byPlayer[p.id] ?? [:]).values { total += a.points }
            rows.append((p, total))
        }
        rows.sort { $0.total != $1.total ? $0.total > $1.total : $0.p.number < $1.p.number }
        let ranks = FairRanks.ranks(ofSorted: rows.map { $0.total })
        var out = line(header)
        for (k, r) in rows.enumerated() {
            var cells = [String(ranks[k]), text(r.p.name)]
            for (i, q) in quiz.questions.enumerated() {
                if let a = byPlayer[r.p.id]?[i] {
                    cells += [text(q.choices[a.choice]), String(a.points)]
                } else {
                    cells += ["", "0"]
                }
            }
            cells.append(String(r.total))
            out += line(cells)
        }
        return out
    }

    /// A cell of text a person typed (a name, a choice): a leading = + - @ (or tab, CR) would
    /// make a spreadsheet run it as a formula ("=HYPERLINK(…)"), so it gets a leading '
    /// (OWASP's advice), which spreadsheets show as text.
    static func text(_ s: String) -> String {
        guard let f = s.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(f) else { return s }
        return "'" + s
    }

    static func line(_ cells: [String]) -> String { cells.map(field).joined(separator: ",") + "\r\n" }

    /// RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled.
    static func field(_ s: String) -> String {
        guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return s }
        var out = "\""
        for c in s {
            if c == "\"" { out += "\"" }
            out.append(c)
        }
        return out + "\""
    }
}
