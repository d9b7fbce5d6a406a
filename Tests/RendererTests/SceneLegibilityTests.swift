import Pixels
@testable import Renderer
import TestSupport
import Testing

/// Legibility, measured: every text colour a scene draws against the surface it sits on reaches
/// 7:1 (WCAG AAA), and the surface a scene names is what is really under the text.
@Suite struct SceneLegibilityTests {
    /// Every phase, both orientations, with the offline mark, and the clock at a calm and an
    /// urgent moment (the countdown's digits change colour).
    static func inspectEveryScene() throws -> [TextInspector.Sample] {
        let fonts = try TestFonts.load()
        let inspector = TextInspector()
        for renderer in [SceneRenderer(fonts: fonts),
                         SceneRenderer(fonts: fonts, theme: ShowStates.venueTheme, settings: ShowStates.venueSettings)] {
            renderer.inspector = inspector
            for (_, state) in ShowStates.all {
                for (w, h) in [(1280, 720), (1080, 1920)] {
                    // Calm, urgent, and after the deadline.
                    for t in [0.0, 9.0, 30.0] {
                        renderer.render(state, into: Canvas(width: w, height: h), now: ShowStates.now + t,
                                        overlay: ScreenOverlay(controllerOffline: true))
                    }
                }
            }
        }
        return inspector.samples
    }

    @Test func everyTextColourOnItsSurfaceIsAtLeastSevenToOne() throws {
        let samples = try Self.inspectEveryScene()
        var pairs: [String: (text: String, ratio: Double)] = [:]
        for s in samples {
            pairs["\(s.color) on \(s.surface)"] = (s.text, s.color.contrast(with: s.surface))
        }
        for (pair, v) in pairs.sorted(by: { $0.value.ratio < $1.value.ratio }) {
            #expect(v.ratio >= 7, "\(pair) is \(v.ratio):1 (\"\(v.text)\")")
        }
        let lowest = pairs.min { $0.value.ratio < $1.value.ratio }
        print("legibility: \(pairs.count) text/surface pairs; lowest \(lowest.map { "\($0.key) \(($0.value.ratio * 100).rounded() / 100):1" } ?? "-")")

        // The pairs the test exists for are really among those measured.
        let t = Theme.standard
        let required: [(String, Color, Color)] = [
            ("a dimmed yellow choice", t.dimmed(t.choice(2)).text, t.dimmed(t.choice(2)).fill),
            ("time's up", t.darkText, t.warning),
            ("a falling rank", t.fall, t.panel),
            ("the bright yellow choice", t.choice(2).text, t.choice(2).fill),
            ("the gold podium block", t.darkText, t.medal(rank: 1)),
            ("the bronze badge", t.darkText, t.medal(rank: 3)),
            ("the offline mark", t.mutedText, t.panel),
            ("urgent countdown digits", t.warning, t.background),
        ]
        for (what, ink, surface) in required {
            #expect(pairs["\(ink) on \(surface)"] != nil, "\(what) (\(ink) on \(surface)) was never drawn")
        }
    }

    @Test func theSurfaceEachTextNamesIsWhatIsUnderIt() throws {
        var wrong: [String] = []
        let samples = try Self.inspectEveryScene()
        #expect(samples.count > 200 && samples.allSatisfy { !$0.under.isEmpty || $0.text.isEmpty })
        for s in samples where s.under.contains(where: { $0 != s.surface }) {
            wrong.append("\"\(s.text)\" says \(s.surface), finds \(s.under.map(\.description))")
        }
        #expect(wrong.isEmpty, "\(wrong.count) texts: \(wrong.prefix(5).joined(separator: "; "))")
    }

    /// The palette on its own, every pair a scene can draw (`Theme.textPairs`), whether or not
    /// today's scenes use each; and a venue's colours that break one are named.
    @Test func everyPalettePairIsAtLeastSevenToOne() {
        #expect(Theme.standard.legibilityProblem() == nil)
        #expect(ShowStates.venueTheme.legibilityProblem() == nil)
        for (name, ink, surface) in Theme.standard.textPairs {
            #expect(ink.contrast(with: surface) >= 7, "\(name): \(ink) on \(surface) is \(ink.contrast(with: surface)):1")
        }
        let grey = Theme(accent: Color(hex: 0x777777))
        #expect(grey.legibilityProblem()?.hasPrefix("the accent on the background (#777777 on #0e1626) is ") == true,
                "\(grey.legibilityProblem() ?? "nil")")
        let light = Theme(background: Color(hex: 0xF4F4F4))
        #expect(light.legibilityProblem()?.hasPrefix("text on the background (#ffffff on #f4f4f4)") == true)
    }

    /// Colour is never the only cue: each choice has its own shape.
    @Test func choicesDifferInShapeNotOnlyColour() {
        let t = Theme.standard
        #expect(Set(t.choices.map(\.shape)).count == t.choices.count)
        #expect(Set(t.choices.map(\.fill)).count == t.choices.count)
    }
}
