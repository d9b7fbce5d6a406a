import CommandLineKit
import Glibc
import Platform
import QuizContract
import Sound

/// `render --audio FILE.wav --state FILE [--from OLD.json --at SECONDS] [--now TIME] [--seconds N]
/// [--volume 0–100] [--av-offset MS] [--sound off]`: the sound a screen makes, 48 kHz 16-bit
/// stereo, without a sound card. The file starts at `--now` (default: now); the screen shows the
/// state from the start, or, with `--from OLD --at SECONDS`, shows OLD from the start and the
/// state arrives SECONDS in (a countdown into a reveal). Its length is `--seconds`, else until
/// half a second after the last sound. The samples are the mixer's, block by block, as the
/// audio thread would make them; frames are taken to show at any instant (no display).
enum RenderAudio {
    static let maxSeconds = 3600.0

    static func run(_ args: Arguments, statePath: String, to path: String) throws {
        let sound = try SoundOptions(args)
        var now = Clock.now()
        if let t = args.value("--now") {
            guard let v = RFC3339.parse(t) else { throw UsageError(message: "--now \(t): expected an RFC 3339 time") }
            now = v
        }
        let state = try CLI.loadState(statePath)
        var changes = [StateChange(at: 0, state: state)]
        if let old = args.value("--from") {
            guard let at = try RenderCommand.motion(args) else { throw UsageError(message: "--from needs --at SECONDS") }
            changes = [StateChange(at: 0, state: try CLI.loadState(old)), StateChange(at: at, state: state)]
        } else if args.value("--at") != nil {
            _ = try RenderCommand.motion(args)   // the same error as for a picture
        }
        // The monotonic clock of the file starts at 0; the wall clock is `now` there.
        let offset = sound.avOffset ?? 0
        var seconds: Double
        if let s = args.value("--seconds") {
            guard let v = Double(s), v.isFinite, v > 0, v <= maxSeconds else {
                throw UsageError(message: "--seconds \(s): expected a length from 0 to \(Int(maxSeconds)) seconds")
            }
            seconds = v
        } else {
            let end = SoundTimeline.lastSoundEnd(changes: changes, wallOffset: now, avOffset: offset) ?? 0
            seconds = min(maxSeconds, max(1, end + 0.5))
        }
        let gain = sound.choice == .off ? 0 : Double(sound.volume) / 100
        let (samples, _) = SoundTimeline.render(changes: changes, wallOffset: now, avOffset: offset, start: 0, seconds: seconds, gain: gain)
        let wav = WAV.encode(WAV.Audio(rate: SoundFormat.rate, channels: SoundFormat.channels, samples: samples))
        var st = stat()
        if lstat(path, &st) == 0, (st.st_mode & S_IFMT) != S_IFREG {
            throw CLIError("--audio \(path): not a regular file (a link, device or pipe)")
        }
        do {
            try Files.writeAtomically(wav, to: path)
        } catch {
            throw CLIError("--audio \(path): \(error.message)")
        }
        Console.out(path)
    }
}
