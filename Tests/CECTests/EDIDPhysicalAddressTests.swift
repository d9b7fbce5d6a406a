import CEC
import Display
import Glibc
import Testing

/// The CEC physical address in real TVs' EDIDs (the HDMI vendor block's bytes 4–5), the
/// address `--cec auto` matches adapters by (blobs from Tests/DisplayTests/EDID).
@Suite struct EDIDPhysicalAddressTests {
    static func blob(_ name: String) -> [UInt8] {
        var dir = #filePath
        for _ in 0..<2 { if let i = dir.lastIndex(of: "/") { dir = String(dir[..<i]) } }
        guard let f = fopen(dir + "/DisplayTests/EDID/" + name + ".hex", "r") else { return [] }
        defer { fclose(f) }
        var text: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&buf, 1, buf.count, f)
            if n <= 0 { break }
            text += buf[0..<n]
        }
        let digits = Array(String(decoding: text, as: UTF8.self).filter(\.isHexDigit))
        return stride(from: 0, to: digits.count - 1, by: 2).compactMap { UInt8(String(digits[$0...$0 + 1]), radix: 16) }
    }

    @Test(arguments: [("samsung-tv-1080i", "1.0.0.0"), ("lg-tv", "3.0.0.0"), ("samsung-q70a", "3.0.0.0")])
    func aTVsEDIDGivesTheInputsAddress(_ name: String, _ address: String) throws {
        let edid = try EDID(Self.blob(name))
        let pa = try #require(edid.cta?.cecPhysicalAddress)
        #expect(PhysicalAddress(rawValue: pa) == PhysicalAddress(parsing: address))
    }

    @Test func qemusMonitorHasNone() throws {
        let edid = try EDID(Self.blob("qemu-virtio-1920x1080"))
        #expect(edid.cta?.cecPhysicalAddress == nil)
    }
}
