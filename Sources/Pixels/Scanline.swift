/// Exact-area coverage of a path, one row at a time.
///
/// The method is font-rs's (stb_truetype v2): every polygon edge adds, to each pixel cell it
/// passes, the signed area it leaves to its right, and a running sum along each row turns the
/// cells into coverage. Done over a buffer for the whole box, a countdown ring on a 4K screen
/// zeroes, fills and sums 95,000 cells a frame. Here the same arithmetic runs row by row: the
/// edges crossing a row (an active-edge list, in the order the path gives them) add to one row
/// of cells, which is summed, handed over and cleared. Each edge keeps the running x it would
/// have had stepping down the box, and each cell receives the same additions in the same order,
/// so the coverage is the same to the last bit as the whole-box buffer gave (golden images
/// hold it to that). Runs of eight cells no edge touched add nothing to the sum, so their
/// coverage is written at once: a row of a ring is its four edges, not its 300 pixels.
enum Scanline {
    private struct Edge {
        /// Running x at the top of the next row to process (box coordinates).
        var x: Double
        let y0: Double
        let y1: Double
        let dxdy: Double
        let dir: Float
        let firstRow: Int
    }

    /// Calls `emit` with each row of coverage (0...255, `width` bytes) of the rows
    /// `rows` of a `width` × `height` box, the path translated by (-ox, -oy) into it.
    static func rasterize(_ path: Path, ox: Double, oy: Double, width: Int, height: Int, rows: Range<Int>,
                          emit: (Int, UnsafePointer<UInt8>) -> Void) {
        guard width > 0, height > 0 else { return }
        let fw = Double(width), fh = Double(height)
        // The edges in path order, trimmed to the box's rows as the whole-box buffer did.
        var edges: [Edge] = []
        for contour in path.contours where contour.count >= 3 {
            for i in 0..<contour.count {
                let p = contour[i], q = contour[(i + 1) % contour.count]
                let ay = p.y - oy, by = q.y - oy
                guard ay != by else { continue }
                let ax = p.x - ox, bx = q.x - ox
                var (x0, y0, x1, y1) = ay < by ? (ax, ay, bx, by) : (bx, by, ax, ay)
                let dxdy = (x1 - x0) / (y1 - y0)
                if y0 < 0 { x0 -= y0 * dxdy; y0 = 0 }
                if y1 > fh { x1 -= (y1 - fh) * dxdy; y1 = fh }
                guard y0 < y1 else { continue }
                edges.append(Edge(x: x0, y0: y0, y1: y1, dxdy: dxdy, dir: ay < by ? 1 : -1, firstRow: Int(y0)))
            }
        }
        guard !edges.isEmpty else { return }
        // Which edges start at each row, in path order.
        let byStart = edges.indices.sorted { edges[$0].firstRow != edges[$1].firstRow ? edges[$0].firstRow < edges[$1].firstRow : $0 < $1 }
        let rowStride = width + 2, chunks = (rowStride + 7) >> 3
        var cellStore = [Float](repeating: 0, count: rowStride)
        var touchedStore = [Bool](repeating: false, count: chunks)
        var coverageStore = [UInt8](repeating: 0, count: width)
        var active: [Int] = []
        active.reserveCapacity(edges.count)
        var next = 0
        let last = min(height, rows.upperBound)
        var row = edges[byStart[0]].firstRow
        edges.withUnsafeMutableBufferPointer { edges in
        cellStore.withUnsafeMutableBufferPointer { cells in
        touchedStore.withUnsafeMutableBufferPointer { touched in
        coverageStore.withUnsafeMutableBufferPointer { coverage in
            while row < last {
                // Edges starting here join the list, which stays in path order.
                var joined = false
                while next < byStart.count, edges[byStart[next]].firstRow == row {
                    active.append(byStart[next])
                    next += 1
                    joined = true
                }
                if joined { active.sort() }
                if active.isEmpty {
                    // Nothing here: on to the next row an edge starts at.
                    row = next < byStart.count ? edges[byStart[next]].firstRow : last
                    continue
                }
                let r = Double(row)
                var kept = 0
                for k in active {
                    let top = max(r, edges[k].y0), bottom = min(r + 1, edges[k].y1)
                    let dy = bottom - top
                    let x = edges[k].x
                    let xNext = x + edges[k].dxdy * dy
                    let d = Float(dy) * edges[k].dir
                    // Clamp into [0, width]: area left of the box is carried in column 0.
                    let xa = min(max(min(x, xNext), 0), fw), xb = min(max(max(x, xNext), 0), fw)
                    let ia = Int(xa), ib = Int(xb.rounded(.up))
                    for c in (ia >> 3)...(min(ib + 1, rowStride - 1) >> 3) { touched[c] = true }
                    if ib <= ia + 1 {
                        // The edge stays within one cell: split its area between that cell and the next.
                        let mid = Float((xa + xb) / 2 - Double(ia))
                        cells[ia] += d * (1 - mid)
                        cells[ia + 1] += d * mid
                    } else {
                        // The edge crosses several cells: a triangle in the first, trapezoids in between.
                        let inv = Float(1 / (xb - xa))
                        let fa = Float(xa - Double(ia))
                        let a0 = 0.5 * inv * (1 - fa) * (1 - fa)
                        let fb = Float(xb - Double(ib) + 1)
                        let aEnd = 0.5 * inv * fb * fb
                        cells[ia] += d * a0
                        if ib == ia + 2 {
                            cells[ia + 1] += d * (1 - a0 - aEnd)
                        } else {
                            let a1 = inv * (1.5 - fa)
                            cells[ia + 1] += d * (a1 - a0)
                            var i = ia + 2
                            while i < ib - 1 {
                                cells[i] += d * inv
                                i += 1
                            }
                            let a2 = a1 + Float(ib - ia - 3) * inv
                            cells[ib - 1] += d * (1 - a2 - aEnd)
                        }
                        cells[ib] += d * aEnd
                    }
                    edges[k].x = xNext
                    // Edges that end in this row leave the list.
                    if Double(row + 1) < edges[k].y1 {
                        active[kept] = k
                        kept += 1
                    }
                }
                active.removeLast(active.count - kept)
                let wanted = row >= rows.lowerBound
                var sum: Float = 0
                var x = 0
                // The running sum as coverage, and the cells cleared for the next row.
                for c in 0..<chunks {
                    let end = min(rowStride, (c << 3) + 8)
                    if touched[c] {
                        touched[c] = false
                        while x < end {
                            if x < width {
                                sum += cells[x]
                                if wanted { coverage[x] = UInt8(min(1, abs(sum)) * 255 + 0.5) }
                            }
                            cells[x] = 0
                            x += 1
                        }
                    } else {
                        if wanted, x < width {
                            let a = UInt8(min(1, abs(sum)) * 255 + 0.5)
                            (coverage.baseAddress! + x).update(repeating: a, count: min(width, end) - x)
                        }
                        x = end
                    }
                }
                if wanted { emit(row, UnsafePointer(coverage.baseAddress!)) }
                row += 1
            }
        }
        }
        }
        }
    }
}
