import Glibc
import Media
import Platform

/// The screen's picture store as `quizkiosk run` makes it, and `quizkiosk-bench --memory` too
/// (what it measures is run's): `--picture-cafile FILE`.
public enum PictureOptions {
    public static let options: Set<String> = ["--picture-cafile"]

    /// Raw bytes cached in the service's cache folder ($CACHE_DIRECTORY, from systemd's
    /// CacheDirectory=), `url`s fetched over HTTPS trusting the system's CAs or `--picture-cafile FILE`.
    public static func store(_ args: Arguments, loop: EventLoop) throws -> PictureStore {
        let ca = args.value("--picture-cafile")
        if let ca, access(ca, R_OK) != 0 { throw CLIError("--picture-cafile \(ca): \(String(cString: strerror(errno)))") }
        let cache = PictureDiskCache.defaultDirectory(Environment.all).map { PictureDiskCache(directory: $0) }
        if cache == nil { Log.info("pictures: no cache folder ($CACHE_DIRECTORY, $XDG_CACHE_HOME or $HOME); kept in memory only") }
        return try PictureStore(loop: loop, settings: .init(cache: cache, fetch: PictureFetch.Settings(caFile: ca)))
    }
}
