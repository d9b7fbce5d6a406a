import CommandLineKit
import Display
import Glibc
import Kiosk
import Outputs
import Pixels
import Platform
import QuizContract
import Renderer

/// The figures of motion in `quizkiosk-bench`: a countdown frame and a cross-fade frame as an
/// output draws them (damage only), the CPU a whole countdown costs at 60 Hz, and how often a
/// still screen wakes up. Each time is the median of many frames; each is printed beside the
/// one-colour fill of the same canvas measured in the same run, what a full frame cannot beat.
enum MotionBench {
    /// Countdown frames, 1/60 s apart while the ring sweeps: only the ring and the bar change.
    static func countdownFrame(_ renderer: SceneRenderer, size: DisplaySize, state: QuizState, now: Double, frames: Int)
        -> (median: Double, wholeRing: Double, damage: Double) {
        let canvas = Canvas(width: size.width, height: size.height)
        let player = MotionPlayer(renderer: renderer)
        func moment(_ t: Double) -> Moment {
            Moment(frame: SceneFrame(state: state, width: size.width, height: size.height, now: now + t), origin: nil, elapsed: 10 + t)
        }
        player.draw(moment(0), into: canvas)
        var times: [Double] = [], area = 0
        for i in 1...frames {
            // Within one second of the countdown (the number does not change), round and round.
            let t = Double(i % 50) / 60
            let start = Clock.monotonic()
            let rects = player.draw(moment(t), into: canvas)
            times.append(Clock.monotonic() - start)
            area = max(area, rects.reduce(0) { $0 + $1.width * $1.height })
        }
        // The frame where the number changes too (the whole ring redrawn with its digits):
        // `now` is 0.1 s short of a whole second.
        var whole: [Double] = []
        for i in 0..<max(10, frames / 10) {
            player.draw(moment(Double(i % 5) + 0.88), into: canvas)
            let start = Clock.monotonic()
            player.draw(moment(Double(i % 5) + 0.92), into: canvas)
            whole.append(Clock.monotonic() - start)
        }
        return (BenchCommand.median(times), BenchCommand.median(whole), Double(area) * 100 / Double(size.width * size.height))
    }

    /// Frames of the cross-fade from the question to the leaderboard (steady ones: the arriving
    /// frame already drawn, each frame a new weight over the pixels that differ), and apart the
    /// first frame of each fade (the arriving frame drawn where the two may differ, compared,
    /// the fade planned; at weight 0 nothing is written).
    static func transitionFrame(_ renderer: SceneRenderer, size: DisplaySize, from: QuizState, to: QuizState, now: Double,
                                frames: Int) -> (median: Double, first: Double, faded: Double) {
        let canvas = Canvas(width: size.width, height: size.height)
        let player = MotionPlayer(renderer: renderer)
        let first = SceneFrame(state: from, width: size.width, height: size.height, now: now)
        player.draw(Moment(frame: first), into: canvas)
        var times: [Double] = [], firsts: [Double] = [], area = 0
        var origin = player.capture()
        var k = 0
        for _ in 0..<frames {
            if k == 0 {
                // A new fade: the screen shows the question again, then the standings arrive.
                player.reset()
                player.draw(Moment(frame: first), into: canvas)
                origin = player.capture()
                let start = Clock.monotonic()
                player.draw(Moment(frame: SceneFrame(state: to, width: size.width, height: size.height, now: now), origin: origin,
                                   elapsed: 0), into: canvas)
                firsts.append(Clock.monotonic() - start)
            }
            k = k % 15 + 1
            let m = Moment(frame: SceneFrame(state: to, width: size.width, height: size.height, now: now), origin: origin,
                           elapsed: Double(k) / 60)
            let start = Clock.monotonic()
            let rects = player.draw(m, into: canvas)
            times.append(Clock.monotonic() - start)
            area = max(area, rects.reduce(0) { $0 + $1.width * $1.height })
            if k == 15 { k = 0 }
        }
        return (BenchCommand.median(times), BenchCommand.median(firsts), Double(area) * 100 / Double(size.width * size.height))
    }

    /// A real kiosk on the monotonic loop showing a `seconds`-long countdown on a display that
    /// flips at 60 Hz (`SimulatedDisplay`): the CPU time it used over the wall time.
    static func countdownCPU(_ renderer: SceneRenderer, size: DisplaySize, seconds: Double) -> (share: Double, frames: Int, missed: Int) {
        let loop = EventLoop()
        let kiosk = Kiosk(loop: loop, renderer: renderer)
        let display = SimulatedDisplay(width: size.width, height: size.height, loop: loop)
        display.keepHistory = false
        kiosk.setOutputs([display])
        let end = Clock.now() + seconds
        kiosk.store.set(QuizState(phase: .question, title: "QuizKiosk", question: .init(
            number: 1, total: 10, text: "Which planet has the most known moons?", choices: ["Saturn", "Jupiter", "Uranus", "Neptune"],
            timeLimit: seconds, endsAt: end)))
        let cpu0 = cpuSeconds(), t0 = Clock.monotonic()
        loop.after(seconds) { loop.stop() }
        loop.run()
        let share = (cpuSeconds() - cpu0) / (Clock.monotonic() - t0)
        return (share, display.framesPresented, kiosk.vblanks(of: display)?.missed ?? 0)
    }

    /// A kiosk showing the lobby (nothing moves) for `seconds`: its loop's wakeups a second.
    static func stillWakeups(_ renderer: SceneRenderer, size: DisplaySize, seconds: Double) -> (perSecond: Double, frames: Int) {
        let loop = EventLoop()
        let kiosk = Kiosk(loop: loop, renderer: renderer)
        let display = SimulatedDisplay(width: size.width, height: size.height, loop: loop)
        kiosk.setOutputs([display])
        kiosk.store.set(QuizState(phase: .lobby, title: "QuizKiosk", lobby: .init(joinCode: "7342", joinURL: "https://quiz.example/join/7342",
                                                                                participants: 18)))
        // Up to the first frame on screen, then the still screen alone.
        loop.after(0.5) { loop.stop() }
        loop.run()
        let frames = display.framesPresented
        let woke = loop.wakeups
        loop.after(seconds) { loop.stop() }
        loop.run()
        // The stop timer itself is one wakeup.
        return (Double(loop.wakeups - woke - 1) / seconds, display.framesPresented - frames)
    }

    static func cpuSeconds() -> Double {
        var u = rusage()
        getrusage(RUSAGE_SELF.rawValue, &u)
        return Double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + Double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6
    }
}
