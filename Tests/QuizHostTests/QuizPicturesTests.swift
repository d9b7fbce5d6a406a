import Pictures
import Platform
import QuizContract
@testable import QuizHost
import TestSupport
import Testing

/// A quiz file's pictures: relative to the file, checked at load (exists, a regular file of at
/// most 8 MiB, decodes whole), one line per bad picture, and named in each question's state.
@Suite struct QuizPicturesTests {
    func quiz(_ images: [String?]) throws(QuizFile.Problem) -> QuizFile {
        let questions = images.map { image in
            #"{"text":"Q","choices":["a","b"]"# + (image.map { #","image":\#($0)"# } ?? "") + "}"
        }
        return try QuizFile.parse(Array(#"{"title":"T","questions":[\#(questions.joined(separator: ","))]}"#.utf8))
    }

    @Test func theExamplesPicturesLoadAndAreNamedInTheirQuestionsStates() throws {
        let path = repositoryRoot + "/examples/quiz-en.json"
        let file = try QuizFile.load(path)
        let pictures = try QuizPictures.load(file, quizPath: path)
        let bytes = try Files.read(repositoryRoot + "/examples/pictures/planet.jpg")
        #expect(pictures.files.count == 1 && pictures.files[0].sha256 == SHA256.hex(bytes))
        var session = HostSession(quiz: file, startedAt: 1000)
        session.pictures = pictures.byQuestion
        _ = session.apply(.next, now: 1000)
        #expect(session.state().question?.image == QuizState.Picture(sha256: SHA256.hex(bytes), alt: "A ringed planet on a field of stars"))
        _ = session.apply(.next, now: 1001)
        #expect(session.state().phase == .reveal && session.state().question?.image != nil)
        _ = session.apply(.next, now: 1002)
        #expect(session.state().question?.image == nil)
    }

    @Test func everyBadPictureIsOneLineAndTheQuizIsRefused() throws {
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        try Files.writeAtomically(TestMedia.bytes("photo.webp"), to: dir + "/good.webp")
        try Files.writeAtomically(Array("<html>".utf8), to: dir + "/page.png")
        let jpeg = TestMedia.bytes("exif6.jpg")
        try Files.writeAtomically(Array(jpeg.prefix(jpeg.count / 2)), to: dir + "/cut.jpg")
        try Files.writeAtomically(TestMedia.bytes("huge-header.png"), to: dir + "/huge.png")
        try Files.writeAtomically([UInt8](repeating: 0, count: PictureLimits.maxBytes + 1), to: dir + "/big.jpg")
        let q = try quiz([#""good.webp""#, #""missing.jpg""#, #""page.png""#, #""cut.jpg""#, #""huge.png""#, #""big.jpg""#, nil,
                          #"{"file":"good.webp","alt":"the same picture again"}"#])
        do {
            _ = try QuizPictures.load(q, quizPath: dir + "/quiz.json")
            Issue.record("a quiz with bad pictures was accepted")
        } catch {
            let lines = error.message.split(separator: "\n").map(String.init)
            #expect(lines.count == 5, "\(lines)")
            #expect(lines.allSatisfy { $0.hasPrefix(dir + "/quiz.json: questions[") })
            #expect(lines[0].contains(#"questions[1].image: "missing.jpg": No such file"#), "\(lines[0])")
            #expect(lines[1].contains(#"questions[2].image: "page.png": not an image"#), "\(lines[1])")
            #expect(lines[2].contains(#"questions[3].image: "cut.jpg": broken JPEG"#), "\(lines[2])")
            #expect(lines[3].contains(#"questions[4].image: "huge.png": 100000x100000 pixels"#), "\(lines[3])")
            #expect(lines[4].contains(#"questions[5].image: "big.jpg": 8388609 bytes, over the 8388608-byte limit"#), "\(lines[4])")
        }
    }

    @Test func aPictureUsedTwiceIsPublishedOnce() throws {
        let dir = TempDir.make()
        defer { TempDir.remove(dir) }
        try Files.writeAtomically(TestMedia.bytes("alpha.png"), to: dir + "/a.png")
        let q = try quiz([#""a.png""#, #"{"file":"a.png","url":"https://media.example/a.png"}"#])
        let pictures = try QuizPictures.load(q, quizPath: dir + "/quiz.json")
        #expect(pictures.files.count == 1)
        #expect(pictures.byQuestion[1]?.url == "https://media.example/a.png" && pictures.byQuestion[0]?.url == nil)
    }

    @Test(arguments: [
        (#""""#, "questions[0].image: empty"),
        (#"{"alt":"x"}"#, "questions[0].image.file: missing"),
        (#"{"file":"a.png","url":"http://x/a.png"}"#, "questions[0].image.url: must be an https:// URL, without spaces or control characters"),
        // What a screen would refuse in a state is refused here, before anything is published.
        (#"{"file":"a.png","url":"https://x/a b.png"}"#, "questions[0].image.url: must be an https:// URL, without spaces or control characters"),
        (#"{"file":"a.png","colour":"red"}"#, "questions[0].image.colour: unknown field"),
        ("3", "questions[0].image: must be an object, got a number"),
    ])
    func badImageFieldsAreNamed(json: String, expected: String) {
        do {
            _ = try quiz([json])
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.message.contains(expected), "\(error.message)")
        }
    }
}
