import Locales
import Pixels
import QuizContract
@testable import Renderer
import TestSupport
import Testing

/// Arabic and Hebrew rooms read right to left: every item of the frame stands at the mirror
/// image of where a left-to-right room has it (choice 1 at the top right, ranks on the right,
/// second place right of the winner, the ring on the left), what is drawn keeps its form, and
/// the countdown's damage follows the ring. A left-to-right room is unchanged (the goldens).
@Suite struct SceneMirrorTests {
    static let now = ShowStates.now

    static let arabic = QuizState(phase: .question, title: "مسابقة الجمعة", question: .init(
        number: 3, total: 10, text: "ما هي عاصمة فرنسا؟", choices: ["باريس", "ليون", "مرسيليا", "نيس"],
        timeLimit: 20, endsAt: now + 12.4, answered: 23, players: 48))
    static var arabicReveal: QuizState {
        var s = arabic
        s.phase = .reveal
        s.question?.correct = 0
        s.question?.answerCounts = [30, 5, 8, 5]
        return s
    }
    static let hebrewStandings = QuizState(phase: .leaderboard, title: "חידון שישי", leaderboard: [
        .init(name: "צוות 42", score: 12840, previousRank: 2), .init(name: "האלופים", score: 9390, previousRank: 1),
        .init(name: "Alex", score: 5000), .init(name: "שרה", score: 4100), .init(name: "Kim", score: 990),
        .init(name: "דנה", score: 800), .init(name: "Sam", score: 700)])
    static var hebrewPodium: QuizState {
        var s = hebrewStandings
        s.phase = .ended
        return s
    }
    static let lobby = QuizState(phase: .lobby, title: "مسابقة الجمعة", locale: "ar", lobby: .init(
        joinCode: "482113", joinURL: "https://quiz.example/j/482113", participants: 12))
    static let states: [(String, QuizState)] = [("question", arabic), ("reveal", arabicReveal), ("standings", hebrewStandings),
                                                 ("podium", hebrewPodium), ("lobby", lobby),
                                                 ("idle", QuizState(phase: .idle, title: "חידון שישי"))]

    static func describe(_ state: QuizState, _ w: Int, _ h: Int, mirroring: Bool?, overscan: Double = 0) throws -> SceneDescription {
        let r = SceneRenderer(fonts: try TestFonts.load(), settings: SceneSettings(overscan: overscan))
        r.mirroring = mirroring
        return r.describe(SceneFrame(state: state, width: w, height: h, now: now, overlay: ScreenOverlay(controllerOffline: true)))
    }

