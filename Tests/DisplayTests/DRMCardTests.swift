@testable import Display
import TestSupport
import Testing

/// What can be checked of the real card without one (this machine has no /dev/dri; the VM
/// suite covers the rest): the errors a person sees.
@Suite struct DRMCardTests {
    @Test func noDeviceSuggestsHeadless() {
        #expect(DeviceList.cards(in: "/nonexistent/dri").isEmpty)
        #expect(DisplayError.noDevice.description.contains("--headless"))
    }

    /// A card path that is not there is named as such (it used to blame a missing /dev/dri/card*).
    @Test func aMissingCardPathIsNamed() {
        #expect(throws: DisplayError.noSuchCard(path: "/nonexistent/dri/card0")) { _ = try DRMCard(path: "/nonexistent/dri/card0", master: true) }
        #expect(DisplayError.noSuchCard(path: "/x/card9").description.hasPrefix("/x/card9: no such DRM card"))
    }

    @Test func errorsSayWhatToDo() {
        #expect(DisplayError.permissionDenied(path: "/dev/dri/card0").description.contains("video group"))
        let held = DisplayError.masterHeld(path: "/dev/dri/card0", holder: "Xorg (pid 812)").description
        #expect(held.contains("Xorg (pid 812)") && held.contains("display manager"))
        #expect(!held.contains("\n"))
    }
}
