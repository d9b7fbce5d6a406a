import Pixels
import QuizContract
@testable import Renderer
import TestSupport
import Testing

/// Every phase at the four display sizes the product must handle (1280×720, 1080p, 4K and a
/// portrait 1080×1920), compared pixel for pixel with references that were looked at when
/// recorded.
@Suite struct SceneGoldenTests {
    static let now = RFC3339.parse("2026-11-29T20:00:00Z") ?? 0
    static let sizes = [(1280, 720), (1920, 1080), (3840, 2160), (1080, 1920)]

    static let states: [(String, QuizState)] = [
        ("japanese4", QuizState(phase: .question, title: "QuizKiosk デモクイズ", question: .init(
            number: 3, total: 10, text: "SwiftUIで外部ディスプレイに対応するには？",
            choices: ["UIScreen の接続通知を受け取る", "WindowGroup を二つ作る", "外部ディスプレイ用のシーンを設定する", "対応する方法はない"],
            timeLimit: 20, endsAt: now + 12.4))),
        ("english2", QuizState(phase: .question, title: "Friday Pub Quiz", question: .init(
            number: 7, total: 12, text: "Which planet has the most known moons?", choices: ["Saturn", "Jupiter"],
            timeLimit: 15, endsAt: now + 3.2))),
        ("long", QuizState(phase: .question, question: .init(
            number: 10, total: 10,
            text: String(repeating: "この問題文はとても長く、画面に収まらないので、文字が段階的に小さくなり、最後には省略記号で切られます。", count: 21),
            choices: ["An answer that is also far too long to fit in its box on one line, so it wraps and then shrinks",
                      "短い", "Troisième réponse, accentuée", "四番目の選択肢"],
            timeLimit: 30))),
        ("idle", QuizState(phase: .idle, title: "金曜日のクイズナイト")),
        ("lobby", QuizState(phase: .lobby, title: "金曜日のクイズナイト", lobby: .init(
            joinCode: "7342", joinURL: "https://quiz.example/join/7342", participants: 18))),
        ("reveal4", QuizState(phase: .reveal, title: "QuizKiosk デモクイズ", question: .init(
            number: 3, total: 10, text: "SwiftUIで外部ディスプレイに対応するには？",
            choices: ["UIScreen の接続通知を受け取る", "WindowGroup を二つ作る", "外部ディスプレイ用のシーンを設定する", "対応する方法はない"],
            correct: 2, answerCounts: [4, 2, 11, 1], timeLimit: 20, endsAt: now - 5))),
        ("reveal6", QuizState(phase: .reveal, title: "Friday Pub Quiz", question: .init(
            number: 12, total: 12, text: "Which of these is not a Swift keyword?",
            choices: ["guard", "defer", "actor", "unless", "repeat", "fallthrough"],
            correct: 3, answerCounts: [3, 5, 0, 24, 2, 1]))),
        ("leaderboard", QuizState(phase: .leaderboard, title: "金曜日のクイズナイト", leaderboard: standings)),
        ("ended", QuizState(phase: .ended, title: "金曜日のクイズナイト", leaderboard: standings)),
    ]

    /// Twelve players (ten are shown), names in two scripts, two far too long for a row.
    static let standings: [QuizState.Standing] = [
        .init(name: "さくら", score: 12840), .init(name: "Alex", score: 12610), .init(name: "たけし", score: 9390),
        .init(name: "Marie-Claire Dubois-Fontaine de la Tour d’Auvergne", score: 8100), .init(name: "ゆうき", score: 7980),
        .init(name: "寿限無寿限無五劫の擦り切れ海砂利水魚の水行末雲来末風来末食う寝る処に住む処", score: 6720),
        .init(name: "Sam", score: 5500), .init(name: "はると", score: 4320), .init(name: "Kim", score: 990),
        .init(name: "めぐみ", score: 870), .init(name: "Jo", score: 640), .init(name: "ひなた", score: 300),
    ]

    static let cases: [(String, Int, Int)] = states.flatMap { s in sizes.map { (s.0, $0.0, $0.1) } }

