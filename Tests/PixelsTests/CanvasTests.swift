import Glibc
import TestSupport
@testable import Pixels
import Testing

@Suite struct CanvasTests {
    @Test func fillWritesOpaquePixels() {
        let c = Canvas(width: 4, height: 3)
        c.fill(Color(hex: 0x123456))
        #expect(c.pixel(x: 3, y: 2) == 0xFF12_3456)
        #expect(c.color(x: 0, y: 0) == Color(hex: 0x123456))
    }

    @Test func rectanglesClipAtEveryEdge() {
        let c = Canvas(width: 10, height: 10)
        c.fill(.black)
        c.fillRect(Rect(x: -5, y: -5, width: 8, height: 8), .white)
        c.fillRect(Rect(x: 8, y: 8, width: 100, height: 100), .white)
        c.fillRect(Rect(x: Int.max - 10, y: Int.min + 10, width: 50, height: 50), .white)
        c.fillRect(Rect(x: 2, y: 2, width: -5, height: 3), .white)
        #expect(c.color(x: 0, y: 0) == .white)
        #expect(c.color(x: 2, y: 2) == .white)
        #expect(c.color(x: 3, y: 3) == .black)
        #expect(c.color(x: 9, y: 9) == .white)
        #expect(c.color(x: 7, y: 7) == .black)
    }

