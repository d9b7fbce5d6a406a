import Pixels
import QuizContract
@testable import Renderer
import TestSupport
import Testing

/// The venue's text scale makes type larger and never smaller: at every size, in every phase,
/// each role's type at 1.25 is at least its type at 1, at 1.5 at least at 1.25, at 2 at least
/// at 1.5. The question and the choices grow first; what no longer fits wraps before it
/// shrinks, and where even that cannot hold the venue's scale, a screen keeps the largest scale
/// that fits.
@Suite struct SceneTextScaleTests {
    static let scales = [1.0, 1.25, 1.5, 2]
    static let sizes = [(1920, 1080), (1280, 720), (1080, 1920)]

    /// The show's states, the issue's long question with six choices and a 64-character winner.
    static var states: [(String, QuizState)] {
        ShowStates.all + [("longsix", ShowStates.longSix), ("winner64", ShowStates.winner64), ("tie3", ShowStates.tie3)]
    }

    /// Each text's px by (role, index): the smallest and the largest line.
    static func sizes(_ d: SceneDescription) -> [String: (min: Int, max: Int)] {
        var out: [String: (min: Int, max: Int)] = [:]
        for item in d.items where item.kind == .text && item.role != .offline {
            let key = "\(item.role)#\(item.index ?? -1)"
            let px = item.px ?? 0
            out[key] = out[key].map { (min($0.min, px), max($0.max, px)) } ?? (px, px)
        }
        return out
    }

    @Test(arguments: sizes)
    func noRoleEverShrinks(width: Int, height: Int) throws {
        let fonts = try TestFonts.load()
        let renderers = Self.scales.map { SceneRenderer(fonts: fonts, settings: SceneSettings(textScale: $0)) }
        for (name, state) in Self.states {
            var previous: [String: (min: Int, max: Int)]?
            for (k, r) in zip(Self.scales, renderers) {
                let d = r.describe(SceneFrame(state: state, width: width, height: height, now: ShowStates.now))
                let now = Self.sizes(d)
                if let previous {
                    for (key, was) in previous {
                        guard let is_ = now[key] else {
                            Issue.record("\(name) \(width)x\(height) × \(k): \(key) is gone")
                            continue
                        }
                        #expect(is_.min >= was.min && is_.max >= was.max,
                                "\(name) \(width)x\(height) × \(k): \(key) at \(is_) px, smaller than \(was) at the scale before")
                    }
                }
                previous = now
            }
        }
    }
}
