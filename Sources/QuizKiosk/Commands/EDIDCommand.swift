import CommandLineKit
import Display
import Platform
import QuizContract

/// `quizkiosk edid FILE [--json]`: decodes an EDID file (what the kernel exposes as
/// /sys/class/drm/card0-HDMI-A-1/edid, or its hex) without a display — name, size, every mode,
/// the CTA-861 data, and the mode the policy would pick with its reason: "what will my TV get?"
/// The display settings (`--max-pixel-clock`, `--overscan`, `--mode`) apply as in `run`.
enum EDIDCommand {
    static func run(_ argv: [String]) throws -> Int32 {
        let args = try Arguments(argv, options: DisplaySettings.options, flags: ["--json"], maxPositional: 1)
        guard let path = args.positional.first else { throw UsageError(message: "edid needs a FILE (e.g. /sys/class/drm/card0-HDMI-A-1/edid)") }
        let settings = try DisplaySettings(args)
        let bytes = try read(path)
        do {
            try EDID.validate(bytes)
        } catch {
            throw CLIError("\(path): not a usable EDID: \(error)")
        }
        let edid: EDID
        do {
            edid = try EDID(bytes)
        } catch {
            throw CLIError("\(path): not a usable EDID: \(error)")
        }
        let summary = EDIDSummary(file: edid, bytes: bytes, settings: settings)
        if args.has("--json") {
            Console.out(String(decoding: json(edid, summary, bytes: bytes).bytes, as: UTF8.self))
        } else {
            Console.out(text(edid, summary).joined(separator: "\n"))
        }
        return 0
    }

    /// The file's bytes: binary as sysfs gives it, or hex text (edid-decode's and our tests' form).
    static func read(_ path: String) throws -> [UInt8] {
        let raw: [UInt8]
        do {
            raw = try Files.read(path, limit: 32_768)
        } catch {
            throw CLIError("\(path): \(error.message)")
        }
        guard raw.count <= 32_768 else { throw CLIError("\(path): over 32 KiB, not an EDID") }
        guard !raw.isEmpty else {
            throw CLIError("\(path): empty (a connector with no display connected has an empty edid file)")
        }
        let isHexText = raw.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) || $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        guard isHexText else { return raw }
        let digits = raw.filter { $0 > 0x20 }
        guard digits.count % 2 == 0 else { return raw }   // not hex after all: validation says what it is
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
    }

    static func text(_ e: EDID, _ s: EDIDSummary) -> [String] {
        var lines = ["monitor: \(e.make) \"\(e.name ?? "?")\", EDID \(e.version)" + (e.year.map { ", \(e.isModelYear ? "model year" : "made") \($0)" } ?? "")]
        if e.widthMM > 0 { lines.append("size: \(e.widthMM)x\(e.heightMM) mm") }
        if let cta = s.ctaLine { lines.append("cta: \(cta)") }
        lines.append("modes:")
        for m in e.modes {
            lines.append("  \(m.mode.description.padded(18)) \(m.source)" + (m.mode.isPreferred ? ", preferred" : "")
                         + encodingNote(e, m.mode) + ", \(m.mode.clock) kHz")
        }
        lines.append("pick: \(s.pickLine)")
        lines.append("overscan: \(s.overscan.why)")
        return lines
    }

    /// How the mode reaches the TV, when not as RGB: ", YCbCr 4:2:0 only" (the policy takes it
    /// only when asked or nothing else is left), ", over the TV's max TMDS clock" (a driver drops it).
    static func encodingNote(_ e: EDID, _ m: Mode) -> String {
        switch e.cta?.encoding(of: m) ?? .rgb {
        case .rgb: return ""
        case .ycbcr420: return ", YCbCr 4:2:0 only"
        case .tooFast: return ", over the TV's max TMDS clock"
        }
    }

    static func json(_ e: EDID, _ s: EDIDSummary, bytes: [UInt8]) -> JSONWriter {
        let w = JSONWriter()
        w.object {
            w.key("name")
            if let n = e.name { w.string(n) } else { w.null() }
            w.member("make", e.make)
            w.member("manufacturer", e.manufacturerID)
            w.member("product", Int(e.productCode))
            w.key("year")
            if let y = e.year { w.int(y) } else { w.null() }
            w.member("version", e.version)
            w.member("widthMM", e.widthMM)
            w.member("heightMM", e.heightMM)
            w.member("bytes", bytes.count)
            w.key("modes")
            w.array(e.modes) { m in
                w.object {
                    EDIDSummary.writeModeFields(m.mode, w)
                    w.member("preferred", m.mode.isPreferred)
                    w.member("source", m.source)
                    w.member("clockKHz", Int(m.mode.clock))
                    w.member("ycbcr420Only", m.ycbcr420Only)
                    // "rgb", "ycbcr420" (4:2:0-only, or RGB over the TV's max TMDS clock), "tooFast".
                    w.member("encoding", (e.cta?.encoding(of: m.mode) ?? .rgb).rawValue)
                }
            }
            w.key("cta")
            s.writeCTA(w)
            w.key("pick")
            EDIDSummary.writeChoice(s.pick, w)
            w.key("overscan")
            s.writeOverscan(w)
        }
        return w
    }
}
