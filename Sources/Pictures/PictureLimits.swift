/// What a screen accepts as a picture. A picture comes from outside (a quiz file, a broker, a
/// web server), so its file size and, before anything is decoded, the size its header claims
/// are bounded: a PNG header claiming 100,000 × 100,000 pixels is refused before a byte is
/// allocated for it.
public enum PictureLimits {
    /// The raw file (an MQTT message, an HTTPS body, a file): 8 MiB.
    public static let maxBytes = 8 << 20
    /// Either side as the header claims it.
    public static let maxSide = 16384
    /// Pixels decoded at once (4 bytes each): 16 M pixels, 64 MiB. PNG decodes at full size,
    /// so this bounds a PNG; JPEG and WebP decode at a reduced size when theirs is larger.
    public static let maxDecodedPixels = 16 << 20
    /// A baseline JPEG decodes in strips (its memory does not grow with its size) and reduced
    /// by the DCT, so it may claim more: 100 M pixels (a 12,000 × 8,000 photo).
    public static let maxJPEGPixels = 100_000_000
    /// A progressive JPEG keeps every coefficient of the whole image while decoding (about 3 to
    /// 6 bytes a pixel): 16 M pixels.
    public static let maxProgressiveJPEGPixels = 16 << 20
}
