import Glibc
import Platform
import Pixels
import Renderer
import Synchronization
import Testing

/// Golden-image testing, split as value → format → diff: a canvas is encoded as PNG, compared
/// with the reference in `__Snapshots__/` beside the test file, and on a mismatch the actual
/// image and a diff image are written to `__Snapshots__/__Failures__/` (not committed) with
/// their paths in the failure.
///
/// Pictures of text depend on FreeType, HarfBuzz and the font files as much as on our code, so
/// `__Snapshots__/recorded-with.txt` keeps the versions the references were drawn with, and a
/// mismatch names them beside today's and says which differ.
///
/// Recording (`QUIZKIOSK_RECORD=1`) is a deliberate act, never a green run: the test writes the
/// reference and the versions, then fails naming them, so that each image is looked at before
/// it is committed. With `CI` set, recording is refused (the test fails, nothing is written).
public enum Snapshot {
    /// Allowed difference, WPT-style: a pixel differs when any channel differs by more than
    /// `maxChannelDifference`; at most `maxDifferingPixels` may differ. Exact by default.
    public struct Tolerance: Sendable {
        var maxChannelDifference: Int = 0
        var maxDifferingPixels: Int = 0
        public static let exact = Tolerance()
    }

    public enum Mode: Sendable { case compare, record }

    /// `QUIZKIOSK_RECORD=1`: record; anything else: compare.
    public static var mode: Mode { Environment.get("QUIZKIOSK_RECORD") == "1" ? .record : .compare }
    /// CI sets `CI` (`.ci/run` exports CI=1; hosted CI services set it to true).
    public static var onCI: Bool { !(Environment.get("CI") ?? "").isEmpty }

    /// The versions file in each `__Snapshots__` folder.
    public static let versionsFile = "recorded-with.txt"

    /// Compares `canvas` with `__Snapshots__/NAME.png` beside the calling test file (records it
    /// in record mode); any failure is an issue of the calling test. `fonts`: the font set that
    /// drew it, so a mismatch can name the font files it used and record mode can store them.
    public static func assert(_ canvas: Canvas, named name: String, fonts: FontSet? = nil, tolerance: Tolerance = .exact,
                              filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation) {
        let snapshots = directory(of: filePath) + "/__Snapshots__"
        // Failures go inside __Snapshots__, which the package excludes: image files anywhere
        // else in a test target's folder make SwiftPM warn, and a warning fails the build.
        if let failure = check(canvas, named: name, snapshots: snapshots, failures: snapshots + "/__Failures__",
                               fonts: fonts, tolerance: tolerance, mode: mode, onCI: onCI) {
            Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
        }
    }

    /// The work of `assert` with its folders and mode given: nil when the canvas matches the
    /// reference, else the failure message (record mode always fails). Tests of this helper
    /// call it on folders of their own.
    public static func check(_ canvas: Canvas, named name: String, snapshots: String, failures: String,
                             fonts: FontSet?, tolerance: Tolerance = .exact, mode: Mode, onCI: Bool) -> String? {
        let reference = snapshots + "/" + name + ".png"
        let actualPath = failures + "/" + name + ".actual.png"
        let diffPath = failures + "/" + name + ".diff.png"
        if mode == .record {
            return record(canvas, reference: reference, snapshots: snapshots, fonts: fonts, onCI: onCI,
                          leftovers: [actualPath, diffPath])
        }
        guard access(reference, R_OK) == 0 else {
            try? Files.makeDirectory(failures)
            try? PNG.write(canvas, to: actualPath)
            return "no reference image \(reference); actual written to \(actualPath). "
                + "Record it with QUIZKIOSK_RECORD=1 and look at it."
        }
        let expected: Canvas
        do {
            expected = try PNG.read(reference)
        } catch {
            return "cannot read \(reference): \(error)"
        }
        // Images of an earlier failure go, so that what is there belongs to this run.
        unlink(diffPath)
        unlink(actualPath)
        if canvas.width == expected.width, canvas.height == expected.height, canvas.rgbBytes() == expected.rgbBytes() {
            return nil
        }
        try? Files.makeDirectory(failures)
        guard let difference = diff(canvas, expected, tolerance: tolerance, diffPath: diffPath) else { return nil }
        try? PNG.write(canvas, to: actualPath)
        let images = access(diffPath, F_OK) == 0 ? "actual: \(actualPath), diff: \(diffPath)" : "actual: \(actualPath)"
        return "\(name): \(difference); \(images), reference: \(reference)\n"
            + versionsReport(snapshots: snapshots, fonts: fonts)
    }

