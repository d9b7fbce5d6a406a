import Glibc

/// How far apart two colours look, to people with normal and with red-green colour vision:
/// CIELAB (D65), the CIEDE2000 difference, and Machado, Oliveira & Fernandes (2009) simulation
/// of protanopia and deuteranopia. The palette of the choices is checked with these, so it
/// stays tellable apart for the one in twelve men who sees fewer colours.
public struct Lab: Equatable, Sendable {
    public var l: Double
    public var a: Double
    public var b: Double

    public init(l: Double, a: Double, b: Double) {
        self.l = l
        self.a = a
        self.b = b
    }
}

/// A colour vision to look through.
public enum ColorVision: String, Sendable, CaseIterable {
    case normal, protanopia, deuteranopia

    /// Machado 2009, severity 1.0, applied to linear RGB (the paper's Table 1).
    var matrix: [Double]? {
        switch self {
        case .normal: return nil
        case .protanopia:
            return [0.152286, 1.052583, -0.204868,
                    0.114503, 0.786281, 0.099216,
                    -0.003882, -0.048116, 1.051998]
        case .deuteranopia:
            return [0.367322, 0.860646, -0.227968,
                    0.280085, 0.672501, 0.047413,
                    -0.011820, 0.042940, 0.968881]
        }
    }
}

extension Color {
    /// sRGB channels decoded to linear light, 0...1.
    public var linear: (r: Double, g: Double, b: Double) {
        func f(_ c: UInt8) -> Double {
            let v = Double(c) / 255
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        return (f(r), f(g), f(b))
    }

    /// CIELAB of this colour as seen with `vision` (D65 white, 2° observer).
    public func lab(seenWith vision: ColorVision = .normal) -> Lab {
        var (r, g, b) = linear
        if let m = vision.matrix {
            let (r0, g0, b0) = (r, g, b)
            r = min(1, max(0, m[0] * r0 + m[1] * g0 + m[2] * b0))
            g = min(1, max(0, m[3] * r0 + m[4] * g0 + m[5] * b0))
            b = min(1, max(0, m[6] * r0 + m[7] * g0 + m[8] * b0))
        }
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let fx = f(x), fy = f(y), fz = f(z)
        return Lab(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    /// CIEDE2000 between this colour and `other`, both seen with `vision`. About 1 is the
    /// smallest difference anyone notices side by side; 20 is "another colour" at a glance.
    public func difference(from other: Color, seenWith vision: ColorVision = .normal) -> Double {
        Lab.ciede2000(lab(seenWith: vision), other.lab(seenWith: vision))
    }
}

extension Lab {
    /// Sharma, Wu & Dalal's formulation of CIEDE2000 (kL = kC = kH = 1).
    public static func ciede2000(_ p: Lab, _ q: Lab) -> Double {
        let rad = Double.pi / 180
        let c1 = (p.a * p.a + p.b * p.b).squareRoot(), c2 = (q.a * q.a + q.b * q.b).squareRoot()
        let cBar7 = pow((c1 + c2) / 2, 7)
        let g = 0.5 * (1 - (cBar7 / (cBar7 + pow(25, 7))).squareRoot())
        let a1 = (1 + g) * p.a, a2 = (1 + g) * q.a
        let c1p = (a1 * a1 + p.b * p.b).squareRoot(), c2p = (a2 * a2 + q.b * q.b).squareRoot()
        func hue(_ b: Double, _ a: Double) -> Double {
            if a == 0 && b == 0 { return 0 }
            let h = atan2(b, a) / rad
            return h < 0 ? h + 360 : h
        }
        let h1 = hue(p.b, a1), h2 = hue(q.b, a2)
        let dL = q.l - p.l, dC = c2p - c1p
        var dh = 0.0
        if c1p * c2p != 0 {
            dh = h2 - h1
            if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 }
        }
        let dH = 2 * (c1p * c2p).squareRoot() * sin(dh / 2 * rad)
        let lBar = (p.l + q.l) / 2, cBar = (c1p + c2p) / 2
        var hBar = h1 + h2
        if c1p * c2p != 0 {
            if abs(h1 - h2) <= 180 { hBar /= 2 } else { hBar = hBar < 360 ? (hBar + 360) / 2 : (hBar - 360) / 2 }
        }
        let t = 1 - 0.17 * cos((hBar - 30) * rad) + 0.24 * cos(2 * hBar * rad) + 0.32 * cos((3 * hBar + 6) * rad)
            - 0.20 * cos((4 * hBar - 63) * rad)
        let dTheta = 30 * exp(-pow((hBar - 275) / 25, 2))
        let cBarP7 = pow(cBar, 7)
        let rc = 2 * (cBarP7 / (cBarP7 + pow(25, 7))).squareRoot()
        let sl = 1 + 0.015 * pow(lBar - 50, 2) / (20 + pow(lBar - 50, 2)).squareRoot()
        let sc = 1 + 0.045 * cBar
        let sh = 1 + 0.015 * cBar * t
        let rt = -sin(2 * dTheta * rad) * rc
        let l = dL / sl, c = dC / sc, h = dH / sh
        return (l * l + c * c + h * h + rt * c * h).squareRoot()
    }
}
