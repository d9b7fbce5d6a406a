import TestSupport
import Testing

/// The soak benchmark's own checks (last frame equals last state, descriptors constant) on a
/// short run; the 100,000-update run is `scripts/bench --soak`.
@Suite struct SoakSmokeTests {
    @Test func aShortSoakKeepsEveryInvariant() {
        let r = Run(["--soak", "--updates", "2000"], executable: quizkioskBenchBinary)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("last frame equals the last state (revision 2000): true"), "\(r.stdout)")
        #expect(r.stdout.contains("open file descriptors: "), "\(r.stdout)")
    }
}
