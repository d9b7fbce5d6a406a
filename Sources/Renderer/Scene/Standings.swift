import QuizContract

/// Fair ranks: the standings ordered by score (the controller's order kept among equals), and
/// equal scores sharing a rank — and so a medal — as sport does it: 1, 2, 2, 4.
struct Ranked {
    let entry: QuizState.Standing
    /// 1-based, shared by equal scores.
    let rank: Int
    /// 0-based position in the ordered standings (the description's `index`).
    let place: Int

    /// Places moved since the previous standings: positive is up.
    var movement: Int? { entry.previousRank.map { $0 - rank } }

    static func rank(_ board: [QuizState.Standing]) -> [Ranked] {
        let ordered = board.enumerated().sorted { a, b in
            a.element.score != b.element.score ? a.element.score > b.element.score : a.offset < b.offset
        }.map(\.element)
        var out: [Ranked] = []
        for (i, e) in ordered.enumerated() {
            let rank = i > 0 && ordered[i - 1].score == e.score ? out[i - 1].rank : i + 1
            out.append(Ranked(entry: e, rank: rank, place: i))
        }
        return out
    }
}
