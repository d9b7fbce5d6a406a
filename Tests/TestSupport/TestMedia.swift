import Platform

/// The test pictures in `Tests/Media/` (made by its make-media.py, committed): a PNG with
/// alpha, a JPEG stored sideways with EXIF orientation 6, a WebP, a progressive JPEG, a 16-bit
/// grey PNG, and a PNG whose header claims 100,000 × 100,000 pixels.
public enum TestMedia {
    public static let directory = repositoryRoot + "/Tests/Media"

    public static func path(_ name: String) -> String { directory + "/" + name }

    /// The file's bytes (a test that cannot read its own media fails on the empty picture).
    public static func bytes(_ name: String) -> [UInt8] {
        (try? Files.read(path(name), limit: 16 << 20)) ?? []
    }
}
