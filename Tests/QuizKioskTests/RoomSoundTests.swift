import CommandLineKit
import Kiosk
import Outputs
import Platform
@testable import QuizKiosk
import QuizContract
import Renderer
import Sound
import SoundCard
import TestSupport
import Testing

/// `run`'s sound on virtual time: a kiosk in motion on a simulated 60 Hz display, its states
/// planned into cues handed to a recorder instead of the sound card.
@Suite struct RoomSoundTests {
    final class Recorder: SoundSink {
        var plans: [(at: Double, cues: [Cue])] = []
        let loop: EventLoop
        init(loop: EventLoop) { self.loop = loop }
        func schedule(_ cues: [Cue]) { plans.append((loop.now, cues)) }
        var status: ALSAPlayer.Status { ALSAPlayer.Status() }
        func stop() {}
        var used: [String] = []
        var retries = 0
        func use(device: String) { used.append(device) }
        func retryNow() { retries += 1 }
    }

    /// The wall clock minus the loop's: 2027-01-15T08:00:00Z at the loop's 0.007, so a deadline
    /// (whole seconds of wall time) falls between two of the 60 Hz display's vblanks.
    static let offset = 1_800_000_000.0 - 0.007

    static func question(endsAt: String = "2027-01-15T08:00:10Z", answered: Int = 0) -> [UInt8] {
        Array(#"{"quizId":"q","phase":"question","question":{"number":1,"text":"Q?","choices":["a","b"],"timeLimit":20,"endsAt":"\#(endsAt)","answered":\#(answered)}}"#.utf8)
    }
    static let reveal = Array(#"{"quizId":"q","phase":"reveal","question":{"number":1,"text":"Q?","choices":["a","b"],"correct":0,"answerCounts":[1,1]}}"#.utf8)

    func kiosk() throws -> (Kiosk, EventLoop, SimulatedDisplay) {
        let loop = EventLoop(clock: VirtualClock())
        let k = Kiosk(loop: loop, renderer: SceneRenderer(fonts: try FontSet(directory: bundledFonts)))
        k.clock = { Self.offset + loop.now }
        let display = SimulatedDisplay(width: 320, height: 180, loop: loop)
        k.setOutputs([display])
        return (k, loop, display)
    }

    /// The deadline is the loop's 10.007: each tick on the vblank of the first frame
    /// that shows its number, which is the simulated display's own vblank in its history.
    @Test func eachSoundIsPlannedForTheVblankOfTheFrameThatShowsIt() throws {
        let (k, loop, display) = try kiosk()
        let sink = Recorder(loop: loop)
        let sound = RoomSound(SoundOptions(), kiosk: k, loop: loop, sink: sink)
        defer { sound.stop() }
        loop.advance(by: 0.0043)   // off the vblank grid
        k.receive(Self.question(), from: "test")
        loop.advance(by: 12)
        let all = sink.plans.flatMap(\.cues)
        var final: [Int64: Cue] = [:]
        for c in all { final[c.key] = c }   // the latest plan of each event
        let cues = final.values.sorted { $0.at < $1.at }
        #expect(cues.map(\.sound) == [.tick, .tick, .tick, .tick, .tick, .timesUp])
        let vblanks = display.history.map(\.vblank)
        for (cue, k) in zip(cues, [5, 4, 3, 2, 1, 0]) {
            let deadline = 10.007 - Double(k)
            let shown = vblanks.first { $0 >= deadline - 1e-9 }
            #expect(shown.map { abs($0 - cue.at) < 1e-6 && $0 > deadline + 0.001 } == true, "\(cue) vs the frame at \(shown ?? -1) showing \(k)")
        }
        // Planned ahead: the latest plan the audio thread could have had when it made the
        // cue's block (a queue, 85 ms, before it) had it at that instant.
        for cue in cues {
            let ahead = sink.plans.last { $0.at < cue.at - 0.1 }
            #expect(ahead?.cues.first { $0.key == cue.key }.map { abs($0.at - cue.at) < 1e-6 } == true, "\(cue): \(ahead.map { "\($0.at): \($0.cues)" } ?? "no plan")")
        }
    }

    /// A state arriving mid-tick (an answer count) keeps every tick's event; the reveal before
    /// the deadline takes the rest away and brings its own sound, at its first frame.
    @Test func statesArrivingMidCountdown() throws {
        let (k, loop, _) = try kiosk()
        let sink = Recorder(loop: loop)
        let sound = RoomSound(SoundOptions(), kiosk: k, loop: loop, sink: sink)
        defer { sound.stop() }
        k.receive(Self.question(), from: "test")
        #expect(k.store.rejectedCount == 0)
        loop.advance(by: 6.02)
        let before = Set(sink.plans.last!.cues.map(\.key))
        k.receive(Self.question(answered: 3), from: "test")
        #expect(Set(sink.plans.last!.cues.map(\.key)) == before, "the same events to come")
        loop.advance(by: 1.5)   // 7.52
        k.receive(Self.reveal, from: "test")
        let after = sink.plans.last!.cues
        #expect(after.map(\.sound) == [.reveal], "\(after)")
        #expect(after.first.map { $0.at >= 7.52 && $0.at < 7.52 + 1.0 / 60 + 1e-9 } == true, "\(after)")
        loop.advance(by: 5)
        #expect(sink.plans.last!.cues.filter { $0.at > loop.now }.isEmpty, "nothing more")
    }

    /// A question far from its end wakes nothing until 7.5 s before its first tick.
    @Test func aLongQuestionWakesOnlyNearItsEnd() throws {
        let (k, loop, _) = try kiosk()
        let sink = Recorder(loop: loop)
        let sound = RoomSound(SoundOptions(), kiosk: k, loop: loop, sink: sink)
        defer { sound.stop() }
        k.receive(Self.question(endsAt: "2027-01-15T08:01:00Z"), from: "test")   // the loop's 60: the first tick at 55
        let n = sink.plans.count
        loop.advance(by: 47)
        #expect(sink.plans.count == n, "no plan in between")
        loop.advance(by: 1)
        #expect(sink.plans.count > n && sink.plans.last!.cues.first?.sound == .tick)
    }

    @Test(arguments: [("default", "default"), ("hw:1,3", "hw:1"), ("plughw:0", "hw:0"), ("hdmi:CARD=vc4hdmi0,DEV=0", "hw:CARD=vc4hdmi0"),
                      ("dmix:CARD=PCH", "hw:CARD=PCH"), ("mypcm", nil)] as [(String, String?)])
    func theMixerOfAPCMName(_ pcm: String, _ mixer: String?) {
        #expect(MixerLevel.mixerDevice(for: pcm) == mixer)
    }

    @Test func soundIsOnByDefaultOnADisplayOnly() throws {
        let none = try SoundOptions(Arguments([], options: SoundOptions.options))
        #expect(none.isOn(headless: false) && !none.isOn(headless: true) && none.device == "default" && none.volume == 80 && none.avOffset == nil)
        let on = try SoundOptions(Arguments(["--sound", "on", "--av-offset", "-40"], options: SoundOptions.options))
        #expect(on.isOn(headless: true) && on.avOffset == -0.04)
        #expect(try !SoundOptions(Arguments(["--sound=off"], options: SoundOptions.options)).isOn(headless: false))
    }

    /// A display shown again (the TV back after a hotplug) pokes the audio thread, which opens
    /// a PCM that went away now; with `--sound-device` the ELD is never asked, and on a machine
    /// without HDMI audio (this one, QEMU's) the fallback stays: no switch.
    @Test func aDisplayShownAgainPokesTheAudioThread() throws {
        let (k, loop, _) = try kiosk()
        let sink = Recorder(loop: loop)
        let given = try SoundOptions(Arguments(["--sound-device", "plughw:CARD=PCH,DEV=3"], options: SoundOptions.options))
        let sound = RoomSound(given, kiosk: k, loop: loop, sink: sink)
        defer { sound.stop() }
        sound.displayShown(connector: "HDMI-A-1", edid: nil)
        sound.displayShown(connector: "HDMI-A-1", edid: nil)
        #expect(sink.retries == 2)
        #expect(sink.used.isEmpty)
        #expect(sound.device == "plughw:CARD=PCH,DEV=3")
        let fallback = RoomSound(SoundOptions(), kiosk: k, loop: loop, sink: sink)
        defer { fallback.stop() }
        fallback.displayShown(connector: "Virtual-1", edid: nil)
        #expect(sink.retries == 3)
        #expect(sink.used.isEmpty && fallback.device == "default")
        #expect(given.deviceGiven && !SoundOptions().deviceGiven)
    }
}
