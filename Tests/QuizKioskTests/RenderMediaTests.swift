import Glibc
import Pictures
import Pixels
import Platform
import QuizContract
import Renderer
import TestSupport
import Testing

/// `render --media DIR`: pictures found by their digest (a file named by it, or any file whose
/// bytes hash to it), described as the picture; a missing or bad one is its placeholder and
/// one line, and the render still succeeds.
@Suite final class RenderMediaTests {
    let dir = TempDir.make()
    deinit { TempDir.remove(dir) }

    func render(_ sha: String, media: String) -> (Run, String) {
        let state = dir + "/state-\(sha.prefix(8)).json"
        TempDir.write(state, #"{"question":{"text":"Which mountain?","choices":["Fuji","Aso"],"image":{"sha256":"\#(sha)"}}}"#)
        let described = dir + "/frame-\(sha.prefix(8)).json"
        let r = Run(["render", "--state", state, "--size", "1280x720", "--out", dir + "/frame.png", "--describe", described,
                     "--media", media, "--fonts", repositoryRoot + "/fonts"])
        return (r, TempDir.read(described))
    }

    @Test func findsPicturesByDigestWhateverTheirFileName() throws {
        let media = dir + "/media"
        try Files.makeDirectory(media)
        let webp = TestMedia.bytes("photo.webp"), png = TestMedia.bytes("alpha.png")
        try Files.writeAtomically(webp, to: media + "/any-name.webp")
        try Files.writeAtomically(png, to: media + "/" + SHA256.hex(png))
        for sha in [SHA256.hex(webp), SHA256.hex(png)] {
            let (r, json) = render(sha, media: media)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(json.contains(#""kind":"image","role":"picture","sha256":"\#(sha)""#), "\(json.prefix(400))")
        }
    }

    @Test func aMissingOrWrongPictureIsItsPlaceholderAndOneLine() throws {
        let media = dir + "/media"
        try Files.makeDirectory(media)
        let webp = TestMedia.bytes("photo.webp")
        // Named as the WebP, holding another picture's bytes.
        try Files.writeAtomically(TestMedia.bytes("alpha.png"), to: media + "/" + SHA256.hex(webp))
        let (wrong, wrongJSON) = render(SHA256.hex(webp), media: media)
        #expect(wrong.status == 0)
        #expect(wrongJSON.contains(#""kind":"shape","role":"picture-placeholder""#))
        #expect(wrong.stderr.split(separator: "\n").filter { $0.contains("picture \(SHA256.hex(webp).prefix(12))") }.count == 1, "\(wrong.stderr)")
        #expect(wrong.stderr.contains("hash"))
        let absent = String(repeating: "ab", count: 32)
        let (missing, missingJSON) = render(absent, media: media)
        #expect(missing.status == 0 && missingJSON.contains("picture-placeholder") && missing.stderr.contains("not in \(media)"))
    }

    @Test func aMediaFolderThatIsNotOneIsAnError() {
        let (r, _) = render(String(repeating: "ab", count: 32), media: dir + "/nope")
        #expect(r.status == 1 && r.stderr.contains("--media \(dir)/nope"), "\(r.stderr)")
    }
}
