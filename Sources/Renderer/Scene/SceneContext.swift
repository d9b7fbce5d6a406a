import Locales
import Pixels
import QuizContract

/// What a scene lays its frame out with: the viewport's scale and safe area, the palette, the
/// type sizes, the room's words and the clock. A scene only appends items (text lines and
/// shapes, in reference units converted to pixels here); nothing is drawn until the list is
/// complete. A scene is a pure function of (state, viewport, settings, now).
final class SceneContext {
    let text: TextEngine
    let viewport: Viewport
    let theme: Theme
    /// The type sizes; a scene that cannot fit the venue's text scale lowers it for its own layout.
    var type: TypeScale
    /// Seconds since the Unix epoch.
    let now: Double
    /// The room's language; nil when nothing tells (an idle screen that has heard nothing).
    let locale: RoomLocale?
    /// The room's language tag for the text layer (hyphenation, the direction of text with no
    /// strong character, HarfBuzz's language): the state's `locale`, else what the text's script
    /// tells; nil when neither does.
    let language: String?
    /// Its words and numbers (English when nothing tells).
    let labels: Labels
    /// The venue's logo scaled to a pixel height (cached by the renderer), or nil.
    let logo: (Int) -> Image?
    /// A question's picture prepared for a slot, or nil while it is not (a placeholder instead).
    let picture: (String, PictureSlot) -> OpaqueImage?
    /// What to animate in this frame (`.settled`: the state as it is).
    let motion: SceneMotion
    /// A right-to-left room (Arabic, Hebrew): the scene lays its frame out left to right and
    /// every item is placed mirrored (`Mirror`); nil for a left-to-right one.
    let mirror: Mirror?
    /// The animated values this frame shows, filled in by the scene (a later state continues
    /// from them).
    var shown = Pose()
    private(set) var items: [SceneItem] = []

    init(text: TextEngine, viewport: Viewport, theme: Theme, settings: SceneSettings, now: Double, locale: RoomLocale?,
         language: String? = nil, motion: SceneMotion = .settled, mirrored: Bool? = nil, logo: @escaping (Int) -> Image?,
         picture: @escaping (String, PictureSlot) -> OpaqueImage? = { _, _ in nil }) {
        self.motion = motion
        mirror = mirrored ?? (locale?.isRightToLeft ?? false) ? Mirror(safeArea: viewport.safeArea) : nil
        self.text = text
        self.viewport = viewport
        self.theme = theme
        self.type = TypeScale(textScale: settings.textScale)
        self.now = now
        self.locale = locale
        self.language = language
        self.labels = Labels(locale ?? RoomLocale(.en))
        self.logo = logo
        self.picture = picture
    }

    /// An item laid out elsewhere (a picture and its frame).
    func append(_ item: SceneItem) { emit(item) }

    /// Every shape goes through here: at its mirrored place in a right-to-left room.
    private func emit(_ item: SceneItem) {
        if let mirror, item.role != .background { items.append(item.mirrored(mirror)) } else { items.append(item) }
    }

    var width: Double { viewport.referenceWidth }
    var height: Double { viewport.referenceHeight }
    var isPortrait: Bool { viewport.isPortrait }
    /// Side margins: the safe area is already inside what the TV shows, so these are for air.
    var margin: Double { isPortrait ? 56 : 80 }
    /// The bottom band every scene leaves free for the countdown bar and the offline mark.
    var footer: Double { 72 }

    func px(_ v: Double) -> Int { viewport.px(v) }

    // MARK: shapes

    func fill(_ role: Role, _ box: Box, radius: Double = 0, _ color: Color, index: Int? = nil) {
        let r = viewport.rect(box)
        emit(.shape(role, index: index, box: r, color: color, radius > 0 ? .roundedRect(radius: viewport.length(radius)) : .rect))
    }

    func fill(_ role: Role, pixels r: Rect, _ color: Color, index: Int? = nil) {
        emit(.shape(role, index: index, box: r, color: color, .rect))
    }

    /// A path in pixels (built with `viewport.point` and `viewport.length`).
    func fill(_ role: Role, path: Path, _ color: Color, index: Int? = nil, picture: String? = nil) {
        guard let b = path.bounds else { return }
        let x0 = Int(b.minX.rounded(.down)), y0 = Int(b.minY.rounded(.down))
        let r = Rect(x: x0, y: y0, width: Int(b.maxX.rounded(.up)) - x0, height: Int(b.maxY.rounded(.up)) - y0)
        var item = SceneItem.shape(role, index: index, box: r, color: color, .path(path))
        item.picture = picture
        emit(item)
    }

