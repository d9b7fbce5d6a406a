@testable import Display
import TestSupport
import Testing

/// The CTA-861 parser on real TVs' EDIDs; every expectation was checked against edid-decode's
/// reading of the same blob (kept beside it in linuxhw/EDID, see EDID/README.md).
@Suite struct CTA861Tests {
    static func edid(_ name: String) throws -> EDID { try EDID(EDIDTests.blob(name)) }

    @Test func samsung1080iTelevisionWithoutAVCDB() throws {
        let e = try Self.edid("samsung-tv-1080i")
        #expect(e.name == "SAMSUNG TV" && e.extensionCount == 1)
        let cta = try #require(e.cta)
        #expect(cta.revision == 3)
        #expect(cta.vics == [5, 4, 3, 20, 19, 18, 16])
        #expect(cta.nativeVICs == [5])
        #expect(cta.vcdb == nil)
        #expect(cta.isHDMI && cta.maxTMDSClockMHz == nil)
        #expect(!cta.underscansITByDefault && cta.ycbcr444 && cta.ycbcr422)
        #expect(cta.colorimetry.isEmpty && cta.hdmiVICs.isEmpty && cta.ycbcr420OnlyVICs.isEmpty)
        #expect(cta.detailedTimings.count == 5)
        // The preferred mode is the first detailed timing: 1080i at 60 fields a second.
        let preferred = try #require(e.modes.first)
        #expect(preferred.mode.description == "1920x1080i@60.00" && preferred.mode.isPreferred && preferred.source == "DTD 1")
        #expect(preferred.mode.clock == 74_250 && preferred.mode.htotal == 2200 && preferred.mode.vtotal == 1125)
    }

    @Test func lg4K30TelevisionWithDCIModesAndAVCDB() throws {
        let e = try Self.edid("lg-tv-4k30")
        #expect(e.name == "LG TV")
        let cta = try #require(e.cta)
        #expect(cta.vics == [95, 16, 31, 4, 19, 5, 20, 3, 2, 18, 32, 33, 34, 21, 1, 93, 94, 98, 99, 100, 63, 64])
        #expect(cta.ycbcr420OnlyVICs == [96, 97, 101, 102])
        #expect(cta.hdmiVICs == [95, 94, 93, 98])
        #expect(cta.vcdb == CTA861.VCDB(qy: true, qs: true, sPT: 0, sIT: 3, sCE: 3))
        #expect(cta.maxTMDSClockMHz == 300)
        #expect(cta.colorimetry == ["BT2020YCC", "BT2020RGB"])
        #expect(cta.hdrStaticMetadata && cta.underscansITByDefault)
        let preferred = try #require(e.modes.first)
        #expect(preferred.mode.description == "3840x2160@30.00" && preferred.mode.isPreferred)
        // 4K60 is there only as YCbCr 4:2:0: listed, and marked so.
        let y420 = e.modes.filter(\.ycbcr420Only).map(\.source)
        #expect(y420 == ["VIC 96", "VIC 97", "VIC 101", "VIC 102"])
        #expect(e.modes.contains { $0.mode.description == "4096x2160@30.00" && $0.source == "VIC 100" })
    }

    @Test func samsung4K60TelevisionWithADCIMode() throws {
        let e = try Self.edid("samsung-tv-4k60")
        #expect(e.name == "SAMSUNG")
        let cta = try #require(e.cta)
        #expect(cta.vics == [97, 16, 31, 4, 19, 5, 20, 32, 33, 34, 93, 94, 95, 96, 101, 102, 98, 99, 100, 7, 22, 3, 18])
        #expect(cta.vcdb == CTA861.VCDB(qy: false, qs: false, sPT: 0, sIT: 3, sCE: 3))
        #expect(cta.maxTMDSClockMHz == 300)
        #expect(cta.hdmiVICs == [95, 94, 93, 98])
        #expect(cta.ycbcr420OnlyVICs.isEmpty)      // a 4:2:0 capability map, not a 4:2:0-only list
        // VIC 97 has the preferred DTD's timing: listed once, as the DTD.
        #expect(e.modes.filter { $0.mode.description == "3840x2160@60.00" }.map(\.source) == ["DTD 1"])
        #expect(e.modes.contains { $0.mode.description == "4096x2160@60.00" && $0.source == "VIC 102" })
    }

    /// The VIC table gives the kernel's timings (spot checks against CTA-861-H table 1).
    @Test func vicTimings() throws {
        let v16 = try #require(CTAVideoFormats.format(16)).mode
        #expect(v16.description == "1920x1080@60.00" && v16.htotal == 2200 && v16.vtotal == 1125 && v16.clock == 148_500)
        let v39 = try #require(CTAVideoFormats.format(39)).mode
        #expect(v39.description == "1920x1080i@50.00" && v39.vtotal == 1250)
        let v97 = try #require(CTAVideoFormats.format(97)).mode
        #expect(v97.description == "3840x2160@60.00" && v97.clock == 594_000)
        #expect(CTAVideoFormats.format(219)?.mode.description == "4096x2160@120.00")
        #expect(CTAVideoFormats.format(128) == nil && CTAVideoFormats.format(0) == nil && CTAVideoFormats.format(220) == nil)
    }

    @Test func strictValidationOfFiles() throws {
        var b = try EDIDTests.blob("lg-tv-4k30")
        try EDID.validate(b)
        #expect(throws: EDID.Failure.truncated(bytes: 200, announced: 1)) { try EDID.validate(Array(b.prefix(200))) }
        b[200] &+= 1
        #expect(throws: EDID.Failure.badChecksum(block: 1)) { try EDID.validate(b) }
        #expect(throws: EDID.Failure.badHeader) { try EDID.validate(Array("not an edid at all, padded".utf8) + [UInt8](repeating: 0, count: 200)) }
        #expect(throws: EDID.Failure.tooShort(3)) { try EDID.validate([0, 255, 255]) }
    }
}
