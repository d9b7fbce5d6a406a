import CHyphen
import Glibc
import Synchronization

/// Where a word may take a hyphen, from libhyphen (TeX patterns in LibreOffice's form) and the
/// `hyphen-*` dictionaries Debian installs under `/usr/share/hyphen` ("hyph_de_DE.dic"). Used
/// only where a word must be broken because it is longer than the line: a German compound
/// breaks between its parts ("Donaudampfschifffahrts-" / "gesellschaftskapitän").
///
/// The dictionaries are in UTF-8 or ISO 8859-1 (German, Dutch and European Portuguese are
/// Latin-1); a word the dictionary's encoding cannot hold is not hyphenated. Non-standard
/// hyphenation (a pattern that changes the spelling at the break, "Schiffahrt" → "Schiff-fahrt")
/// is not applied: those points are skipped, the spelling is never changed.
///
/// A dictionary is loaded once per process and shared by every text engine (the screen's, the
/// fade's, the tests'): libhyphen takes seconds over Debian's German file (77,902 lines, two
/// levels; 4–8 s on this machine), and only reads a dictionary once it is built, so one
/// `HyphenDict` serves all threads (`@unchecked Sendable`: nothing changes it after `init`).
final class Hyphenator: @unchecked Sendable {
    static let directory = "/usr/share/hyphen"

    /// Loaded dictionaries by path (nil: that file could not be used). Loading holds the lock,
    /// so threads asking for the same file wait for one load instead of each doing it.
    private static let loaded = Mutex<[String: Hyphenator?]>([:])

    /// The dictionary at `path`, loaded on first use and kept for the process.
    static func shared(path: String) -> Hyphenator? {
        loaded.withLock { known in
            if let h = known[path] { return h }
            let h = Hyphenator(path: path)
            known[path] = .some(h)
            return h
        }
    }
    /// Words longer than this are not hyphenated (libhyphen's own buffers are bounded; no real
    /// word is this long).
    static let maxWordLength = 90
    /// Letters kept before and after a hyphen (TeX's lefthyphenmin and righthyphenmin).
    static let leftMin: Int32 = 2, rightMin: Int32 = 2

    let path: String
    private let dict: UnsafeMutablePointer<HyphenDict>
    private let utf8: Bool

    /// Loads a dictionary; nil when it is missing, unreadable or in an encoding other than
    /// UTF-8 and ISO 8859-1.
    init?(path: String) {
        guard access(path, R_OK) == 0, let dict = hnj_hyphen_load(path) else { return nil }
        let charset = withUnsafeBytes(of: dict.pointee.cset) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }.uppercased().filter { $0 != "-" }
        guard dict.pointee.utf8 != 0 || charset == "ISO88591" else {
            hnj_hyphen_free(dict)
            return nil
        }
        self.path = path
        self.dict = dict
        self.utf8 = dict.pointee.utf8 != 0
    }

    deinit { hnj_hyphen_free(dict) }

    /// The dictionary for a language tag ("de", "de-CH", "pt_BR", "nl-NL"): the region's file,
    /// else the language's own, else the one file of that language there is; nil when Debian
    /// has none installed (no hyphen-xx package) or the tag is not a language tag.
    static func dictionaryPath(for tag: String, in directory: String = Hyphenator.directory) -> String? {
        let parts = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let language = parts.first?.lowercased(), (2...3).contains(language.count),
              language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        let region = parts.dropFirst().first { $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isLetter } }?.uppercased()
        var candidates: [String] = []
        if let region { candidates.append("hyph_\(language)_\(region).dic") }
        // The language's own file, else the one of its home region (Spanish is only
        // hyph_es_ES.dic and other regions'), else the first of its regions there is.
        candidates += ["hyph_\(language).dic", "hyph_\(language)_\(language.uppercased()).dic"]
        for name in candidates where access(directory + "/" + name, R_OK) == 0 { return directory + "/" + name }
        return firstFile(in: directory, prefix: "hyph_\(language)_").map { directory + "/" + $0 }
    }

    /// The first file name (in byte order) in `directory` that starts with `prefix` and ends
    /// with ".dic".
    private static func firstFile(in directory: String, prefix: String) -> String? {
        guard let dir = opendir(directory) else { return nil }
        defer { closedir(dir) }
        var best: String?
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard name.hasPrefix(prefix), name.hasSuffix(".dic") else { continue }
            if best.map({ name < $0 }) ?? true { best = name }
        }
        return best
    }

    /// Where `word` (letters only, as clusters) may be hyphenated: each `k` in `1..<word.count`
    /// such that "word[..<k]-" / "word[k...]" is a correct break. Case does not matter.
    func points(_ word: [Character]) -> [Int] {
        guard word.count >= Int(Self.leftMin + Self.rightMin), word.count <= Self.maxWordLength else { return [] }
        // The lowercased word in the dictionary's encoding, and for each code point of it the
        // cluster it belongs to (libhyphen marks a hyphen after a code point in UTF-8, after a
        // byte in Latin-1: one byte per code point there).
        var bytes: [CChar] = []
        var clusterOfPoint: [Int] = []
        for (k, c) in word.enumerated() {
            for s in String(c).lowercased().unicodeScalars {
                if utf8 {
                    for b in String(s).utf8 { bytes.append(CChar(bitPattern: b)) }
                } else {
                    guard s.value < 0x100 else { return [] }
                    bytes.append(CChar(bitPattern: UInt8(s.value)))
                }
                clusterOfPoint.append(k)
            }
        }
        var hyphens = [CChar](repeating: 0, count: bytes.count + 5)
        var rep: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var pos: UnsafeMutablePointer<Int32>?
        var cut: UnsafeMutablePointer<Int32>?
        let failed = hnj_hyphen_hyphenate3(dict, bytes, Int32(bytes.count), &hyphens, nil, &rep, &pos, &cut,
                                           Self.leftMin, Self.rightMin, Self.leftMin, Self.rightMin)
        defer {
            if let rep {
                for i in 0..<bytes.count { free(rep[i]) }
                free(rep)
            }
            free(pos)
            free(cut)
        }
        guard failed == 0 else { return [] }
        var out: [Int] = []
        for i in 0..<clusterOfPoint.count - 1 where hyphens[i] & 1 == 1 {
            // Only between clusters, and only standard points (no spelling change).
            guard clusterOfPoint[i] != clusterOfPoint[i + 1], rep?[i] == nil else { continue }
            out.append(clusterOfPoint[i + 1])
        }
        return out
    }
}

/// A language's hyphenation dictionary, named when a text's language is known and loaded only
/// when one of its words must be cut (`TextEngine.cut`).
struct Hyphenation {
    let path: String
    var dictionary: Hyphenator? { Hyphenator.shared(path: path) }
}
