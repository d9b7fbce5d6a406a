import Pixels
import Testing

/// CIEDE2000 and the colour-vision simulation the palette is checked with, against published
/// numbers: if these drift, the palette test would measure nothing.
@Suite struct ColorScienceTests {
    /// Pairs from Sharma, Wu & Dalal (2005), "The CIEDE2000 color-difference formula", Table 1.
    @Test(arguments: [
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, 3.1571, -77.2803), (50.0, 0.0, -82.7485), 2.8615),
        ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
        ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
        ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
    ] as [((Double, Double, Double), (Double, Double, Double), Double)])
    func ciede2000MatchesSharmasTable(p: (Double, Double, Double), q: (Double, Double, Double), expected: Double) {
        let d = Lab.ciede2000(Lab(l: p.0, a: p.1, b: p.2), Lab(l: q.0, a: q.1, b: q.2))
        #expect(abs(d - expected) < 0.0001, "\(d) ≠ \(expected)")
        let back = Lab.ciede2000(Lab(l: q.0, a: q.1, b: q.2), Lab(l: p.0, a: p.1, b: p.2))
        #expect(abs(back - d) < 1e-9, "symmetric")
    }

    @Test func labOfWhiteBlackAndSRGBPrimaries() {
        let white = Color.white.lab()
        #expect(abs(white.l - 100) < 0.01 && abs(white.a) < 0.01 && abs(white.b) < 0.01)
        #expect(abs(Color.black.lab().l) < 1e-9)
        let red = Color(hex: 0xFF0000).lab()
        #expect(abs(red.l - 53.24) < 0.05 && abs(red.a - 80.09) < 0.05 && abs(red.b - 67.20) < 0.05)
    }

    /// The show issue measured the old palette through Machado 2009 severity 1: under
    /// deuteranopia red/green ΔE2000 9.3, blue/purple 1.7, the dimmed red/green 0.5. The
    /// simulation here gives the same numbers.
    @Test func machadoReproducesTheIssuesMeasurements() {
        let red = Color(hex: 0xA3142B), green = Color(hex: 0x155C31), blue = Color(hex: 0x1D4E9E), purple = Color(hex: 0x6A2C91)
        let background = Color(hex: 0x0E1626)
        #expect(abs(red.difference(from: green, seenWith: .deuteranopia) - 9.3) < 0.05)
        #expect(abs(blue.difference(from: purple, seenWith: .deuteranopia) - 1.7) < 0.06)
        let dimRed = red.mixed(with: background, 0.8), dimGreen = green.mixed(with: background, 0.8)
        #expect(abs(dimRed.difference(from: dimGreen, seenWith: .deuteranopia) - 0.5) < 0.05)
        // Grey stays grey: the simulation keeps achromatic colours where they are.
        let grey = Color(hex: 0x808080)
        #expect(grey.difference(from: grey, seenWith: .protanopia) == 0)
        #expect(abs(grey.lab(seenWith: .protanopia).l - grey.lab().l) < 0.5)
    }
}
