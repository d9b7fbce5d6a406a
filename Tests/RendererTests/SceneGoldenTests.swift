import Pixels
import QuizContract
@testable import Renderer
import TestSupport
import Testing

/// Golden images of the show: each phase, and each defect of the show issue, at the sizes that
/// show it (1280×720, 1080p, 4K and a portrait 1080×1920), compared pixel for pixel with
/// references that were looked at when recorded.
@Suite struct SceneGoldenTests {
    static let now = ShowStates.now
    static let sizes = ShowStates.sizes

    /// Every phase at every size: the join code whole, the reveal with its bars in the boxes,
    /// six long choices at one size, fair ranks with movement, the winner's long name.
    static let everySize = ["japanese4", "english2", "long", "reveal6ja", "idle", "lobby", "leaderboard", "ended"]
    /// One defect or new element each, at the sizes where it shows.
    static let some: [(String, [(Int, Int)])] = [
        ("timesup", [(1920, 1080), (1080, 1920)]),
        ("reveal4", [(1920, 1080), (1280, 720)]),
        ("long6ja", [(1920, 1080)]),
        ("poll6", [(1280, 720)]),
        ("lobby32", [(1280, 720), (1080, 1920)]),
        ("leaderboard1", [(1920, 1080)]),
        ("podiumties", [(1920, 1080), (1080, 1920)]),
    ]

    static let cases: [(String, Int, Int)] = everySize.flatMap { n in sizes.map { (n, $0.0, $0.1) } }
        + some.flatMap { n, s in s.map { (n, $0.0, $0.1) } }

    @Test(arguments: cases)
    func scene(name: String, width: Int, height: Int) throws {
        let fonts = try TestFonts.load()
        let canvas = Canvas(width: width, height: height)
        SceneRenderer(fonts: fonts).render(ShowStates.state(name), into: canvas, now: Self.now)
        Snapshot.assert(canvas, named: "\(name)-\(width)x\(height)", fonts: fonts)
    }

    /// A venue's accent, background and logo, type 1.5× and 2.5% overscan at each edge.
    @Test(arguments: [("japanese4", 1920, 1080), ("japanese4", 1080, 1920), ("reveal4", 1280, 720), ("idle", 1920, 1080),
                      ("lobby", 1920, 1080)])
    func venue(name: String, width: Int, height: Int) throws {
        let fonts = try TestFonts.load()
        let canvas = Canvas(width: width, height: height)
        SceneRenderer(fonts: fonts, theme: ShowStates.venueTheme, settings: ShowStates.venueSettings)
            .render(ShowStates.state(name), into: canvas, now: Self.now)
        Snapshot.assert(canvas, named: "venue-\(name)-\(width)x\(height)", fonts: fonts)
    }

    /// The "controller offline" mark over a busy scene and a calm one, in both orientations.
    @Test(arguments: [("english2", 1280, 720), ("english2", 1080, 1920), ("idle", 1920, 1080), ("reveal6ja", 1920, 1080)])
    func offlineMark(name: String, width: Int, height: Int) throws {
        let fonts = try TestFonts.load()
        let canvas = Canvas(width: width, height: height)
        SceneRenderer(fonts: fonts).render(ShowStates.state(name), into: canvas, now: Self.now,
                                                          overlay: ScreenOverlay(controllerOffline: true))
        Snapshot.assert(canvas, named: "offline-\(name)-\(width)x\(height)", fonts: fonts)
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
        // 2.5% overscan at each edge: the safe area is the middle 95%, and type is measured in it.
        let tv = Viewport(width: 1920, height: 1080, safeArea: .overscan(2.5))
        #expect(tv.safeArea == Rect(x: 48, y: 27, width: 1824, height: 1026))
        #expect(tv.px(48) == Int((48 * 0.95).rounded()))
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
        r.render(ShowStates.japanese4, into: a, now: Self.now)
        r.render(ShowStates.english2, into: b, now: Self.now)
        r.render(ShowStates.japanese4, into: b, now: Self.now)
        #expect(a.rgbBytes() == b.rgbBytes())
    }
}
