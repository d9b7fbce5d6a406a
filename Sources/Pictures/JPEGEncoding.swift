import CTurboJPEG
import Pixels

/// JPEG encoding with the TurboJPEG API, for the benchmark's and tests' own photos (the
/// screen only ever decodes).
public enum JPEGEncoding {
    /// `canvas` as a baseline 4:2:0 JPEG at `quality` (1…100).
    public static func encode(_ canvas: Canvas, quality: Int = 90) throws(PictureError) -> [UInt8] {
        guard let handle = tjInitCompress() else { throw PictureError("cannot start the JPEG encoder") }
        defer { tjDestroy(handle) }
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let rc = UnsafeRawPointer(canvas.pixels).withMemoryRebound(to: UInt8.self, capacity: canvas.stride * canvas.height * 4) { px in
            tjCompress2(handle, px, Int32(canvas.width), Int32(canvas.stride * 4), Int32(canvas.height), Int32(TJPF_BGRX.rawValue),
                        &out, &size, Int32(TJSAMP_420.rawValue), Int32(quality), 0)
        }
        defer { if let out { tjFree(out) } }
        guard rc == 0, let out else { throw PictureError("JPEG encoding failed: \(String(cString: tjGetErrorStr2(handle)))") }
        return Array(UnsafeBufferPointer(start: out, count: Int(size)))
    }
}
