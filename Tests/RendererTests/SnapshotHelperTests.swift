import CFreeType
import CHarfBuzz
import Glibc
import Pixels
import Platform
import Renderer
import TestSupport
import Testing

/// The golden-image helper itself, on folders of its own: a reference one pixel off fails and
/// names the images; recording fails naming what it wrote and is refused on CI; a mismatch
/// names the library and font versions, recorded and now, and which differ. Without these, a
/// helper that passed everything would look exactly like a green golden suite.
@Suite struct SnapshotHelperTests {
    /// Text that opens the bundled face and a machine font (Noto Color Emoji for 🎉), so the
    /// versions name fonts of both kinds.
    static func picture(_ fonts: FontSet) -> Canvas {
        let engine = TextEngine(fonts: fonts)
        let block = engine.layout("クイズ🎉", size: 24)
        let canvas = Canvas(width: block.width + 8, height: block.height + 8)
        canvas.fill(.black)
        engine.draw(block, in: canvas, rect: Rect(x: 4, y: 4, width: block.width, height: block.height), color: .white)
        return canvas
    }

    struct Folder {
        let root = TempDir.make()
        var snapshots: String { root + "/__Snapshots__" }
        var failures: String { root + "/__Failures__" }
        var reference: String { snapshots + "/pic.png" }
        var versions: String { snapshots + "/" + Snapshot.versionsFile }

        func check(_ canvas: Canvas, fonts: FontSet?, mode: Snapshot.Mode = .compare, onCI: Bool = false) -> String? {
            Snapshot.check(canvas, named: "pic", snapshots: snapshots, failures: failures, fonts: fonts, mode: mode, onCI: onCI)
        }
    }

    @Test func aReferenceOnePixelOffFailsNamingTheImages() throws {
        let fonts = try TestFonts.load()
        let canvas = Self.picture(fonts)
        let folder = Folder()
        defer { TempDir.remove(folder.root) }
        let recorded = try #require(folder.check(canvas, fonts: fonts, mode: .record))
        #expect(recorded.contains("wrote \(folder.reference) (new"))
        // The control: the same picture against its own reference passes.
        #expect(folder.check(canvas, fonts: fonts) == nil)

        let flipped = try PNG.read(folder.reference)
        flipped.fillRect(Rect(x: 3, y: 2, width: 1, height: 1), Color(pixel: flipped.pixel(x: 3, y: 2) ^ 0x0000_00FF))
        try PNG.write(flipped, to: folder.reference)
        let failure = try #require(folder.check(canvas, fonts: fonts))
        let actual = folder.failures + "/pic.actual.png", diff = folder.failures + "/pic.diff.png"
        #expect(failure.contains("1 pixel differs"))
        #expect(failure.contains("reference: \(folder.reference)"))
        #expect(failure.contains("actual: \(actual)") && failure.contains("diff: \(diff)"))
        #expect(failure.contains("The text libraries and fonts are as recorded"))
        // The actual image is what was drawn; the diff marks exactly the one pixel in red.
        #expect(try PNG.read(actual).rgbBytes() == canvas.rgbBytes())
        let marks = try PNG.read(diff)
        var red: [(Int, Int)] = []
        for y in 0..<marks.height {
            for x in 0..<marks.width where marks.pixel(x: x, y: y) & 0xFF_FFFF == 0xFF0000 { red.append((x, y)) }
        }
        #expect(red.count == 1 && red.first.map { $0 == (3, 2) } == true, "red pixels: \(red)")
    }

    @Test func recordingFailsNamingWhatItWroteAndIsRefusedOnCI() throws {
        let fonts = try TestFonts.load()
        let canvas = Self.picture(fonts)
        let folder = Folder()
        defer { TempDir.remove(folder.root) }

        let refused = try #require(folder.check(canvas, fonts: fonts, mode: .record, onCI: true))
        #expect(refused.contains("never recorded on CI"))
        #expect(!Files.exists(folder.reference) && !Files.exists(folder.versions))

        let first = try #require(folder.check(canvas, fonts: fonts, mode: .record))
        #expect(first.contains("wrote \(folder.reference) (new") && first.contains("wrote \(folder.versions)"))
        #expect(try PNG.read(folder.reference).rgbBytes() == canvas.rgbBytes())

        let again = try #require(folder.check(canvas, fonts: fonts, mode: .record))
        #expect(again.contains("\(folder.reference) is unchanged") && again.contains("\(folder.versions) is unchanged"))

        let other = Canvas(width: canvas.width, height: canvas.height)
        other.fill(.white)
        let changed = try #require(folder.check(other, fonts: fonts, mode: .record))
        #expect(changed.contains("wrote \(folder.reference) (it changed"))
        #expect(try PNG.read(folder.reference).rgbBytes() == other.rgbBytes())
    }

