import Glibc
import Platform
import Renderer

enum CLI {
    static let version = "0.1.0"

    static let usage = """
        usage: quizkiosk <command> [options]

        commands:
          demo [--out DIR] [--size WxH] [--fonts DIR]
                        render the bundled demo quiz, every phase, to PNG files in DIR
          render --state FILE [--size WxH] --out FILE.png [--now TIME] [--fonts DIR]
                        draw what the TV shows for a quiz state (TIME: RFC 3339, for countdowns)
          run [--connector NAME | --outputs first|all|NAME,...] [--mode WxH[@HZ]] [--device PATH]
              [--state FILE] [--now TIME] [--fonts DIR]
                        the screen: show the quiz state on the TV (DRM/KMS) until SIGINT/SIGTERM
          run --headless --out DIR [--size WxH] [--keep-frames] [--state FILE] [--fonts DIR]
                        the same without a display: DIR/latest.png
          displays [--json] [--device PATH] [--watch]
                        list DRM cards, connectors, monitors (EDID), modes and what drives them;
                        --watch: then print every hotplug event and the connector states after it
          bench [--frames N]
                        time cold and warm frames of the question scene (run with -c release)
          help          this text
        """

    static func run(_ args: [String]) -> Int32 {
        guard let name = args.first else {
            printError(usage)
            return 2
        }
        let rest = Array(args.dropFirst())
        do {
            switch name {
            case "demo": return try DemoCommand.run(rest)
            case "render": return try RenderCommand.run(rest)
            case "run": return try RunCommand.run(rest)
            case "displays": return try DisplaysCommand.run(rest)
            case "bench": return try BenchCommand.run(rest)
            case "bench-child": return try BenchCommand.child(rest)
            case "help", "--help", "-h":
                Console.out(usage)
                return 0
            case "--version", "version":
                Console.out("quizkiosk \(version)")
                return 0
            default:
                throw UsageError(message: "unknown command \(name)")
            }
        } catch let e as UsageError {
            printError("quizkiosk: \(e.message)")
            printError(usage.split(separator: "\n").first.map(String.init) ?? "")
            return 2
        } catch {
            printError("quizkiosk: \(error)")
            return 1
        }
    }

    static func printError(_ line: String) {
        Console.err(line)
    }

    /// The fonts: `--fonts DIR`, else the default search (see `FontSet.defaultDirectory`).
    static func loadFonts(_ option: String?) throws -> FontSet {
        let dir = option ?? FontSet.defaultDirectory(environment: Environment.all, executablePath: Files.executablePath())
        guard let dir else {
            throw CLIError("fonts not found: pass --fonts DIR (a folder with \(FontSet.regularFile) and \(FontSet.boldFile))")
        }
        return try FontSet(directory: dir)
    }

    /// Reads and validates a state file; errors name the file and what is wrong in it.
    static func loadState(_ path: String) throws -> QuizState {
        let bytes: [UInt8]
        do {
            bytes = try Files.read(path, limit: StateDecoder.maxBytes)
        } catch {
            throw CLIError("\(path): \(error.message)")
        }
        guard !bytes.isEmpty else { throw CLIError("\(path): file is empty") }
        do {
            return try StateDecoder.decode(bytes)
        } catch {
            throw CLIError("\(path): \(error.message)")
        }
    }
}

struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
