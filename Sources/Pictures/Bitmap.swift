/// Decoded pixels on their way to the screen: premultiplied ARGB in native 32-bit words
/// (0xAARRGGBB; bytes B, G, R, A in memory), libwebp's bgrA and TurboJPEG's BGRX. Rows packed.
struct Bitmap {
    var width: Int
    var height: Int
    var pixels: [UInt32]

    init(width: Int, height: Int, pixels: [UInt32]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A bitmap whose pixels `fill` writes (every one of them), without zeroing them first.
    init(width: Int, height: Int, fill: (UnsafeMutableBufferPointer<UInt32>) throws(PictureError) -> Void) throws(PictureError) {
        var failure: PictureError?
        let pixels = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, count in
            do throws(PictureError) {
                try fill(buffer)
            } catch {
                failure = error
                buffer.update(repeating: 0)
            }
            count = width * height
        }
        if let failure { throw failure }
        self.init(width: width, height: height, pixels: pixels)
    }
}
