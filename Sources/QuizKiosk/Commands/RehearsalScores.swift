import Glibc
import Platform
import QuizHost

/// `--scores FILE`: rehearsal standings, shown by the TV while nobody has joined (with players
/// the standings come from their answers). Read at start and again at every standings step, so
/// a file edited during a rehearsal shows at the next one. A file that does not read keeps the
/// standings it gave last, and says so; never the quiz file's own rehearsal standings in their
/// place, which the TV would show as if they were the file's.
final class RehearsalScores {
    let path: String
    private var lastRead: (count: Int, at: Double)?

    init(path: String) { self.path = path }

    func load(into session: inout HostSession, report: (String) -> Void) {
        do {
            let standings = try QuizFile.loadScores(path)
            session.standings = standings
            lastRead = (standings.count, Clock.now())
        } catch {
            let players = !session.allPlayers.isEmpty ? " (the TV shows the players' standings, from their answers)" : ""
            if let last = lastRead {
                report("\(error.message) — keeping the \(last.count) \(last.count == 1 ? "entry" : "entries") it gave at \(Self.clock(last.at))\(players)")
            } else {
                session.standings = []
                report("\(error.message) — the TV shows no rehearsal standings until it reads (not the quiz file's)\(players)")
            }
        }
    }

    /// "21:04:09", local time.
    static func clock(_ t: Double) -> String {
        var seconds = time_t(t)
        var parts = tm()
        localtime_r(&seconds, &parts)
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }
}
