import Glibc
import NightStore
import Platform
import QuizHost

// A small tool for the night store's tests and bench, run as its own process:
//
//   NightStoreProbe commit-loop DIR   answers in batches of 50, one commit per batch, and prints
//                                     "pN Q" for each answer after the commit that stored it
//                                     (the kill -9 test checks every printed one is kept)
//   NightStoreProbe bench DIR         commits per second for batches of 50 and 100
//
// NIGHT_PROBE_REPORT_EARLY=1 prints each answer as it is accepted, before its commit: the
// mistake the kill -9 test must catch (`NIGHT_PROBE_REPORT_EARLY=1 swift test --filter
// NightStoreKill` fails).

let players = 2000
let questions = 100

func quiz() -> QuizFile {
    QuizFile(title: "Probe", quizId: "probe", joinCode: "1", joinURL: nil,
             questions: (0..<questions).map { .init(text: "Q\($0 + 1)", choices: ["a", "b", "c", "d"], correct: $0 % 4, timeLimit: 3600) },
             leaderboard: [])
}

func out(_ text: String) {
    var bytes = Array(text.utf8)
    var off = 0
    while off < bytes.count {
        let n = bytes.withUnsafeMutableBytes { write(1, $0.baseAddress! + off, $0.count - off) }
        if n <= 0 { return }
        off += n
    }
}

func fail(_ text: String) -> Never {
    let line = "NightStoreProbe: \(text)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(1)
}

/// The run of the probe's quiz in `dir`, with every player joined and a question open.
func prepare(_ store: NightStore) throws(StoreError) -> HostSession {
    let opened = try store.openRun(quiz: quiz(), quizSHA256: String(repeating: "ab", count: 32), now: Clock.now(), joinCode: "1")
    var session = opened.session
    if !opened.resumed {
        var random = SplitMix(seed: 7)
        for k in 0..<players {
            _ = session.join(code: "1", name: "player \(k)", token: PlayerToken.generate(using: &random), now: Clock.now(), canDraw: { _ in true })
        }
        _ = session.apply(.next, now: Clock.now())
        store.add(session.takeChanges())
        try store.commit()
    }
    return session
}

/// The next batch of answers to the open question (moving on to the next question when every
/// player has answered); false at the end of the quiz. `accepted` sees each answer as the
/// session takes it.
func answerBatch(_ session: inout HostSession, size: Int, answered: inout Set<String>,
                 accepted: (HostSession.Answer) -> Void = { _ in }) -> Bool {
    guard case .question(let i) = session.position else { return false }
    var given = 0
    for p in session.allPlayers where given < size && !answered.contains(p.id) {
        if case .success(let a) = session.answer(player: p.id, question: i + 1, choice: p.number % 4, now: Clock.now()) {
            given += 1
            accepted(a)
        }
        answered.insert(p.id)
    }
    if given == 0 {
        _ = session.apply(.next, now: Clock.now())
        _ = session.apply(.next, now: Clock.now())
        answered = []
        return answerBatch(&session, size: size, answered: &answered, accepted: accepted)
    }
    return true
}

func answeredOpen(_ session: HostSession) -> Set<String> {
    guard case .question(let i) = session.position else { return [] }
    return Set(session.allAnswers.filter { $0.question == i }.map(\.player))
}

struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

let args = CommandLine.arguments
guard args.count == 3 else { fail("usage: NightStoreProbe commit-loop|bench DIR") }
do throws(StoreError) {
    let store = try NightStore(directory: args[2])
    var session = try prepare(store)
    var answered = answeredOpen(session)
    switch args[1] {
    case "commit-loop":
        // A loop pass as the host has it: answers arrive one by one during the pass (100 µs
        // apart here), then one commit. The early report is an ack sent on arrival.
        let early = Environment.get("NIGHT_PROBE_REPORT_EARLY") == "1"
        while answerBatch(&session, size: 50, answered: &answered, accepted: { a in
            if early { out("\(a.player) \(a.question)\n") }
            usleep(100)
        }) {
            store.add(session.takeChanges())
            let durable = try store.commit()
            if !early { out(durable.map { "\($0.player) \($0.question)\n" }.joined()) }
        }
    case "bench":
        // Answers through the session, then one commit per batch; the commit's own time apart.
        for size in [50, 100] {
            var commits = 0, total = 0
            var inCommit = 0.0
            let start = Clock.monotonic()
            while Clock.monotonic() - start < 3, answerBatch(&session, size: size, answered: &answered) {
                store.add(session.takeChanges())
                let t0 = Clock.monotonic()
                total += try store.commit().count
                inCommit += Clock.monotonic() - t0
                commits += 1
            }
            let s = Clock.monotonic() - start
            out("batches of \(size): \(commits) commits in \(Int(s * 1000)) ms: \(Int(Double(total) / s)) answers/s overall; "
                + "commit alone \(String(Int(inCommit / Double(commits) * 1e6))) µs each: \(Int(Double(commits) / inCommit)) commits/s, "
                + "\(Int(Double(total) / inCommit)) answers/s\n")
        }
    default:
        fail("unknown mode \(args[1])")
    }
} catch {
    fail(error.message)
}
