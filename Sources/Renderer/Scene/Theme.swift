import Pixels

/// The colours of every scene. Every text colour is chosen against the surface it sits on for
/// at least 7:1 contrast (WCAG AAA); `legibilityProblem()` checks a theme and a test checks
/// every text a scene draws.
///
/// The six choice colours differ in lightness as well as hue, so that seen with protanopia or
/// deuteranopia (Machado 2009, severity 1) every two of them still differ by ΔE2000 ≥ 20, and
/// the rims of the dimmed ones in the reveal by ≥ 10; each choice has its own shape too.
/// Searched for with those bounds and then nudged toward the red, blue, yellow, green,
/// lavender and teal a quiz audience expects.
public struct Theme: Sendable {
    public struct ChoiceStyle: Sendable {
        public var fill: Color
        public var text: Color
        public var shape: ChoiceShape
    }

    /// A wrong choice in the reveal: a rim in the choice's colour sunk toward the background
    /// (colour identity and a visible edge), a dark tinted inside carrying muted text.
    public struct DimmedStyle: Sendable {
        public var rim: Color
        public var fill: Color
        public var text: Color
    }

    public var background = Color(hex: 0x0E1626)
    public var panel = Color(hex: 0x1A2438)
    public var text = Color(hex: 0xFFFFFF)
    public var mutedText = Color(hex: 0xB4BFD0)
    public var accent = Color(hex: 0xFFD23F)
    public var warning = Color(hex: 0xFF8A65)
    public var track = Color(hex: 0x2A3650)
    /// Contrast of the ink on the inside of a dimmed (wrong) choice: just over the 7:1 every
    /// text needs, and so under every bright choice's own (the correct one stays the strongest).
    public var dimmedContrast = 7.1
    /// How far a wrong choice's rim moves toward the background in the reveal, and its inside.
    public var rimDimming = 0.35
    public var insideDimming = 0.86
    /// Gold, silver and bronze: the podium blocks and rank badges of ranks 1, 2 and 3.
    public var medals = [Color(hex: 0xFFD23F), Color(hex: 0xC9D1DC), Color(hex: 0xE39B5B)]
    /// Ink on a medal colour, on the white check badge and on the "time's up" pill.
    public var darkText = Color(hex: 0x141414)
    /// Rank movement in the standings: up and down (each with its arrow, never colour alone).
    public var rise = Color(hex: 0x8FE3B0)
    public var fall = Color(hex: 0xFFB199)
    /// QR modules: black on white, the contrast every phone camera expects.
    public var qrDark = Color.black
    public var qrLight = Color.white

    public var choices: [ChoiceStyle] = [
        ChoiceStyle(fill: Color(hex: 0xA01E21), text: .white, shape: .triangle),
        ChoiceStyle(fill: Color(hex: 0x152BF8), text: .white, shape: .diamond),
        ChoiceStyle(fill: Color(hex: 0xF5E642), text: Color(hex: 0x141414), shape: .circle),
        ChoiceStyle(fill: Color(hex: 0x8FBF98), text: Color(hex: 0x141414), shape: .square),
        ChoiceStyle(fill: Color(hex: 0xD0A2E0), text: Color(hex: 0x141414), shape: .star),
        ChoiceStyle(fill: Color(hex: 0x23545B), text: .white, shape: .hexagon),
    ]

    public init() {}

    public static let standard = Theme()

    /// The standard theme in a venue's colours: `accent` for the highlights (question number,
    /// join code, countdown), `background` for the screen, panels and tracks derived from it.
    public init(accent: Color? = nil, background: Color? = nil) {
        self.init()
        if let accent { self.accent = accent }
        if let background {
            self.background = background
            panel = background.mixed(with: .white, 0.07)
            track = background.mixed(with: .white, 0.14)
        }
    }

    public func choice(_ i: Int) -> ChoiceStyle { choices[((i % choices.count) + choices.count) % choices.count] }

    public func dimmed(_ style: ChoiceStyle) -> DimmedStyle {
        let inside = style.fill.mixed(with: background, insideDimming)
        // The dimmest grey that reaches `dimmedContrast` on the inside (white if none does).
        var lo = 0, hi = 255
        while lo < hi {
            let mid = (lo + hi) / 2
            let g = UInt8(mid)
            if Color(r: g, g: g, b: g).contrast(with: inside) >= dimmedContrast { hi = mid } else { lo = mid + 1 }
        }
        let ink = UInt8(lo)
        // The rim sinks toward the background, but never into it: a dark choice on a lighter
        // venue background is lightened instead, until its edge shows (1.5:1).
        var rim = style.fill.mixed(with: background, rimDimming)
        var lighter = 0.0
        while rim.contrast(with: background) < 1.55, lighter < 1 {
            lighter += 0.05
            rim = style.fill.mixed(with: .white, lighter)
        }
        return DimmedStyle(rim: rim, fill: inside, text: Color(r: ink, g: ink, b: ink))
    }

