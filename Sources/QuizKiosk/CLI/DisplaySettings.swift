import CommandLineKit
import Display

/// The display settings `run`, `doctor` and `displays` share (command line or settings file):
/// `--mode WxH[@HZ]`, `--max-pixel-clock KHZ`, `--overscan auto|off|N%`, `--broadcast-rgb
/// auto|full|limited`. A bad value is one line naming the setting and what it takes.
struct DisplaySettings {
    static let options: Set<String> = ["--mode", "--max-pixel-clock", "--overscan", "--broadcast-rgb"]

    var policy = ModePolicy()
    var signal = SignalSettings()

    init() {}

    init(_ args: Arguments) throws(UsageError) {
        if let m = args.value("--mode") {
            guard let r = ModeRequest(parsing: m) else {
                throw UsageError(message: "--mode \(m): expected WIDTHxHEIGHT or WIDTHxHEIGHT@HZ, e.g. 1920x1080@60")
            }
            policy.request = r
        }
        if let c = args.value("--max-pixel-clock") {
            // kHz, as the kernel's modes and `displays` give clocks: 340000 caps a Pi 4 without 4K60.
            guard let v = Int(c), (25_000...10_000_000).contains(v) else {
                throw UsageError(message: "--max-pixel-clock \(c): expected a pixel clock in kHz between 25000 and 10000000, e.g. 340000")
            }
            policy.maxPixelClockKHz = v
        }
        if let o = args.value("--overscan") {
            guard let v = OverscanSetting(parsing: o) else { throw UsageError(message: ShowOptions.overscanUsage(o)) }
            signal.overscan = v
        }
        if let b = args.value("--broadcast-rgb") {
            guard let v = BroadcastRGB(rawValue: b.lowercased()) else {
                throw UsageError(message: "--broadcast-rgb \(b): expected auto, full or limited")
            }
            signal.broadcastRGB = v
        }
    }
}
