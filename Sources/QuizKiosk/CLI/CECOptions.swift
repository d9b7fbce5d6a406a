import CEC
import CommandLineKit
import QuizContract

/// `--cec auto|off|/dev/cecN`, `--cec-standby`, `--cec-standby-after SECONDS` for `run` (the
/// settings file's `cec`, `cec-standby`, `cec-standby-after`): HDMI-CEC wakes the TV and
/// switches it to the kiosk's input; with `--cec-standby` it also puts the TV to standby once
/// the quiz has ended and on exit. A bad value is one line naming the setting.
enum CECOptions {
    static let options: Set<String> = ["--cec", "--cec-standby-after"]
    static let flags: Set<String> = ["--cec-standby"]
    /// The longest wait `--cec-standby-after` takes: a day.
    static let maxStandbyAfter = 86_400.0

    static func settings(_ args: Arguments) throws(UsageError) -> CECSettings {
        var s = CECSettings()
        switch args.value("--cec") {
        case nil, "auto"?: s.adapter = .auto
        case "off"?: s.adapter = .off
        case let path? where path.hasPrefix("/"): s.adapter = .path(path)
        case let other?:
            throw UsageError(message: "--cec \(other): expected auto, off or an adapter's path such as /dev/cec0")
        }
        s.standby = args.has("--cec-standby")
        if let text = args.value("--cec-standby-after") {
            guard let v = Double(text), v >= 0, v <= maxStandbyAfter else {
                throw UsageError(message: "--cec-standby-after \(text): expected seconds from 0 to \(Int(maxStandbyAfter)), e.g. 600")
            }
            s.standbyAfter = v
        }
        return s
    }

    /// What a state's phase means for the TV's power.
    static func content(_ phase: QuizState.Phase) -> ScreenContent {
        switch phase {
        case .idle: return .idle
        case .ended: return .ended
        case .lobby, .question, .reveal, .leaderboard: return .quiz
        }
    }
}
