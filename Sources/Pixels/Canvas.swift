import CPNG
import Glibc

/// A frame of XRGB8888 pixels: width, height and a row stride that may be wider than the
/// width (DRM dumb buffers are padded). It owns its memory, or wraps memory it does not own
/// (a mapped scan-out buffer) and then never frees it.
///
/// Every drawing call clips to the canvas (and to `clip`, when set): no coordinate, however
/// wrong, writes outside the buffer.
public final class Canvas {
    public let width: Int
    public let height: Int
    /// Row stride in pixels.
    public let stride: Int
    public let pixels: UnsafeMutablePointer<UInt32>
    private let memory: Memory
    /// Drawing is limited to this rectangle (always inside the canvas's window).
    public private(set) var clip: Rect
    /// The pixels this canvas holds: all of `bounds`, or for a window (`init(window:…)`) a
    /// part of the frame, outside which nothing is drawn, read or written.
    public let window: Rect

    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// Allocates a canvas. Sizes are validated by callers (see `DisplaySize`); a zero or
    /// negative size gives an empty canvas that draws nothing.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.stride = self.width
        let count = max(1, self.width * self.height)
        (pixels, memory) = Memory.allocate(count)
        pixels.initialize(repeating: 0xFF00_0000, count: count)
        clip = Rect(x: 0, y: 0, width: self.width, height: self.height)
        window = clip
    }

    /// A canvas of its own holding a copy of `other`'s pixels (the frame on screen, kept as
    /// the start of a cross-fade).
    public init(copying other: Canvas) {
        precondition(other.window == other.bounds, "a window is copied with copy(_:from:)")
        width = other.width
        height = other.height
        stride = other.width
        (pixels, memory) = Memory.allocate(max(1, width * height))
        if width * height == 0 { pixels.initialize(to: 0xFF00_0000) }
        for y in 0..<height {
            (pixels + y * stride).initialize(from: other.pixels + y * other.stride, count: width)
        }
        clip = Rect(x: 0, y: 0, width: width, height: height)
        window = clip
    }

    /// Wraps memory owned elsewhere, e.g. a mapped dumb buffer. `strideBytes` must be a
    /// multiple of 4 and at least `width * 4`; the memory must outlive the canvas.
    public init?(wrapping memory: UnsafeMutableRawPointer, width: Int, height: Int, strideBytes: Int) {
        guard width > 0, height > 0, strideBytes % 4 == 0, strideBytes >= width * 4 else { return nil }
        self.width = width
        self.height = height
        self.stride = strideBytes / 4
        pixels = memory.bindMemory(to: UInt32.self, capacity: stride * height)
        self.memory = .borrowed
        clip = Rect(x: 0, y: 0, width: width, height: height)
        window = clip
    }

    /// A window on a frame of `width`×`height`: it holds only the pixels of `window` (in the
    /// frame's coordinates), in `memory` (`window.width × window.height` pixels, row after row,
    /// owned by the caller and outliving the canvas). Everything draws as on a canvas of the
    /// whole frame (paths and text are placed and rasterized for the frame) but only inside
    /// the window: the clip never leaves it. For drawing a frame part by part (a band at a
    /// time), so that no whole frame is held for it.
    package init(window: Rect, width: Int, height: Int, memory: UnsafeMutablePointer<UInt32>) {
        self.width = max(0, width)
        self.height = max(0, height)
        let w = window.intersection(Rect(x: 0, y: 0, width: self.width, height: self.height))
        self.window = w
        stride = max(1, w.width)
        // Pixel (x, y) of the frame at memory[(y − w.y) · w.width + (x − w.x)]: the same
        // arithmetic as every canvas's, from a base before the memory, never dereferenced
        // outside the window.
        pixels = memory - (w.y * stride + w.x)
        self.memory = .borrowed
        clip = w
    }

    deinit {
        memory.free(pixels)
    }

    /// Where a canvas's pixels live. A frame's worth (a 1080p canvas is 8.3 MB, a 4K one 33 MB)
    /// is mapped on its own and unmapped when the canvas goes, so its memory goes back to the
    /// system at once: from malloc, a freed frame can stay in the heap (glibc raises its mmap
    /// threshold after the first large free, and later frames then come from the heap, which
    /// is trimmed only from its top).
    enum Memory {
        /// malloc's: small canvases (glyph runs, tests).
        case heap
        /// Mapped, this many bytes.
        case mapped(Int)
        /// Someone else's (a scan-out buffer): never freed here.
        case borrowed

        /// From this many bytes on, a canvas is mapped.
        static let mapFrom = 1 << 20

        static func allocate(_ count: Int) -> (UnsafeMutablePointer<UInt32>, Memory) {
            let bytes = count * MemoryLayout<UInt32>.stride
            if bytes >= mapFrom {
                let p = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
                if let p, p != MAP_FAILED {
                    return (p.bindMemory(to: UInt32.self, capacity: count), .mapped(bytes))
                }
            }
            return (.allocate(capacity: count), .heap)
        }

        func free(_ pixels: UnsafeMutablePointer<UInt32>) {
            switch self {
            case .heap: pixels.deallocate()
            case .mapped(let bytes): munmap(pixels, bytes)
            case .borrowed: break
            }
        }
    }

    /// Runs `body` with drawing limited to `rect` (intersected with the current clip).
    public func withClip<T>(_ rect: Rect, _ body: () throws -> T) rethrows -> T {
        let saved = clip
        clip = clip.intersection(rect)
        defer { clip = saved }
        return try body()
    }

    @inline(__always) public func pixel(x: Int, y: Int) -> UInt32 {
        guard x >= window.minX, y >= window.minY, x < window.maxX, y < window.maxY else { return 0 }
        return pixels[y * stride + x] | 0xFF00_0000
    }

    public func color(x: Int, y: Int) -> Color { Color(pixel: pixel(x: x, y: y)) }

    /// Fills the whole clip rectangle.
    public func fill(_ color: Color) {
        fillRect(clip, color)
    }

    public func fillRect(_ rect: Rect, _ color: Color) {
        let r = rect.intersection(clip)
        guard !r.isEmpty else { return }
        let p = color.pixel
        if r.x == 0 && r.width == stride {
            Canvas.fill(pixels + r.y * stride, p, count: r.width * r.height)
            return
        }
        for y in r.minY..<r.maxY {
            Canvas.fill(pixels + y * stride + r.x, p, count: r.width)
        }
    }

    /// Sets `count` pixels from `p` to `value`: long runs through glibc's wmemset (a wchar_t is
    /// 32 bits here), which picks the widest stores the CPU has at run time (AVX2 or AVX-512
    /// on x86, four pixels a store on a baseline x86-64 build otherwise); short ones inline.
    @inline(__always)
    static func fill(_ p: UnsafeMutablePointer<UInt32>, _ value: UInt32, count: Int) {
        if count >= 32 {
            quizkiosk_fill32(p, value, count)
        } else {
            p.update(repeating: value, count: count)
        }
    }

    /// Blends `color` over a horizontal run with coverage `alpha` (0...255). The run is clipped.
    @inline(__always)
    func blendSpan(y: Int, x0: Int, x1: Int, _ color: UInt32, alpha: UInt32) {
        guard y >= clip.minY, y < clip.maxY else { return }
        let a = max(x0, clip.minX), b = min(x1, clip.maxX)
        guard a < b else { return }
        let row = pixels + y * stride
        if alpha >= 255 {
            Canvas.fill(row + a, color, count: b - a)
        } else if alpha > 0 {
            for x in a..<b { row[x] = blend(row[x], color, alpha) }
        }
    }

    @inline(__always)
    func blendPixel(x: Int, y: Int, _ color: UInt32, alpha: UInt32) {
        guard x >= clip.minX, x < clip.maxX, y >= clip.minY, y < clip.maxY else { return }
        let i = y * stride + x
        pixels[i] = blend(pixels[i], color, alpha)
    }

    /// Blends `color` through an 8-bit coverage mask (a rasterized glyph or shape) whose top-left
    /// lands at (x, y). `pitch` is the mask's row length in bytes.
    public func blitMask(_ mask: UnsafePointer<UInt8>, width mw: Int, height mh: Int, pitch: Int,
                         x: Int, y: Int, color: Color) {
        guard mw > 0, mh > 0 else { return }
        let dest = Rect(x: x, y: y, width: mw, height: mh).intersection(clip)
        guard !dest.isEmpty else { return }
        let c = color.pixel
        for dy in dest.minY..<dest.maxY {
            Canvas.blendRow(pixels + dy * stride + dest.minX, coverage: mask + (dy - y) * pitch + (dest.minX - x),
                            count: dest.width, color: c)
        }
    }

    /// Blends premultiplied BGRA pixels (a colour emoji bitmap) at (x, y).
    public func blitBGRA(_ src: UnsafePointer<UInt8>, width sw: Int, height sh: Int, pitch: Int, x: Int, y: Int) {
        guard sw > 0, sh > 0 else { return }
        let dest = Rect(x: x, y: y, width: sw, height: sh).intersection(clip)
        guard !dest.isEmpty else { return }
        for dy in dest.minY..<dest.maxY {
            let s = src + (dy - y) * pitch + (dest.minX - x) * 4
            let row = pixels + dy * stride + dest.minX
            for i in 0..<dest.width {
                let b = UInt32(s[i * 4]), g = UInt32(s[i * 4 + 1]), r = UInt32(s[i * 4 + 2]), a = UInt32(s[i * 4 + 3])
                if a == 0 { continue }
                let d = row[i]
                let inv = 255 - a
                func ch(_ sc: UInt32, _ dc: UInt32) -> UInt32 {
                    let t = dc &* inv &+ 128
                    return min(255, sc &+ ((t &+ (t >> 8)) >> 8))
                }
                row[i] = 0xFF00_0000 | ch(r, (d >> 16) & 0xFF) << 16 | ch(g, (d >> 8) & 0xFF) << 8 | ch(b, d & 0xFF)
            }
        }
    }

    /// Copies the pixels of `rect` from another canvas of the same size (damage copy into a
    /// scan-out buffer).
    public func copy(_ rect: Rect, from other: Canvas) {
        let r = rect.intersection(window).intersection(other.window)
        guard !r.isEmpty else { return }
        for y in r.minY..<r.maxY {
            (pixels + y * stride + r.x).update(from: other.pixels + y * other.stride + r.x, count: r.width)
        }
    }

    /// Row-major 0xRRGGBB values, padding dropped (for tests and PNG).
    public func rgbBytes() -> [UInt8] {
        precondition(window == bounds, "a window has no whole frame to give")
        var out = [UInt8](repeating: 0, count: width * height * 3)
        out.withUnsafeMutableBufferPointer { o in
            var k = 0
            for y in 0..<height {
                let row = pixels + y * stride
                for x in 0..<width {
                    let p = row[x]
                    o[k] = UInt8(truncatingIfNeeded: p >> 16)
                    o[k + 1] = UInt8(truncatingIfNeeded: p >> 8)
                    o[k + 2] = UInt8(truncatingIfNeeded: p)
                    k += 3
                }
            }
        }
        return out
    }
}
