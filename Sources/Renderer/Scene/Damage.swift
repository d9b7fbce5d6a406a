import Pixels

/// Damage tracking in the manner of foot: a frame that differs from the one before only in the
/// clock redraws only what the clock moves (the countdown ring and bar, about 2% of a 1080p
/// screen), and anything else — a new state, size or overlay — is a full repaint. An output
/// copies just these rectangles from its canvas to its scan-out buffer;
/// with several buffers it asks for the damage since the frame that buffer holds.
extension SceneRenderer {
    /// The rectangles whose pixels may differ between a canvas showing `old` and one showing
    /// `new`: the whole canvas when there is no old frame or anything but the time changed;
    /// the scene's clock regions when what they show changed; none when the two frames are
    /// the same pixel for pixel.
    public func damage(from old: SceneFrame?, to new: SceneFrame) -> [Rect] {
        let bounds = Rect(x: 0, y: 0, width: new.width, height: new.height)
        guard let old, old.state == new.state, old.width == new.width, old.height == new.height,
              old.overlay == new.overlay, old.safeArea == new.safeArea, old.pictureVersion == new.pictureVersion else { return [bounds] }
        if old.now == new.now { return [] }
        let scene = scene(for: new.state.phase)
        let viewport = self.viewport(new)
        // A right-to-left room's ring stands on the left: the regions are mirrored as the items are.
        let mirror = self.mirror(new.state, viewport)
        func mirrored(_ r: ClockRegions?) -> ClockRegions? {
            guard var r, let mirror else { return r }
            r.rects = r.rects.map(mirror.rect)
            return r
        }
        let before = mirrored(scene.clockRegions(old.state, in: context(old)))
        let after = mirrored(scene.clockRegions(new.state, in: context(new)))
        switch (before, after) {
        case (nil, nil): return []
        case let (b?, a?) where b.layout != a.layout: return [bounds]
        case let (b?, a?) where b.shows == a.shows: return []
        case let (b?, a?) where b.rects == a.rects: return a.rects.map { $0.intersection(bounds) }.filter { !$0.isEmpty }
        default: return [bounds]
        }
    }

    /// Brings `canvas`, which holds the pixels of `old` (nil: unknown), to `new`, redrawing only
    /// the damage; the result is pixel for pixel the full render of `new`. Returns the
    /// rectangles redrawn.
    @discardableResult
    public func update(_ canvas: Canvas, from old: SceneFrame?, to new: SceneFrame) -> [Rect] {
        let sized = old.flatMap { $0.width == canvas.width && $0.height == canvas.height ? $0 : nil }
        var target = new
        (target.width, target.height) = (canvas.width, canvas.height)
        let rects = damage(from: sized, to: target)
        if !rects.isEmpty { text.cache.beginFrame() }
        if rects.count == 1, rects[0] == canvas.bounds {
            draw(target, into: canvas)
            return rects
        }
        for r in rects {
            canvas.withClip(r) { draw(target, into: canvas) }
        }
        return rects
    }
}