    /// The countdown's track or arc (in pixels), its box the pixels it covers.
    func fill(_ role: Role, arc: RingArc, _ color: Color) {
        emit(.shape(role, index: nil, box: arc.box, color: color, .arc(arc)))
    }

    func background(_ color: Color) {
        emit(.shape(.background, index: nil, box: Rect(x: 0, y: 0, width: viewport.width, height: viewport.height),
                            color: color, .rect))
    }

    /// A QR code as large as fits in `box`, whole-pixel modules, on its light card.
    func qr(_ code: QRCode, in box: Box, radius: Double) {
        let square = viewport.rect(box)
        let module = min(square.width, square.height) / code.sizeWithQuietZone
        guard module >= 1 else { return }
        let total = module * code.sizeWithQuietZone
        let card = Rect(x: square.x + (square.width - total) / 2, y: square.y + (square.height - total) / 2, width: total, height: total)
        emit(.shape(.qr, index: nil, box: card, color: theme.qrDark,
                            .qr(code, radius: viewport.length(radius), light: theme.qrLight)))
    }

    /// The venue's logo fitted into `box` (aspect kept), aligned left, centre or right;
    /// returns the box it took (nil without a logo).
    @discardableResult
    func logo(in box: Box, align: HorizontalAlignment) -> Box? {
        let frame = viewport.rect(box)
        guard frame.height > 0, frame.width > 0, let full = logo(frame.height) else { return nil }
        var image = full
        if image.width > frame.width {
            // Too wide for its place: scaled again to the width.
            let h = max(1, frame.height * frame.width / max(1, image.width))
            guard let narrower = logo(h) else { return nil }
            image = narrower
        }
        let x: Int
        switch align.resolved(for: .leftToRight) {
        case .center: x = frame.x + (frame.width - image.width) / 2
        case .right: x = frame.maxX - image.width
        default: x = frame.x
        }
        let r = Rect(x: x, y: frame.y + (frame.height - image.height) / 2, width: image.width, height: image.height)
        emit(.shape(.logo, index: nil, box: r, color: theme.background, .image(image)))
        return Box(x: viewport.unitX(r.x), y: viewport.unitY(r.y), w: Double(r.width) / viewport.scale, h: Double(r.height) / viewport.scale)
    }

    // MARK: text

    /// Lays `string` out for `box` (reference units): from `size` down to `min` (both in
    /// units), wrapping to at most `lines` lines, cut as `cut` says when even `min` is too big.
    func fit(_ string: String, weight: FontWeight = .regular, size: Double, min: Double? = nil, in box: Box,
             lines: Int = .max, balance: Bool = false, cut: TextCut = .end) -> TextBlock {
        let r = viewport.rect(box)
        return text.fit(string, weight: weight, maxSize: px(size), minSize: px(min ?? size), width: max(1, r.width),
                        height: max(1, r.height), maxLines: lines, balance: balance, cut: cut, language: language)
    }

    /// Several texts at one size, each fitted to a box of `box`'s size (a group: the choices).
    func fitGroup(_ strings: [String], weight: FontWeight = .regular, size: Double, min: Double, box: Box,
                  lines: Int = .max, balance: Bool = false) -> [TextBlock] {
        let r = viewport.rect(box)
        return text.fitGroup(strings, weight: weight, maxSize: px(size), minSize: px(min), width: max(1, r.width),
                             height: max(1, r.height), maxLines: lines, balance: balance, language: language)
    }

    /// A number with tabular figures at `size` units.
    func number(_ string: String, weight: FontWeight = .bold, size: Double) -> TextBlock {
        text.layoutNumber(string, size: px(size), weight: weight)
    }

    /// Places a laid-out block in `box`: one text item per line. Its pixels are clipped to
    /// `clip` (default: the box with room for ink past the line boxes), so no text leaves its
    /// place whatever it holds. Returns the union of the line boxes.
    @discardableResult
    func place(_ block: TextBlock, _ role: Role, index: Int? = nil, in box: Box, align: HorizontalAlignment = .left,
               vertical: VerticalAlignment = .top, color: Color, on surface: Color, clip: Box? = nil) -> Rect {
        let r = viewport.rect(box)
        let top: Int
        switch vertical {
        case .top: top = r.minY
        case .center: top = r.minY + (r.height - block.height) / 2
        case .bottom: top = r.maxY - block.height
        }
        return placeLines(block, role, index: index, frame: r, top: top, align: align, color: color, on: surface, clip: clip)
    }

