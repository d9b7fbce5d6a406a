import Glibc
@testable import Pixels
import TestSupport
import Testing

/// Frames are encoded row by row straight from the canvas: the same file, byte for byte, as
/// libpng's simplified API wrote from a copy of the pixels, and the pixels back exactly.
@Suite struct PNGTests {
    /// Flat fills and noise (a frame's text edges), at odd sizes, from a wider buffer too.
    static func canvas(width: Int, height: Int, seed: UInt64) -> Canvas {
        var g = HostileStates(seed: seed)
        let c = Canvas(width: width, height: height)
        c.fill(Color(hex: 0x0E1626))
        for _ in 0..<6 {
            let r = Rect(x: Int.random(in: 0..<width, using: &g), y: Int.random(in: 0..<height, using: &g),
                         width: Int.random(in: 1...width, using: &g), height: Int.random(in: 1...height, using: &g))
            c.fillRect(r, Color(pixel: UInt32.random(in: 0...0xFF_FFFF, using: &g)))
        }
        for _ in 0..<(width * height / 7) {
            c.pixels[Int.random(in: 0..<height, using: &g) * c.stride + Int.random(in: 0..<width, using: &g)] =
                0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &g)
        }
        return c
    }

    @Test(arguments: [(1, 1), (7, 5), (333, 41), (640, 360)])
    func rowByRowIsTheSimplifiedAPIsFile(width: Int, height: Int) throws {
        let c = Self.canvas(width: width, height: height, seed: UInt64(width * 31 + height))
        for fast in [false, true] {
            #expect(try PNG.encode(c, fast: fast) == PNG.encodeThroughCopy(c, fast: fast), "\(width)x\(height), fast \(fast)")
        }
    }

    /// A canvas on padded rows (a scan-out buffer's stride): the padding never reaches the file.
    @Test func paddedRowsAreLeftOut() throws {
        let width = 50, height = 9, strideBytes = 64 * 4
        let memory = UnsafeMutableRawPointer.allocate(byteCount: strideBytes * height, alignment: 16)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt32.self, repeating: 0xFFFF_00FF, count: strideBytes / 4 * height)
        let wrapped = try #require(Canvas(wrapping: memory, width: width, height: height, strideBytes: strideBytes))
        let own = Self.canvas(width: width, height: height, seed: 5)
        wrapped.copy(wrapped.bounds, from: own)
        #expect(try PNG.encode(wrapped, fast: true) == PNG.encode(own, fast: true))
        let path = "/tmp/quizkiosk-png-padded-\(getpid()).png"
        defer { unlink(path) }
        try PNG.write(wrapped, to: path, fast: true)
        #expect(try PNG.read(path).rgbBytes() == own.rgbBytes())
    }
}
