import Pixels

/// A glyph placed on a line: which face, which glyph, and its position from the line's pen
/// start in 26.6 fixed point (`y` up, for marks HarfBuzz raises or lowers).
public struct PlacedGlyph: Sendable, Equatable {
    public let face: Int
    public let glyph: UInt32
    public let x: Int
    public let y: Int

    public init(face: Int, glyph: UInt32, x: Int, y: Int = 0) {
        self.face = face
        self.glyph = glyph
        self.x = x
        self.y = y
    }
}

/// A stretch of a line drawn with one face (`FontSet.replacementID` for boxes).
public struct TextRun: Sendable, Equatable {
    public var face: Int
    public var text: String
}

public struct TextLine: Sendable {
    public var glyphs: [PlacedGlyph]
    /// Advance width of the line without trailing spaces, in whole pixels.
    public var width: Int
    /// The characters on the line (trailing spaces removed).
    public var text: String
    /// Which face draws which part of `text`, in order.
    public var runs: [TextRun] = []
    /// The pen advance of the line, 26.6 (`width` rounded to whole pixels).
    public var advance = 0
    /// The direction of the paragraph the line belongs to (UAX #9): its glyphs are in visual
    /// order either way; `.start` and `.end` alignment follow it.
    public var direction = TextDirection.leftToRight
    /// The line ends inside a word with a hyphen (drawn, and the last character of `text`).
    public var hyphenated = false
    /// Some of its ink (a flood of stacked marks) reaches beyond the block's line box, which
    /// grows by at most an em: what is drawn outside the box may be clipped.
    public var inkClipped = false
}

/// Text laid out at one pixel size: the lines, and the metrics to place them.
public struct TextBlock: Sendable {
    public var lines: [TextLine]
    public var size: Int
    public var weight: FontWeight
    public var ascent: Int
    public var descent: Int
    public var lineHeight: Int
    /// Cut to fit, with an ellipsis at the end of the last line.
    public var truncated = false

    public var width: Int { lines.map(\.width).max() ?? 0 }
    public var height: Int { lines.isEmpty ? 0 : (lines.count - 1) * lineHeight + ascent + descent }

    /// An estimate of the bytes its lines hold (for the layout cache's budget).
    var byteCount: Int {
        lines.reduce(0) { sum, line in
            sum + line.glyphs.count * MemoryLayout<PlacedGlyph>.stride + line.text.utf8.count * 2
                + line.runs.count * (MemoryLayout<TextRun>.stride + 16) + MemoryLayout<TextLine>.stride
        }
    }
}

public enum HorizontalAlignment: Sendable, Hashable {
    case left, center, right
    /// Where the line's paragraph starts: left for left-to-right text, right for right-to-left.
    case start
    /// Where the line's paragraph ends: right for left-to-right text, left for right-to-left.
    case end

    /// Text's natural alignment: its paragraph's start.
    public static let natural = HorizontalAlignment.start

    /// `.left`, `.center` or `.right` for a line of a paragraph written in `direction`.
    public func resolved(for direction: TextDirection) -> HorizontalAlignment {
        switch self {
        case .start: return direction == .rightToLeft ? .right : .left
        case .end: return direction == .rightToLeft ? .left : .right
        default: return self
        }
    }

    /// Where a line `width` pixels wide starts in `rect` (its pen x), for a line of a
    /// paragraph written in `direction`.
    public func start(of width: Int, in rect: Rect, direction: TextDirection = .leftToRight) -> Int {
        switch resolved(for: direction) {
        case .center: return rect.minX + (rect.width - width) / 2
        case .right: return rect.maxX - width
        default: return rect.minX
        }
    }
}
public enum VerticalAlignment: Sendable { case top, center, bottom }

/// How text that does not fit even at its smallest size is cut.
public enum TextCut: Hashable, Sendable {
    /// The last line that fits ends with "…".
    case end
    /// One line keeps its start and its end around "…" (a URL whose host and last path part
    /// carry the meaning).
    case middle
}