    @Test(arguments: cases)
    func scene(name: String, width: Int, height: Int) throws {
        let fonts = try TestFonts.load()
        let state = try #require(Self.states.first { $0.0 == name }?.1)
        let canvas = Canvas(width: width, height: height)
        SceneRenderer(fonts: fonts).render(state, into: canvas, now: Self.now)
        Snapshot.assert(canvas, named: "\(name)-\(width)x\(height)")
    }

    /// The "controller offline" mark over a busy scene and a calm one, in both orientations.
    @Test(arguments: [("english2", 1280, 720), ("english2", 1080, 1920), ("idle", 1920, 1080), ("reveal6", 1920, 1080)])
    func offlineMark(name: String, width: Int, height: Int) throws {
        let fonts = try TestFonts.load()
        let state = try #require(Self.states.first { $0.0 == name }?.1)
        let canvas = Canvas(width: width, height: height)
        SceneRenderer(fonts: fonts).render(state, into: canvas, now: Self.now, overlay: ScreenOverlay(controllerOffline: true))
        Snapshot.assert(canvas, named: "offline-\(name)-\(width)x\(height)")
    }

    /// The seed app's rule, checked on ink: the question text drawn for a 3840-wide display is
    /// twice as tall as for a 1920-wide one.
    @Test func questionInkHeightScalesWithDisplayWidth() throws {
        let fonts = try TestFonts.load()
        let text = TextEngine(fonts: fonts)
        func inkHeight(width: Int) -> Int {
            let vp = Viewport(width: width, height: width * 9 / 16)
            let size = vp.px(TypeScale(textScale: 1).question)
            let block = text.layout("SwiftUIで外部ディスプレイに対応するには？", size: size, weight: .bold, maxWidth: nil)
            let canvas = Canvas(width: block.width + 20, height: block.height + 20)
            canvas.fill(Color.black)
            text.draw(block, in: canvas, rect: Rect(x: 10, y: 10, width: block.width, height: block.height), color: .white)
            var top = Int.max, bottom = -1
            for y in 0..<canvas.height {
                for x in 0..<canvas.width where canvas.pixel(x: x, y: y) & 0xFF > 0 {
                    top = min(top, y)
                    bottom = max(bottom, y)
                }
            }
            return bottom - top + 1
        }
        let h1920 = inkHeight(width: 1920), h3840 = inkHeight(width: 3840)
        #expect(Viewport(width: 1920, height: 1080).px(TypeScale(textScale: 1).question) == 48)
        #expect(Viewport(width: 3840, height: 2160).px(TypeScale(textScale: 1).question) == 96)
        #expect(abs(h3840 - 2 * h1920) <= 1, "ink height \(h1920) px at 1920, \(h3840) px at 3840")
    }

    @Test func viewportRules() {
        let hd = Viewport(width: 1920, height: 1080)
        #expect(hd.scale == 1 && !hd.isPortrait)
        #expect(Viewport(width: 3840, height: 2160).scale == 2)
        #expect(Viewport(width: 1280, height: 720).px(48) == 32)
        let portrait = Viewport(width: 1080, height: 1920)
        #expect(portrait.isPortrait && portrait.scale == 1 && portrait.referenceWidth == 1080)
        // 4:3 gets extra height, 21:9 extra width, never less than the reference space.
        let square = Viewport(width: 1440, height: 1080)
        #expect(square.scale == 0.75 && square.referenceHeight == 1440)
        let wide = Viewport(width: 2560, height: 1080)
        #expect(wide.scale == 1 && wide.referenceWidth == 2560)
    }

    @Test func renderingIsAPureFunctionOfStateSizeAndTime() throws {
        let fonts = try TestFonts.load()
        let a = Canvas(width: 640, height: 360), b = Canvas(width: 640, height: 360)
        let r = SceneRenderer(fonts: fonts)
        r.render(Self.states[0].1, into: a, now: Self.now)
        r.render(Self.states[1].1, into: b, now: Self.now)
        r.render(Self.states[0].1, into: b, now: Self.now)
        #expect(a.rgbBytes() == b.rgbBytes())
    }
}