    /// Record mode: the reference and the versions file are written (an unchanged image is
    /// left as it is), and the message names both and asks for a look.
    private static func record(_ canvas: Canvas, reference: String, snapshots: String, fonts: FontSet?, onCI: Bool,
                               leftovers: [String]) -> String {
        guard !onCI else {
            return "QUIZKIOSK_RECORD=1 with CI set: references are never recorded on CI; nothing was written (\(reference))"
        }
        let previous = try? PNG.read(reference)
        var what: String
        if let previous, previous.width == canvas.width, previous.height == canvas.height,
           previous.rgbBytes() == canvas.rgbBytes() {
            what = "\(reference) is unchanged (same pixels), not rewritten"
        } else {
            do {
                try Files.makeDirectory(snapshots)
                try PNG.write(canvas, to: reference)
            } catch {
                return "record mode: cannot write \(reference): \(error)"
            }
            what = "wrote \(reference) (" + (previous == nil ? "new" : "it changed") + ": open it and look at it)"
        }
        leftovers.forEach { unlink($0) }
        switch recordVersions(snapshots: snapshots, fonts: fonts) {
        case .success(let changed):
            what += changed ? "; wrote \(snapshots)/\(versionsFile)" : "; \(snapshots)/\(versionsFile) is unchanged"
        case .failure(let error):
            what += "; cannot write \(snapshots)/\(versionsFile): \(error)"
        }
        return "record mode (QUIZKIOSK_RECORD=1): \(what). Golden tests fail while recording, so that "
            + "recording is never a green run: look at each image written, commit it, and run without QUIZKIOSK_RECORD."
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
        return (differing == 1 ? "1 pixel differs" : "\(differing) pixels differ") + " (max channel difference \(maxDiff); allowed \(tolerance.maxDifferingPixels) pixels over \(tolerance.maxChannelDifference))"
    }

    public static func directory(of path: String) -> String {
        guard let i = path.lastIndex(of: "/") else { return "." }
        return String(path[..<i])
    }

    // MARK: - The versions the references were drawn with

    /// One line of the versions file: a library and its version, or a font file and what
    /// identifies it (size, revision, hash).
    public struct Version: Equatable, Sendable {
        public enum Kind: String, Sendable { case library, font }
        public let kind: Kind
        public let name: String
        public let value: String

        public init(kind: Kind, name: String, value: String) {
            self.kind = kind
            self.name = name
            self.value = value
        }
    }

    /// The versions in effect now: FreeType and HarfBuzz, and each font file `fonts` has opened
    /// (the bundled ones, and the machine's that some text needed).
    public static func currentVersions(fonts: FontSet?) -> [Version] {
        var out = [Version(kind: .library, name: "FreeType", value: TextLibraries.freeTypeVersion),
                   Version(kind: .library, name: "HarfBuzz", value: TextLibraries.harfBuzzVersion)]
        var seen: Set<String> = []
        for face in fonts?.openedFaces ?? [] where seen.insert(face.path).inserted {
            out.append(Version(kind: .font, name: fontName(face.path),
                               value: describeFont(path: face.path, revision: face.revision)))
        }
        return out
    }

    /// A font's name in the versions file: relative to the repository for the bundled fonts
    /// (checkouts live anywhere), the full path for the machine's.
    static func fontName(_ path: String) -> String {
        path.hasPrefix(repositoryRoot + "/") ? String(path.dropFirst(repositoryRoot.count + 1)) : path
    }

    static func fontPath(_ name: String) -> String { name.hasPrefix("/") ? name : repositoryRoot + "/" + name }

    private static let fontDescriptions = Mutex<[String: String]>([:])

    /// "10593140 bytes, revision 2.042, sha256 2f0bb5b7a6f4d7a1" ("missing" when the file is
    /// gone). Hashed once per test process: the files do not change while tests run.
    static func describeFont(path: String, revision: String?) -> String {
        if let known = fontDescriptions.withLock({ $0[path] }) { return known }
        var st = stat()
        guard stat(path, &st) == 0 else { return "missing" }
        var text = "\(st.st_size) bytes"
        if let revision { text += ", revision \(revision)" }
        if let hash = try? Subprocess.run(["/usr/bin/sha256sum", path]), hash.status == 0 {
            text += ", sha256 " + hash.output.prefix(16)
        }
        fontDescriptions.withLock { $0[path] = text }
        return text
    }