    @Test func wrappedMemoryWithPaddingKeepsThePaddingUntouched() {
        // A 3x2 canvas in rows of 5 pixels: the two padding pixels of each row must survive.
        var memory = [UInt32](repeating: 0xDEAD_BEEF, count: 5 * 2)
        memory.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress, let c = Canvas(wrapping: base, width: 3, height: 2, strideBytes: 20) else {
                Issue.record("wrapping failed")
                return
            }
            c.fill(.white)
            c.fillRoundedRect(Rect(x: -10, y: -10, width: 100, height: 100), radius: 20, .black)
            c.fill(Path.circle(cx: 1, cy: 1, radius: 50), .white)
            #expect(c.stride == 5)
        }
        for row in 0..<2 {
            #expect(memory[row * 5 + 3] == 0xDEAD_BEEF)
            #expect(memory[row * 5 + 4] == 0xDEAD_BEEF)
            #expect(memory[row * 5] == 0xFFFF_FFFF)
        }
    }

    @Test func wrappingRejectsABadStride() {
        var memory = [UInt32](repeating: 0, count: 16)
        memory.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return }
            #expect(Canvas(wrapping: base, width: 4, height: 4, strideBytes: 15) == nil)
            #expect(Canvas(wrapping: base, width: 4, height: 4, strideBytes: 12) == nil)
            #expect(Canvas(wrapping: base, width: 0, height: 4, strideBytes: 16) == nil)
        }
    }

    @Test func blendIsExactAtTheEndsAndRoundsInTheMiddle() {
        let white = Color.white.pixel, black = Color.black.pixel
        #expect(blend(black, white, 255) == white)
        #expect(blend(black, white, 0) == black)
        #expect(blend(black, white, 128) == 0xFF80_8080)
        #expect(blend(white, black, 128) == 0xFF7F_7F7F)
        #expect(blend(0xFF00_0000, 0xFF10_2030, 255) == 0xFF10_2030)
    }

    @Test func maskBlitsClipAndBlend() {
        let c = Canvas(width: 4, height: 4)
        c.fill(.black)
        let mask: [UInt8] = [255, 128, 0, 255, 255, 255, 255, 255, 255]
        mask.withUnsafeBufferPointer { m in
            guard let base = m.baseAddress else { return }
            c.blitMask(base, width: 3, height: 3, pitch: 3, x: -1, y: -1, color: .white)  // top-left clipped away
            c.blitMask(base, width: 3, height: 3, pitch: 3, x: 3, y: 3, color: .white)  // only one pixel lands
            c.blitMask(base, width: 3, height: 3, pitch: 3, x: 1000, y: -1000, color: .white)
        }
        #expect(c.color(x: 0, y: 0) == .white)  // mask (1,1)
        #expect(c.color(x: 1, y: 0) == .white)  // mask (2,1)
        #expect(c.color(x: 3, y: 3) == .white)  // mask (0,0) of the second blit
        #expect(c.color(x: 2, y: 2) == .black)
    }

    @Test func roundedRectangleCornersAreAntiAliasedAndSymmetric() {
        let c = Canvas(width: 40, height: 40)
        c.fill(.black)
        c.fillRoundedRect(Rect(x: 5, y: 5, width: 30, height: 30), radius: 10, .white)
        #expect(c.color(x: 20, y: 5) == .white)  // straight edge: solid
        #expect(c.color(x: 5, y: 5) == .black)  // the corner pixel is outside the arc
        #expect(c.color(x: 20, y: 20) == .white)
        #expect(c.color(x: 4, y: 20) == .black)
        var partial = 0
        for y in 5..<15 {
            for x in 5..<15 {
                let v = c.color(x: x, y: y).r
                if v > 0 && v < 255 { partial += 1 }
                // Mirror symmetry across all four corners.
                #expect(c.color(x: 39 - x, y: y).r == v)
                #expect(c.color(x: x, y: 39 - y).r == v)
            }
        }
        #expect(partial >= 8, "a 10 px arc has a band of partly covered pixels")
    }

    @Test func pathCoverageIsTheAreaInsideThePolygon() {
        let c = Canvas(width: 8, height: 8)
        c.fill(.black)
        // A square from x 2 to 4.5: two full columns and one half-covered one.
        c.fill(Path(polygon: [.init(2, 2), .init(4.5, 2), .init(4.5, 6), .init(2, 6)]), .white)
        #expect(c.color(x: 2, y: 3).r == 255)
        #expect(c.color(x: 3, y: 3).r == 255)
        #expect(abs(Int(c.color(x: 4, y: 3).r) - 128) <= 1)
        #expect(c.color(x: 5, y: 3).r == 0)
        #expect(c.color(x: 1, y: 3).r == 0)
        #expect(c.color(x: 3, y: 1).r == 0)
        #expect(c.color(x: 3, y: 6).r == 0)
    }

    @Test func pathsFarOutsideTheCanvasDrawNothingAndDoNotCrash() {
        let c = Canvas(width: 16, height: 16)
        c.fill(.black)
        c.fill(Path.circle(cx: -1e6, cy: 5, radius: 3), .white)
        c.fill(Path(polygon: [.init(-1e9, -1e9), .init(1e9, -1e9), .init(0, 1e9)]), .white)
        c.fill(Path.regularPolygon(cx: 8, cy: 8, radius: 1e7, sides: 5), .white)
        // The huge triangle and pentagon cover the whole canvas.
        #expect(c.color(x: 0, y: 0) == .white)
        #expect(c.color(x: 15, y: 15) == .white)
    }

    @Test func reversedInnerContourCutsAHole() {
        let c = Canvas(width: 20, height: 20)
        c.fill(.black)
        c.strokeRoundedRect(Rect(x: 2, y: 2, width: 16, height: 16), radius: 0, thickness: 3, .white)
        #expect(c.color(x: 3, y: 10) == .white)
        #expect(c.color(x: 10, y: 10) == .black)
    }

    @Test func clipLimitsDrawingAndIsRestored() {
        let c = Canvas(width: 10, height: 10)
        c.fill(.black)
        c.withClip(Rect(x: 2, y: 2, width: 3, height: 3)) { c.fill(.white) }
        #expect(c.color(x: 2, y: 2) == .white)
        #expect(c.color(x: 5, y: 5) == .black)
        #expect(c.clip == c.bounds)
    }

    @Test func pngRoundTripsPixelsExactly() throws {
        let c = Canvas(width: 7, height: 5)
        for y in 0..<5 {
            for x in 0..<7 { c.fillRect(Rect(x: x, y: y, width: 1, height: 1), Color(r: UInt8(x * 30), g: UInt8(y * 50), b: UInt8(x * y))) }
        }
        let path = "/tmp/quizkiosk-png-\(getpid()).png"
        defer { unlink(path) }
        try PNG.write(c, to: path)
        let back = try PNG.read(path)
        #expect(back.width == 7 && back.height == 5)
        #expect(back.rgbBytes() == c.rgbBytes())
    }

    @Test func pngErrorsNameTheFile() {
        #expect(throws: PNG.Failure.self) { try PNG.read("/nonexistent/x.png") }
        do {
            _ = try PNG.read("/etc/hostname")
            Issue.record("a text file read as PNG")
        } catch {
            #expect(error.path == "/etc/hostname")
            #expect(!error.reason.isEmpty)
        }
    }
}