    /// The room's frame is the left-to-right frame with every box mirrored about the safe
    /// area's centre (a centred line may land a pixel off: integer halves). The countdown's
    /// arc keeps running clockwise from the top, so its bounds are not mirrored: it stays
    /// inside its mirrored ring.
    @Test(arguments: [(1920, 1080), (1080, 1920), (1280, 720)])
    func everyItemIsMirrored(width: Int, height: Int) throws {
        for (name, state) in Self.states {
            for overscan in [0.0, 5] {
                let rtl = try Self.describe(state, width, height, mirroring: nil, overscan: overscan)
                let ltr = try Self.describe(state, width, height, mirroring: false, overscan: overscan)
                #expect(rtl.items.count == ltr.items.count, "\(name)")
                let mirror = Mirror(safeArea: ltr.safeArea)
                let ring = rtl.items.first { $0.role == .countdownTrack }?.box
                for (a, b) in zip(rtl.items, ltr.items) {
                    if case .arc = a.drawing, a.role == .countdown, let ring {
                        #expect(a.box.intersection(ring) == a.box, "\(name): the arc \(a.box) leaves its ring \(ring)")
                        continue
                    }
                    let expected = b.role == .background ? b.box : mirror.rect(b.box)
                    #expect(a.role == b.role && a.text == b.text && a.px == b.px, "\(name): \(a.role) vs \(b.role)")
                    let slack = a.kind == .text ? 1 : 0
                    // The question and the choices are set at their text's start: a right-to-left
                    // line stands flush right in both rooms, so it is not at its mirror image (its
                    // place is checked by rightToLeftLinesStandAtTheirStart).
                    let natural = [.question, .choice].contains(a.role) && a.direction == .rightToLeft
                    #expect((natural || abs(a.box.x - expected.x) <= slack) && a.box.y == expected.y && a.box.width == expected.width
                            && a.box.height == expected.height,
                            "\(name) \(width)x\(height) overscan \(overscan): \(a.role) \(a.text ?? "") at \(a.box), mirrored \(expected)")
                }
            }
        }
    }

    /// Right-to-left lines set at their start (the question, the choices) stand flush right in
    /// a right-to-left room: the question's lines share their right edge, and each choice's text
    /// is nearer its box's right edge than its left.
    @Test(arguments: [(1920, 1080), (1080, 1920)])
    func rightToLeftLinesStandAtTheirStart(width: Int, height: Int) throws {
        let q = try Self.describe(Self.arabic, width, height, mirroring: nil)
        let lines = q.items.filter { $0.role == .question }
        try #require(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.direction == .rightToLeft })
        #expect(Set(lines.map(\.box.maxX)).count == 1, "\(lines.map(\.box))")
        for label in q.items where label.role == .choice {
            let box = try #require(q.items.first { $0.role == .choiceBox && $0.index == label.index }?.box)
            #expect(box.maxX - label.box.maxX < label.box.minX - box.minX, "choice \(label.index ?? -1): \(label.box) in \(box)")
        }
    }

    @Test func theRightToLeftRoomReadsFromTheRight() throws {
        let q = try Self.describe(Self.arabic, 1920, 1080, mirroring: nil)
        let boxes = q.items.filter { $0.role == .choiceBox }.sorted { ($0.index ?? 0) < ($1.index ?? 0) }.map(\.box)
        #expect(boxes.count == 4)
        #expect(boxes[0].minX > boxes[1].minX && boxes[0].minY == boxes[1].minY, "choice 1 at the top right")
        #expect(boxes[2].minX > boxes[3].minX && boxes[2].minY > boxes[0].minY)
        let ring = try #require(q.items.first { $0.role == .countdownTrack }).box
        let progress = try #require(q.items.first { $0.role == .progress }).box
        #expect(ring.maxX < 960 && progress.minX > 960, "the ring on the left, 3 / 10 on the right")
        // Choice labels stand flush right, after their shapes.
        let mark = try #require(q.items.first { $0.role == .choiceMark && $0.index == 0 }).box
        let label = try #require(q.items.first { $0.role == .choice && $0.index == 0 }).box
        #expect(label.maxX < mark.minX && mark.maxX <= boxes[0].maxX)

        let board = try Self.describe(Self.hebrewStandings, 1920, 1080, mirroring: nil)
        for place in 0..<5 {
            let rank = try #require(board.items.first { $0.role == .rank && $0.index == place }).box
            let score = try #require(board.items.first { $0.role == .score && $0.index == place }).box
            let name = try #require(board.items.first { $0.role == .name && $0.index == place }).box
            #expect(rank.minX > name.maxX && name.minX > score.maxX, "place \(place): rank, name, score from the right")
        }
        // Two columns: 1–5 on the right.
        let first = try #require(board.items.first { $0.role == .row && $0.index == 0 }).box
        let sixth = try #require(board.items.first { $0.role == .row && $0.index == 5 }).box
        #expect(first.minX > sixth.maxX)

        let podium = try Self.describe(Self.hebrewPodium, 1920, 1080, mirroring: nil)
        func step(_ place: Int) throws -> Rect { try #require(podium.items.first { $0.role == .podium && $0.index == place }).box }
        #expect(try step(1).minX > step(0).maxX && step(2).maxX < step(0).minX, "second on the winner's right, third on the left")
    }

    /// The countdown's damage in a right-to-left room is where its ring is: a partial update
    /// leaves exactly the pixels of a full render.
    @Test(arguments: [(1920, 1080), (1080, 1920)])
    func theCountdownDamageFollowsTheRing(width: Int, height: Int) throws {
        let r = SceneRenderer(fonts: try TestFonts.load())
        let canvas = Canvas(width: width, height: height)
        r.render(Self.arabic, into: canvas, now: Self.now)
        let old = SceneFrame(state: Self.arabic, width: width, height: height, now: Self.now)
        let new = SceneFrame(state: Self.arabic, width: width, height: height, now: Self.now + 1)
        let rects = r.update(canvas, from: old, to: new)
        let full = Canvas(width: width, height: height)
        r.render(Self.arabic, into: full, now: Self.now + 1)
        #expect(canvas.rgbBytes() == full.rgbBytes())
        let ring = try #require(r.describe(new).items.first { $0.role == .countdownTrack }).box
        #expect(rects.contains { $0.intersection(ring) == ring }, "\(rects) misses the ring at \(ring)")
        #expect(rects.count == 2 && rects.reduce(0) { $0 + $1.width * $1.height } * 20 < width * height)
    }
}
