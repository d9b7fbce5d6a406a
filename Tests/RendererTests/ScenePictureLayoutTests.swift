import Pixels
import QuizContract
@testable import Renderer
import TestSupport
import Testing

/// The layout of a question with a picture, read from the frame description: chosen by the
/// state having a picture, not by its having arrived, so the picture replacing its placeholder
/// moves nothing; fitted inside its slot; smaller in the reveal, whose choices stay put.
@Suite struct ScenePictureLayoutTests {
    static let sizes = [(1920, 1080), (1280, 720), (3840, 2160), (1080, 1920)]
    static let cases: [(String, Int, Int)] = PictureStates.media.flatMap { m in sizes.map { (m, $0.0, $0.1) } }

    /// Records which slots the layout asked for.
    final class Recording: PictureProvider {
        let inner = TestPictures(PictureStates.media)
        var asked: [PictureSlot] = []
        func picture(_ sha256: String, for slot: PictureSlot) -> OpaqueImage? {
            asked.append(slot)
            return inner.picture(sha256, for: slot)
        }
    }

    func describe(_ state: QuizState, _ w: Int, _ h: Int, pictures: PictureProvider?) throws -> SceneDescription {
        let renderer = SceneRenderer(fonts: try TestFonts.load())
        renderer.pictures = pictures
        return renderer.describe(SceneFrame(state: state, width: w, height: h, now: PictureStates.now))
    }

    /// Everything but the picture's own items, as (role, index, box, text).
    func rest(_ d: SceneDescription) -> [String] {
        d.items.filter { $0.picture == nil }.map { "\($0.role.rawValue) \($0.index ?? -1) \($0.box) \($0.text ?? "")" }
    }

    @Test(arguments: cases)
    func thePictureArrivingMovesNothing(media: String, width: Int, height: Int) throws {
        let state = PictureStates.question(media)
        let missing = TestPictures()
        let before = try describe(state, width, height, pictures: missing)
        let after = try describe(state, width, height, pictures: TestPictures(PictureStates.media))
        #expect(rest(before) == rest(after))
        let placeholder = try #require(before.items.first { $0.role == .picturePlaceholder })
        let picture = try #require(after.items.first { $0.role == .picture })
        #expect(picture.kind == .image && picture.picture == TestPictures.sha(media))
        #expect(picture.box.intersection(placeholder.box) == picture.box, "\(picture.box) inside \(placeholder.box)")
        #expect(!after.items.contains { $0.role == .picturePlaceholder })
        // Aspect kept (within a pixel), and as large as the slot allows on one axis.
        let (w, h) = [("alpha.png", 480, 360), ("exif6.jpg", 300, 400), ("photo.webp", 640, 400)].first { $0.0 == media }.map { ($0.1, $0.2) } ?? (1, 1)
        #expect(abs(Double(picture.box.width) / Double(picture.box.height) - Double(w) / Double(h)) < 2.0 / Double(picture.box.height))
    }

    @Test(arguments: sizes)
    func theRevealKeepsThePictureSmallerAndTheChoicesWhereTheyWere(width: Int, height: Int) throws {
        let pictures = TestPictures(PictureStates.media)
        let question = try describe(PictureStates.question("photo.webp"), width, height, pictures: pictures)
        let reveal = try describe(PictureStates.reveal("photo.webp"), width, height, pictures: pictures)
        func boxes(_ d: SceneDescription) -> [Rect] { d.items.filter { $0.role == .choiceBox }.map(\.box) }
        #expect(boxes(question) == boxes(reveal))
        let big = try #require(question.items.first { $0.role == .picture }).box
        let small = try #require(reveal.items.first { $0.role == .picture }).box
        #expect(small.width < big.width && small.height < big.height)
    }

    @Test(arguments: sizes)
    func theSlotsPreparedAheadAreTheOnesTheLayoutAsksFor(width: Int, height: Int) throws {
        let renderer = SceneRenderer(fonts: try TestFonts.load())
        let recording = Recording()
        renderer.pictures = recording
        for state in [PictureStates.question("photo.webp"), PictureStates.reveal("photo.webp"), PictureStates.six] {
            _ = renderer.describe(SceneFrame(state: state, width: width, height: height, now: PictureStates.now))
        }
        #expect(Set(recording.asked) == Set(renderer.pictureSlots(width: width, height: height)))
        #expect(renderer.pictureSlots(for: PictureStates.reveal("photo.webp"), width: width, height: height).first
                == renderer.pictureSlots(width: width, height: height).last)
    }

    @Test(arguments: sizes)
    func withoutAPictureTheQuestionIsLaidOutAsBefore(width: Int, height: Int) throws {
        var state = PictureStates.question("photo.webp")
        state.question?.image = nil
        let plain = try describe(state, width, height, pictures: TestPictures(PictureStates.media))
        #expect(!plain.items.contains { $0.picture != nil })
        let question = try #require(plain.items.first { $0.role == .question })
        #expect(question.box.x < width / 8)
    }

    @Test func theDescriptionNamesThePicture() throws {
        let d = try describe(PictureStates.question("alpha.png"), 1920, 1080, pictures: TestPictures(PictureStates.media))
        let json = d.json()
        #expect(json.contains(#""kind":"image","role":"picture","sha256":"\#(TestPictures.sha("alpha.png"))","box":["#))
        let missing = try describe(PictureStates.question("alpha.png"), 1920, 1080, pictures: nil).json()
        #expect(missing.contains(#""kind":"shape","role":"picture-placeholder""#))
    }
}

/// A picture becoming ready is a full redraw, like a new state: the frame's picture version.
@Suite struct ScenePictureDamageTests {
    @Test func aPictureArrivingRedrawsTheFrame() throws {
        let renderer = SceneRenderer(fonts: try TestFonts.load())
        let before = SceneFrame(state: PictureStates.question("photo.webp"), width: 1280, height: 720, now: PictureStates.now)
        var after = before
        #expect(renderer.damage(from: before, to: after).isEmpty)
        after.pictureVersion += 1
        #expect(renderer.damage(from: before, to: after) == [Rect(x: 0, y: 0, width: 1280, height: 720)])
    }
}
