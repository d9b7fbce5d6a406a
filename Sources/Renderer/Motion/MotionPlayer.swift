import Pixels

/// Draws an output's frames one after another, each from the one before: only what changed is
/// drawn again (the wedge a countdown's ring swept and the strip its bar lost, a reveal's bars
/// and numbers, the rows that move), and a cross-fade writes only the pixels where the frame
/// leaving and the frame arriving differ, as its plan says (`FadePlan`). The pixels are always those `SceneRenderer.render(_ moment:into:)` draws from
/// nothing; tests hold it to that.
public final class MotionPlayer {
    public let renderer: SceneRenderer

    /// The canvas the last frame went into, and what it was.
    private weak var canvas: Canvas?
    private var last: (moment: Moment, items: [SceneItem], pose: Pose)?
    /// The origin last captured from `canvas`: the canvas still holds its picture until the
    /// next frame is drawn.
    private weak var captured: Origin?
    /// A cross-fade under way: the arriving frame drawn alone, the tiles that differ from the
    /// picture leaving (or have changed since), and how their pixels are faded (`FadePlan`).
    private var fade: (origin: Origin, items: [SceneItem], tiles: TileMask, plan: FadePlan, weight: Int)?
    /// Where the arriving frame is drawn during a fade (kept for the next one of this size).
    private var incoming: Canvas?

    public init(renderer: SceneRenderer) {
        self.renderer = renderer
    }

    /// The pose of the frame last drawn.
    public var pose: Pose? { last?.pose }

    /// Draws `moment` into `canvas`, which holds whatever this player drew into it last (any
    /// other canvas is drawn whole). Returns the rectangles whose pixels may have changed.
    @discardableResult
    public func draw(_ moment: Moment, into canvas: Canvas) -> [Rect] {
        var m = moment
        (m.frame.width, m.frame.height) = (canvas.width, canvas.height)
        renderer.text.cache.beginFrame()
        let (description, pose) = renderer.layout(m.frame, motion: m.sceneMotion)
        let items = description.items
        let known = canvas === self.canvas && last.map { $0.moment.frame.width == canvas.width && $0.moment.frame.height == canvas.height } == true
        let holdsOrigin = known && m.origin != nil && m.origin === captured
        defer {
            self.canvas = canvas
            last = (m, items, pose)
            captured = nil
        }
        let bounds = canvas.bounds

        if m.fadesFromOrigin, let origin = m.origin {
            let weight = SceneRenderer.fadeWeight(m.elapsed)
            if let f = fade, f.origin === origin, known, let incoming {
                // The arriving frame brought to this instant, then the changed tiles faded.
                let damage = ItemDamage.between(f.items, items, bounds: bounds)
                var tiles = f.tiles, plan = f.plan
                for r in damage {
                    incoming.withClip(r) { incoming.draw(items, text: renderer.text, paths: renderer.paths, inspector: renderer.inspector) }
                    tiles.insert(r)
                    plan.replan(r)
                }
                fade = (origin, items, tiles, plan, weight)
                if damage.isEmpty && weight == f.weight { return [] }
                // Where the arriving frame was drawn again the canvas may hold the fade to what
                // it was, also in pixels now equal to the leaving frame, which the plan skips.
                for r in damage { canvas.crossFade(from: origin.picture, to: incoming, weight: weight, in: r) }
                canvas.crossFade(plan, weight: weight)
                return tiles.rects
            }
            let target = incoming.flatMap { $0.width == canvas.width && $0.height == canvas.height ? $0 : nil }
                ?? Canvas(width: canvas.width, height: canvas.height)
            incoming = target
            target.draw(items, text: renderer.text, paths: renderer.paths, inspector: renderer.inspector)
            let tiles = TileMask(differences: origin.picture, target)
            // What the plan skips (the frames equal) the canvas holds from here on: this first
            // fade of the whole canvas, or the picture leaving.
            guard holdsOrigin else {
                fade = (origin, items, tiles, FadePlan(from: origin.picture, to: target, in: tiles), weight)
                canvas.crossFade(from: origin.picture, to: target, weight: weight, in: bounds)
                return [bounds]
            }
            // This frame written as the plan is made: one pass over both frames, not two.
            fade = (origin, items, tiles, FadePlan(from: origin.picture, to: target, in: tiles, writing: (canvas, weight)), weight)
            return tiles.rects
        }

        guard known, let previous = last else {
            fade = nil
            canvas.draw(items, text: renderer.text, paths: renderer.paths, inspector: renderer.inspector)
            return [bounds]
        }
        var damage: [Rect] = []
        var before = previous.items
        if let f = fade, let incoming {
            // The fade is over: the faded tiles become the arriving frame as last drawn.
            let rects = f.tiles.rects
            for r in rects { canvas.copy(r, from: incoming) }
            damage = rects
            before = f.items
            fade = nil
        }
        let changed = ItemDamage.between(before, items, bounds: bounds)
        for r in changed {
            canvas.withClip(r) { canvas.draw(items, text: renderer.text, paths: renderer.paths, inspector: renderer.inspector) }
        }
        return ItemDamage.merge(damage + changed)
    }

    /// The frame on screen (the last one drawn) as the origin of the state arriving now: its
    /// pixels copied, its state and pose. nil before any frame.
    public func capture() -> Origin? {
        guard let canvas, let last else { return nil }
        let origin = Origin(frame: last.moment.frame, pose: last.pose, picture: Canvas(copying: canvas),
                            sceneAge: last.moment.sceneAge)
        captured = origin
        return origin
    }

    /// Forgets what any canvas holds: the next frame is drawn whole.
    public func reset() {
        canvas = nil
        last = nil
        fade = nil
        captured = nil
    }
}
