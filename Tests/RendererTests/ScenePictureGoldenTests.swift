import Pixels
import QuizContract
@testable import Renderer
import TestSupport
import Testing

/// Golden images of questions with pictures, landscape and portrait: a PNG with transparency
/// (its transparent parts show the frame's colour), a JPEG stored sideways with EXIF
/// orientation 6 (shown upright), a WebP, the placeholder of a picture not yet arrived, the
/// reveal's smaller picture, and six choices under a portrait picture.
@Suite struct ScenePictureGoldenTests {
    static let sizes = [(1920, 1080), (1080, 1920)]
    static let cases: [(String, Int, Int)] = ["alpha", "exif6", "webp", "placeholder", "reveal", "six"].flatMap { name in
        sizes.map { (name, $0.0, $0.1) }
    }

    static func state(_ name: String) -> QuizState {
        switch name {
        case "alpha": return PictureStates.question("alpha.png")
        case "exif6": return PictureStates.question("exif6.jpg")
        case "placeholder": return PictureStates.question("photo.webp")
        case "reveal": return PictureStates.reveal("photo.webp")
        case "six": return PictureStates.six
        default: return PictureStates.question("photo.webp")
        }
    }

    @Test(arguments: cases)
    func picture(name: String, width: Int, height: Int) throws {
        let fonts = try TestFonts.load()
        let pictures = TestPictures(PictureStates.media)
        if name == "placeholder" { pictures.missing = [TestPictures.sha("photo.webp")] }
        let renderer = SceneRenderer(fonts: fonts)
        renderer.pictures = pictures
        let canvas = Canvas(width: width, height: height)
        renderer.render(Self.state(name), into: canvas, now: PictureStates.now)
        Snapshot.assert(canvas, named: "picture-\(name)-\(width)x\(height)", fonts: fonts)
    }
}
