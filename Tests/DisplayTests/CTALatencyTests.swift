import Display
import Testing

/// The HDMI vendor block's latency fields (1 + ms / 2; 0 unknown, 255 not supported): what
/// `run`'s sound takes its default `--av-offset` from (video − audio).
@Suite struct CTALatencyTests {
    static func block(flags: UInt8, video: UInt8, audio: UInt8) -> [UInt8] {
        let vsdb: [UInt8] = [0x03, 0x0C, 0x00, 0x10, 0x00, 0x00, 0x2D, flags, video, audio]
        var b: [UInt8] = [0x02, 0x03, UInt8(4 + 1 + vsdb.count), 0x00, 0x60 | UInt8(vsdb.count)] + vsdb
        b += [UInt8](repeating: 0, count: 128 - b.count)
        return b
    }

    @Test func latenciesInMilliseconds() throws {
        let cta = try #require(CTA861(Self.block(flags: 0x80, video: 31, audio: 11)))
        #expect(cta.isHDMI && cta.maxTMDSClockMHz == 225)
        #expect(cta.videoLatencyMs == 60 && cta.audioLatencyMs == 20)
    }

    @Test(arguments: [(UInt8(0x80), UInt8(0), UInt8(255)), (0x00, 31, 11)])
    func unknownNotSupportedOrAbsentIsNil(_ flags: UInt8, _ video: UInt8, _ audio: UInt8) throws {
        let cta = try #require(CTA861(Self.block(flags: flags, video: video, audio: audio)))
        #expect(cta.videoLatencyMs == nil && cta.audioLatencyMs == nil)
    }
}
