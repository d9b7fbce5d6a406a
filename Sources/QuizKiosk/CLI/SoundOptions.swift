import CommandLineKit
import SoundCard

/// What the room hears (`run`; in the settings file without the dashes): `--sound on|off`
/// (default: on where an ALSA PCM opens; off with `--headless` unless asked for), `--sound-device
/// NAME` (an ALSA PCM; without it the HDMI PCM whose ELD names the driven TV, else `default`:
/// RunSound, HDMIAudio), `--volume 0–100` (the sounds' level, default 80),
/// `--av-offset MS` (sound after its frame; default from the TV's EDID latencies, else 0).
/// Motion off keeps sound: a separate choice.
struct SoundOptions: Equatable {
    static let options: Set<String> = ["--sound", "--sound-device", "--volume", "--av-offset"]

    enum Choice: Equatable { case auto, on, off }

    var choice = Choice.auto
    var device = "default"
    /// `--sound-device` was given: it wins over the ELD's choice.
    var deviceGiven = false
    var volume = 80
    /// Seconds; nil: from the EDID.
    var avOffset: Double?

    init() {}

    init(_ args: Arguments) throws(UsageError) {
        switch args.value("--sound")?.lowercased() {
        case nil: choice = .auto
        case "on"?: choice = .on
        case "off"?: choice = .off
        case let other?: throw UsageError(message: "--sound \(other): expected on or off")
        }
        if let d = args.value("--sound-device") {
            guard !d.isEmpty, d.count <= 128, d.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
                throw UsageError(message: "--sound-device \(d): expected an ALSA PCM name such as default, hw:0,3 or hdmi:CARD=vc4hdmi0,DEV=0")
            }
            device = d
            deviceGiven = true
        }
        if let v = args.value("--volume") {
            guard let n = Int(v), (0...100).contains(n) else { throw UsageError(message: "--volume \(v): expected 0 to 100") }
            volume = n
        }
        if let a = args.value("--av-offset") {
            guard let ms = Double(a), ms.isFinite, (-1000...1000).contains(ms) else {
                throw UsageError(message: "--av-offset \(a): expected milliseconds from -1000 to 1000 (positive: sound later than its picture)")
            }
            avOffset = ms / 1000
        }
    }

    /// Whether `run` plays sound: off when told, or by default without a display (`--headless`).
    func isOn(headless: Bool) -> Bool {
        switch choice {
        case .off: return false
        case .on: return true
        case .auto: return !headless
        }
    }

    var player: ALSAPlayer.Settings { ALSAPlayer.Settings(device: device, volume: volume) }
}
