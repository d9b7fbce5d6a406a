import Pixels

/// Draws an output's frames one after another, each from the one before: only what changed is
/// drawn again (the wedge a countdown's ring swept and the strip its bar lost, a reveal's bars
/// and numbers, the rows that move), and a cross-fade writes only the pixels where the frame
/// leaving and the frame arriving differ, as its plan says (`PackedFade`), which keeps only
/// those pixels of either frame: a fade costs the screen's canvas and its differences, never
/// two more frames. The pixels are always those `SceneRenderer.render(_ moment:into:)` draws
/// from nothing; tests hold it to that.
public final class MotionPlayer {
    public let renderer: SceneRenderer

    /// The canvas the last frame went into, and what it was.
    private weak var canvas: Canvas?
    private var last: (moment: Moment, items: [SceneItem], pose: Pose)?
    /// The origin last captured from `canvas`: the canvas still holds its picture until the
    /// next frame is drawn.
    private weak var captured: Origin?
    /// A cross-fade under way: the arriving frame's items as last drawn and as first drawn,
    /// what the fade keeps and writes (`PackedFade`: only where the two frames differ), and
    /// the weight last written. The leaving frame is `leaving`'s canvas, or (`nil`) the
    /// arriving frame as first drawn with the plan's first differences over it.
    private var fade: Fade?

    private struct Fade {
        let origin: Origin
        var items: [SceneItem]
        let firstItems: [SceneItem]
        let plan: PackedFade
        var weight: Int
        let leaving: Canvas?
    }

    public init(renderer: SceneRenderer) {
        self.renderer = renderer
    }

    /// The pose of the frame last drawn.
    public var pose: Pose? { last?.pose }

    /// Bytes the fade under way holds (0 when none): what the fade costs in memory beside the
    /// screen's own canvas.
    public var fadeBytes: Int { fade?.plan.byteCount ?? 0 }

    /// The plan of the fade under way (tests).
    var fadePlan: PackedFade? { fade?.plan }

    /// The share of the screen (0…1) the fade under way was first planned over: where the
    /// frames may differ, all that its first frame read.
    public private(set) var fadePlanned = 0.0

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
        let fades = m.fadesFromOrigin
        let holdsOrigin = known && fades && m.origin != nil && m.origin === captured && m.origin?.pixels?.screen === canvas
        // An origin captured from the canvas that this frame does not fade from as the fade
        // starts: its pixels get a canvas of their own before the canvas changes.
        if !holdsOrigin { captured?.pixels?.leaveScreen() }
        defer {
            self.canvas = canvas
            last = (m, items, pose)
            captured = nil
        }
        let bounds = canvas.bounds

        if fades, let origin = m.origin {
            let weight = SceneRenderer.fadeWeight(m.elapsed)
            if var f = fade, f.origin === origin, known {
                // The arriving frame brought to this instant where it changed: planned again
                // there, the canvas given it, then every planned pixel faded.
                let damage = ItemDamage.between(f.items, items, bounds: bounds)
                for r in damage { replan(r, f, items: items, into: canvas) }
                f.items = items
                let unchanged = damage.isEmpty && weight == f.weight
                f.weight = weight
                fade = f
                if unchanged { return [] }
                f.plan.write(into: canvas, weight: weight)
                return f.plan.tiles.rects
            }
            // A new fade. The canvas holding the leaving frame differs from the arriving one
            // only where items changed since the frame last drawn, and where a fade under way
            // has written (between two other frames): only there is anything read or written.
            let arrivingPicture = Self.sharedPicture(items, bounds: bounds)
            guard holdsOrigin, let previous = last else {
                return startFade(from: origin, holding: nil, places: [canvas.clip], pictures: (nil, arrivingPicture), to: items,
                                 into: canvas, weight: weight)
            }
            let written = fade?.plan.tiles.rects ?? []
            let differs = ItemDamage.between(previous.items, items, bounds: bounds) + written
            // A picture on the canvas is the picture still, except where a fade has written.
            let leavingPicture = Self.sharedPicture(previous.items, bounds: bounds).flatMap { p in
                written.contains { !$0.intersection(p.rect).isEmpty } ? nil : p
            }
            return startFade(from: origin, holding: canvas, places: differs, pictures: (leavingPicture, arrivingPicture), to: items,
                             into: canvas, weight: weight)
        }

