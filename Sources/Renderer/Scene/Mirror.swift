import Pixels

/// A right-to-left room's screen: laid out as a left-to-right one, then every item placed at
/// its mirror image about the vertical centre line of the safe area — choice 1 at the top
/// right, the standings' ranks on the right and scores on the left, second place right of the
/// winner, bars growing from the right. What is drawn keeps its own orientation: text its
/// glyphs (its alignment turns: a line set flush left stands flush right), shapes their form (a
/// tick is a tick, the countdown still runs clockwise), pictures and the QR code are not
/// flipped; only where each stands moves.
struct Mirror {
    /// The left plus the right edge of the safe area, in pixels: x ↦ axis − x.
    let axis: Int

    init(safeArea: Rect) { axis = safeArea.minX + safeArea.maxX }

    func rect(_ r: Rect) -> Rect { Rect(x: axis - r.maxX, y: r.y, width: r.width, height: r.height) }

    func x(_ x: Double) -> Double { Double(axis) - x }
}

extension HorizontalAlignment {
    /// Left for right: the start of a line in a right-to-left room.
    var flipped: HorizontalAlignment {
        switch self {
        case .left: return .right
        case .right: return .left
        // The text's own start and end already follow each line's direction.
        case .center, .start, .end: return self
        }
    }
}

extension Path {
    /// The same path moved `dx` pixels to the right.
    func shifted(dx: Double) -> Path {
        contours.reduce(Path()) { p, c in p.appending(Path(polygon: c.map { Point($0.x + dx, $0.y) })) }
    }
}

extension SceneItem {
    /// A shape or picture at its mirrored place (text is placed mirrored as it is laid out:
    /// `SceneContext.placeLines`).
    func mirrored(_ m: Mirror) -> SceneItem {
        var moved = m.rect(box)
        var d = drawing
        switch drawing {
        case let .path(p):
            // Moved so its bounds are the mirrored bounds: the shape itself is not turned over.
            d = .path(p.shifted(dx: Double(moved.minX - box.minX)))
        case let .arc(a):
            let arc = RingArc(cx: m.x(a.cx), cy: a.cy, outer: a.outer, inner: a.inner, start: a.start, sweep: a.sweep)
            (d, moved) = (.arc(arc), arc.box)
        case let .line(line, x, baseline, clip):
            d = .line(line, x: m.axis - x - line.width, baseline: baseline, clip: m.rect(clip))
        case .rect, .roundedRect, .qr, .image, .picture:
            break
        }
        var item = SceneItem(kind: kind, role: role, index: index, box: moved, color: color, text: text, px: px,
                             background: background, truncated: truncated, drawing: d)
        item.picture = picture
        return item
    }
}
