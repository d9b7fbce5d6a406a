import Pixels
@testable import Pictures
import TestSupport
import Testing

/// Bytes to pixels: each format decodes, stands upright, keeps its aspect in its slot and
/// shows its transparency as the surface; everything else is refused with a reason.
@Suite struct PicturePipelineTests {
    static let surface = Color(hex: 0x203040)

    @Test func sha256MatchesKnownDigests() {
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.isDigest(SHA256.hex([1, 2, 3])))
        #expect(!SHA256.isDigest(String(repeating: "A", count: 64)))
        #expect(!SHA256.isDigest("abc"))
    }

    @Test func headersSayFormatSizeAndOrientation() throws {
        let png = try PictureHeader.read(TestMedia.bytes("alpha.png"))
        #expect(png.format == .png && png.width == 480 && png.height == 360)
        let jpeg = try PictureHeader.read(TestMedia.bytes("exif6.jpg"))
        // Stored 400 × 300, shown upright 300 × 400.
        #expect(jpeg.format == .jpeg && jpeg.storedWidth == 400 && jpeg.exifOrientation == 6)
        #expect(jpeg.width == 300 && jpeg.height == 400)
        let webp = try PictureHeader.read(TestMedia.bytes("photo.webp"))
        #expect(webp.format == .webp && webp.width == 640 && webp.height == 400)
        let progressive = try PictureHeader.read(TestMedia.bytes("progressive.jpg"))
        #expect(progressive.progressive)
    }

    @Test func fitsInsideTheSlotKeepingTheAspect() throws {
        let slot = PictureSlot(width: 200, height: 200, surface: Self.surface)
        let webp = try #require(try PicturePipeline.prepare(TestMedia.bytes("photo.webp"), for: [slot]).first)
        #expect(webp.width == 200 && webp.height == 125)
        // Enlarged too: a small picture fills its box.
        let grey = try #require(try PicturePipeline.prepare(TestMedia.bytes("grey16.png"), for: [slot]).first)
        #expect(grey.width == 200 && grey.height == 150)
    }

    @Test func exifOrientationSixStandsTheJPEGUp() throws {
        let slot = PictureSlot(width: 300, height: 400, surface: Self.surface)
        let image = try #require(try PicturePipeline.prepare(TestMedia.bytes("exif6.jpg"), for: [slot]).first)
        #expect(image.width == 300 && image.height == 400)
        func color(_ x: Int, _ y: Int) -> Color { Color(pixel: image.pixels[y * image.width + x]) }
        // Upright: the yellow mark top-left, sky above, grass below, the red arrow in the middle.
        let mark = color(15, 15)
        #expect(mark.r > 200 && mark.g > 180 && mark.b < 80, "top-left \(mark)")
        let sky = color(280, 100), grass = color(280, 380), arrow = color(150, 200)
        #expect(sky.b > 200 && grass.g > 120 && grass.b < 120 && arrow.r > 180 && arrow.g < 90, "\(sky) \(grass) \(arrow)")
    }

    @Test func transparencyShowsTheSurface() throws {
        let slot = PictureSlot(width: 480, height: 360, surface: Self.surface)
        let image = try #require(try PicturePipeline.prepare(TestMedia.bytes("alpha.png"), for: [slot]).first)
        func color(_ x: Int, _ y: Int) -> Color { Color(pixel: image.pixels[y * image.width + x]) }
        #expect(color(5, 5) == Self.surface)  // fully transparent corner
        #expect(color(100, 170) == Color(hex: 0xFF8C00))  // the opaque orange circle
        // The half-transparent blue square over the surface: between the two.
        let mixed = color(420, 320)
        #expect(abs(Int(mixed.b) - (255 + 0x40) / 2) <= 2 && abs(Int(mixed.r) - (30 + 0x20) / 2) <= 2, "\(mixed)")
        #expect(image.pixels.allSatisfy { $0 >> 24 == 0xFF })
    }

    @Test func jpegIsDecodedByTheDCTNearTheTargetSize() {
        // 4000 × 3000 for a 640 × 480 box: 1/4 (1000 × 750) is the smallest scale not under it.
        #expect(JPEGDecoding.scaledSize(4000, 3000, minWidth: 640, minHeight: 480) == (1000, 750))
        #expect(JPEGDecoding.scaledSize(4000, 3000, minWidth: 1500, minHeight: 1125) == (1500, 1125))
        #expect(JPEGDecoding.scaledSize(400, 300, minWidth: 640, minHeight: 480) == (400, 300))
    }

    @Test(arguments: [
        ("huge-header.png", "100000x100000 pixels, over the limit"),
    ])
    func hostileHeadersAreRefusedBeforeDecoding(name: String, reason: String) {
        #expect(throws: PictureError.self) { try PictureHeader.read(TestMedia.bytes(name)) }
        do {
            _ = try PicturePipeline.prepare(TestMedia.bytes(name), for: [PictureSlot(width: 10, height: 10, surface: Self.surface)])
        } catch {
            #expect(error.reason.contains(reason), "\(error.reason)")
        }
    }

    @Test func notAPictureIsNamedAsSuch() {
        let html = Array("<html>not found</html>".utf8)
        #expect(throws: PictureError.notAnImage(html)) { try PicturePipeline.check(html) }
        #expect(PictureError.notAnImage(html).reason.contains("3c 68 74 6d"))
        #expect(throws: PictureError.self) { try PicturePipeline.check([]) }
    }

    @Test(arguments: ["alpha.png", "exif6.jpg", "photo.webp", "progressive.jpg"])
    func truncatedFilesAreRefused(name: String) {
        let bytes = TestMedia.bytes(name)
        #expect(throws: Never.self) { try PicturePipeline.check(bytes) }
        let cut = Array(bytes.prefix(bytes.count * 2 / 3))
        #expect(throws: PictureError.self) { try PicturePipeline.check(cut) }
    }

    @Test func overTheByteLimitIsRefusedByItsSize() {
        var bytes = TestMedia.bytes("alpha.png")
        bytes += [UInt8](repeating: 0, count: PictureLimits.maxBytes + 1 - bytes.count)
        #expect(throws: PictureError.tooManyBytes(PictureLimits.maxBytes + 1)) { try PictureHeader.read(bytes) }
    }
}
