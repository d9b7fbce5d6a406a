@testable import Display
import Glibc
import Pixels
import TestSupport
import Testing

/// The EDID parser on real monitors' EDIDs (see EDID/README.md for where each comes from).
@Suite struct EDIDTests {
    static func blob(_ name: String) throws -> [UInt8] {
        var dir = #filePath
        if let i = dir.lastIndex(of: "/") { dir = String(dir[..<i]) }
        guard let f = fopen(dir + "/EDID/" + name + ".hex", "r") else { throw EDID.Failure.tooShort(0) }
        defer { fclose(f) }
        var text: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&buf, 1, buf.count, f)
            if n <= 0 { break }
            text += buf[0..<n]
        }
        let digits = String(decoding: text, as: UTF8.self).filter(\.isHexDigit)
        var out: [UInt8] = []
        var i = digits.startIndex
        while i < digits.endIndex, let j = digits.index(i, offsetBy: 2, limitedBy: digits.endIndex) {
            if let b = UInt8(digits[i..<j], radix: 16) { out.append(b) }
            i = j
        }
        return out
    }

    @Test func qemuMonitor() throws {
        let e = try EDID(Self.blob("qemu-virtio-1920x1080"))
        #expect(e.manufacturerID == "RHT")
        #expect(e.make == "Red Hat (QEMU)")
        #expect(e.name == "QEMU Monitor")
        #expect(e.version == "1.4")
        #expect(e.year == 2014)
        #expect(e.extensionCount == 1)
        #expect(e.checksumValid)
        #expect(e.serialNumber == 0 && e.serialText == nil)
        #expect(e.preferredTiming?.width == 1920 && e.preferredTiming?.height == 1080)
        #expect(e.widthMM == 487 && e.heightMM == 274)
    }

    @Test func qemuMonitorFollowsTheConfiguredSize() throws {
        let e = try EDID(Self.blob("qemu-virtio-1280x800"))
        #expect(e.name == "QEMU Monitor")
        #expect(e.preferredTiming?.width == 1280 && e.preferredTiming?.height == 800)
        #expect(e.checksumValid)
    }

    @Test func samsungSyncMaster() throws {
        let e = try EDID(Self.blob("samsung-syncmaster"))
        #expect(e.manufacturerID == "SAM" && e.make == "Samsung")
        #expect(e.productCode == 229)
        #expect(e.name == "SyncMaster")
        #expect(e.serialText == "H4JX800430")
        #expect(e.week == 34 && e.year == 2004 && !e.isModelYear)
        #expect(e.version == "1.3")
        #expect(e.extensionCount == 0)
        #expect(e.checksumValid)
        // 34 x 27 cm in the basic block, 338 x 270 mm in the detailed timing: the finer one.
        #expect(e.widthMM == 338 && e.heightMM == 270)
        let t = try #require(e.preferredTiming)
        #expect(t.width == 1280 && t.height == 1024 && !t.interlaced)
        #expect(abs(t.refreshHz - 60.02) < 0.01)
    }

    @Test func lgTelevisionWithAnAspectRatioForASize() throws {
        let e = try EDID(Self.blob("lg-tv"))
        #expect(e.manufacturerID == "GSM" && e.make == "LG Electronics")
        #expect(e.productCode == 1)
        #expect(e.name == "LG TV")
        #expect(e.week == 1 && e.year == 2011)
        #expect(e.extensionCount == 1)
        #expect(e.checksumValid)
        // "16 x 9 cm" is the aspect ratio, not a 7-inch TV.
        #expect(e.widthMM == 0 && e.heightMM == 0)
        let t = try #require(e.preferredTiming)
        #expect(t.width == 1360 && t.height == 768)
        #expect(abs(t.refreshHz - 59.80) < 0.01)
    }

    @Test func laptopPanelWithoutAName() throws {
        let e = try EDID(Self.blob("auo-laptop-panel"))
        #expect(e.manufacturerID == "AUO" && e.make == "AU Optronics")
        #expect(e.name == nil)
        #expect(e.texts == ["AUO", "B133HAB01.0"])
        #expect(e.version == "1.4")
        #expect(e.week == nil && e.year == 2016)
        #expect(e.widthMM == 293 && e.heightMM == 165)
        #expect(e.checksumValid)
        let t = try #require(e.preferredTiming)
        #expect(t.width == 1920 && t.height == 1080)
        #expect(abs(t.refreshHz - 60.05) < 0.01)
    }

    @Test func refusesWhatIsNotAnEDID() throws {
        #expect(throws: EDID.Failure.tooShort(100)) { try EDID([UInt8](repeating: 0, count: 100)) }
        var bytes = try Self.blob("samsung-syncmaster")
        bytes[1] = 0
        #expect(throws: EDID.Failure.badHeader) { try EDID(bytes) }
    }

    @Test func reportsABadChecksumAndStillParses() throws {
        var bytes = try Self.blob("samsung-syncmaster")
        bytes[127] &+= 1
        let e = try EDID(bytes)
        #expect(!e.checksumValid)
        #expect(e.name == "SyncMaster")
    }

    @Test func garbageTextIsMadePrintable() throws {
        var bytes = try Self.blob("samsung-syncmaster")
        // The name descriptor's text starts at byte 95 (descriptor at 90).
        bytes[95] = 0x01
        let e = try EDID(bytes)
        #expect(e.name == "?yncMaster")
    }
}
