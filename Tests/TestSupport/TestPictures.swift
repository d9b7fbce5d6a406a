import Pictures
import Pixels
import Renderer

/// Pictures for a renderer in tests: the test media by name, prepared in line when a frame asks
/// (the kiosk's store does that on its own thread). `missing` names pictures that have "not
/// arrived yet", to draw their placeholder.
public final class TestPictures: PictureProvider {
    public private(set) var bytes: [String: [UInt8]] = [:]
    public var missing: Set<String> = []
    private var prepared: [String: OpaqueImage] = [:]

    public init(_ names: [String] = []) {
        for n in names { add(TestMedia.bytes(n)) }
    }

    /// Adds a picture; returns its SHA-256.
    @discardableResult
    public func add(_ data: [UInt8]) -> String {
        let sha = SHA256.hex(data)
        bytes[sha] = data
        return sha
    }

    public static func sha(_ name: String) -> String { SHA256.hex(TestMedia.bytes(name)) }

    public func picture(_ sha256: String, for slot: PictureSlot) -> OpaqueImage? {
        guard !missing.contains(sha256), let data = bytes[sha256] else { return nil }
        let key = "\(sha256) \(slot.width)x\(slot.height) \(slot.surface)"
        if let p = prepared[key] { return p }
        let image = try? PicturePipeline.prepare(data, for: [slot]).first
        prepared[key] = image
        return image
    }
}
