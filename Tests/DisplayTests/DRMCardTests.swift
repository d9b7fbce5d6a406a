@testable import Display
import TestSupport
import Testing

/// What can be checked of the real card without one (this machine has no /dev/dri; the VM
/// suite covers the rest): the errors a person sees.
@Suite struct DRMCardTests {
    @Test func noDeviceSuggestsHeadless() {
        #expect(DeviceList.cards(in: "/nonexistent/dri").isEmpty)
        #expect(throws: DisplayError.noDevice) { _ = try DRMCard(path: "/nonexistent/dri/card0", master: true) }
        #expect(DisplayError.noDevice.description.contains("--headless"))
    }

    @Test func errorsSayWhatToDo() {
        #expect(DisplayError.permissionDenied(path: "/dev/dri/card0").description.contains("video group"))
        let held = DisplayError.masterHeld(path: "/dev/dri/card0", holder: "Xorg (pid 812)").description
        #expect(held.contains("Xorg (pid 812)") && held.contains("display manager"))
        #expect(!held.contains("\n"))
    }
}
