/// Why a picture cannot be shown, in words for one log line ("picture 3f2a…: not an image
/// (starts with 3c 68 74 6d)"). Every library error is turned into one of these where it
/// happens, so the rest of the program handles one typed error.
public struct PictureError: Error, Equatable, CustomStringConvertible {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }

    public static func notAnImage(_ bytes: some Collection<UInt8>) -> PictureError {
        if bytes.isEmpty { return PictureError("not an image (no bytes)") }
        let head = bytes.prefix(4).map { b in
            let h = String(b, radix: 16)
            return h.count == 1 ? "0" + h : h
        }.joined(separator: " ")
        return PictureError("not an image (starts with \(head); PNG, JPEG and WebP are shown)")
    }

    public static func tooManyBytes(_ count: Int) -> PictureError {
        PictureError("\(count) bytes, over the \(PictureLimits.maxBytes)-byte limit for a picture")
    }

    public static func tooLarge(_ width: Int, _ height: Int, limit: String) -> PictureError {
        PictureError("\(width)x\(height) pixels, over the limit (\(limit))")
    }

    public static func hashMismatch(expected: String, got: String) -> PictureError {
        PictureError("the bytes hash to \(got.prefix(12))…, not to the picture's sha256")
    }
}