    /// The medal colour of a 1-based rank (1, 2 or 3).
    public func medal(rank: Int) -> Color {
        medals.isEmpty ? accent : medals[min(max(rank - 1, 0), medals.count - 1)]
    }

    /// Every text/surface pair the scenes can draw, named for a one-line error.
    public var textPairs: [(name: String, ink: Color, surface: Color)] {
        var pairs: [(String, Color, Color)] = [
            ("text on the background", text, background), ("muted text on the background", mutedText, background),
            ("the accent on the background", accent, background), ("the warning colour on the background", warning, background),
            ("text on a panel", text, panel), ("muted text on a panel", mutedText, panel),
            ("the accent on a panel", accent, panel),
            ("rising ranks on a panel", rise, panel), ("falling ranks on a panel", fall, panel),
            ("dark text on the warning colour", darkText, warning), ("dark text on white", darkText, .white),
        ]
        for (i, c) in choices.enumerated() {
            pairs.append(("choice \(i + 1) text on its colour", c.text, c.fill))
            let d = dimmed(c)
            pairs.append(("dimmed choice \(i + 1) text on its inside", d.text, d.fill))
        }
        for (i, m) in medals.enumerated() { pairs.append(("dark text on medal \(i + 1)", darkText, m)) }
        return pairs
    }

    /// What is wrong with this theme for a room, in one line, or nil: a text under 7:1
    /// (`legibilityProblem`), or dimmed choices a venue's background made hard to tell apart.
    public func problem() -> String? {
        legibilityProblem() ?? dimmedChoicesProblem()
    }

    /// The dimmed choices' rims must stay visible (≥ 1.5:1 to the background) and, seen with
    /// any colour vision, ΔE2000 ≥ 10 apart; a venue's background shifts them.
    public func dimmedChoicesProblem() -> String? {
        let rims = choices.map { dimmed($0).rim }
        for (i, rim) in rims.enumerated() where rim.contrast(with: background) < 1.5 {
            return "dimmed choice \(i + 1) (\(rim)) is \((rim.contrast(with: background) * 100).rounded(.down) / 100):1 to the background \(background), under the 1.5:1 its edge needs"
        }
        for vision in ColorVision.allCases {
            for i in rims.indices {
                for j in rims.indices where j > i && rims[i].difference(from: rims[j], seenWith: vision) < 10 {
                    let d = (rims[i].difference(from: rims[j], seenWith: vision) * 10).rounded() / 10
                    return "dimmed choices \(i + 1) and \(j + 1) (\(rims[i]), \(rims[j])) differ by ΔE2000 \(d) seen with \(vision), under 10"
                }
            }
        }
        return nil
    }

    /// The first text/surface pair under 7:1, as "accent #RRGGBB on the background #RRGGBB
    /// is 3.1:1", or nil when the theme is legible.
    public func legibilityProblem() -> String? {
        for (name, ink, surface) in textPairs where ink.contrast(with: surface) < 7 {
            let ratio = (ink.contrast(with: surface) * 100).rounded() / 100
            return "\(name) (\(ink) on \(surface)) is \(ratio):1, under the 7:1 every text needs"
        }
        return nil
    }
}

/// The mark beside each choice, so players who cannot tell the colours apart can tell the
/// shapes apart.
public enum ChoiceShape: String, Sendable, CaseIterable {
    case triangle, diamond, circle, square, star, hexagon

    public func path(cx: Double, cy: Double, size: Double) -> Path {
        let r = size / 2
        switch self {
        case .triangle: return .regularPolygon(cx: cx, cy: cy + r * 0.15, radius: r * 1.1, sides: 3)
        case .diamond: return .regularPolygon(cx: cx, cy: cy, radius: r, sides: 4)
        case .circle: return .circle(cx: cx, cy: cy, radius: r * 0.9)
        case .square: return .regularPolygon(cx: cx, cy: cy, radius: r * 1.1, sides: 4, rotation: Double.pi / 4)
        case .star: return .regularPolygon(cx: cx, cy: cy + r * 0.08, radius: r * 1.05, sides: 5, innerRatio: 0.45)
        case .hexagon: return .regularPolygon(cx: cx, cy: cy, radius: r, sides: 6, rotation: 0)
        }
    }
}