    /// The revision of a font file named in a versions file that no font set at hand opened.
    static func revision(ofFile path: String) -> String? {
        guard access(path, R_OK) == 0,
              let set = try? FontSet(directory: TestFonts.directory, preferring: [path], systemFallback: false) else { return nil }
        return set.preferred.first?.revision
    }

    public static func parseVersions(_ text: String) -> [Version] {
        text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard !line.hasPrefix("#"), fields.count == 3, let kind = Version.Kind(rawValue: String(fields[0])) else { return nil }
            return Version(kind: kind, name: String(fields[1]), value: String(fields[2]))
        }
    }

    public static func formatVersions(_ versions: [Version]) -> String {
        let libraries = versions.filter { $0.kind == .library }
        let fonts = versions.filter { $0.kind == .font }.sorted { $0.name < $1.name }
        return """
            # The text libraries and fonts the reference images in this folder were drawn with.
            # Written when references are recorded (QUIZKIOSK_RECORD=1); a mismatch prints them
            # beside the versions the test runs with. Tab-separated: kind, name, version.

            """ + (libraries + fonts).map { "\($0.kind.rawValue)\t\($0.name)\t\($0.value)\n" }.joined()
    }

    /// Record mode runs the golden tests in parallel, and each adds what it used to the same file.
    private static let recordingVersions = Mutex(())

    /// Merges the versions in effect now into the folder's versions file: the libraries are
    /// replaced, the fonts this test used are added or replaced, the other fonts (used by
    /// golden tests not recorded in this run) are kept. True when the file changed.
    static func recordVersions(snapshots: String, fonts: FontSet?) -> Result<Bool, any Error> {
        let path = snapshots + "/" + versionsFile
        let now = currentVersions(fonts: fonts)
        return recordingVersions.withLock { _ in
            let old = (try? Files.read(path)).map { String(decoding: $0, as: UTF8.self) }
            let kept = parseVersions(old ?? "").filter { v in !now.contains { $0.kind == v.kind && $0.name == v.name } }
            let text = formatVersions(kept + now)
            guard text != old else { return .success(false) }
            do {
                try Files.writeAtomically(Array(text.utf8), to: path)
                return .success(true)
            } catch {
                return .failure(error)
            }
        }
    }

    /// What a mismatch prints about versions: each library and each font the test used (all
    /// recorded fonts when it did not say) as recorded and as now, and which differ.
    public static func versionsReport(snapshots: String, fonts: FontSet?) -> String {
        let path = snapshots + "/" + versionsFile
        let now = currentVersions(fonts: fonts)
        guard let data = try? Files.read(path) else {
            return "No record of the versions the references were drawn with (\(path) is missing). Now: "
                + now.map { "\($0.name) \($0.value)" }.joined(separator: "; ")
        }
        let recorded = parseVersions(String(decoding: data, as: UTF8.self))
        var compared = now
        if fonts == nil {
            // Which fonts drew this image is unknown: compare every recorded font with its file.
            for v in recorded where v.kind == .font {
                let file = fontPath(v.name)
                compared.append(Version(kind: .font, name: v.name, value: describeFont(path: file, revision: revision(ofFile: file))))
            }
        }
        var lines: [String] = [], differing: [String] = []
        for current in compared {
            let label = current.kind == .library ? current.name : "font " + current.name
            guard let then = recorded.first(where: { $0.kind == current.kind && $0.name == current.name }) else {
                lines.append("  \(label): not in the record; now \(current.value)  <- DIFFERS")
                differing.append(current.name)
                continue
            }
            if then.value == current.value {
                lines.append("  \(label): \(current.value) (as recorded)")
            } else {
                lines.append("  \(label): recorded \(then.value); now \(current.value)  <- DIFFERS")
                differing.append(current.name)
            }
        }
        let verdict = differing.isEmpty
            ? "The text libraries and fonts are as recorded: the difference comes from what is drawn, not from them."
            : "Differs from the recording: \(differing.joined(separator: ", "))."
        return "Drawn with (recorded in \(path), and now):\n" + lines.joined(separator: "\n") + "\n" + verdict
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
