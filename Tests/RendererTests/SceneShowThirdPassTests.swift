import Locales
import Pixels
import QuizContract
@testable import Renderer
import TestSupport
import Testing

/// The show's third pass, each defect with the state that showed it: the winner cut on an
/// empty screen and smaller than the others, the stars of a three-way tie at two heights, the
/// leaderboard's heading growing while the names stayed, the long question with six choices
/// shrinking at 1.5, equal counts with unequal percentages, "0 / 0 answered".
@Suite struct SceneShowThirdPassTests {
    static let now = ShowStates.now

    static func describe(_ state: QuizState, _ w: Int, _ h: Int, textScale: Double = 1) throws -> SceneDescription {
        let r = SceneRenderer(fonts: try TestFonts.load(), settings: SceneSettings(textScale: textScale))
        return r.describe(SceneFrame(state: state, width: w, height: h, now: now))
    }

    static func texts(_ d: SceneDescription, _ role: Role, index: Int? = nil) -> [SceneItem] {
        d.items.filter { $0.kind == .text && $0.role == role && (index == nil || $0.index == index) }
    }

    /// A 64-character winner: whole (on two lines across the screen, over the others' names),
    /// never smaller than anyone's name on screen, landscape and portrait, at every scale.
    @Test(arguments: [(1920, 1080), (1280, 720), (1080, 1920)])
    func theWinnerIsWholeAndNeverSmaller(width: Int, height: Int) throws {
        for k in [1.0, 1.5] {
            let d = try Self.describe(ShowStates.winner64, width, height, textScale: k)
            let winner = Self.texts(d, .name, index: 0)
            #expect(winner.count <= 2 && winner.allSatisfy { !$0.truncated }, "\(width)x\(height) × \(k): \(winner.map { $0.text ?? "" })")
            #expect(winner.compactMap(\.text).joined(separator: " ") == ShowStates.winner64.leaderboard[0].name)
            let px = winner.first?.px ?? 0
            for other in Self.texts(d, .name) where other.index != 0 {
                #expect((other.px ?? 0) <= px, "\(width)x\(height) × \(k): \(other.text ?? "") at \(other.px ?? 0) px, the winner at \(px)")
            }
            // Nothing overlaps the winner's name.
            for line in winner {
                for other in d.items where other.kind == .text && other.index != 0 {
                    #expect(line.box.intersection(other.box).isEmpty, "\(width)x\(height): the winner over \(other.role) \(other.text ?? "")")
                }
            }
            // Before: cut at the floor (28 units) on a screen three quarters empty.
            #expect(Double(px) > 28 * Viewport(width: width, height: height).scale * k + 1, "\(width)x\(height) × \(k): \(px) px")
        }
    }

    /// Three tie for first: their names share a line and their stars one height.
    @Test(arguments: [(1920, 1080), (1080, 1920)])
    func aThreeWayTieIsAligned(width: Int, height: Int) throws {
        let d = try Self.describe(ShowStates.tie3, width, height)
        let stars = d.items.filter { $0.role == .medal && $0.kind == .shape }
        #expect(stars.count == 3)
        #expect(Set(stars.map(\.box.minY)).count == 1, "stars at \(stars.map(\.box.minY))")
        // The last line of each name on one baseline (the boxes' bottoms).
        let bottoms = (0..<3).map { i in Self.texts(d, .name, index: i).map(\.box.maxY).max() ?? 0 }
        #expect(Set(bottoms).count == 1, "names end at \(bottoms)")
    }

