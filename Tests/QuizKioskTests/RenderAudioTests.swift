import Platform
import QuizContract
import Sound
import TestSupport
import Testing

/// `render --audio`: the samples a sequence of states makes, the same as the library's mixer
/// makes them; `--sound off` silence; the sound settings checked with one line each.
@Suite final class RenderAudioTests {
    let dir = TempDir.make()
    deinit { TempDir.remove(dir) }

    static let question = #"{"quizId":"t","phase":"question","question":{"number":1,"text":"Q?","choices":["a","b"],"timeLimit":20,"endsAt":"2026-01-01T12:00:10Z"}}"#
    static let reveal = #"{"quizId":"t","phase":"reveal","question":{"number":1,"text":"Q?","choices":["a","b"],"correct":0,"answerCounts":[1,2]}}"#
    static let start = "2026-01-01T12:00:00Z"

    func file(_ name: String, _ text: String) -> String {
        TempDir.write(dir + "/" + name, text)
        return dir + "/" + name
    }

    func wav(_ path: String) throws -> WAV.Audio { try WAV.decode(try Files.read(path, limit: 1 << 26)) }

    @Test func aCountdownIntoARevealIsTheMixersSamples() throws {
        let out = dir + "/room.wav"
        let r = Run(["render", "--audio", out, "--state", file("r.json", Self.reveal), "--from", file("q.json", Self.question),
                     "--at", "12", "--now", Self.start, "--volume", "100"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == out + "\n")
        let a = try wav(out)
        #expect(a.rate == 48_000 && a.channels == 2)
        let now = RFC3339.parse(Self.start)!
        let changes = [StateChange(at: 0, state: try StateDecoder.decode(Array(Self.question.utf8))),
                       StateChange(at: 12, state: try StateDecoder.decode(Array(Self.reveal.utf8)))]
        // Until half a second after the reveal's sound.
        let (expected, mixer) = SoundTimeline.render(changes: changes, wallOffset: now, start: 0, seconds: 12 + 1.0 + 0.5)
        #expect(a.samples == expected)
        #expect(mixer.started.map(\.sound) == [.tick, .tick, .tick, .tick, .tick, .timesUp, .reveal])
        let tick = Synth.samples(.tick)
        #expect(Array(stride(from: 2 * 240_000, to: 2 * (240_000 + tick.count), by: 2).map { a.samples[$0] }) == tick, "the first tick at 5.000 s")
    }

    @Test func soundOffWritesSilenceOfTheSameLength() throws {
        let on = dir + "/on.wav", off = dir + "/off.wav"
        #expect(Run(["render", "--audio", on, "--state", file("q.json", Self.question), "--now", Self.start]).status == 0)
        let r = Run(["render", "--audio", off, "--state", file("q.json", Self.question), "--now", Self.start, "--sound", "off"])
        #expect(r.status == 0, "\(r.stderr)")
        let a = try wav(on), b = try wav(off)
        #expect(a.samples.count == b.samples.count && a.samples.count == 2 * 532_800)   // time's up ends at 10.6 s, and 0.5 s more
        #expect(a.samples.contains { $0 != 0 })
        #expect(b.samples.allSatisfy { $0 == 0 })
    }

    @Test func aQuestionWithTimeToSpareIsSilent() throws {
        let out = dir + "/calm.wav"
        #expect(Run(["render", "--audio", out, "--state", file("q.json", Self.question), "--now", Self.start, "--seconds", "4"]).status == 0)
        let a = try wav(out)
        #expect(a.samples.count == 2 * 4 * 48_000 && a.samples.allSatisfy { $0 == 0 })
    }

    @Test(arguments: [
        (["--volume", "101"], "--volume 101: expected 0 to 100"),
        (["--volume", "loud"], "--volume loud: expected 0 to 100"),
        (["--sound", "maybe"], "--sound maybe: expected on or off"),
        (["--av-offset", "5000"], "--av-offset 5000: expected milliseconds from -1000 to 1000"),
        (["--seconds", "0"], "--seconds 0: expected a length"),
        (["--at", "3"], "--at 3 needs --from OLD.json"),
        (["--sound-device", "bad name"], "--sound-device bad name: expected an ALSA PCM name"),
    ] as [([String], String)])
    func badSoundSettingsGiveOneLine(_ extra: [String], _ message: String) {
        let r = Run(["render", "--audio", dir + "/x.wav", "--state", file("q.json", Self.question)] + extra)
        #expect(r.status == 2)
        #expect(r.stderrLines.first.map { $0.contains(message) } == true, "\(r.stderr)")
        #expect(!Files.exists(dir + "/x.wav"))
    }

    /// The settings file takes the same names; doctor shows the decision.
    @Test func theSettingsFileTakesTheSoundSettings() {
        let off = file("off.conf", "sound = off\nvolume = 40\nav-offset = 25\nsound-device = hw:0,3\n")
        let r = Run(["doctor", "--config", off, "--headless", "--fonts", bundledFonts])
        #expect(r.stdout.contains("SKIP  sound: off (--sound off)"), "\(r.stdout)")
        let bad = file("bad.conf", "volume = loud\n")
        let b = Run(["run", "--config", bad, "--headless", "--out", dir])
        #expect(b.status == 2 && b.stderr.contains("--volume loud: expected 0 to 100"), "\(b.stderr)")
    }
}
