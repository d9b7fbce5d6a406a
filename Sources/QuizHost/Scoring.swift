/// Kahoot's points rule, as the players' contract has it: a correct answer scores
/// round(1000 × (1 − t / (2T))), 1000 when t < 0.5 s, never below 500; a wrong answer, no
/// answer, and every answer to a poll (a question without a correct choice) score 0. `t` is the
/// box's own measure (seconds from the question's opening to the answer's arrival, paused time
/// left out), never a time the phone reports.
public enum Scoring {
    public static let maxPoints = 1000
    public static let minCorrectPoints = 500
    /// Answers within the first half second all score the full 1000 (taps in flight).
    public static let instant = 0.5
    /// An answer arriving up to this long after `endsAt` (box clock) still counts: it was sent
    /// in time from a phone whose countdown reached zero as the box's did.
    public static let lateGrace = 0.25

    public static func points(t: Double, timeLimit: Double, correct: Bool, poll: Bool) -> Int {
        guard !poll, correct else { return 0 }
        if t < instant { return maxPoints }
        let p = (Double(maxPoints) * (1 - t / (2 * timeLimit))).rounded(.toNearestOrAwayFromZero)
        return max(minCorrectPoints, min(maxPoints, Int(p)))
    }
}

/// Fair ranks, as the screens draw them (Renderer's `Ranked`, docs/quiz-state.md): ordered by
/// score, the given order kept among equals, equal scores sharing a rank (1, 2, 2, 4).
public enum FairRanks {
    /// The 1-based rank of each entry of `ordered`, which must already be sorted by score,
    /// highest first.
    public static func ranks(ofSorted scores: [Int]) -> [Int] {
        var out: [Int] = []
        for (i, s) in scores.enumerated() {
            out.append(i > 0 && scores[i - 1] == s ? out[i - 1] : i + 1)
        }
        return out
    }
}
