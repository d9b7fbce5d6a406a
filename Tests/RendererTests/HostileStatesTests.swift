import Pixels
import Platform
import QuizContract
@testable import Renderer
import TestSupport
import Testing

/// Hundreds of generated hostile states (TestSupport.HostileStates), at sizes from 1×1 to 4K
/// and portrait: none traps, every text line of every frame stays inside the canvas and the
/// safe area whatever its content (a line the clip cuts is said to be truncated), and no shape
/// lands absurdly far off (on a 1×1 screen a box can only be partly on it; the canvas clips it).
@Suite struct HostileStatesTests {
    static let sizes = [(1, 1), (2, 3), (17, 9), (64, 36), (320, 180), (1280, 720), (1080, 1920), (1920, 1080)]

    @Test(Tier.exhaustive) func threeHundredHostileStatesStayInsideTheirBoxes() throws {
        let renderer = SceneRenderer(fonts: try TestFonts.load())
        var gen = HostileStates(seed: 20261130)
        let now = 1_800_000_000.0
        var drawn = 0, rejected = 0
        for k in 0..<300 {
            let json = gen.message(now: now)
            guard let state = try? StateDecoder.decode(Array(json.utf8)) else {
                rejected += 1
                continue
            }
            let (w, h) = Self.sizes[k % Self.sizes.count]
            let frame = SceneFrame(state: state, width: w, height: h, now: now + Double(k % 7))
            let d = renderer.describe(frame)
            let canvasRect = Rect(x: 0, y: 0, width: w, height: h)
            // An empty box (a zero-width bar, a name of zero-width characters) draws nothing.
            for item in d.items where item.kind == .text {
                #expect(item.box.intersection(canvasRect) == item.box, "state \(k) \(w)x\(h): \(item.role) \(item.box) leaves the canvas")
                #expect(item.box.intersection(d.safeArea) == item.box, "state \(k) \(w)x\(h): \(item.role) \(item.box) leaves the safe area")
                #expect((item.px ?? 0) > 0 && !item.box.isEmpty)
            }
            let reach = canvasRect.insetBy(dx: -4 * max(w, 16), dy: -4 * max(h, 16))
            for item in d.items where item.kind != .text && !item.box.isEmpty {
                #expect(item.box.intersection(reach) == item.box, "state \(k) \(w)x\(h): \(item.role) \(item.box) far off the screen")
            }
            if ProcessInfoLite.dump, d.items.contains(where: { $0.kind == .text && $0.box.intersection(d.safeArea) != $0.box }) {
                print("HOSTILE \(k) \(w)x\(h) \(json)")
            }
            let canvas = Canvas(width: w, height: h)
            renderer.render(state, into: canvas, now: frame.now)
            drawn += 1
        }
        #expect(drawn > 200 && rejected > 10, "most states valid, some not: \(drawn) drawn, \(rejected) rejected")
    }

    /// The largest canvas the contract allows a size for, once: it draws, whatever the state.
    @Test func theLargestCanvasDraws() throws {
        let renderer = SceneRenderer(fonts: try TestFonts.load())
        var gen = HostileStates(seed: 7)
        var state: QuizState?
        while state == nil { state = try? StateDecoder.decode(Array(gen.message(now: 0).utf8)) }
        let canvas = Canvas(width: 8192, height: 8192)
        renderer.render(state!, into: canvas, now: 0)
        let d = renderer.describe(SceneFrame(state: state!, width: 8192, height: 8192, now: 0))
        #expect(d.items.allSatisfy { $0.kind != .text || $0.box.intersection(d.safeArea) == $0.box })
    }
}

enum ProcessInfoLite {
    static let dump = Platform.Environment.get("QK_DUMP_HOSTILE") != nil
}
