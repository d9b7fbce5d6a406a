import Pixels
import QuizContract

/// One thing a frame draws. A scene first lays its frame out as a list of these (in drawing
/// order), then the list is drawn; `quizkiosk render --describe` writes the same list, so the
/// description can never disagree with the pixels.
public struct SceneItem {
    public enum Kind: String, Sendable { case text, shape, image }

    public let kind: Kind
    public let role: Role
    /// The 0-based choice, or the 0-based place in the standings (the winner is 0).
    public let index: Int?
    /// In pixels: a text line's box (pen start to advance, ascent to descent), a shape's bounds.
    public let box: Rect
    public let color: Color
    /// Text only: the line as drawn (after any ellipsis), its pixel size, the colour under it,
    /// and whether it was cut to fit.
    public let text: String?
    public let px: Int?
    public let background: Color?
    public let truncated: Bool
    let drawing: Drawing
    /// A question's picture: the SHA-256 it was named by (its image, frame or placeholder).
    public var picture: String? = nil
    /// Text only: the direction of the line's paragraph (UAX #9), which its glyphs are ordered by.
    public var direction: TextDirection? = nil

    enum Drawing {
        /// A text line whose pen starts at `x`; its pixels never leave `clip`.
        case line(TextLine, x: Int, baseline: Int, clip: Rect)
        case rect
        case roundedRect(radius: Double)
        case path(Path)
        /// The countdown's ring: its track (a whole turn) or the arc cut from it (`RingArc`).
        case arc(RingArc)
        case qr(QRCode, radius: Double, light: Color)
        case image(Image)
        /// A prepared picture whose top-left is `box`'s, corners rounded by `radius` pixels.
        case picture(OpaqueImage, radius: Double)
    }

    static func text(_ line: TextLine, role: Role, index: Int?, size: Int, box: Rect, x: Int, baseline: Int, clip: Rect,
                     color: Color, background: Color, truncated: Bool) -> SceneItem {
        SceneItem(kind: .text, role: role, index: index, box: box, color: color, text: line.text, px: size,
                  background: background, truncated: truncated, drawing: .line(line, x: x, baseline: baseline, clip: clip),
                  direction: line.direction)
    }

    static func shape(_ role: Role, index: Int?, box: Rect, color: Color, _ drawing: Drawing) -> SceneItem {
        var kind = Kind.shape
        switch drawing {
        case .image, .picture: kind = .image
        default: break
        }
        return SceneItem(kind: kind, role: role, index: index, box: box, color: color, text: nil, px: nil, background: nil,
                         truncated: false, drawing: drawing)
    }
}

/// What a thing on screen is, for tests and tools reading a description.
public enum Role: String, Sendable, CaseIterable {
    case background
    case logo, title, progress, label, offline
    case question, choice, choiceBox = "choice-box", choiceInside = "choice-inside", choiceMark = "choice-mark"
    case correctRing = "correct-ring", correctBadge = "correct-badge", lock
    case count, percent, countTrack = "count-track", countBar = "count-bar"
    case headline, headlineMark = "headline-mark", timesUp = "times-up", answered
    case countdown, countdownTrack = "countdown-track"
    case joinCode = "join-code", joinURL = "join-url", qr, participants, rule
    case row, rank, medal, name, score, movement, podium
    case picture, pictureFrame = "picture-frame", picturePlaceholder = "picture-placeholder"
}

/// Everything one frame draws: what `quizkiosk render --describe FILE.json` writes.
public struct SceneDescription {
    public let width: Int
    public let height: Int
    public let safeArea: Rect
    public let items: [SceneItem]

    /// `{"width","height","safeArea":[x,y,w,h],"items":[…]}`: each text line as
    /// `{"kind":"text","role","index"?,"text","px","box","color","background","truncated","direction"}`
    /// (`text` in logical order, `direction` its paragraph's: "ltr" or "rtl"),
    /// each filled shape as `{"kind":"shape","role","index"?,"box","color"}`, the logo as
    /// `{"kind":"image","role":"logo","box"}`.
    public func json() -> String {
        let w = JSONWriter()
        func rect(_ r: Rect) { w.array([r.x, r.y, r.width, r.height]) { w.int($0) } }
        w.object {
            w.member("width", width)
            w.member("height", height)
            w.key("safeArea")
            rect(safeArea)
            w.key("items")
            w.array(items) { item in
                w.object {
                    w.member("kind", item.kind.rawValue)
                    w.member("role", item.role.rawValue)
                    if let i = item.index { w.member("index", i) }
                    if let p = item.picture { w.member("sha256", p) }
                    if let t = item.text { w.member("text", t) }
                    if let px = item.px { w.member("px", px) }
                    w.key("box")
                    rect(item.box)
                    if item.kind != .image { w.member("color", item.color.description.uppercased()) }
                    if let b = item.background { w.member("background", b.description.uppercased()) }
                    if item.kind == .text { w.member("truncated", item.truncated) }
                    if let d = item.direction { w.member("direction", d.rawValue) }
                }
            }
        }
        return String(decoding: w.bytes, as: UTF8.self)
    }
}

extension Canvas {
    /// Draws a frame's items in order; `inspector` (the legibility test) sees each text line
    /// with the pixels under it just before it is drawn. An item that cannot write a pixel in
    /// the clip (`ItemDamage.reach`) is passed over: a damage redraw looks only at what is there.
    func draw(_ items: [SceneItem], text: TextEngine, paths: PathCache? = nil, inspector: TextInspector? = nil) {
        let area = clip
        let holes = Occlusion.holes(in: items, clip: area)
        for (i, item) in items.enumerated() where !item.box.isEmpty || item.role == .background {
            guard item.role == .background || !ItemDamage.reach(item).intersection(area).isEmpty else { continue }
            switch item.drawing {
            case let .line(line, x, baseline, clip):
                guard !clip.intersection(self.clip).isEmpty else { continue }
                inspector?.inspect(item, canvas: self)
                withClip(clip) {
                    text.drawLine(line, size: item.px ?? 1, in: self, x: x, baseline: baseline, color: item.color)
                }
            case .rect:
                fillRect(item.box, item.color, excluding: holes[i] ?? [])
            case let .roundedRect(radius):
                fillRoundedRect(item.box, radius: radius, item.color, excluding: holes[i] ?? [])
            case let .path(path):
                if let paths {
                    if let coverage = paths.coverage(path, on: self, frame: text.cache.frame) { fill(coverage, item.color) }
                } else {
                    fill(path, item.color)
                }
            case let .arc(arc):
                // The band is the track's path: one rasterization serves both at every frame.
                let band = paths.map { $0.band(of: arc, on: self, frame: text.cache.frame) } ?? arc.band.coverage(within: bounds)
                if let band { fill(arc, band: band, item.color) }
            case let .qr(code, radius, light):
                drawQRCode(code, in: item.box, dark: item.color, light: light, cornerRadius: radius)
            case let .picture(image, radius):
                draw(image, x: item.box.x, y: item.box.y, radius: radius)
            case let .image(image):
                image.bgra.withUnsafeBufferPointer { p in
                    guard let base = p.baseAddress else { return }
                    blitBGRA(base, width: image.width, height: image.height, pitch: image.width * 4, x: item.box.x, y: item.box.y)
                }
            }
        }
    }
}
