import Pixels
import QuizContract
@testable import Renderer
import TestSupport
import Testing

/// Motion under hostile input: generated states (TestSupport.HostileStates) arriving at
/// random instants, often mid-animation, on small screens of every shape. Every frame the
/// incremental player draws must be `render(moment)` from nothing, change no pixel outside
/// its damage, keep every text inside the canvas and the safe area, and the last frame must
/// be the settled frame.
@Suite struct HostileMotionTests {
    static let sizes = [(160, 90), (90, 160), (17, 9), (320, 180), (64, 64)]

    @Test(Tier.exhaustive, arguments: Array(0..<Self.sizes.count))
    func hostileStatesArrivingMidAnimationDrawWhatRenderDraws(size: Int) throws {
        let (w, h) = Self.sizes[size]
        var gen = HostileStates(seed: 0x5EED + UInt64(size))
        var arrivals: [MotionStates.Arrival] = []
        var t = -1.0
        while arrivals.count < 14 {
            if let s = try? StateDecoder.decode(Array(gen.message(now: MotionStates.now).utf8)) {
                arrivals.append((t, s))
                // From 1/30 s (mid-fade) to 0.9 s (mid-bars, mid-rows) apart.
                t += Double(1 + gen.next() % 27) / 30
            }
        }
        let screen = MotionScreen(renderer: SceneRenderer(fonts: try TestFonts.load()), width: w, height: h, arrivals: arrivals)
        let canvasRect = Rect(x: 0, y: 0, width: w, height: h)
        var previous: [UInt8]?
        var frames = 0
        let end = t + 1.2
        var now = -1.0
        while now <= end {
            let m = screen.draw(at: now)
            let pixels = screen.canvas.rgbBytes()
            defer {
                previous = pixels
                frames += 1
                now += MotionPlayerTests.step
            }
            if let previous {
                let outside = MotionPlayerTests.changedOutside(previous, pixels, width: w, damage: screen.lastDamage)
                #expect(outside == 0, "\(w)x\(h) at \(now) s: \(outside) pixels changed outside the damage")
            }
            // Drawing from nothing costs most: every other frame (the player draws them all).
            guard frames % 2 == 0 else { continue }
            let differing = MotionPlayerTests.differing(pixels, screen.fresh(m).rgbBytes(), width: w)
            #expect(differing == nil, "\(w)x\(h) at \(now) s: incremental differs from render(moment): \(differing ?? "")")
            let d = screen.renderer.describe(m)
            for item in d.items where item.kind == .text {
                #expect(item.box.intersection(canvasRect) == item.box, "\(w)x\(h) at \(now) s: \(item.role) \(item.box) leaves the canvas")
                #expect(item.box.intersection(d.safeArea) == item.box, "\(w)x\(h) at \(now) s: \(item.role) \(item.box) leaves the safe area")
            }
        }
        let last = try #require(arrivals.last)
        #expect(MotionPlayerTests.same(screen.canvas, screen.settled(last.state, at: now - MotionPlayerTests.step)),
                "\(w)x\(h): after the last animation the frame is the settled frame")
        #expect(frames > 60)
    }
}
