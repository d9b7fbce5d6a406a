import Platform
import Renderer

/// What the project's command lines share (`quizkiosk`, `quizkiosk-bench`); each executable
/// adds its own commands to it in an extension (quizkiosk's: Sources/QuizKiosk/CLI/CLI.swift).
public enum CLI {
    /// The fonts: `--fonts DIR`, else the default search (see `FontSet.defaultDirectory`);
    /// `preferring` (`--font FILE`, repeatable) are tried before the bundled ones.
    public static func loadFonts(_ option: String?, preferring: [String] = []) throws -> FontSet {
        let dir = option ?? FontSet.defaultDirectory(environment: Environment.all, executablePath: Files.executablePath())
        guard let dir else {
            throw CLIError("fonts not found: pass --fonts DIR (a folder with \(FontSet.regularFile) and \(FontSet.boldFile))")
        }
        return try FontSet(directory: dir, preferring: preferring)
    }
}
