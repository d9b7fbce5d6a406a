/// A display mode as the kernel describes it (struct drm_mode_modeinfo), in plain Swift so the
/// selection logic and the tests need no C types. `DRMCard.swift` converts to and from the C struct.
public struct Mode: Hashable, Sendable, CustomStringConvertible {
    public var clock: UInt32                   // kHz
    public var hdisplay: UInt16, hsyncStart: UInt16, hsyncEnd: UInt16, htotal: UInt16, hskew: UInt16
    public var vdisplay: UInt16, vsyncStart: UInt16, vsyncEnd: UInt16, vtotal: UInt16, vscan: UInt16
    public var vrefresh: UInt32
    public var flags: UInt32
    public var type: UInt32
    public var name: String

    // From drm_mode.h; plain constants so tests can build modes without the C headers.
    public static let typePreferred: UInt32 = 1 << 3
    /// A mode the operator forced with the kernel's `video=` option (DRM_MODE_TYPE_USERDEF).
    public static let typeUserDefined: UInt32 = 1 << 5
    public static let flagInterlace: UInt32 = 1 << 4
    public static let flagDoubleScan: UInt32 = 1 << 5

    public init(clock: UInt32, hdisplay: UInt16, hsyncStart: UInt16, hsyncEnd: UInt16, htotal: UInt16, hskew: UInt16 = 0,
                vdisplay: UInt16, vsyncStart: UInt16, vsyncEnd: UInt16, vtotal: UInt16, vscan: UInt16 = 0,
                vrefresh: UInt32 = 0, flags: UInt32 = 0, type: UInt32 = 0, name: String? = nil) {
        self.clock = clock
        self.hdisplay = hdisplay; self.hsyncStart = hsyncStart; self.hsyncEnd = hsyncEnd; self.htotal = htotal; self.hskew = hskew
        self.vdisplay = vdisplay; self.vsyncStart = vsyncStart; self.vsyncEnd = vsyncEnd; self.vtotal = vtotal; self.vscan = vscan
        self.vrefresh = vrefresh
        self.flags = flags
        self.type = type
        self.name = name ?? "\(hdisplay)x\(vdisplay)" + ((flags & Mode.flagInterlace) != 0 ? "i" : "")
    }

    /// A made-up but consistent mode of the given size and refresh (tests, fake devices).
    public static func synthetic(_ w: Int, _ h: Int, hz: Int = 60, preferred: Bool = false, interlaced: Bool = false,
                                 userDefined: Bool = false) -> Mode {
        let htotal = w + 160, vtotal = h + 30
        // An interlaced mode's clock carries two fields per frame at `hz` fields a second.
        return Mode(clock: UInt32(htotal * vtotal * hz / (interlaced ? 2000 : 1000)),
                    hdisplay: UInt16(w), hsyncStart: UInt16(w + 48), hsyncEnd: UInt16(w + 80), htotal: UInt16(htotal),
                    vdisplay: UInt16(h), vsyncStart: UInt16(h + 3), vsyncEnd: UInt16(h + 8), vtotal: UInt16(vtotal),
                    vrefresh: UInt32(hz), flags: interlaced ? Mode.flagInterlace : 0,
                    type: (preferred ? Mode.typePreferred : 0) | (userDefined ? Mode.typeUserDefined : 0))
    }

    public var width: Int { Int(hdisplay) }
    public var height: Int { Int(vdisplay) }
    public var isPreferred: Bool { (type & Mode.typePreferred) != 0 }
    public var isInterlaced: Bool { (flags & Mode.flagInterlace) != 0 }
    public var isUserDefined: Bool { (type & Mode.typeUserDefined) != 0 }

    /// Refresh rate in Hz from the pixel clock and totals (the `vrefresh` field is rounded to an
    /// integer; a TV's 59.94 Hz matters to someone choosing `--mode 1920x1080@59.94`).
    public var refreshHz: Double {
        guard htotal > 0, vtotal > 0 else { return Double(vrefresh) }
        var hz = Double(clock) * 1000 / (Double(htotal) * Double(vtotal))
        if isInterlaced { hz *= 2 }
        if (flags & Mode.flagDoubleScan) != 0 { hz /= 2 }
        if vscan > 1 { hz /= Double(vscan) }
        return hz
    }

    /// "1920x1080@60.00" (with an "i" for interlaced): how modes are listed and requested.
    public var description: String {
        "\(hdisplay)x\(vdisplay)\(isInterlaced ? "i" : "")@\(Mode.format(refreshHz))"
    }

    static func format(_ hz: Double) -> String {
        let centi = Int((hz * 100).rounded())
        let frac = centi % 100
        return "\(centi / 100)." + (frac < 10 ? "0" : "") + "\(frac)"
    }
}