    /// The leaderboard's heading grows with the names it heads: never larger than at the
    /// scale the names got.
    @Test(arguments: [(1920, 1080), (1280, 720), (1080, 1920)])
    func theHeadingGrowsWithTheNames(width: Int, height: Int) throws {
        for k in [1.5, 2] {
            let base = try Self.describe(ShowStates.leaderboard, width, height)
            let d = try Self.describe(ShowStates.leaderboard, width, height, textScale: k)
            func px(_ d: SceneDescription, _ role: Role) -> Double { Double(Self.texts(d, role).first?.px ?? 0) }
            let names = px(d, .name) / px(base, .name), heading = px(d, .label) / px(base, .label)
            #expect(heading <= names + 0.05, "\(width)x\(height) × \(k): the heading × \(heading), the names × \(names)")
        }
    }

    /// The issue's long question with six choices: at 1.5 never smaller than at 1.
    @Test(arguments: [(1920, 1080), (1280, 720), (1080, 1920)])
    func aLongQuestionWithSixChoicesGrows(width: Int, height: Int) throws {
        let one = try Self.describe(ShowStates.longSix, width, height)
        let more = try Self.describe(ShowStates.longSix, width, height, textScale: 1.5)
        for role in [Role.question, .choice] {
            let a = Self.texts(one, role).compactMap(\.px).min() ?? 0, b = Self.texts(more, role).compactMap(\.px).min() ?? 0
            #expect(b >= a && a > 0, "\(width)x\(height): \(role) \(a) px at 1, \(b) px at 1.5")
            let cut = Self.texts(more, role).contains { $0.truncated }
            #expect(!cut)
        }
    }

    /// Equal counts show equal percentages; otherwise they add up to 100.
    @Test func percentages() {
        #expect(Percentages.of([333, 333, 333]) == [33, 33, 33], "equal thirds: 99, never 34 / 33 / 33")
        #expect(Percentages.of([1, 1, 1]) == [33, 33, 33])
        #expect(Percentages.of([21, 4, 3, 3]) == [68, 13, 9, 9], "the two 3s were 10 % and 9 %")
        #expect(Percentages.of([1, 1, 1, 1, 1, 1, 1, 1]) == [12, 12, 12, 12, 12, 12, 12, 12], "eight eighths: 96")
        #expect(Percentages.of([5, 5, 3]) == [38, 38, 24], "the pair cannot share one point; the 3 takes it")
        #expect(Percentages.of([3, 3, 1]) == [43, 43, 14])
        #expect(Percentages.of([17, 3, 0, 6, 2, 1]) == [59, 10, 0, 21, 7, 3])
        #expect(Percentages.of([1250, 18, 0, 402, 77, 9]).reduce(0, +) == 100)
        #expect(Percentages.of([0, 0]) == [0, 0] && Percentages.of([5, 0]) == [100, 0] && Percentages.of([-3, 3]) == [0, 100])
        // Within one point of the exact share, always.
        for counts in [[7, 7, 1], [2, 2, 2, 1], [13, 13, 13, 13, 1], [1, 2, 3, 4, 5, 6]] {
            let total = Double(counts.reduce(0, +))
            for (c, p) in zip(counts, Percentages.of(counts)) { #expect(abs(Double(p) - Double(c) * 100 / total) < 1, "\(counts)") }
            let groups = Dictionary(grouping: zip(counts, Percentages.of(counts)), by: \.0)
            #expect(groups.values.allSatisfy { Set($0.map(\.1)).count == 1 }, "\(counts): equal counts, unequal percentages")
        }
    }

    /// Nobody can answer and nobody has: no "0 / 0 answered" line; players but no answers yet:
    /// "0 / 48 answered"; answers but the player count at 0: the answers alone.
    @Test func noZeroOfZero() throws {
        func answered(_ answered: Int, _ players: Int?) throws -> [String] {
            var s = ShowStates.english2
            s.question?.answered = answered
            s.question?.players = players
            return Self.texts(try Self.describe(s, 1920, 1080), .answered).compactMap(\.text)
        }
        #expect(try answered(0, 0) == [])
        #expect(try answered(0, 48) == ["0 / 48 answered"])
        #expect(try answered(3, 0) == ["3 answered"])
        #expect(try answered(7, nil) == ["7 answered"])
    }
}