    @Test func theVersionsFileNamesTheLibrariesAndEveryFontUsed() throws {
        let fonts = try TestFonts.load()
        let folder = Folder()
        defer { TempDir.remove(folder.root) }
        _ = folder.check(Self.picture(fonts), fonts: fonts, mode: .record)
        let versions = Snapshot.parseVersions(TempDir.read(folder.versions))
        #expect(versions.contains(.init(kind: .library, name: "FreeType", value: TextLibraries.freeTypeVersion)))
        #expect(versions.contains(.init(kind: .library, name: "HarfBuzz", value: TextLibraries.harfBuzzVersion)))
        let fontNames = versions.filter { $0.kind == .font }.map(\.name)
        // Bundled fonts by their place in the repository; the machine's emoji font by its path.
        #expect(fontNames.contains("fonts/" + FontSet.regularFile))
        #expect(fontNames.contains { $0.hasPrefix("/") && $0.hasSuffix("NotoColorEmoji.ttf") }, "\(fontNames)")
        // The bundled font's line agrees with fonts/README.md (its revision and sha256).
        let regular = try #require(versions.first { $0.name == "fonts/" + FontSet.regularFile })
        #expect(regular.value.contains("revision 1.050") && regular.value.contains("sha256 8d4fd9568ad662d9"), "\(regular.value)")
    }

    @Test func aMismatchNamesTheVersionsRecordedAndNowAndWhichDiffer() throws {
        let fonts = try TestFonts.load()
        let canvas = Self.picture(fonts)
        let folder = Folder()
        defer { TempDir.remove(folder.root) }
        _ = folder.check(canvas, fonts: fonts, mode: .record)
        // As if recorded with another FreeType and another build of the bundled regular face.
        let edited = Snapshot.parseVersions(TempDir.read(folder.versions)).map { v in
            switch v.name {
            case "FreeType": Snapshot.Version(kind: v.kind, name: v.name, value: "2.10.4")
            case "fonts/" + FontSet.regularFile: Snapshot.Version(kind: v.kind, name: v.name, value: "4000000 bytes, revision 1.000, sha256 0000000000000000")
            default: v
            }
        }
        TempDir.write(folder.versions, Snapshot.formatVersions(edited))
        let other = Canvas(width: canvas.width, height: canvas.height)
        other.fill(.white)
        let failure = try #require(folder.check(other, fonts: fonts))
        #expect(failure.contains("FreeType: recorded 2.10.4; now \(TextLibraries.freeTypeVersion)  <- DIFFERS"))
        #expect(failure.contains("HarfBuzz: \(TextLibraries.harfBuzzVersion) (as recorded)"))
        #expect(failure.contains("font fonts/\(FontSet.regularFile): recorded 4000000 bytes, revision 1.000, sha256 0000000000000000; now "))
        #expect(failure.contains("Differs from the recording: FreeType, fonts/\(FontSet.regularFile)."))

        // No versions file: the failure says so and still names the versions now.
        unlink(folder.versions)
        let unrecorded = try #require(folder.check(other, fonts: fonts))
        #expect(unrecorded.contains("No record of the versions") && unrecorded.contains("FreeType \(TextLibraries.freeTypeVersion)"))
    }

    @Test func recordingKeepsTheFontsOfOtherTestsAndReplacesTheLibraries() throws {
        let fonts = try TestFonts.load()
        let folder = Folder()
        defer { TempDir.remove(folder.root) }
        try Files.makeDirectory(folder.snapshots)
        TempDir.write(folder.versions, Snapshot.formatVersions([
            .init(kind: .library, name: "FreeType", value: "2.10.4"),
            .init(kind: .font, name: "/usr/share/fonts/other-test.ttf", value: "1 bytes"),
        ]))
        _ = folder.check(Self.picture(fonts), fonts: fonts, mode: .record)
        let versions = Snapshot.parseVersions(TempDir.read(folder.versions))
        #expect(versions.contains(.init(kind: .font, name: "/usr/share/fonts/other-test.ttf", value: "1 bytes")))
        #expect(versions.filter { $0.name == "FreeType" } == [.init(kind: .library, name: "FreeType", value: TextLibraries.freeTypeVersion)])
    }

    @Test func libraryVersionsAreTheOnesBuiltAgainst() throws {
        // Run time and headers come from the same Debian packages on a machine scripts/setup
        // prepared, so the reported versions must equal the headers' macros.
        #expect(TextLibraries.freeTypeVersion == "\(FREETYPE_MAJOR).\(FREETYPE_MINOR).\(FREETYPE_PATCH)")
        #expect(TextLibraries.harfBuzzVersion == HB_VERSION_STRING)
        #expect(try TestFonts.load().regular.revision == "1.050")
    }
}
