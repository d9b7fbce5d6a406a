/// The three formats a screen shows, told by their first bytes (never by a file name or a
/// server's Content-Type, which say nothing reliable about hostile bytes).
public enum PictureFormat: String, Sendable {
    case png = "PNG", jpeg = "JPEG", webp = "WebP"

    public init?(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(12))
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if head.count == 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            self = .webp
        } else {
            return nil
        }
    }
}