    /// Places a block so its first baseline is at `baseline` (units): texts of different sizes
    /// in one row share a baseline.
    @discardableResult
    func place(_ block: TextBlock, _ role: Role, index: Int? = nil, in box: Box, baseline: Double,
               align: HorizontalAlignment = .left, color: Color, on surface: Color, clip: Box? = nil) -> Rect {
        let r = viewport.rect(box)
        let y = viewport.rect(0, baseline, 0, 0).y
        return placeLines(block, role, index: index, frame: r, top: y - block.ascent, align: align, color: color, on: surface,
                          clip: clip)
    }

    private func placeLines(_ block: TextBlock, _ role: Role, index: Int?, frame r: Rect, top: Int, align: HorizontalAlignment,
                            color: Color, on surface: Color, clip: Box?) -> Rect {
        let pad = max(2, block.size / 4)
        let limit = (clip.map { viewport.rect($0) } ?? r.insetBy(dx: -pad, dy: -pad)).intersection(viewport.safeArea)
        var drawn = Rect(x: 0, y: 0, width: 0, height: 0)
        // A right-to-left room: the frame and the clip at their mirror images, the alignment turned.
        let frame = mirror.map { $0.rect(r) } ?? r, clipped = mirror.map { $0.rect(limit) } ?? limit
        let aligned = mirror == nil ? align : align.flipped
        for (i, line) in block.lines.enumerated() where !line.text.isEmpty {
            let baseline = top + block.ascent + i * block.lineHeight
            let left = align.start(of: line.width, in: r, direction: line.direction)
            let full = Rect(x: left, y: baseline - block.ascent, width: line.width, height: block.ascent + block.descent)
            // What the clip lets through is what the frame shows: a line the clip cuts (a
            // screen too small for anything, text that could not shrink further) is described
            // as the part drawn and as truncated; a line entirely outside is not drawn at all.
            let box = full.intersection(limit)
            guard !box.isEmpty else { continue }
            // Where the line stands: an alignment of the layout (left, right) turns with a
            // right-to-left room; one of the text (start, end: the line's own direction) does not.
            let x = aligned.start(of: line.width, in: frame, direction: line.direction)
            let placed = Rect(x: x, y: full.y, width: full.width, height: full.height)
            items.append(.text(line, role: role, index: index, size: block.size, box: placed.intersection(clipped), x: x,
                               baseline: baseline, clip: clipped, color: color, background: surface,
                               truncated: (block.truncated && i == block.lines.count - 1) || box != full || line.inkClipped))
            // The caller places what follows by the left-to-right boxes.
            drawn = drawn.union(box)
        }
        return drawn
    }

    /// Fits and places in one step.
    @discardableResult
    func text(_ string: String, _ role: Role, index: Int? = nil, weight: FontWeight = .regular, size: Double, min: Double? = nil,
              in box: Box, lines: Int = .max, balance: Bool = false, cut: TextCut = .end, align: HorizontalAlignment = .left,
              vertical: VerticalAlignment = .top, color: Color, on surface: Color) -> Rect {
        let block = fit(string, weight: weight, size: size, min: min, in: box, lines: lines, balance: balance, cut: cut)
        return place(block, role, index: index, in: box, align: align, vertical: vertical, color: color, on: surface)
    }

    /// Block height in units (to stack things under text).
    func height(_ block: TextBlock) -> Double { Double(block.height) / viewport.scale }
    func width(_ block: TextBlock) -> Double { Double(block.width) / viewport.scale }
    /// Distance from the top of a block's first line box to its baseline, in units.
    func ascent(_ block: TextBlock) -> Double { Double(block.ascent) / viewport.scale }
    /// The height of a block of `lines` lines at `size` units, without laying anything out.
    func lineHeight(size: Double, lines: Int = 1, weight: FontWeight = .regular) -> Double {
        let b = text.layout("", size: px(size), weight: weight)
        return Double(max(0, lines - 1) * b.lineHeight + b.ascent + b.descent) / viewport.scale
    }
}

/// One phase's screen: appends its items to the context.
protocol Scene {
    func layout(_ state: QuizState, in ctx: SceneContext)

    /// The parts of the screen whose pixels depend on the clock at `ctx.now`, or nil when none
    /// do (in left-to-right pixels: the renderer mirrors them with the room).
    func clockRegions(_ state: QuizState, in ctx: SceneContext) -> ClockRegions?
}

extension Scene {
    func clockRegions(_ state: QuizState, in ctx: SceneContext) -> ClockRegions? { nil }
}

/// Where a scene changes with time, and what it shows there: two times with equal `shows`
/// give equal pixels in `rects` (and everywhere else, when `layout` is equal too).
struct ClockRegions {
    var rects: [Rect]
    var shows: Countdown
    /// Anything outside `rects` that depends on the clock (time's up locks the choices).
    var layout: Bool
}
