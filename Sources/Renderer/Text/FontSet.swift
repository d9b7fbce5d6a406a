import Glibc

/// The bundled faces the scenes draw with: BIZ UDPGothic Regular and Bold.
public final class FontSet {
    public static let regularFile = "BIZUDPGothic-Regular.ttf"
    public static let boldFile = "BIZUDPGothic-Bold.ttf"

    public let directory: String
    public let regular: FontFace
    public let bold: FontFace
    let library: FreeTypeLibrary

    /// Opens both faces from `directory`; a missing or corrupt file is an error naming its path.
    public init(directory: String) throws(FontError) {
        library = try FreeTypeLibrary()
        self.directory = directory
        regular = try FontFace(path: directory + "/" + Self.regularFile, id: 0, library: library)
        bold = try FontFace(path: directory + "/" + Self.boldFile, id: 1, library: library)
    }

    public func face(_ weight: FontWeight) -> FontFace {
        weight == .bold ? bold : regular
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
