import Pixels

/// Paths rasterized once for the frames that draw them again: the countdown's track at every
/// frame of a sweep, the choices' marks, medals and padlocks whenever a rectangle around them
/// is redrawn. Keyed by the path itself and the canvas size (coverage is clipped to the
/// canvas); bounded and aged by frames like the text caches, so a path drawn once (each new
/// sweep of the countdown's arc) goes at the next pressure.
final class PathCache {
    private struct Key: Hashable {
        let path: Path
        let width: Int
        let height: Int
    }

    private let store = FrameCache<Key, Coverage?>(byteBudget: 4 << 20) { ($0?.byteCount ?? 0) + 64 }

    /// The coverage of `path` on `canvas`, from the cache or rasterized now.
    func coverage(_ path: Path, on canvas: Canvas, frame: Int) -> Coverage? {
        let key = Key(path: path, width: canvas.width, height: canvas.height)
        if let known = store.value(for: key, frame: frame) { return known }
        let coverage = path.coverage(within: canvas.bounds)
        store.insert(coverage, for: key, frame: frame)
        return coverage
    }

    var count: Int { store.count }
}
