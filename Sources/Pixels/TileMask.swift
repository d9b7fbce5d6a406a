import Glibc

/// Which square tiles of a frame are marked — for a cross-fade, the tiles where the frame
/// leaving and the frame arriving differ. A fade writes only those, and reports them as its
/// damage: a question fading into a leaderboard changes most of the screen, a count that ticks
/// a few tiles.
public struct TileMask: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let tile: Int
    public let columns: Int
    public let rows: Int
    private var marked: [Bool]

    /// Nothing marked.
    public init(width: Int, height: Int, tile: Int = 64) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.tile = max(1, tile)
        columns = (self.width + self.tile - 1) / self.tile
        rows = (self.height + self.tile - 1) / self.tile
        marked = [Bool](repeating: false, count: columns * rows)
    }

    /// The tiles in which `a` and `b` (two canvases of this size) differ in any pixel.
    public init(differences a: Canvas, _ b: Canvas, tile: Int = 64) {
        self.init(width: min(a.width, b.width), height: min(a.height, b.height), tile: tile)
        for ty in 0..<rows {
            let y0 = ty * self.tile, y1 = min(height, y0 + self.tile)
            for tx in 0..<columns {
                let x0 = tx * self.tile, n = min(width, x0 + self.tile) - x0
                var differs = false
                var y = y0
                // Whole tile rows compared as bytes: most tiles of two frames are equal.
                while y < y1 && !differs {
                    differs = memcmp(a.pixels + y * a.stride + x0, b.pixels + y * b.stride + x0, n * 4) != 0
                    y += 1
                }
                marked[ty * columns + tx] = differs
            }
        }
    }

    /// Marks every tile `rect` touches.
    public mutating func insert(_ rect: Rect) {
        let r = rect.intersection(Rect(x: 0, y: 0, width: width, height: height))
        guard !r.isEmpty else { return }
        for ty in (r.minY / tile)...((r.maxY - 1) / tile) {
            for tx in (r.minX / tile)...((r.maxX - 1) / tile) { marked[ty * columns + tx] = true }
        }
    }

    /// Marks the tiles holding pixels `x0..<x1` of row `y`.
    public mutating func mark(row y: Int, from x0: Int, to x1: Int) {
        let x0 = max(0, x0), x1 = min(width, x1)
        guard y >= 0, y < height, x0 < x1 else { return }
        let base = (y / tile) * columns
        for tx in (x0 / tile)...((x1 - 1) / tile) { marked[base + tx] = true }
    }

    /// The marked tiles of each row of tiles, as runs of columns in pixels: `(y0, y1, [(x0, x1)])`.
    public var bands: [(y0: Int, y1: Int, runs: [(x0: Int, x1: Int)])] {
        var out: [(y0: Int, y1: Int, runs: [(x0: Int, x1: Int)])] = []
        for ty in 0..<rows {
            let runs = tileRuns(row: ty).map { (x0: $0 * tile, x1: min(width, $1 * tile)) }
            if !runs.isEmpty { out.append((ty * tile, min(height, ty * tile + tile), runs)) }
        }
        return out
    }

    /// The runs of marked tiles in a row of tiles, as columns of tiles `[start, end)`.
    private func tileRuns(row ty: Int) -> [(start: Int, end: Int)] {
        var runs: [(start: Int, end: Int)] = []
        var tx = 0
        while tx < columns {
            guard marked[ty * columns + tx] else {
                tx += 1
                continue
            }
            let start = tx
            while tx < columns && marked[ty * columns + tx] { tx += 1 }
            runs.append((start, tx))
        }
        return runs
    }

    /// The marked tiles as few rectangles: runs along each row of tiles, and a run joined
    /// with the one under it when they span the same columns.
    public var rects: [Rect] {
        var out: [Rect] = []
        var open: [Int: Int] = [:]   // run start column → index in `out` of the run ending at the row above
        for ty in 0..<rows {
            var next: [Int: Int] = [:]
            for (start, end) in tileRuns(row: ty) {
                let x0 = start * tile, x1 = min(width, end * tile)
                let y0 = ty * tile, y1 = min(height, y0 + tile)
                if let k = open[start], out[k].maxX == x1 {
                    out[k].height = y1 - out[k].y
                    next[start] = k
                } else {
                    out.append(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
                    next[start] = out.count - 1
                }
            }
            open = next
        }
        return out
    }
}
