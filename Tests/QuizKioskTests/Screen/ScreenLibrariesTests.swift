import Glibc
import Platform
import TestSupport
import Testing

/// What a screen loads: libcurl (and the 24 libraries it brings) only once a picture's URL must
/// be fetched; a screen that gets its pictures' bytes (over MQTT, from the demo) never has it.
@Suite struct ScreenLibrariesTests {
    init() { Log.sink = { _ in } }

    @Test func aScreenWithoutPictureURLsNeverLoadsLibcurl() async throws {
        let screen = try Screen(source: "demo", width: 320, height: 180)
        #expect(await screen.process.waitForLines(containing: "first frame"), "\(screen.process.stderr)")
        // The demo's picture question comes third; its picture arrived at start, as bytes.
        #expect(await screen.process.waitForLines(containing: "ready"), "\(screen.process.stderr)")
        let maps = String(decoding: try Files.read("/proc/\(screen.process.pid)/maps", limit: 16 << 20), as: UTF8.self)
        // The maps are the screen's: its PNG library is there.
        #expect(maps.contains("libpng16"))
        #expect(!maps.contains("libcurl"), "libcurl is mapped in a screen that fetches nothing")
    }
}
