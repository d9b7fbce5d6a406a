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
        // No HDMI Forum block: 300 MHz it is, and 4K50/60 (594 MHz) reach it only as 4:2:0 (297).
        #expect(cta.hdmiForum == nil)
        #expect(cta.ycbcr420CapableVICs == [97, 96, 101, 102])
        #expect(Self.encodings(e) == ["3840x2160@60.00": .ycbcr420, "3840x2160@50.00": .ycbcr420,
                                      "4096x2160@50.00": .ycbcr420, "4096x2160@60.00": .ycbcr420])
    }

    /// Every mode of the EDID not sent as RGB, by name, with how it is sent.
    static func encodings(_ e: EDID) -> [String: CTA861.Encoding] {
        let cta = e.cta!
        return Dictionary(uniqueKeysWithValues: e.modes.map(\.mode).filter { cta.encoding(of: $0) != .rgb }
            .map { ($0.description, cta.encoding(of: $0)) })
    }

    /// Where `pattern` starts in `bytes` (a block found by its bytes, to change one field).
    static func offset(of pattern: [UInt8], in bytes: [UInt8]) throws -> Int {
        try #require((0...(bytes.count - pattern.count)).first { Array(bytes[$0..<($0 + pattern.count)]) == pattern })
    }

    /// The same Samsung line two years on: its HDMI Forum block raises the TV's limit to
    /// 600 MHz, so 3840x2160@60 goes as RGB (edid-decode: "Maximum TMDS Character Rate: 600
    /// MHz, SCDC Present, 12- and 10-bits/component Deep Color 4:2:0").
    @Test func samsung4K60TelevisionWithAnHDMIForumBlock() throws {
        let e = try Self.edid("samsung-tv-4k60-hf")
        #expect(e.name == "SAMSUNG" && e.year == 2016)
        let cta = try #require(e.cta)
        #expect(cta.hdmiForum == CTA861.HDMIForum(version: 1, maxTMDSCharacterRateMHz: 600, scdcPresent: true, deepColor420: [10, 12]))
        #expect(cta.maxTMDSClockMHz == 600)         // the HDMI block says 300
        #expect(cta.ycbcr420CapableVICs == [97, 96, 101, 102] && cta.ycbcr420OnlyVICs.isEmpty)
        #expect(Self.encodings(e).isEmpty)
        let preferred = try #require(e.modes.first)
        #expect(preferred.mode.description == "3840x2160@60.00" && preferred.mode.clock == 594_000)
        // VIC 97 is the preferred DTD's timing: the capability map's entry covers the DTD too.
        #expect(CTAVideoFormats.vics(matching: preferred.mode) == [97, 107])
    }

    /// The kernel's rule for the rate: it replaces the HDMI block's only above 340 MHz.
    @Test func anHDMIForumRateOf340OrLessLeavesTheHDMIBlocksLimit() throws {
        var bytes = try EDIDTests.blob("samsung-tv-4k60-hf")
        let hf = try Self.offset(of: [0xD8, 0x5D, 0xC4], in: bytes)
        bytes[hf + 4] = 68                          // 340 MHz
        var cta = try #require(try EDID(bytes).cta)
        #expect(cta.hdmiForum?.maxTMDSCharacterRateMHz == 340 && cta.maxTMDSClockMHz == 300)
        bytes[hf + 4] = 0                           // "no more than 340"
        cta = try #require(try EDID(bytes).cta)
        #expect(cta.hdmiForum?.maxTMDSCharacterRateMHz == nil && cta.maxTMDSClockMHz == 300)
        #expect(cta.encoding(of: try #require(try EDID(bytes).modes.first).mode) == .ycbcr420)
    }

    @Test func lg4K60TelevisionWithAnHDMIForumBlock() throws {
        let e = try Self.edid("lg-tv-4k60")
        #expect(e.name == "LG TV SSCR2" && e.year == 2020)
        let cta = try #require(e.cta)
        #expect(cta.hdmiForum == CTA861.HDMIForum(version: 1, maxTMDSCharacterRateMHz: 600, scdcPresent: true, deepColor420: [10, 12]))
        #expect(cta.maxTMDSClockMHz == 600)
        #expect(cta.ycbcr420CapableVICs == [97, 96, 102, 101])   // edid-decode's order: the SVDs'
        #expect(Self.encodings(e).isEmpty)
        #expect(e.modes.first?.mode.description == "3840x2160@60.00" && e.modes.first?.mode.isPreferred == true)
        #expect(e.modes.contains { $0.mode.description == "2560x1440@120.00" && $0.source == "DTD 2" })
    }

    /// A 2021 Samsung with 4K at 100 and 120 Hz only as 4:2:0 (the YCbCr 4:2:0 Video Data
    /// Block): 1188 MHz, which 4:2:0 halves to 594, within the TV's 600.
    @Test func samsungQ70AWith4K120OnlyAsYCbCr420() throws {
        let e = try Self.edid("samsung-q70a")
        #expect(e.name == "Q70A")
        let cta = try #require(e.cta)
        #expect(cta.ycbcr420OnlyVICs == [117, 118, 218, 219])
        #expect(cta.ycbcr420CapableVICs == [97, 96, 101, 102])
        #expect(cta.maxTMDSClockMHz == 600 && cta.hdmiForum?.scdcPresent == true && cta.hdmiForum?.maxFRLRate == 0)
        #expect(Self.encodings(e) == ["3840x2160@100.00": .ycbcr420, "3840x2160@120.00": .ycbcr420,
                                      "4096x2160@100.00": .ycbcr420, "4096x2160@120.00": .ycbcr420])
        #expect(e.modes.filter(\.ycbcr420Only).map(\.source) == ["VIC 117", "VIC 118", "VIC 218", "VIC 219"])
    }

    /// The HF-SCDB, the HDMI Forum's block as extended tag 0x79 (edid-decode: "HDMI Forum Sink
    /// Capability Data Block: Version 1, Maximum TMDS Character Rate: 600 MHz, SCDC Present"),
    /// after an HDMI block that says 225 MHz.
    @Test func vizioWithTheSinkCapabilityForm() throws {
        let e = try Self.edid("vizio-hf-scdb")
        #expect(e.name == "D24f-J09" && e.make == "Vizio")
        let cta = try #require(e.cta)
        #expect(cta.hdmiForum == CTA861.HDMIForum(isSCDB: true, version: 1, maxTMDSCharacterRateMHz: 600, scdcPresent: true))
        #expect(cta.maxTMDSClockMHz == 600 && cta.isHDMI)
    }

    /// The 4:2:0-only formats of an HDMI 1.4 TV: 594 MHz halved is 297, within its 300.
    @Test func lg4K30TelevisionTakes4K60OnlyAsYCbCr420() throws {
        let e = try Self.edid("lg-tv-4k30")
        #expect(Self.encodings(e) == ["3840x2160@50.00": .ycbcr420, "3840x2160@60.00": .ycbcr420,
                                      "4096x2160@50.00": .ycbcr420, "4096x2160@60.00": .ycbcr420])
        #expect(e.cta?.hdmiForum == nil && e.cta?.ycbcr420CapableVICs == [])
        // Over even the halved clock: a TV whose HDMI block said 225 MHz takes none of them, and
        // not 4K30 (297 MHz) in RGB either.
        var bytes = try EDIDTests.blob("lg-tv-4k30")
        let hdmi = try Self.offset(of: [0x03, 0x0C, 0x00], in: bytes)
        #expect(bytes[hdmi + 6] == 60)
        bytes[hdmi + 6] = 45
        let slow = try EDID(bytes)
        #expect(slow.cta?.maxTMDSClockMHz == 225)
        #expect(Self.encodings(slow)["3840x2160@60.00"] == .tooFast && Self.encodings(slow)["3840x2160@30.00"] == .tooFast)
    }

    /// The capability map's bits index the SVDs in order; a map of no bytes means every SVD.
    @Test func theCapabilityMapIndexesTheSVDs() throws {
        var bytes = try EDIDTests.blob("samsung-tv-4k60")
        let map = try Self.offset(of: [0xE3, 0x0F, 0x01, 0xE0], in: bytes)
        bytes[map + 2] = 0x03                       // bit 1: the second SVD, VIC 16
        #expect(try EDID(bytes).cta?.ycbcr420CapableVICs == [97, 16, 96, 101, 102])
        // Its length 1 (the tag alone), the two bytes left a reserved-tag block of one byte.
        bytes[map] = 0xE1
        bytes[map + 2] = 0x01
        bytes[map + 3] = 0x00
        let all = try #require(try EDID(bytes).cta)
        #expect(all.ycbcr420CapableVICs == all.vics)
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
