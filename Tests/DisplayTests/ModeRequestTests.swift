@testable import Display
import TestSupport
import Testing

@Suite struct ModeRequestTests {
    let tvModes: [Mode] = [
        .synthetic(1920, 1080, hz: 60, preferred: true), .synthetic(3840, 2160, hz: 30), .synthetic(1920, 1080, hz: 50),
        .synthetic(1920, 1080, hz: 60, interlaced: true), .synthetic(1280, 720, hz: 60),
    ]

    @Test func parses() {
        #expect(ModeRequest(parsing: "1920x1080") == ModeRequest(width: 1920, height: 1080))
        #expect(ModeRequest(parsing: "1280X720@50") == ModeRequest(width: 1280, height: 720, refresh: 50))
        #expect(ModeRequest(parsing: "1920x1080@59.94")?.refresh == 59.94)
        for bad in ["", "1920", "1920x", "x1080", "1920x1080@", "1920x1080@fast", "-1x5", "0x0", "1920x1080@0"] {
            #expect(ModeRequest(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func preferredWithoutARequest() {
        #expect(ModePolicy().choose(from: tvModes, display: .init())?.mode == tvModes[0])
    }

    @Test func largestProgressiveWhenNoneIsPreferred() {
        let modes = [Mode.synthetic(1280, 720), .synthetic(4096, 2160, interlaced: true), .synthetic(1920, 1080)]
        #expect(ModePolicy().choose(from: modes, display: .init())?.mode == modes[2])
    }

    @Test func requestedSizeAndRefresh() {
        #expect(ModePolicy.requested(ModeRequest(width: 1920, height: 1080, refresh: 50), from: tvModes) == tvModes[2])
        #expect(ModePolicy.requested(ModeRequest(width: 3840, height: 2160), from: tvModes) == tvModes[1])
        // Without a refresh: the progressive, preferred one before the interlaced one.
        #expect(ModePolicy.requested(ModeRequest(width: 1920, height: 1080), from: tvModes) == tvModes[0])
        #expect(ModePolicy.requested(ModeRequest(width: 1024, height: 768), from: tvModes) == nil)
        #expect(ModePolicy.requested(ModeRequest(width: 1920, height: 1080, refresh: 24), from: tvModes) == nil)
    }

    @Test func listsPreferredFirstAndMarksInterlaced() {
        let order = ModeRequest.listingOrder([.synthetic(1280, 720), .synthetic(1920, 1080, preferred: true)])
        #expect(order.map(\.description) == ["1920x1080@60.00", "1280x720@60.00"])
        #expect(Mode.synthetic(1920, 1080, interlaced: true).description.hasPrefix("1920x1080i@"))
    }

    @Test func refreshFromTheTimings() {
        // CEA 1080p60: 148.5 MHz over 2200 x 1125.
        let m = Mode(clock: 148_500, hdisplay: 1920, hsyncStart: 2008, hsyncEnd: 2052, htotal: 2200,
                     vdisplay: 1080, vsyncStart: 1084, vsyncEnd: 1089, vtotal: 1125, vrefresh: 60)
        #expect(abs(m.refreshHz - 60) < 0.001)
        let ntsc = Mode(clock: 148_352, hdisplay: 1920, hsyncStart: 2008, hsyncEnd: 2052, htotal: 2200,
                        vdisplay: 1080, vsyncStart: 1084, vsyncEnd: 1089, vtotal: 1125, vrefresh: 60)
        #expect(ntsc.description == "1920x1080@59.94")
        #expect(ModeRequest(parsing: "1920x1080@59.94").map { $0.matches(ntsc) } == true)
        #expect(ModeRequest(parsing: "1920x1080@60").map { $0.matches(ntsc) } == true)
        #expect(ModeRequest(parsing: "1920x1080@50").map { $0.matches(ntsc) } == false)
    }
}
