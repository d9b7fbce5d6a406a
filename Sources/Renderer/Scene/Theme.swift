import Pixels

/// Colours and type sizes of every scene. Sizes are in reference units (see `Viewport`).
/// Every text colour is chosen against the surface it sits on for at least 7:1 contrast
/// (WCAG AAA); a test computes it.
public struct Theme: Sendable {
    public struct ChoiceStyle: Sendable {
        public var fill: Color
        public var text: Color
        public var shape: ChoiceShape
    }

    public var background = Color(hex: 0x0E1626)
    public var panel = Color(hex: 0x1A2438)
    public var text = Color(hex: 0xFFFFFF)
    public var mutedText = Color(hex: 0xB4BFD0)
    public var accent = Color(hex: 0xFFD23F)
    public var warning = Color(hex: 0xFF8A65)
    public var track = Color(hex: 0x2A3650)
    /// Ink on a dimmed (wrong) choice in the reveal: lighter than `mutedText`, because the
    /// dimmed yellow choice is a lighter surface than the background.
    public var dimmedText = Color(hex: 0xC8D0DC)
    /// How far a wrong choice's fill moves toward the background in the reveal.
    public var dimming = 0.8
    /// Gold, silver and bronze: the top three's podium blocks and rank badges.
    public var medals = [Color(hex: 0xFFD23F), Color(hex: 0xC9D1DC), Color(hex: 0xE39B5B)]
    /// Ink on a medal colour and on the white check badge.
    public var darkText = Color(hex: 0x141414)
    /// QR modules: black on white, the contrast every phone camera expects.
    public var qrDark = Color.black
    public var qrLight = Color.white

    public var choices: [ChoiceStyle] = [
        ChoiceStyle(fill: Color(hex: 0xA3142B), text: .white, shape: .triangle),
        ChoiceStyle(fill: Color(hex: 0x1D4E9E), text: .white, shape: .diamond),
        ChoiceStyle(fill: Color(hex: 0xF2C230), text: Color(hex: 0x141414), shape: .circle),
        ChoiceStyle(fill: Color(hex: 0x155C31), text: .white, shape: .square),
        ChoiceStyle(fill: Color(hex: 0x6A2C91), text: .white, shape: .star),
        ChoiceStyle(fill: Color(hex: 0x0B5F63), text: .white, shape: .hexagon),
    ]

    /// The question text: 48 units, the seed app's `48 * width / 1920`.
    public var questionSize = 48.0
    /// The floor the question shrinks to before it is cut with an ellipsis.
    public var questionMinSize = 30.0
    public var choiceSize = 40.0
    public var choiceMinSize = 26.0
    public var headerSize = 44.0
    public var countdownSize = 64.0
    public var titleSize = 96.0
    public var margin = 100.0
    /// The countdown bar along the bottom edge.
    public var barHeight = 14.0
    /// The band along the bottom that scenes leave empty: the countdown bar and the
    /// "controller offline" mark live there.
    public var footer = 84.0

    public init() {}

    public static let standard = Theme()

    public func choice(_ i: Int) -> ChoiceStyle { choices[((i % choices.count) + choices.count) % choices.count] }

    /// A wrong choice in the reveal: the fill sunk toward the background, the ink `dimmedText`.
    public func dimmed(_ style: ChoiceStyle) -> ChoiceStyle {
        ChoiceStyle(fill: style.fill.mixed(with: background, dimming), text: dimmedText, shape: style.shape)
    }

    /// The medal colour of a 0-based rank among the top three.
    public func medal(_ rank: Int) -> Color {
        medals.isEmpty ? accent : medals[min(max(rank, 0), medals.count - 1)]
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
