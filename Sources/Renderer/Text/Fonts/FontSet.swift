import Glibc
import Platform

/// The faces text is drawn with, in the order they are tried for each grapheme cluster:
/// the `--font` faces, then the bundled BIZ UDPGothic (the weight asked for, then the other),
/// then the machine's fonts through fontconfig, opened only when a character needs them. A
/// cluster no face has is drawn as a box (`replacementID`) and reported once on stderr.
///
/// Emoji-style clusters (U+FE0F, skin tones, ZWJ sequences, flags, characters that default to
/// emoji presentation) try a colour font from fontconfig before the bundled faces, whose
/// black-and-white symbols are not what an emoji asks for.
public final class FontSet {
    public static let regularFile = "BIZUDPGothic-Regular.ttf"
    public static let boldFile = "BIZUDPGothic-Bold.ttf"
    /// The face id of the replacement box drawn for characters no font has.
    public static let replacementID = -1

    public let directory: String
    public let regular: FontFace
    public let bold: FontFace
    /// `--font` faces, tried before the bundled ones.
    public let preferred: [FontFace]
    let library: FreeTypeLibrary
    /// Every face opened so far, by id.
    private(set) var faces: [FontFace]
    private let system: SystemFonts?
    private var systemFaceIDs: [SystemKey: Int] = [:]
    private var openedSystemFaces: [SystemFonts.Match: Int] = [:]
    private var reportedMissing: Set<UInt32> = []
    /// fontconfig queries made so far (tests).
    private(set) var systemQueries = 0
    /// Where "no font has U+XXXX" goes; stderr unless a caller wants it elsewhere.
    public var report: (String) -> Void = { Console.err($0) }

    private struct SystemKey: Hashable {
        let scalar: UInt32
        let emoji: Bool
        let bold: Bool
    }

    /// Opens both bundled faces from `directory`; a missing or corrupt file is an error naming
    /// its path. Machine fonts are used for fallback.
    public convenience init(directory: String) throws(FontError) {
        try self.init(directory: directory, preferring: [])
    }

    /// Opens the bundled faces and the `preferring` font files (each must open, or the error
    /// names it). `systemFallback: false` keeps text to these faces alone.
    public init(directory: String, preferring files: [String], systemFallback: Bool = true) throws(FontError) {
        library = try FreeTypeLibrary()
        self.directory = directory
        regular = try FontFace(path: directory + "/" + Self.regularFile, id: 0, library: library)
        bold = try FontFace(path: directory + "/" + Self.boldFile, id: 1, library: library)
        var faces = [regular, bold]
        var preferred: [FontFace] = []
        for file in files {
            let face = try FontFace(path: file, id: faces.count, library: library)
            faces.append(face)
            preferred.append(face)
        }
        self.faces = faces
        self.preferred = preferred
        system = systemFallback ? SystemFonts() : nil
    }

    public func face(_ weight: FontWeight) -> FontFace {
        weight == .bold ? bold : regular
    }

    /// The face with this id, nil for the replacement box.
    public func face(id: Int) -> FontFace? {
        id >= 0 && id < faces.count ? faces[id] : nil
    }

    /// The faces opened so far (bundled, `--font`, and machine fonts some text needed).
    public var openedFaces: [FontFace] { faces }

