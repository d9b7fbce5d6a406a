import Glibc
import Pictures
import Platform

/// The raw bytes of pictures on disk, named by their SHA-256, in the service's cache folder
/// (systemd's `CacheDirectory=quizkiosk` gives it as $CACHE_DIRECTORY): a screen that restarts,
/// or changes display size, prepares its pictures again from here instead of asking the broker
/// or a web server. At most `limit` bytes, least recently used first out (a file's modification
/// time is its last use); every read is checked against its name, so a file damaged on disk, or
/// put there by someone else, is deleted rather than shown.
///
/// Used from the picture thread only (every call is file I/O).
public struct PictureDiskCache: Sendable {
    public let directory: String
    public let limit: Int

    public static let defaultLimit = 256 << 20

    public init(directory: String, limit: Int = defaultLimit) {
        self.directory = directory
        self.limit = limit
    }

    /// `$CACHE_DIRECTORY/pictures` (the first, when systemd gives several), else
    /// `$XDG_CACHE_HOME/quizkiosk/pictures`, else `~/.cache/quizkiosk/pictures`; nil when none
    /// is known (the pictures are then kept in memory only).
    public static func defaultDirectory(_ env: [String: String]) -> String? {
        if let dirs = env["CACHE_DIRECTORY"], let first = dirs.split(separator: ":").first, first.hasPrefix("/") {
            return first + "/pictures"
        }
        if let xdg = env["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/quizkiosk/pictures" }
        if let home = env["HOME"], home.hasPrefix("/"), home != "/nonexistent" { return home + "/.cache/quizkiosk/pictures" }
        return nil
    }

    /// Creates the folder (owner only) if needed.
    public func prepare() throws(SystemError) {
        try Files.makeDirectory(directory)
        _ = chmod(directory, 0o700)
    }

    func path(_ sha256: String) -> String { directory + "/" + sha256 }

    /// Keeps `bytes` (already verified) under their digest, then trims the folder to the limit.
    public func store(_ bytes: [UInt8], sha256: String) throws(SystemError) {
        guard SHA256.isDigest(sha256) else { return }
        try Files.writeAtomically(bytes, to: path(sha256))
        trim(keeping: sha256)
    }

    /// The bytes named `sha256`, if here and intact; a use for the LRU order.
    public func load(_ sha256: String) -> Result<[UInt8], PictureError>? {
        guard SHA256.isDigest(sha256) else { return nil }
        let file = path(sha256)
        guard access(file, F_OK) == 0 else { return nil }
        let bytes: [UInt8]
        do {
            bytes = try Files.readRegular(file, limit: PictureLimits.maxBytes)
        } catch {
            unlink(file)
            return .failure(PictureError("cached copy unreadable (\(error.message)); deleted"))
        }
        let got = SHA256.hex(bytes)
        guard got == sha256 else {
            unlink(file)
            return .failure(PictureError("cached copy damaged (hashes to \(got.prefix(12))…); deleted"))
        }
        _ = utimensat(AT_FDCWD, file, nil, 0)  // now: most recently used
        return .success(bytes)
    }

    /// Deletes the least recently used files until the folder holds at most `limit` bytes
    /// (never `keeping`, the file just written). Only files named like digests are counted.
    func trim(keeping: String) {
        guard let dir = opendir(directory) else { return }
        defer { closedir(dir) }
        var files: [(name: String, size: Int, used: Int)] = []
        var total = 0
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard SHA256.isDigest(name) else { continue }
            var st = stat()
            guard lstat(path(name), &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { continue }
            files.append((name, Int(st.st_size), Int(st.st_mtim.tv_sec) * 1_000_000_000 + Int(st.st_mtim.tv_nsec)))
            total += Int(st.st_size)
        }
        guard total > limit else { return }
        for f in files.sorted(by: { $0.used < $1.used }) where f.name != keeping {
            unlink(path(f.name))
            total -= f.size
            if total <= limit { break }
        }
    }
}
