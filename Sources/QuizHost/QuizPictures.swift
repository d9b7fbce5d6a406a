import Escaping
import Pictures
import Platform
import QuizContract

/// A quiz's pictures, read and checked when the quiz is loaded, before anything is published:
/// each file exists, is a regular file of at most 8 MiB, and decodes whole as PNG, JPEG or
/// WebP (what every screen will do with it). A quiz with a bad picture is refused, one line
/// per bad picture, so the room never waits on a placeholder the host could have known about.
public struct QuizPictures: Sendable {
    /// Every distinct picture: its digest and bytes, in the order the questions first use them
    /// (published in that order, so screens prepare the first question's first).
    public let files: [(sha256: String, bytes: [UInt8])]
    /// What each question's state names (by question index).
    public let byQuestion: [Int: QuizState.Picture]

    public var totalBytes: Int { files.reduce(0) { $0 + $1.bytes.count } }

    /// Reads the pictures of `quiz`, whose file is `quizPath` (pictures are relative to its
    /// folder). Throws the problems, one line each.
    public static func load(_ quiz: QuizFile, quizPath: String) throws(QuizFile.Problem) -> QuizPictures {
        let folder = quizPath.lastIndex(of: "/").map { String(quizPath[...$0]) } ?? ""
        var files: [(sha256: String, bytes: [UInt8])] = []
        var byQuestion: [Int: QuizState.Picture] = [:]
        var problems: [String] = []
        for (i, q) in quiz.questions.enumerated() {
            guard let image = q.image else { continue }
            let path = image.file.hasPrefix("/") ? image.file : folder + image.file
            let field = "\(quizPath): questions[\(i)].image: \(Escaping.quoted(image.file, max: 200))"
            do throws(PictureError) {
                let bytes: [UInt8]
                do {
                    bytes = try Files.readRegular(path, limit: PictureLimits.maxBytes)
                } catch {
                    throw PictureError(error.message)
                }
                try PicturePipeline.check(bytes)
                let sha = SHA256.hex(bytes)
                if !files.contains(where: { $0.sha256 == sha }) { files.append((sha, bytes)) }
                byQuestion[i] = QuizState.Picture(sha256: sha, url: image.url, alt: image.alt)
            } catch {
                problems.append("\(field): \(error.reason)")
            }
        }
        guard problems.isEmpty else { throw QuizFile.Problem(problems.joined(separator: "\n")) }
        return QuizPictures(files: files, byQuestion: byQuestion)
    }
}
