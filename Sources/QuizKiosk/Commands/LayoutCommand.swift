import CommandLineKit
import Platform
import QuizContract
import Renderer

/// `quizkiosk layout --text TEXT --width PX [--size PX] [--bold] [--json]`: the lines the
/// renderer would draw for a text in a box that wide, so a controller author can check a
/// question before the quiz (and tests can see line breaks). With `--json`, each line's width
/// and the font of each run too.
enum LayoutCommand {
    static let maxWidth = 100_000
    static let maxSize = 2_000

    static func run(_ argv: [String]) throws -> Int32 {
        let args = try Arguments(argv, options: ["--text", "--width", "--size", "--fonts", "--font"],
                                 flags: ["--json", "--bold"])
        let text = try args.required("--text")
        let width = try number(args.required("--width"), option: "--width", max: maxWidth)
        let size = try args.value("--size").map { v throws(UsageError) in try number(v, option: "--size", max: maxSize) } ?? 48
        let weight: FontWeight = args.has("--bold") ? .bold : .regular
        let fonts = try CLI.loadFonts(args.value("--fonts"), preferring: args.all("--font"))
        let block = TextEngine(fonts: fonts).layout(text, size: size, weight: weight, maxWidth: width)
        if args.has("--json") {
            Console.out(json(block, fonts: fonts, width: width))
        } else {
            for line in block.lines { Console.out(line.text) }
        }
        return 0
    }

    static func number(_ text: String, option: String, max: Int) throws(UsageError) -> Int {
        guard let v = Int(text), v >= 1, v <= max else {
            throw UsageError(message: "\(option) \(text): expected a whole number of pixels from 1 to \(max)")
        }
        return v
    }

    static func json(_ block: TextBlock, fonts: FontSet, width: Int) -> String {
        let lines = block.lines.map { line in
            let runs = line.runs.map { run in
                let face = fonts.face(id: run.face)
                let font = face.map { quoted($0.path) } ?? "null"
                let family = face.map { quoted($0.familyName) } ?? "null"
                return "{\"text\":\(quoted(run.text)),\"font\":\(font),\"family\":\(family)}"
            }
            return "{\"text\":\(quoted(line.text)),\"width\":\(line.width),\"runs\":[\(runs.joined(separator: ","))]}"
        }
        return "{\"size\":\(block.size),\"maxWidth\":\(width),\"lineHeight\":\(block.lineHeight),"
            + "\"lines\":[\(lines.joined(separator: ","))]}"
    }

    static func quoted(_ s: String) -> String { JSONWriter.quoted(s) }
}
