import Glibc
import Platform
import Pixels
import Renderer
import Testing

/// Golden-image testing, split as value → format → diff: a canvas is encoded as PNG, compared
/// with the reference in `__Snapshots__/` beside the test file, and on a mismatch the actual
/// image and a diff image are written to `__Failures__/` with their paths in the failure.
///
/// `QUIZKIOSK_RECORD=1` writes references instead of comparing (never on CI: `CI` set refuses).
public enum Snapshot {
    /// Allowed difference, WPT-style: a pixel differs when any channel differs by more than
    /// `maxChannelDifference`; at most `maxDifferingPixels` may differ. Exact by default.
    public struct Tolerance: Sendable {
        var maxChannelDifference: Int = 0
        var maxDifferingPixels: Int = 0
        public static let exact = Tolerance()
    }

    public static var recording: Bool { Environment.get("QUIZKIOSK_RECORD") == "1" }

    public static func assert(_ canvas: Canvas, named name: String, tolerance: Tolerance = .exact,
                       filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation) {
        let dir = directory(of: filePath)
        let reference = dir + "/__Snapshots__/" + name + ".png"
        if recording {
            if Environment.get("CI") != nil {
                Issue.record("QUIZKIOSK_RECORD=1 on CI: references are never recorded on CI", sourceLocation: sourceLocation)
                return
            }
            do {
                try PNG.write(canvas, to: reference)
                Swift.print("recorded \(reference): open it and look at it before committing")
            } catch {
                Issue.record("cannot record \(reference): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        let failures = dir + "/__Failures__"
        mkdir(failures, 0o755)
        let actualPath = failures + "/" + name + ".actual.png"
        guard access(reference, R_OK) == 0 else {
            try? PNG.write(canvas, to: actualPath)
            Issue.record("no reference image \(reference); actual written to \(actualPath). Record with QUIZKIOSK_RECORD=1 and look at it.",
                         sourceLocation: sourceLocation)
            return
        }
        let expected: Canvas
        do {
            expected = try PNG.read(reference)
        } catch {
            Issue.record("cannot read \(reference): \(error)", sourceLocation: sourceLocation)
            return
        }
        if let message = diff(canvas, expected, tolerance: tolerance, diffPath: failures + "/" + name + ".diff.png") {
            try? PNG.write(canvas, to: actualPath)
            Issue.record("\(name): \(message); actual: \(actualPath), diff: \(failures)/\(name).diff.png, reference: \(reference)",
                         sourceLocation: sourceLocation)
        } else {
            unlink(actualPath)
            unlink(failures + "/" + name + ".diff.png")
        }
    }

    /// nil when equal within tolerance, else what differs (and a diff image is written: differing
    /// pixels red, the rest a faded copy of the reference).
    public static func diff(_ a: Canvas, _ b: Canvas, tolerance: Tolerance, diffPath: String) -> String? {
        guard a.width == b.width, a.height == b.height else {
            return "size \(a.width)x\(a.height) differs from the reference's \(b.width)x\(b.height)"
        }
        let actualBytes = a.rgbBytes(), expectedBytes = b.rgbBytes()
        if actualBytes == expectedBytes { return nil }
        var differing = 0, maxDiff = 0
        let out = Canvas(width: a.width, height: a.height)
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
                var d = 0
                for shift in [16, 8, 0] {
                    d = max(d, abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF)))
                }
                maxDiff = max(maxDiff, d)
                if d > tolerance.maxChannelDifference {
                    differing += 1
                    out.fillRect(Rect(x: x, y: y, width: 1, height: 1), Color(hex: 0xFF0000))
                } else {
                    out.fillRect(Rect(x: x, y: y, width: 1, height: 1), Color(pixel: q).mixed(with: .white, 0.75))
                }
            }
        }
        guard differing > tolerance.maxDifferingPixels else { return nil }
        try? PNG.write(out, to: diffPath)
        return "\(differing) pixels differ (max channel difference \(maxDiff); allowed \(tolerance.maxDifferingPixels) pixels over \(tolerance.maxChannelDifference))"
    }

    public static func directory(of path: String) -> String {
        guard let i = path.lastIndex(of: "/") else { return "." }
        return String(path[..<i])
    }
}

/// The repository's `fonts/` folder, found from this source file.
public enum TestFonts {
    public static let directory: String = {
        var dir = Snapshot.directory(of: #filePath)
        while dir.count > 1 {
            if access(dir + "/fonts/" + FontSet.regularFile, R_OK) == 0 { return dir + "/fonts" }
            dir = Snapshot.directory(of: dir)
        }
        return "fonts"
    }()

    public static func load() throws -> FontSet { try FontSet(directory: directory) }
}
