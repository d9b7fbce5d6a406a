import Pixels
@testable import Renderer
import Testing

/// The choice colours for the one in twelve men who sees fewer colours: every two choices
/// differ by ΔE2000 ≥ 20 seen with protanopia, deuteranopia (Machado 2009, severity 1) or
/// normal vision, the rims of the dimmed ones in the reveal by ≥ 10 and visible against the
/// background; the correct answer is the strongest thing on the screen.
@Suite struct ScenePaletteTests {
    static let themes = [("standard", Theme.standard), ("venue", ShowStates.venueTheme)]

    @Test(arguments: ColorVision.allCases)
    func everyTwoChoicesDifferByTwentyOrMore(vision: ColorVision) {
        let fills = Theme.standard.choices.map(\.fill)
        var lowest = Double.infinity
        for i in fills.indices {
            for j in fills.indices where j > i {
                let d = fills[i].difference(from: fills[j], seenWith: vision)
                lowest = min(lowest, d)
                #expect(d >= 20, "\(vision): choice \(i + 1) \(fills[i]) and \(j + 1) \(fills[j]) differ by \(d)")
            }
        }
        print("palette: lowest ΔE2000 between choices, \(vision): \((lowest * 10).rounded() / 10)")
    }

    @Test(arguments: ColorVision.allCases)
    func everyTwoDimmedChoicesDifferByTenOrMore(vision: ColorVision) {
        for (name, t) in Self.themes {
            let rims = t.choices.map { t.dimmed($0).rim }
            for i in rims.indices {
                for j in rims.indices where j > i {
                    let d = rims[i].difference(from: rims[j], seenWith: vision)
                    #expect(d >= 10, "\(name), \(vision): dimmed \(i + 1) \(rims[i]) and \(j + 1) \(rims[j]) differ by \(d)")
                }
            }
        }
    }

    /// Lightness, not hue alone: the choices spread over dark and light, so even seen in grey
    /// no two of the dark (or of the light) ones are the same.
    @Test func choicesDifferInLightnessToo() {
        let l = Theme.standard.choices.map { $0.fill.lab().l }.sorted()
        #expect((l.last ?? 0) - (l.first ?? 0) > 40, "lightness spans only \(l)")
    }

    @Test func dimmedBoxesKeepAVisibleEdgeAndTheCorrectOneIsStrongest() {
        for (name, t) in Self.themes {
            let ring = t.text.contrast(with: t.background)  // the correct box's ring
            for (i, c) in t.choices.enumerated() {
                let d = t.dimmed(c)
                #expect(d.rim.contrast(with: t.background) >= 1.5, "\(name): dimmed \(i + 1) rim \(d.rim) is \(d.rim.contrast(with: t.background)):1")
                #expect(ring > d.rim.contrast(with: t.background) && ring > c.fill.contrast(with: t.background))
                // Dimmed ink just clears 7:1, under every bright choice's own ink: the correct
                // answer's text is never the weakest on screen.
                let dimmed = d.text.contrast(with: d.fill)
                #expect(dimmed >= 7, "\(name): dimmed \(i + 1) text \(dimmed):1")
                for other in t.choices {
                    #expect(other.text.contrast(with: other.fill) > dimmed, "\(name): \(other.fill) text under dimmed \(i + 1)")
                }
            }
        }
    }

    /// A venue's background that would sink the dimmed rims into it is refused, named.
    @Test func aBackgroundThatHidesTheDimmedChoicesIsRefused() {
        #expect(Theme.standard.problem() == nil && ShowStates.venueTheme.problem() == nil)
        // Mid-grey: every text fails first; the rims alone are checked on a theme whose text passes.
        #expect(Theme(background: Color(hex: 0x777777)).problem()?.hasPrefix("text on the background") == true)
        // A lighter grey background: the dark choices' rims are lightened, not lost.
        let grey = Theme(background: Color(hex: 0x202020))
        #expect(grey.problem() == nil, "\(grey.problem() ?? "")")
        #expect(grey.choices.allSatisfy { grey.dimmed($0).rim.contrast(with: grey.background) >= 1.5 })
        // Rims too alike are refused, named (a palette change that breaks the rule).
        var t = Theme.standard
        t.choices[1].fill = Color(hex: 0xA31D24)
        #expect(t.legibilityProblem() == nil)
        #expect(t.dimmedChoicesProblem()?.hasPrefix("dimmed choices") == true, "\(t.dimmedChoicesProblem() ?? "nil")")
    }
}