    /// The face that draws a grapheme cluster: the first in the order above that has all of
    /// its characters, else the first that has its base character, else the replacement box.
    func faceID<S: Collection>(for cluster: S, weight: FontWeight) -> Int where S.Element == Unicode.Scalar {
        let primary = face(weight)
        if preferred.isEmpty, !EmojiPresentation.prefersEmoji(cluster) {
            // The common case, without allocating: the bundled face has everything.
            var covered = true
            for s in cluster where !EmojiPresentation.isIgnorable(s) && !primary.covers(s) {
                covered = false
                break
            }
            if covered { return primary.id }
        }
        let needed = cluster.filter { !EmojiPresentation.isIgnorable($0) }
        guard let base = needed.first else { return face(weight).id }
        let emoji = EmojiPresentation.prefersEmoji(cluster)
        let other = weight == .bold ? regular : bold
        var candidates: [FontFace] = preferred
        if emoji, let e = systemFace(for: base, emoji: true, bold: weight == .bold), e.isColor {
            candidates.append(e)
        }
        candidates.append(primary)
        candidates.append(other)
        for f in candidates where needed.allSatisfy(f.covers) { return f.id }
        // A machine font for each character the faces so far lack, in order.
        for s in needed where !candidates.contains(where: { $0.covers(s) }) {
            if let f = systemFace(for: s, emoji: emoji, bold: weight == .bold), !candidates.contains(where: { $0 === f }) {
                if needed.allSatisfy(f.covers) { return f.id }
                candidates.append(f)
            }
        }
        if let f = candidates.first(where: { $0.covers(base) }) { return f.id }
        // Reported once per character, and only for the first few hundred: a controller sending
        // new unknown characters in every message must not flood the log (or grow this set).
        if reportedMissing.count < Self.missingReportLimit, reportedMissing.insert(base.value).inserted {
            let hex = String(base.value, radix: 16, uppercase: true)
            report("quizkiosk: no font has U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex); it is drawn as a box"
                   + (reportedMissing.count == Self.missingReportLimit ? " (further characters no font has are not listed)" : ""))
        }
        return Self.replacementID
    }

    static let missingReportLimit = 256
    static let systemLookupLimit = 8192

    /// Private-use, unassigned and noncharacter code points: no machine font is asked about
    /// them (each fontconfig query costs milliseconds, and hostile input can hold thousands).
    static func mayHaveAGlyph(_ s: Unicode.Scalar) -> Bool {
        let p = s.properties
        return !(p.generalCategory == .privateUse || p.generalCategory == .unassigned || p.isNoncharacterCodePoint)
    }

    /// The machine font fontconfig picks for a character, opened once per file; nil when there
    /// is none (or it cannot be opened: then it is skipped, not fatal).
    private func systemFace(for scalar: Unicode.Scalar, emoji: Bool, bold: Bool) -> FontFace? {
        guard let system, Self.mayHaveAGlyph(scalar) else { return nil }
        let key = SystemKey(scalar: scalar.value, emoji: emoji, bold: bold)
        if let id = systemFaceIDs[key] { return face(id: id) }
        // Bounded: an answer per character asked about; past the limit start over (the faces
        // opened stay open, there are only as many as font files).
        if systemFaceIDs.count >= Self.systemLookupLimit { systemFaceIDs.removeAll(keepingCapacity: true) }
        var id = Self.replacementID
        systemQueries += 1
        if let match = system.match(for: scalar, emoji: emoji, bold: bold) {
            if let known = openedSystemFaces[match] {
                id = known
            } else if let opened = try? FontFace(path: match.path, index: match.index, id: faces.count, library: library) {
                faces.append(opened)
                id = opened.id
                openedSystemFaces[match] = id
            }
        }
        systemFaceIDs[key] = id
        return face(id: id)
    }

    /// Where the fonts are when no `--fonts` is given, first match wins: `$QUIZKIOSK_FONTS`,
    /// then beside the installed binary (`../share/quizkiosk/fonts`), then a `fonts/` folder in
    /// the binary's directory or any parent (a build tree inside the source checkout).
    public static func defaultDirectory(environment: [String: String], executablePath: String?) -> String? {
        if let env = environment["QUIZKIOSK_FONTS"], !env.isEmpty { return env }
        guard let exe = executablePath else { return nil }
        var dir = parentDirectory(exe)
        let installed = parentDirectory(dir) + "/share/quizkiosk/fonts"
        if fileExists(installed + "/" + regularFile) { return installed }
        while !dir.isEmpty && dir != "/" {
            if fileExists(dir + "/fonts/" + regularFile) { return dir + "/fonts" }
            dir = parentDirectory(dir)
        }
        let system = "/usr/local/share/quizkiosk/fonts"
        return fileExists(system + "/" + regularFile) ? system : nil
    }

    static func parentDirectory(_ path: String) -> String {
        guard let i = path.lastIndex(of: "/") else { return "" }
        return i == path.startIndex ? "/" : String(path[..<i])
    }

    static func fileExists(_ path: String) -> Bool { access(path, R_OK) == 0 }
}

public enum FontWeight: Sendable, Hashable {
    case regular, bold
}
