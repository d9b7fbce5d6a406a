import Escaping
import Glibc
import Platform

/// The faces text is drawn with, in the order they are tried for each grapheme cluster:
/// the `--font` faces, then the bundled BIZ UDPGothic (the weight asked for, then the other),
/// then the machine's fonts through fontconfig, opened only when a character needs them: for
/// the scripts `ScriptFonts` lists, their best families first (Noto Sans Thai for Thai), and
/// the face found for one character of a script serves the others it has without asking
/// fontconfig again. In a Chinese room, Han characters try the Chinese face before BIZ
/// UDPGothic (whose forms are Japanese). A run no face has is drawn as boxes
/// (`replacementID`) and reported once per script on stderr, naming the Debian package.
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
    /// The face found so far for each `ScriptFonts` entry (by name and weight).
    private var scriptFaceIDs: [String: Int] = [:]
    private var reportedMissing: Set<String> = []
    /// fontconfig queries made so far (tests).
    private(set) var systemQueries = 0
    /// Where "no font has U+XXXX" goes; stderr unless a caller wants it elsewhere.
    public var report: (String) -> Void = { Console.err($0) }

    private struct SystemKey: Hashable {
        let scalar: UInt32
        let emoji: Bool
        let bold: Bool
        var room: String? = nil
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
    /// `language` is the room's tag ("zh-Hant"): it puts a Chinese face first for Han.
    func faceID<S: Collection>(for cluster: S, weight: FontWeight, language: String? = nil) -> Int where S.Element == Unicode.Scalar {
        let primary = face(weight)
        let room = roomScript(language, cluster.first)
        if preferred.isEmpty, room == nil, !EmojiPresentation.prefersEmoji(cluster) {
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
        if let room, !emoji, let f = systemFace(for: base, emoji: false, bold: weight == .bold, script: room) {
            candidates.append(f)
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
        return Self.replacementID
    }

    /// The Chinese entry when the room's language is Chinese and the cluster is Han.
    private func roomScript(_ language: String?, _ first: Unicode.Scalar?) -> ScriptFonts? {
        guard let language, let first, language.first == "z" || language.first == "Z" else { return nil }
        return ScriptFonts.forRoom(language, drawing: first)
    }

    /// Reports a run no face draws, once per script (a Thai question is one line, not a line
    /// per character): which script, a few of its characters, and the Debian package that has
    /// fonts for it. Characters of no listed script (private use, unassigned, rare scripts)
    /// are reported by their first code point, the first few hundred only: a controller sending
    /// new unknown characters in every message must not flood the log (or grow this set).
    func reportMissing<S: Collection>(_ run: S) where S.Element == Unicode.Scalar {
        guard let first = run.first(where: { !ShapedParagraph.isNeutral(Shaper.script(of: $0)) }) ?? run.first,
              reportedMissing.count < Self.missingReportLimit else { return }
        var sample = String.UnicodeScalarView()
        sample.append(contentsOf: run.prefix(12))
        let quoted = Escaping.quoted(String(sample), max: 12)
        if let script = ScriptFonts.of(first) {
            guard reportedMissing.insert(script.name).inserted else { return }
            report("quizkiosk: no font draws \(script.name) (\(quoted)); it is drawn as boxes: install \(script.package)")
        } else {
            let hex = String(first.value, radix: 16, uppercase: true)
            let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            guard reportedMissing.insert(code).inserted else { return }
            report("quizkiosk: no font has \(code)" + (run.count > 1 ? " (a run of \(run.count) characters)" : "") + "; it is drawn as a box"
                   + (reportedMissing.count == Self.missingReportLimit ? " (further characters no font has are not listed)" : ""))
        }
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
    /// is none (or it cannot be opened: then it is skipped, not fatal). For a script
    /// `ScriptFonts` lists (or `script`, the room's), its families are asked for first, and the
    /// face already found for it is used for every character it has.
    func systemFace(for scalar: Unicode.Scalar, emoji: Bool, bold: Bool, script room: ScriptFonts? = nil) -> FontFace? {
        guard let system, Self.mayHaveAGlyph(scalar) else { return nil }
        let script = emoji ? nil : room ?? ScriptFonts.of(scalar)
        let scriptKey = script.map { $0.name + (bold ? " bold" : "") }
        if let scriptKey, let id = scriptFaceIDs[scriptKey], let f = face(id: id), f.covers(scalar) { return f }
        let key = SystemKey(scalar: scalar.value, emoji: emoji, bold: bold, room: room?.name)
        if let id = systemFaceIDs[key] { return face(id: id) }
        // Bounded: an answer per character asked about; past the limit start over (the faces
        // opened stay open, there are only as many as font files).
        if systemFaceIDs.count >= Self.systemLookupLimit { systemFaceIDs.removeAll(keepingCapacity: true) }
        var id = Self.replacementID
        systemQueries += 1
        // A room's face must be one of its families: a Chinese room's Han characters are not
        // drawn in whatever Korean font fontconfig offers when no Chinese one is installed.
        if let match = system.match(for: scalar, emoji: emoji, bold: bold, script: script),
           room == nil || room?.families.contains(match.family) == true {
            if let known = openedSystemFaces[match] {
                id = known
            } else if let opened = try? FontFace(path: match.path, index: match.index, id: faces.count, library: library) {
                faces.append(opened)
                id = opened.id
                openedSystemFaces[match] = id
            }
            // The script's own face (one of its families), for its other characters.
            if let scriptKey, let script, script.families.contains(match.family), scriptFaceIDs[scriptKey] == nil {
                scriptFaceIDs[scriptKey] = id
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
