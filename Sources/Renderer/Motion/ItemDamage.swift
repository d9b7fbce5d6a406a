import Pixels

/// Where two frames' item lists draw different pixels: the damage of one animation frame.
///
/// Items are matched by role, index and their order among items of that role and index (the
/// second line of choice 2 with the second line of choice 2). An item drawn the same way in
/// both frames costs nothing; one that changed, appeared or went damages every pixel it can
/// touch in either frame, and an item whose place in the drawing order changed counts as
/// changed (it may now cover or be covered by another). A bar that only grows or shrinks
/// damages just the strip between its two ends, and an arc that sweeps the wedge between its
/// two ends. Everything else in those rectangles is drawn again with them, so any pixel
/// outside them is the same in both frames.
enum ItemDamage {
    static func between(_ old: [SceneItem], _ new: [SceneItem], bounds: Rect) -> [Rect] {
        // The frames of one animation list the same items in the same order (a ring that
        // sweeps, bars that grow): then item i matches item i, and every item keeps its
        // neighbours — the matching below gives exactly this, without hashing every item at
        // 60 frames a second.
        guard old.count == new.count, zip(old, new).allSatisfy({ $0.role == $1.role && $0.index == $1.index }) else {
            return matched(old, new, bounds: bounds)
        }
        return merged(zip(old, new).flatMap { changed($0, $1, neighboursKept: true) }, within: bounds)
    }

    /// What one item matched across two frames damages: the strip a bar grew or shrank by, or
    /// everywhere it can reach in either frame when it is drawn differently or its place in the
    /// drawing order changed; nothing when it is drawn the same.
    private static func changed(_ before: SceneItem, _ after: SceneItem, neighboursKept: @autoclosure () -> Bool) -> [Rect] {
        if let strip = strip(before, after) { return [strip] }
        if let wedge = wedge(before, after) { return [wedge] }
        return drawsSame(before, after) && neighboursKept() ? [] : [reach(before), reach(after)]
    }

    /// The general case: items matched by key, whatever their order and number.
    static func matched(_ old: [SceneItem], _ new: [SceneItem], bounds: Rect) -> [Rect] {
        let a = keyed(old), b = keyed(new)
        var damage: [Rect] = []
        var position: [Key: Int] = [:]
        for (i, entry) in a.enumerated() { position[entry.key] = i }
        var seen = Set<Key>()
        for (i, entry) in b.enumerated() {
            seen.insert(entry.key)
            guard let j = position[entry.key] else {
                damage.append(reach(entry.item))
                continue
            }
            damage += changed(a[j].item, entry.item, neighboursKept: sameNeighbours(a, j, b, i))
        }
        for entry in a where !seen.contains(entry.key) { damage.append(reach(entry.item)) }
        return merged(damage, within: bounds)
    }

    /// The damage on the screen, in few rectangles.
    private static func merged(_ damage: [Rect], within bounds: Rect) -> [Rect] {
        merge(damage.map { $0.intersection(bounds) }.filter { !$0.isEmpty })
    }

    struct Key: Hashable {
        var role: Role
        var index: Int?
        var ordinal: Int
    }

    private static func keyed(_ items: [SceneItem]) -> [(key: Key, item: SceneItem)] {
        var count: [Key: Int] = [:]
        return items.map { item in
            var k = Key(role: item.role, index: item.index, ordinal: 0)
            let n = count[k, default: 0]
            count[k] = n + 1
            k.ordinal = n
            return (k, item)
        }
    }

    /// Whether the items drawn just before an item are the same in both frames (its place in
    /// the drawing order kept).
    private static func sameNeighbours(_ a: [(key: Key, item: SceneItem)], _ j: Int, _ b: [(key: Key, item: SceneItem)], _ i: Int) -> Bool {
        (j == 0) == (i == 0) && (j == 0 || a[j - 1].key == b[i - 1].key)
    }

    /// Every pixel an item can write: a text line's clip, a path's bounds grown by the pixel the
    /// rasterizer reaches past them, a shape's box.
    static func reach(_ item: SceneItem) -> Rect {
        switch item.drawing {
        // A glyph's ink may reach past its line box (marks stacked high), never past the clip.
        case let .line(_, _, _, clip): return clip
        case .path: return Rect(x: item.box.x - 1, y: item.box.y - 1, width: item.box.width + 2, height: item.box.height + 2)
        case let .arc(arc): return arc.reach
        case .rect, .roundedRect, .qr, .image, .picture: return item.box
        }
    }

    /// Two plain rectangles of one colour on one row and one left edge, of different widths
    /// (a countdown bar, a growing answer bar's square kin): the strip between their ends.
    private static func strip(_ a: SceneItem, _ b: SceneItem) -> Rect? {
        guard case .rect = a.drawing, case .rect = b.drawing, a.color == b.color, a.box.x == b.box.x, a.box.y == b.box.y,
              a.box.height == b.box.height, a.box.width != b.box.width else { return nil }
        let lo = min(a.box.maxX, b.box.maxX), hi = max(a.box.maxX, b.box.maxX)
        return Rect(x: lo, y: a.box.y, width: hi - lo, height: a.box.height)
    }

    /// The same arc of one colour at two sweeps (the countdown's ring as it runs down): the
    /// wedge between its two ends.
    private static func wedge(_ a: SceneItem, _ b: SceneItem) -> Rect? {
        guard case let .arc(arcA) = a.drawing, case let .arc(arcB) = b.drawing, a.color == b.color, arcA.sweep != arcB.sweep else { return nil }
        return arcA.changed(to: arcB)
    }

    static func drawsSame(_ a: SceneItem, _ b: SceneItem) -> Bool {
        guard a.box == b.box, a.color == b.color else { return false }
        switch (a.drawing, b.drawing) {
        case let (.line(l1, x1, base1, clip1), .line(l2, x2, base2, clip2)):
            return x1 == x2 && base1 == base2 && clip1 == clip2 && a.px == b.px && l1.glyphs == l2.glyphs
        case (.rect, .rect): return true
        case let (.roundedRect(r1), .roundedRect(r2)): return r1 == r2
        case let (.path(p1), .path(p2)): return p1 == p2
        case let (.arc(a1), .arc(a2)): return a1 == a2
        case let (.qr(c1, r1, l1), .qr(c2, r2, l2)): return c1 == c2 && r1 == r2 && l1 == l2
        case let (.image(i1), .image(i2)): return i1 == i2
        // The same prepared picture shares its pixel storage, which `==` sees at once.
        case let (.picture(p1, r1), .picture(p2, r2)): return r1 == r2 && p1 == p2
        default: return false
        }
    }

    /// Fewer, larger rectangles: any two that overlap or touch become their union when that
    /// costs at most a quarter more pixels than the two apart (each damage rectangle is a pass
    /// over the item list).
    static func merge(_ rects: [Rect]) -> [Rect] {
        var out = rects
        var changed = true
        while changed {
            changed = false
            outer: for i in out.indices {
                for j in out.indices where j > i {
                    let u = out[i].union(out[j])
                    let apart = out[i].width * out[i].height + out[j].width * out[j].height
                    let touching = !out[i].insetBy(dx: -1, dy: -1).intersection(out[j]).isEmpty
                    if touching && u.width * u.height * 4 <= apart * 5 || u == out[i] || u == out[j] {
                        out[i] = u
                        out.remove(at: j)
                        changed = true
                        break outer
                    }
                }
            }
        }
        return out
    }
}
