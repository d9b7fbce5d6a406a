import Glibc
import Pixels

/// A venue logo for tests, drawn in code (nothing binary in the repository): an orange disc
/// with a white ring inside and a translucent bar beside it, on transparency — edges that show
/// whether alpha is blended and scaled right.
public enum TestLogo {
    public static func image(width: Int = 480, height: Int = 160) -> Image {
        var bgra = [UInt8](repeating: 0, count: width * height * 4)
        let r = Double(height) * 0.45, cx = Double(height) / 2, cy = Double(height) / 2
        for y in 0..<height {
            for x in 0..<width {
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                let d = ((px - cx) * (px - cx) + (py - cy) * (py - cy)).squareRoot()
                var (cr, cg, cb, ca) = (0.0, 0.0, 0.0, 0.0)
                let disc = min(1, max(0, r - d + 0.5))
                if disc > 0 {
                    let ring = d > r * 0.55 && d < r * 0.72 ? 1.0 : 0.0
                    (cr, cg, cb) = ring > 0 ? (255, 255, 255) : (0xF2, 0x6B, 0x3A)
                    ca = disc
                } else if px > Double(height) * 1.1, px < Double(width) - 8, abs(py - cy) < Double(height) * 0.16 {
                    (cr, cg, cb, ca) = (255, 255, 255, 0.6)
                }
                let i = (y * width + x) * 4
                bgra[i] = UInt8((cb * ca).rounded())
                bgra[i + 1] = UInt8((cg * ca).rounded())
                bgra[i + 2] = UInt8((cr * ca).rounded())
                bgra[i + 3] = UInt8((255 * ca).rounded())
            }
        }
        return Image(width: width, height: height, bgra: bgra)
    }
}
