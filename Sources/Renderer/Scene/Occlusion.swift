import Pixels

/// Which parts of a frame's solid fills a later item paints over completely, so drawing can
/// leave them out (no overdraw: the background under the choice boxes, a correct answer's
/// white ring under its box, a dimmed choice's rim under its inside, a row's track under its
/// bar). The pixels are the same either way; only the memory traffic is saved.
enum Occlusion {
    /// Fills smaller than this are drawn whole: looking for what covers them costs more than
    /// drawing them.
    static let minimumArea = 4096

    /// For each item index whose fill is worth trimming, the opaque interiors of the items
    /// drawn after it that overlap it, limited to `clip`.
    static func holes(in items: [SceneItem], clip: Rect) -> [Int: [Rect]] {
        var solid: [(index: Int, box: Rect, interior: [Rect])] = []
        for (i, item) in items.enumerated() {
            guard let interior = opaqueInterior(item) else { continue }
            solid.append((i, item.box.intersection(clip), interior.map { $0.intersection(clip) }.filter { !$0.isEmpty }))
        }
        var out: [Int: [Rect]] = [:]
        for (k, under) in solid.enumerated() where under.box.width * under.box.height >= minimumArea {
            var holes: [Rect] = []
            for over in solid[(k + 1)...] {
                for r in over.interior {
                    let h = r.intersection(under.box)
                    if !h.isEmpty { holes.append(h) }
                }
            }
            if !holes.isEmpty { out[under.index] = holes }
        }
        return out
    }

    /// The rectangles an item writes with its own colour whatever was under them, or nil for
    /// items that blend (text, paths, images) and pictures (their corners rounded as scaled).
    static func opaqueInterior(_ item: SceneItem) -> [Rect]? {
        guard !item.box.isEmpty else { return nil }
        switch item.drawing {
        case .rect: return [item.box]
        case let .roundedRect(radius): return Canvas.solidInterior(ofRoundedRect: item.box, radius: radius)
        // The QR card's corners round by at most the radius asked for.
        case let .qr(_, radius, _): return Canvas.solidInterior(ofRoundedRect: item.box, radius: radius)
        case .line, .path, .arc, .image, .picture: return nil
        }
    }
}
