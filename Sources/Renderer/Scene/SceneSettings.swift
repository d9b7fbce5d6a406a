import Pixels

/// The venue's settings for every frame: how big the type is for the room, how much of the
/// picture the TV crops, and the venue's logo. Colours live in `Theme`.
public struct SceneSettings: Sendable {
    /// Multiplies every type size (1: the question is 48 × width / 1920 px). Raise it where the
    /// farthest seat is more than about five screen heights away (a 55″ TV seen from beyond
    /// 3.5 m): at 10 m, 1.5 brings the question's capitals from 8.5′ to about 13′ of arc.
    public var textScale: Double
    /// Percent of each edge the TV may hide (`SafeArea.overscan`); the scenes keep inside the
    /// rest. A display that decides its own (DRM, from the TV's EDID) overrides it per frame.
    public var overscan: Double
    /// Drawn in the header of the question and reveal, and on the idle and lobby screens.
    public var logo: Image?

    public static let textScaleRange = 0.5...3.0

    public init(textScale: Double = 1, overscan: Double = 0, logo: Image? = nil) {
        self.textScale = textScale
        self.overscan = overscan
        self.logo = logo
    }
}

/// Type sizes in reference units, all derived from the question's 48 (the design card's
/// `48 * width / 1920`) times the venue's text scale. One size per group: every choice, every
/// name, every score of a screen shares its group's size; nothing the audience must read goes
/// below `floor` (28), the choices not below 36 unless six long ones cannot fit otherwise.
struct TypeScale {
    let k: Double

    init(textScale: Double) {
        k = textScale.isFinite ? min(max(textScale, SceneSettings.textScaleRange.lowerBound), SceneSettings.textScaleRange.upperBound) : 1
    }

    var question: Double { 48 * k }
    var floor: Double { 28 * k }
    var choice: Double { 40 * k }
    var choiceFloor: Double { 36 * k }
    /// "3 / 10", the quiz's title beside it.
    var progress: Double { 40 * k }
    var title: Double { 32 * k }
    /// Fixed labels ("Join code"), counts, percentages, "23 / 48 answered".
    var label: Double { 36 * k }
    var headline: Double { 48 * k }
    var timesUp: Double { 56 * k }
    var heading: Double { 72 * k }
    var name: Double { 44 * k }
    var score: Double { 44 * k }
    var rank: Double { 40 * k }
    /// The lobby's join code, as large as its column allows, never cut: on one line down to
    /// 72 units whatever the text scale (already larger than anything else), then wrapped.
    var joinCode: Double { 230 * k }
    var joinCodeFloor: Double { 72 }
    var bigTitle: Double { 96 * k }
    var lobbyTitle: Double { 64 * k }
    var url: Double { 40 * k }
    var participants: Double { 88 * k }
    /// The staff-only "controller offline" mark: small on purpose, still ≥ 7:1.
    var offline: Double { 24 }
}
