/// Resizes glyph bitmaps (colour emoji come as fixed 109 px strikes and are drawn at the line's
/// size). A separable tent filter whose radius covers the whole source footprint of a
/// destination pixel when shrinking (so every source pixel contributes, no aliasing) and is
/// one source pixel when enlarging (bilinear). The pixels are premultiplied, so averaging the
/// channels independently is correct and fringes do not darken.
enum BitmapScaler {
    struct Result {
        var pixels: [UInt8]
        var width: Int
        var height: Int
    }

    /// Scales a `width` x `height` image of `channels` bytes per pixel (rows packed) by `factor`.
    static func scale(_ src: [UInt8], width: Int, height: Int, channels: Int, by factor: Double) -> Result {
        let dw = max(1, Int((Double(width) * factor).rounded()))
        let dh = max(1, Int((Double(height) * factor).rounded()))
        let xs = weights(source: width, destination: dw)
        let ys = weights(source: height, destination: dh)
        // Horizontal pass into floats (dw x height), then vertical into bytes (dw x dh).
        var mid = [Float](repeating: 0, count: dw * height * channels)
        for y in 0..<height {
            let row = y * width * channels
            for x in 0..<dw {
                let w = xs[x]
                for c in 0..<channels {
                    var sum: Float = 0
                    for (k, weight) in w.weights.enumerated() {
                        sum += weight * Float(src[row + (w.first + k) * channels + c])
                    }
                    mid[(y * dw + x) * channels + c] = sum
                }
            }
        }
        var out = [UInt8](repeating: 0, count: dw * dh * channels)
        for y in 0..<dh {
            let w = ys[y]
            for x in 0..<dw {
                for c in 0..<channels {
                    var sum: Float = 0
                    for (k, weight) in w.weights.enumerated() {
                        sum += weight * mid[((w.first + k) * dw + x) * channels + c]
                    }
                    out[(y * dw + x) * channels + c] = UInt8(max(0, min(255, sum.rounded())))
                }
            }
        }
        return Result(pixels: out, width: dw, height: dh)
    }

    struct Taps {
        var first: Int
        var weights: [Float]
    }

    /// For each destination pixel, the source pixels it averages and their weights (summing to 1).
    static func weights(source: Int, destination: Int) -> [Taps] {
        let ratio = Double(source) / Double(destination)  // source pixels per destination pixel
        let radius = max(1.0, ratio)
        var out: [Taps] = []
        out.reserveCapacity(destination)
        for d in 0..<destination {
            let center = (Double(d) + 0.5) * ratio - 0.5
            let lo = max(0, Int((center - radius).rounded(.up)))
            let hi = min(source - 1, Int((center + radius).rounded(.down)))
            var ws: [Float] = []
            var total = 0.0
            if lo <= hi {
                for s in lo...hi {
                    let w = max(0, 1 - abs(Double(s) - center) / radius)
                    ws.append(Float(w))
                    total += w
                }
            }
            if total <= 0 {
                // The footprint fell between samples: take the nearest one.
                let s = min(source - 1, max(0, Int(center.rounded())))
                out.append(Taps(first: s, weights: [1]))
                continue
            }
            out.append(Taps(first: lo, weights: ws.map { $0 / Float(total) }))
        }
        return out
    }
}
