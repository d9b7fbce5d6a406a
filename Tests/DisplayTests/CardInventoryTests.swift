@testable import Display
import Glibc
import Platform
import TestSupport
import Testing

/// The inventory reads a sysfs-shaped folder: made up here as the kernel lays it out.
@Suite struct CardInventoryTests {
    @Test func readsDriverBootVGAAndConnectorStatus() throws {
        let root = TempDir.make()
        defer { TempDir.remove(root) }
        let dev = root + "/dev", sys = root + "/sys"
        for d in [dev, sys, root + "/devices/simple-framebuffer.0", root + "/devices/pci/0000:00:02.0", root + "/drivers/simple-framebuffer",
                  root + "/drivers/bochs-drm"] { try Files.makeDirectory(d) }
        TempDir.write(dev + "/card0", "")
        TempDir.write(dev + "/card1", "")
        TempDir.write(dev + "/renderD128", "")
        // card0: simpledrm on the firmware's framebuffer (a platform device: no boot_vga).
        try Files.makeDirectory(sys + "/card0")
        symlink(root + "/devices/simple-framebuffer.0", sys + "/card0/device")
        symlink(root + "/drivers/simple-framebuffer", root + "/devices/simple-framebuffer.0/driver")
        try Files.makeDirectory(sys + "/card0-Unknown-1")
        TempDir.write(sys + "/card0-Unknown-1/status", "connected\n")
        // card1: bochs on the boot VGA device, its display disconnected.
        try Files.makeDirectory(sys + "/card1")
        symlink(root + "/devices/pci/0000:00:02.0", sys + "/card1/device")
        symlink(root + "/drivers/bochs-drm", root + "/devices/pci/0000:00:02.0/driver")
        TempDir.write(root + "/devices/pci/0000:00:02.0/boot_vga", "1\n")
        try Files.makeDirectory(sys + "/card1-Virtual-1")
        TempDir.write(sys + "/card1-Virtual-1/status", "disconnected\n")

        let cards = CardInventory.cards(devices: dev, sysfs: sys)
        #expect(cards == [
            CardCandidate(path: dev + "/card0", driver: "simple-framebuffer", bootVGA: false, hasConnectedDisplay: true),
            CardCandidate(path: dev + "/card1", driver: "bochs-drm", bootVGA: true, hasConnectedDisplay: false),
        ])
        #expect(cards[0].isFirmware && !cards[1].isFirmware)
    }

    @Test func aCardSysfsSaysNothingAboutIsStillListed() {
        let root = TempDir.make()
        defer { TempDir.remove(root) }
        TempDir.write(root + "/card3", "")
        #expect(CardInventory.cards(devices: root, sysfs: root + "/nothing") == [CardCandidate(path: root + "/card3", driver: nil)])
    }
}
