import Pixels
import QuizContract
@testable import Renderer
import TestSupport
import Testing

/// The fast path of item damage (same items in the same order, matched by position) gives
/// exactly what matching by key gives, frame after frame of every animation, and the general
/// path still takes lists that differ in number or order.
@Suite struct ItemDamageTests {
    @Test func matchingByPositionIsMatchingByKeyWhenTheListsLineUp() throws {
        let renderer = SceneRenderer(fonts: try TestFonts.load())
        var pairs = 0, lined = 0
        for a in MotionStates.animations.map({ ($0.name, $0.arrivals) }) + [("countdown", MotionStates.countdown)] {
            let screen = MotionScreen(renderer: renderer, width: 480, height: 270, arrivals: a.1)
            var previous: [SceneItem]?
            var t = -2.0
            while t <= 1.5 {
                let items = renderer.describe(screen.moment(at: t)).items
                if let previous {
                    let bounds = Rect(x: 0, y: 0, width: 480, height: 270)
                    #expect(ItemDamage.between(previous, items, bounds: bounds) == ItemDamage.matched(previous, items, bounds: bounds),
                            "\(a.0) at \(t) s")
                    pairs += 1
                    if previous.count == items.count && zip(previous, items).allSatisfy({ $0.role == $1.role && $0.index == $1.index }) {
                        lined += 1
                    }
                }
                previous = items
                t += 1.0 / 30
            }
        }
        #expect(lined > pairs / 2 && lined < pairs, "both paths taken: \(lined) of \(pairs) pairs line up")
    }
}
