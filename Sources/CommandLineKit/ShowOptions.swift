import Display
import Pixels
import Renderer

/// The venue's look, shared by `render`, `demo` and `run` (and so the settings file; and
/// `quizkiosk-bench --memory`, which builds what `run` builds):
/// `--text-scale`, `--overscan`, `--accent`, `--background`, `--logo`. A bad value, or colours
/// that would leave some text under 7:1 (or the dimmed choices hard to tell apart), is one line
/// naming what is wrong.
public enum ShowOptions {
    public static let options: Set<String> = ["--text-scale", "--overscan", "--accent", "--background", "--logo"]

    public static func renderer(fonts: FontSet, _ args: Arguments) throws -> SceneRenderer {
        let (theme, settings) = try look(args)
        return SceneRenderer(fonts: fonts, theme: theme, settings: settings)
    }

    public static func look(_ args: Arguments) throws -> (Theme, SceneSettings) {
        var settings = SceneSettings()
        if let v = args.value("--text-scale") {
            let range = SceneSettings.textScaleRange
            guard let x = Double(v), range.contains(x) else {
                throw CLIError("--text-scale \(v): expected a number from \(range.lowerBound) to \(range.upperBound) (1 is the standard size)")
            }
            settings.textScale = x
        }
        // One `--overscan` for the picture and the display (DisplaySettings parses it the same
        // way): a percentage of each edge is the safe area here; auto and off leave the whole
        // picture, since only a display (DRM, from its EDID) can say more.
        if let v = args.value("--overscan") {
            guard let setting = OverscanSetting(parsing: v) else { throw UsageError(message: overscanUsage(v)) }
            if case .percent(let x) = setting { settings.overscan = x }
        }
        let accent = try args.value("--accent").map { v throws in try color(v, option: "--accent") }
        let background = try args.value("--background").map { v throws in try color(v, option: "--background") }
        if let path = args.value("--logo") {
            do {
                settings.logo = try PNG.readImage(path)
            } catch {
                throw CLIError("--logo \(error.description)")
            }
        }
        let theme = Theme(accent: accent, background: background)
        if let problem = theme.problem() {
            throw CLIError("theme refused: \(problem)")
        }
        return (theme, settings)
    }

    /// The one line a bad `--overscan` gets, here and from the display settings.
    public static func overscanUsage(_ value: String) -> String {
        "--overscan \(value): expected auto, off or a percentage of each edge from 0% to 20%, e.g. 5%"
    }

    /// `#RRGGBB` or `RRGGBB`.
    public static func color(_ text: String, option: String) throws -> Color {
        let hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard hex.count == 6, hex.allSatisfy(\.isHexDigit), let v = UInt32(hex, radix: 16) else {
            throw CLIError("\(option) \(text): expected a colour as #RRGGBB")
        }
        return Color(hex: v)
    }
}
