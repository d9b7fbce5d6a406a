import Glibc

/// Solid fills that leave out what a later layer will cover.
///
/// A frame is drawn back to front: the background, then panels and boxes, then text. Every
/// pixel of the background under a choice box is written twice, and the box's colour is the
/// only one that survives. Filling only the parts no later opaque shape covers gives the same
/// pixels for less memory traffic — on a question screen the boxes cover about a third of it.
extension Canvas {
    /// Fills `rect` (clipped) except the rectangles in `holes`, whose pixels are left as they
    /// are: the caller guarantees something opaque is drawn over them later.
    public func fillRect(_ rect: Rect, _ color: Color, excluding holes: [Rect]) {
        let r = rect.intersection(clip)
        guard !r.isEmpty else { return }
        let inside = holes.map { $0.intersection(r) }.filter { !$0.isEmpty }
        guard !inside.isEmpty else {
            fillRect(r, color)
            return
        }
        // Bands of rows in which the same holes are present: every hole edge starts a new band.
        var edges = [r.minY, r.maxY]
        for h in inside { edges += [h.minY, h.maxY] }
        edges.sort()
        let p = color.pixel
        var spans: [(Int, Int)] = []
        for k in 0..<(edges.count - 1) where edges[k] < edges[k + 1] {
            let y0 = edges[k], y1 = edges[k + 1]
            // The holes across this band, as merged x intervals.
            let across = inside.filter { $0.minY <= y0 && $0.maxY >= y1 }.map { ($0.minX, $0.maxX) }.sorted { $0.0 < $1.0 }
            spans.removeAll(keepingCapacity: true)
            var x = r.minX
            for (a, b) in across {
                if a > x { spans.append((x, a)) }
                x = max(x, b)
            }
            if x < r.maxX { spans.append((x, r.maxX)) }
            for y in y0..<y1 {
                let row = pixels + y * stride
                for (a, b) in spans { Canvas.fill(row + a, p, count: b - a) }
            }
        }
    }

    /// The part of a rounded rectangle that `fillRoundedRect` writes solidly, whatever lies
    /// under it: the full-width rows between the corners and the middle columns beside them.
    public static func solidInterior(ofRoundedRect rect: Rect, radius: Double) -> [Rect] {
        guard !rect.isEmpty else { return [] }
        let r = max(0, min(radius, Double(min(rect.width, rect.height)) / 2))
        let band = Int(r.rounded(.up))
        guard band > 0 else { return [rect] }
        return [Rect(x: rect.minX, y: rect.minY + band, width: rect.width, height: rect.height - 2 * band),
                Rect(x: rect.minX + band, y: rect.minY, width: rect.width - 2 * band, height: rect.height)].filter { !$0.isEmpty }
    }
}
