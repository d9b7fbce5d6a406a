import Pictures
import Pixels
import Renderer

/// Pictures held in memory by their digest and prepared in line when a frame asks: for
/// one-shot renders (the headless demo) that have every picture at hand and no loop to keep
/// free. A bad one is its placeholder.
public final class MemoryPictures: PictureProvider {
    private var bytes: [String: [UInt8]] = [:]
    private var prepared: [String: OpaqueImage] = [:]

    public init() {}

    public func add(_ data: [UInt8]) { bytes[SHA256.hex(data)] = data }

    public func picture(_ sha256: String, for slot: PictureSlot) -> OpaqueImage? {
        let key = "\(sha256) \(slot.width)x\(slot.height) \(slot.surface)"
        if let p = prepared[key] { return p }
        guard let data = bytes[sha256], let image = try? PicturePipeline.prepare(data, for: [slot]).first else { return nil }
        prepared[key] = image
        return image
    }
}
