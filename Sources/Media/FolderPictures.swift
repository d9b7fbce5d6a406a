import Escaping
import Glibc
import Pictures
import Pixels
import Platform
import Renderer

/// Pictures from a folder, for headless renders and tests (`render --media DIR`): a file named
/// by its SHA-256, or any file in the folder whose bytes hash to the one asked for. Read and
/// prepared in line, when a frame asks (a one-shot render has no frame loop to keep free).
/// Regular files only, at most 8 MiB each; a bad one is one log line and its placeholder.
public final class FolderPictures: PictureProvider {
    public let directory: String
    private var byDigest: [String: String]?
    private var prepared: [String: OpaqueImage] = [:]
    private var reported: Set<String> = []

    public init(directory: String) throws(SystemError) {
        guard Files.isDirectory(directory) else { throw SystemError("open", errno: ENOTDIR, subject: directory) }
        self.directory = directory
    }

    public func picture(_ sha256: String, for slot: PictureSlot) -> OpaqueImage? {
        let key = "\(sha256) \(slot.width)x\(slot.height) \(slot.surface)"
        if let p = prepared[key] { return p }
        guard let path = find(sha256) else {
            report(sha256, "not in \(directory)")
            return nil
        }
        do {
            let bytes = try Files.readRegular(path, limit: PictureLimits.maxBytes)
            let got = SHA256.hex(bytes)
            guard got == sha256 else { throw PictureError.hashMismatch(expected: sha256, got: got) }
            guard let image = try PicturePipeline.prepare(bytes, for: [slot]).first else { return nil }
            prepared[key] = image
            return image
        } catch let e as PictureError {
            report(sha256, "\(path): \(e.reason)")
        } catch {
            report(sha256, "\(error)")
        }
        return nil
    }

    private func report(_ sha256: String, _ why: String) {
        guard reported.insert(sha256).inserted else { return }
        Log.warning("picture \(sha256.prefix(12))…: \(Escaping.escaped(why)) (showing its placeholder)")
    }

    /// DIR/SHA256 when it exists, else the file whose bytes hash to it (every regular file
    /// of the folder hashed once).
    private func find(_ sha256: String) -> String? {
        guard SHA256.isDigest(sha256) else { return nil }
        let named = directory + "/" + sha256
        if Files.exists(named) { return named }
        if byDigest == nil { byDigest = index() }
        return byDigest?[sha256]
    }

    private func index() -> [String: String] {
        guard let dir = opendir(directory) else { return [:] }
        defer { closedir(dir) }
        var out: [String: String] = [:]
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard !name.hasPrefix(".") else { continue }
            let path = directory + "/" + name
            guard let bytes = try? Files.readRegular(path, limit: PictureLimits.maxBytes) else { continue }
            out[SHA256.hex(bytes)] = path
        }
        return out
    }
}
