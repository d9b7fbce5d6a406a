import Pixels

/// Paths rasterized once for the frames that draw them again: the countdown's band (its track
/// and the arc cut from it) at every frame of a sweep, the choices' marks, medals and padlocks whenever a rectangle around them
/// is redrawn. Keyed by the path itself and the canvas size (coverage is clipped to the
/// canvas); bounded and aged by frames like the text caches, so a path drawn once (each new
/// sweep of the countdown's arc) goes at the next pressure.
final class PathCache {
    private enum Shape: Hashable {
        case path(Path)
        /// A ring's band, known by its four numbers: not even built as a path while it is kept.
        case band(RingArc.Band)
    }

    private struct Key: Hashable {
        let shape: Shape
        let width: Int
        let height: Int
    }

    private let store = FrameCache<Key, Coverage?>(byteBudget: 4 << 20) { ($0?.byteCount ?? 0) + 64 }

    /// The coverage of `path` on `canvas`, from the cache or rasterized now.
    func coverage(_ path: Path, on canvas: Canvas, frame: Int) -> Coverage? {
        coverage(.path(path), on: canvas, frame: frame) { path }
    }

    /// The coverage of `arc`'s whole band on `canvas`.
    func band(of arc: RingArc, on canvas: Canvas, frame: Int) -> Coverage? {
        coverage(.band(arc.bandKey), on: canvas, frame: frame) { arc.band }
    }

    private func coverage(_ shape: Shape, on canvas: Canvas, frame: Int, path: () -> Path) -> Coverage? {
        let key = Key(shape: shape, width: canvas.width, height: canvas.height)
        if let known = store.value(for: key, frame: frame) { return known }
        let coverage = path().coverage(within: canvas.bounds)
        store.insert(coverage, for: key, frame: frame)
        return coverage
    }

    var count: Int { store.count }
}