        guard known, let previous = last else {
            fade = nil
            canvas.draw(items, text: renderer.text, paths: renderer.paths, inspector: renderer.inspector)
            return [bounds]
        }
        var damage: [Rect] = []
        var before = previous.items
        if let f = fade {
            // The fade is over: the faded pixels become the arriving frame as last drawn.
            f.plan.write(into: canvas, weight: Canvas.fullWeight)
            damage = f.plan.tiles.rects
            before = f.items
            fade = nil
        }
        let changed = ItemDamage.between(before, items, bounds: bounds)
        for r in changed {
            canvas.withClip(r) { canvas.draw(items, text: renderer.text, paths: renderer.paths, inspector: renderer.inspector) }
        }
        return ItemDamage.merge(damage + changed)
    }

    /// A new fade from `origin` to `items`: the arriving frame drawn a band at a time beside
    /// the leaving one in `places`, each row planned there, and this frame written as it is
    /// scanned. `holding`: the canvas holds the leaving frame (read from there, then kept only
    /// where it differs), which outside `places` is the arriving frame already; else the
    /// origin's own picture is the leaving frame and `places` is the whole canvas, written.
    /// `pictures`: where the leaving and the arriving frame are copies of a picture (read from
    /// there rather than kept).
    private func startFade(from origin: Origin, holding: Canvas?, places: [Rect],
                           pictures: (leaving: PackedFade.Shared?, arriving: PackedFade.Shared?),
                           to items: [SceneItem], into canvas: Canvas, weight: Int) -> [Rect] {
        let leaving: Canvas? = holding == nil ? origin.picture : nil
        let source = leaving ?? canvas
        let plan = PackedFade(width: canvas.width, height: canvas.height)
        plan.share(leaving: pictures.leaving, arriving: pictures.arriving)
        let area = canvas.clip
        guard !area.isEmpty else { return [] }
        var mask = TileMask(width: canvas.width, height: canvas.height, tile: Self.placeTile)
        for r in places { mask.insert(r.intersection(area)) }
        let rows = mask.bands.compactMap { band -> (y0: Int, y1: Int, runs: [PackedFade.Run])? in
            let runs = band.runs.map { PackedFade.Run(max($0.x0, area.minX), min($0.x1, area.maxX)) }.filter { $0.x0 < $0.x1 }
            let y0 = max(band.y0, area.minY), y1 = min(band.y1, area.maxY)
            return runs.isEmpty || y0 >= y1 ? nil : (y0, y1, runs)
        }
        fadePlanned = Double(rows.reduce(0) { $0 + ($1.y1 - $1.y0) * $1.runs.reduce(0) { $0 + $1.x1 - $1.x0 } })
            / Double(max(1, canvas.width * canvas.height))
        // At weight 0 (a fade's first frame is drawn for the instant its state arrived) the
        // fade is the leaving frame: a canvas that holds it already is not written at all.
        let writes = leaving != nil || weight > 0
        let memory = UnsafeMutablePointer<UInt32>.allocate(capacity: Self.bandRows * canvas.width)
        defer { memory.deallocate() }
        var i = 0
        while i < rows.count {
            // Rows of tiles that follow one another, drawn together up to `bandRows` tall.
            var j = i + 1
            while j < rows.count, rows[j].y0 == rows[j - 1].y1, rows[j].y1 - rows[i].y0 <= Self.bandRows { j += 1 }
            let y0 = rows[i].y0, y1 = rows[j - 1].y1
            let band = Canvas(window: Rect(x: 0, y: y0, width: canvas.width, height: y1 - y0), width: canvas.width,
                              height: canvas.height, memory: memory)
            for run in Self.union(rows[i..<j].map(\.runs)) {
                band.withClip(Rect(x: run.x0, y: y0, width: run.x1 - run.x0, height: y1 - y0)) {
                    band.draw(items, text: renderer.text, paths: renderer.paths, inspector: nil)
                }
            }
            for k in i..<j {
                rows[k].runs.withUnsafeBufferPointer { runs in
                    for y in rows[k].y0..<rows[k].y1 {
                        plan.plan(row: y, runs: runs, a: source.pixels + y * source.stride, b: band.pixels + y * band.stride,
                                  writing: writes ? PackedFade.Pen(canvas, row: y, within: area, weight: weight) : nil, equal: leaving != nil)
                    }
                }
            }
            i = j
        }
        plan.keepFirstPlan()
        fade = Fade(origin: origin, items: items, firstItems: items, plan: plan, weight: weight, leaving: leaving)
        guard leaving == nil else { return [canvas.bounds] }
        // The leaving frame is kept as the plan's first differences from the arriving one.
        origin.pixels?.rebuild(with: Self.rebuilder(renderer, items, plan))
        return writes ? plan.tiles.rects : []
    }

    /// The side of the squares a fade's places are rounded out to: small enough that little
    /// beside a changed item is read, large enough that a row's runs are few.
    static let placeTile = 16
    /// The most rows of the arriving frame drawn at once when a fade starts (its scratch).
    static let bandRows = 64

    /// The columns covered by any of `rows`' runs, left to right.
    private static func union(_ rows: [[PackedFade.Run]]) -> [PackedFade.Run] {
        var out: [PackedFade.Run] = []
        for run in rows.joined().sorted(by: { $0.x0 < $1.x0 }) {
            if let last = out.last, run.x0 <= last.x1 {
                out[out.count - 1].x1 = max(last.x1, run.x1)
            } else {
                out.append(run)
            }
        }
        return out
    }

    /// The pixels of the frame drawn from `items` that are a question's picture as it is: its
    /// rows between its rounded corners, copied (`Canvas.draw(_: OpaqueImage…)`), where no
    /// item drawn after it reaches. nil without a picture, or with anything drawn over it.
    static func sharedPicture(_ items: [SceneItem], bounds: Rect) -> PackedFade.Shared? {
        guard let i = items.lastIndex(where: { if case .picture = $0.drawing { true } else { false } }),
              case let .picture(image, radius) = items[i].drawing else { return nil }
        // As the drawing rounds its corners: the rows of `band` pixels at the top and the
        // bottom are blended, the others copied.
        let r = max(0, min(radius, Double(min(image.width, image.height)) / 2))
        let band = Int(r.rounded(.up))
        let box = items[i].box
        let rows = Rect(x: box.x, y: box.y + band, width: image.width, height: image.height - 2 * band).intersection(bounds)
        guard !rows.isEmpty, !items[(i + 1)...].contains(where: { !ItemDamage.reach($0).intersection(rows).isEmpty }) else { return nil }
        return PackedFade.Shared(image: image, x: box.x, y: box.y, rect: rows)
    }

    /// Makes the leaving frame of a fade again: the arriving frame's first items drawn, the
    /// plan's first differences written over them.
    private static func rebuilder(_ renderer: SceneRenderer, _ items: [SceneItem], _ plan: PackedFade) -> () -> Canvas {
        {
            let c = Canvas(width: plan.width, height: plan.height)
            c.draw(items, text: renderer.text, paths: renderer.paths, inspector: nil)
            plan.writeFirstPlanLeaving(into: c, in: c.bounds)
            return c
        }
    }

    /// The arriving frame drawn again in `rect` during fade `f`: that part of the fade planned
    /// again between the leaving frame and the arriving one now, and the canvas given the
    /// arriving frame there (the fade is written over it next).
    private func replan(_ rect: Rect, _ f: Fade, items: [SceneItem], into canvas: Canvas) {
        let r = rect.intersection(canvas.bounds)
        guard !r.isEmpty else { return }
        let count = r.width * r.height
        let arriving = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
        defer { arriving.deallocate() }
        let now = Canvas(window: r, width: canvas.width, height: canvas.height, memory: arriving)
        now.draw(items, text: renderer.text, paths: renderer.paths, inspector: nil)
        // The leaving frame there: its own canvas, or made again from the first plan.
        var made: UnsafeMutablePointer<UInt32>?
        defer { made?.deallocate() }
        let leaving: Canvas
        if let l = f.leaving {
            leaving = l
        } else {
            let memory = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
            made = memory
            leaving = Canvas(window: r, width: canvas.width, height: canvas.height, memory: memory)
            leaving.draw(f.firstItems, text: renderer.text, paths: renderer.paths, inspector: nil)
            f.plan.writeFirstPlanLeaving(into: leaving, in: r)
        }
        for y in r.minY..<r.maxY {
            f.plan.plan(row: y, from: r.minX, to: r.maxX, a: leaving.pixels + y * leaving.stride, b: now.pixels + y * now.stride)
        }
        f.plan.damage(r)
        canvas.copy(r, from: now)
    }

    /// The frame on screen (the last one drawn) as the origin of the state arriving now: its
    /// state and pose, and its pixels where they are (copied only if the canvas changes before
    /// a fade from them starts). nil before any frame.
    public func capture() -> Origin? {
        guard let canvas, let last else { return nil }
        // Captured again before anything was drawn: the same picture.
        if let c = captured, c.pixels?.screen === canvas { return c }
        let origin = Origin(frame: last.moment.frame, pose: last.pose, pixels: OriginPixels(onScreen: canvas),
                            sceneAge: last.moment.sceneAge)
        captured = origin
        return origin
    }

    /// Forgets what any canvas holds: the next frame is drawn whole.
    public func reset() {
        captured?.pixels?.leaveScreen()
        canvas = nil
        last = nil
        fade = nil
        captured = nil
    }
}
