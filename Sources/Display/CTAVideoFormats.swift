/// The CTA-861 video formats a TV lists by number (VIC) in its EDID: CTA-861-H table 1 with
/// each format's timing, so a VIC becomes the same `Mode` the kernel makes of it. Horizontal
/// values in pixels; vertical ones per field for interlaced formats (the kernel doubles them).
enum CTAVideoFormats {
    struct Format {
        let vic: Int
        let width: Int, height: Int
        /// Picture aspect ratio as the standard gives it (16:9, 64:27, 256:135).
        let aspectX: Int, aspectY: Int
        let clockKHz: Int
        let interlaced: Bool
        let hFront: Int, hSync: Int, hBack: Int, hSyncPositive: Bool
        let vFront: Int, vSync: Int, vBack: Int, vSyncPositive: Bool
        /// VIC 39 (1080i50 with 1250 lines) has an even frame total; other interlaced ones are odd.
        let evenFields: Bool

        var mode: Mode {
            let htotal = width + hFront + hSync + hBack
            var flags: UInt32 = (hSyncPositive ? 1 : 2) | (vSyncPositive ? 4 : 8)   // DRM_MODE_FLAG_[PN][HV]SYNC
            let vActive = interlaced ? height / 2 : height
            var vs = vActive + vFront, ve = vs + vSync, vt = ve + vBack
            if interlaced {
                flags |= Mode.flagInterlace
                vs *= 2; ve *= 2; vt = vt * 2 + (evenFields ? 0 : 1)
            }
            return Mode(clock: UInt32(clockKHz), hdisplay: UInt16(width), hsyncStart: UInt16(width + hFront),
                        hsyncEnd: UInt16(width + hFront + hSync), htotal: UInt16(htotal),
                        vdisplay: UInt16(height), vsyncStart: UInt16(vs), vsyncEnd: UInt16(ve), vtotal: UInt16(vt),
                        vrefresh: UInt32((Double(clockKHz) * 1000 / Double(htotal * vt) * (interlaced ? 2 : 1)).rounded()),
                        flags: flags)
        }
    }

    /// The format of a VIC (1–127, 193–219), nil for reserved numbers.
    static func format(_ vic: Int) -> Format? {
        byVIC[vic]
    }

    /// The VICs whose timing `mode` has (several when only the picture aspect differs: 97 and
    /// 107 are one timing), as drm_match_cea_mode matches a mode to a format: the same sizes,
    /// sync positions, totals and interlacing, and the clock or its 1000/1001 (59.94 Hz) one.
    static func vics(matching mode: Mode) -> [Int] {
        table.filter { f in
            guard f.width == mode.width, f.height == mode.height else { return false }
            let m = f.mode
            guard m.hdisplay == mode.hdisplay, m.vdisplay == mode.vdisplay, m.htotal == mode.htotal, m.vtotal == mode.vtotal,
                  m.hsyncStart == mode.hsyncStart, m.hsyncEnd == mode.hsyncEnd,
                  m.vsyncStart == mode.vsyncStart, m.vsyncEnd == mode.vsyncEnd, m.isInterlaced == mode.isInterlaced else { return false }
            let clock = Int(mode.clock), nominal = f.clockKHz
            return abs(clock - nominal) <= 1 || abs(clock * 1001 - nominal * 1000) <= 1001
        }.map(\.vic)
    }

    /// HDMI 1.4 VICs in the HDMI vendor block (4K before CTA-861-F numbered them): 1–4.
    static func hdmiVIC(_ n: Int) -> Int? {
        (1...4).contains(n) ? [95, 94, 93, 98][n - 1] : nil
    }

    private static let byVIC: [Int: Format] = Dictionary(uniqueKeysWithValues: table.map { ($0.vic, $0) })

    private static func V(_ vic: Int, _ w: Int, _ h: Int, _ ax: Int, _ ay: Int, _ clock: Int, _ i: Bool,
                          _ hf: Int, _ hs: Int, _ hb: Int, _ hp: Bool, _ vf: Int, _ vs: Int, _ vb: Int, _ vp: Bool,
                          evenFields: Bool = false) -> Format {
        Format(vic: vic, width: w, height: h, aspectX: ax, aspectY: ay, clockKHz: clock, interlaced: i,
               hFront: hf, hSync: hs, hBack: hb, hSyncPositive: hp, vFront: vf, vSync: vs, vBack: vb, vSyncPositive: vp,
               evenFields: evenFields)
    }

    // vic, width, height, aspect, pixel clock kHz, interlaced, h front/sync/back/+, v front/sync/back/+
    private static let table: [Format] = [
        V(1, 640, 480, 4, 3, 25175, false, 16, 96, 48, false, 10, 2, 33, false),
        V(2, 720, 480, 4, 3, 27000, false, 16, 62, 60, false, 9, 6, 30, false),
        V(3, 720, 480, 16, 9, 27000, false, 16, 62, 60, false, 9, 6, 30, false),
        V(4, 1280, 720, 16, 9, 74250, false, 110, 40, 220, true, 5, 5, 20, true),
        V(5, 1920, 1080, 16, 9, 74250, true, 88, 44, 148, true, 2, 5, 15, true),
        V(6, 1440, 480, 4, 3, 27000, true, 38, 124, 114, false, 4, 3, 15, false),
        V(7, 1440, 480, 16, 9, 27000, true, 38, 124, 114, false, 4, 3, 15, false),
        V(8, 1440, 240, 4, 3, 27000, false, 38, 124, 114, false, 4, 3, 15, false),
        V(9, 1440, 240, 16, 9, 27000, false, 38, 124, 114, false, 4, 3, 15, false),
        V(10, 2880, 480, 4, 3, 54000, true, 76, 248, 228, false, 4, 3, 15, false),
        V(11, 2880, 480, 16, 9, 54000, true, 76, 248, 228, false, 4, 3, 15, false),
        V(12, 2880, 240, 4, 3, 54000, false, 76, 248, 228, false, 4, 3, 15, false),
        V(13, 2880, 240, 16, 9, 54000, false, 76, 248, 228, false, 4, 3, 15, false),
        V(14, 1440, 480, 4, 3, 54000, false, 32, 124, 120, false, 9, 6, 30, false),
        V(15, 1440, 480, 16, 9, 54000, false, 32, 124, 120, false, 9, 6, 30, false),
        V(16, 1920, 1080, 16, 9, 148500, false, 88, 44, 148, true, 4, 5, 36, true),
        V(17, 720, 576, 4, 3, 27000, false, 12, 64, 68, false, 5, 5, 39, false),
        V(18, 720, 576, 16, 9, 27000, false, 12, 64, 68, false, 5, 5, 39, false),
        V(19, 1280, 720, 16, 9, 74250, false, 440, 40, 220, true, 5, 5, 20, true),
        V(20, 1920, 1080, 16, 9, 74250, true, 528, 44, 148, true, 2, 5, 15, true),
        V(21, 1440, 576, 4, 3, 27000, true, 24, 126, 138, false, 2, 3, 19, false),
        V(22, 1440, 576, 16, 9, 27000, true, 24, 126, 138, false, 2, 3, 19, false),
        V(23, 1440, 288, 4, 3, 27000, false, 24, 126, 138, false, 2, 3, 19, false),
        V(24, 1440, 288, 16, 9, 27000, false, 24, 126, 138, false, 2, 3, 19, false),
        V(25, 2880, 576, 4, 3, 54000, true, 48, 252, 276, false, 2, 3, 19, false),
        V(26, 2880, 576, 16, 9, 54000, true, 48, 252, 276, false, 2, 3, 19, false),
        V(27, 2880, 288, 4, 3, 54000, false, 48, 252, 276, false, 2, 3, 19, false),
        V(28, 2880, 288, 16, 9, 54000, false, 48, 252, 276, false, 2, 3, 19, false),
        V(29, 1440, 576, 4, 3, 54000, false, 24, 128, 136, false, 5, 5, 39, false),
        V(30, 1440, 576, 16, 9, 54000, false, 24, 128, 136, false, 5, 5, 39, false),
        V(31, 1920, 1080, 16, 9, 148500, false, 528, 44, 148, true, 4, 5, 36, true),
        V(32, 1920, 1080, 16, 9, 74250, false, 638, 44, 148, true, 4, 5, 36, true),
        V(33, 1920, 1080, 16, 9, 74250, false, 528, 44, 148, true, 4, 5, 36, true),
        V(34, 1920, 1080, 16, 9, 74250, false, 88, 44, 148, true, 4, 5, 36, true),
        V(35, 2880, 480, 4, 3, 108000, false, 64, 248, 240, false, 9, 6, 30, false),
        V(36, 2880, 480, 16, 9, 108000, false, 64, 248, 240, false, 9, 6, 30, false),
        V(37, 2880, 576, 4, 3, 108000, false, 48, 256, 272, false, 5, 5, 39, false),
        V(38, 2880, 576, 16, 9, 108000, false, 48, 256, 272, false, 5, 5, 39, false),
        V(39, 1920, 1080, 16, 9, 72000, true, 32, 168, 184, true, 23, 5, 57, false, evenFields: true),
        V(40, 1920, 1080, 16, 9, 148500, true, 528, 44, 148, true, 2, 5, 15, true),
        V(41, 1280, 720, 16, 9, 148500, false, 440, 40, 220, true, 5, 5, 20, true),
        V(42, 720, 576, 4, 3, 54000, false, 12, 64, 68, false, 5, 5, 39, false),
        V(43, 720, 576, 16, 9, 54000, false, 12, 64, 68, false, 5, 5, 39, false),
        V(44, 1440, 576, 4, 3, 54000, true, 24, 126, 138, false, 2, 3, 19, false),
        V(45, 1440, 576, 16, 9, 54000, true, 24, 126, 138, false, 2, 3, 19, false),
        V(46, 1920, 1080, 16, 9, 148500, true, 88, 44, 148, true, 2, 5, 15, true),
        V(47, 1280, 720, 16, 9, 148500, false, 110, 40, 220, true, 5, 5, 20, true),
        V(48, 720, 480, 4, 3, 54000, false, 16, 62, 60, false, 9, 6, 30, false),
        V(49, 720, 480, 16, 9, 54000, false, 16, 62, 60, false, 9, 6, 30, false),
        V(50, 1440, 480, 4, 3, 54000, true, 38, 124, 114, false, 4, 3, 15, false),
        V(51, 1440, 480, 16, 9, 54000, true, 38, 124, 114, false, 4, 3, 15, false),
        V(52, 720, 576, 4, 3, 108000, false, 12, 64, 68, false, 5, 5, 39, false),
        V(53, 720, 576, 16, 9, 108000, false, 12, 64, 68, false, 5, 5, 39, false),
        V(54, 1440, 576, 4, 3, 108000, true, 24, 126, 138, false, 2, 3, 19, false),
        V(55, 1440, 576, 16, 9, 108000, true, 24, 126, 138, false, 2, 3, 19, false),
        V(56, 720, 480, 4, 3, 108000, false, 16, 62, 60, false, 9, 6, 30, false),
        V(57, 720, 480, 16, 9, 108000, false, 16, 62, 60, false, 9, 6, 30, false),
        V(58, 1440, 480, 4, 3, 108000, true, 38, 124, 114, false, 4, 3, 15, false),
        V(59, 1440, 480, 16, 9, 108000, true, 38, 124, 114, false, 4, 3, 15, false),
        V(60, 1280, 720, 16, 9, 59400, false, 1760, 40, 220, true, 5, 5, 20, true),
        V(61, 1280, 720, 16, 9, 74250, false, 2420, 40, 220, true, 5, 5, 20, true),
        V(62, 1280, 720, 16, 9, 74250, false, 1760, 40, 220, true, 5, 5, 20, true),
        V(63, 1920, 1080, 16, 9, 297000, false, 88, 44, 148, true, 4, 5, 36, true),
        V(64, 1920, 1080, 16, 9, 297000, false, 528, 44, 148, true, 4, 5, 36, true),
        V(65, 1280, 720, 64, 27, 59400, false, 1760, 40, 220, true, 5, 5, 20, true),
        V(66, 1280, 720, 64, 27, 74250, false, 2420, 40, 220, true, 5, 5, 20, true),
        V(67, 1280, 720, 64, 27, 74250, false, 1760, 40, 220, true, 5, 5, 20, true),
        V(68, 1280, 720, 64, 27, 74250, false, 440, 40, 220, true, 5, 5, 20, true),
        V(69, 1280, 720, 64, 27, 74250, false, 110, 40, 220, true, 5, 5, 20, true),
        V(70, 1280, 720, 64, 27, 148500, false, 440, 40, 220, true, 5, 5, 20, true),
        V(71, 1280, 720, 64, 27, 148500, false, 110, 40, 220, true, 5, 5, 20, true),
        V(72, 1920, 1080, 64, 27, 74250, false, 638, 44, 148, true, 4, 5, 36, true),
        V(73, 1920, 1080, 64, 27, 74250, false, 528, 44, 148, true, 4, 5, 36, true),
        V(74, 1920, 1080, 64, 27, 74250, false, 88, 44, 148, true, 4, 5, 36, true),
        V(75, 1920, 1080, 64, 27, 148500, false, 528, 44, 148, true, 4, 5, 36, true),
        V(76, 1920, 1080, 64, 27, 148500, false, 88, 44, 148, true, 4, 5, 36, true),
        V(77, 1920, 1080, 64, 27, 297000, false, 528, 44, 148, true, 4, 5, 36, true),
        V(78, 1920, 1080, 64, 27, 297000, false, 88, 44, 148, true, 4, 5, 36, true),
        V(79, 1680, 720, 64, 27, 59400, false, 1360, 40, 220, true, 5, 5, 20, true),
        V(80, 1680, 720, 64, 27, 59400, false, 1228, 40, 220, true, 5, 5, 20, true),
        V(81, 1680, 720, 64, 27, 59400, false, 700, 40, 220, true, 5, 5, 20, true),
        V(82, 1680, 720, 64, 27, 82500, false, 260, 40, 220, true, 5, 5, 20, true),
        V(83, 1680, 720, 64, 27, 99000, false, 260, 40, 220, true, 5, 5, 20, true),
        V(84, 1680, 720, 64, 27, 165000, false, 60, 40, 220, true, 5, 5, 95, true),
        V(85, 1680, 720, 64, 27, 198000, false, 60, 40, 220, true, 5, 5, 95, true),
        V(86, 2560, 1080, 64, 27, 99000, false, 998, 44, 148, true, 4, 5, 11, true),
        V(87, 2560, 1080, 64, 27, 90000, false, 448, 44, 148, true, 4, 5, 36, true),
        V(88, 2560, 1080, 64, 27, 118800, false, 768, 44, 148, true, 4, 5, 36, true),
        V(89, 2560, 1080, 64, 27, 185625, false, 548, 44, 148, true, 4, 5, 36, true),
        V(90, 2560, 1080, 64, 27, 198000, false, 248, 44, 148, true, 4, 5, 11, true),
        V(91, 2560, 1080, 64, 27, 371250, false, 218, 44, 148, true, 4, 5, 161, true),
        V(92, 2560, 1080, 64, 27, 495000, false, 548, 44, 148, true, 4, 5, 161, true),
        V(93, 3840, 2160, 16, 9, 297000, false, 1276, 88, 296, true, 8, 10, 72, true),
        V(94, 3840, 2160, 16, 9, 297000, false, 1056, 88, 296, true, 8, 10, 72, true),
        V(95, 3840, 2160, 16, 9, 297000, false, 176, 88, 296, true, 8, 10, 72, true),
        V(96, 3840, 2160, 16, 9, 594000, false, 1056, 88, 296, true, 8, 10, 72, true),
        V(97, 3840, 2160, 16, 9, 594000, false, 176, 88, 296, true, 8, 10, 72, true),
        V(98, 4096, 2160, 256, 135, 297000, false, 1020, 88, 296, true, 8, 10, 72, true),
        V(99, 4096, 2160, 256, 135, 297000, false, 968, 88, 128, true, 8, 10, 72, true),
        V(100, 4096, 2160, 256, 135, 297000, false, 88, 88, 128, true, 8, 10, 72, true),
        V(101, 4096, 2160, 256, 135, 594000, false, 968, 88, 128, true, 8, 10, 72, true),
        V(102, 4096, 2160, 256, 135, 594000, false, 88, 88, 128, true, 8, 10, 72, true),
        V(103, 3840, 2160, 64, 27, 297000, false, 1276, 88, 296, true, 8, 10, 72, true),
        V(104, 3840, 2160, 64, 27, 297000, false, 1056, 88, 296, true, 8, 10, 72, true),
        V(105, 3840, 2160, 64, 27, 297000, false, 176, 88, 296, true, 8, 10, 72, true),
        V(106, 3840, 2160, 64, 27, 594000, false, 1056, 88, 296, true, 8, 10, 72, true),
        V(107, 3840, 2160, 64, 27, 594000, false, 176, 88, 296, true, 8, 10, 72, true),
        V(108, 1280, 720, 16, 9, 90000, false, 960, 40, 220, true, 5, 5, 20, true),
        V(109, 1280, 720, 64, 27, 90000, false, 960, 40, 220, true, 5, 5, 20, true),
        V(110, 1680, 720, 64, 27, 99000, false, 810, 40, 220, true, 5, 5, 20, true),
        V(111, 1920, 1080, 16, 9, 148500, false, 638, 44, 148, true, 4, 5, 36, true),
        V(112, 1920, 1080, 64, 27, 148500, false, 638, 44, 148, true, 4, 5, 36, true),
        V(113, 2560, 1080, 64, 27, 198000, false, 998, 44, 148, true, 4, 5, 11, true),
        V(114, 3840, 2160, 16, 9, 594000, false, 1276, 88, 296, true, 8, 10, 72, true),
        V(115, 4096, 2160, 256, 135, 594000, false, 1020, 88, 296, true, 8, 10, 72, true),
        V(116, 3840, 2160, 64, 27, 594000, false, 1276, 88, 296, true, 8, 10, 72, true),
        V(117, 3840, 2160, 16, 9, 1188000, false, 1056, 88, 296, true, 8, 10, 72, true),
        V(118, 3840, 2160, 16, 9, 1188000, false, 176, 88, 296, true, 8, 10, 72, true),
        V(119, 3840, 2160, 64, 27, 1188000, false, 1056, 88, 296, true, 8, 10, 72, true),
        V(120, 3840, 2160, 64, 27, 1188000, false, 176, 88, 296, true, 8, 10, 72, true),
        V(121, 5120, 2160, 64, 27, 396000, false, 1996, 88, 296, true, 8, 10, 22, true),
        V(122, 5120, 2160, 64, 27, 396000, false, 1696, 88, 296, true, 8, 10, 22, true),
        V(123, 5120, 2160, 64, 27, 396000, false, 664, 88, 128, true, 8, 10, 22, true),
        V(124, 5120, 2160, 64, 27, 742500, false, 746, 88, 296, true, 8, 10, 297, true),
        V(125, 5120, 2160, 64, 27, 742500, false, 1096, 88, 296, true, 8, 10, 72, true),
        V(126, 5120, 2160, 64, 27, 742500, false, 164, 88, 128, true, 8, 10, 72, true),
        V(127, 5120, 2160, 64, 27, 1485000, false, 1096, 88, 296, true, 8, 10, 72, true),
        V(193, 5120, 2160, 64, 27, 1485000, false, 164, 88, 128, true, 8, 10, 72, true),
        V(194, 7680, 4320, 16, 9, 1188000, false, 2552, 176, 592, true, 16, 20, 144, true),
        V(195, 7680, 4320, 16, 9, 1188000, false, 2352, 176, 592, true, 16, 20, 44, true),
        V(196, 7680, 4320, 16, 9, 1188000, false, 552, 176, 592, true, 16, 20, 44, true),
        V(197, 7680, 4320, 16, 9, 2376000, false, 2552, 176, 592, true, 16, 20, 144, true),
        V(198, 7680, 4320, 16, 9, 2376000, false, 2352, 176, 592, true, 16, 20, 44, true),
        V(199, 7680, 4320, 16, 9, 2376000, false, 552, 176, 592, true, 16, 20, 44, true),
        V(200, 7680, 4320, 16, 9, 4752000, false, 2112, 176, 592, true, 16, 20, 144, true),
        V(201, 7680, 4320, 16, 9, 4752000, false, 352, 176, 592, true, 16, 20, 144, true),
        V(202, 7680, 4320, 64, 27, 1188000, false, 2552, 176, 592, true, 16, 20, 144, true),
        V(203, 7680, 4320, 64, 27, 1188000, false, 2352, 176, 592, true, 16, 20, 44, true),
        V(204, 7680, 4320, 64, 27, 1188000, false, 552, 176, 592, true, 16, 20, 44, true),
        V(205, 7680, 4320, 64, 27, 2376000, false, 2552, 176, 592, true, 16, 20, 144, true),
        V(206, 7680, 4320, 64, 27, 2376000, false, 2352, 176, 592, true, 16, 20, 44, true),
        V(207, 7680, 4320, 64, 27, 2376000, false, 552, 176, 592, true, 16, 20, 44, true),
        V(208, 7680, 4320, 64, 27, 4752000, false, 2112, 176, 592, true, 16, 20, 144, true),
        V(209, 7680, 4320, 64, 27, 4752000, false, 352, 176, 592, true, 16, 20, 144, true),
        V(210, 10240, 4320, 64, 27, 1485000, false, 1492, 176, 592, true, 16, 20, 594, true),
        V(211, 10240, 4320, 64, 27, 1485000, false, 2492, 176, 592, true, 16, 20, 44, true),
        V(212, 10240, 4320, 64, 27, 1485000, false, 288, 176, 296, true, 16, 20, 144, true),
        V(213, 10240, 4320, 64, 27, 2970000, false, 1492, 176, 592, true, 16, 20, 594, true),
        V(214, 10240, 4320, 64, 27, 2970000, false, 2492, 176, 592, true, 16, 20, 44, true),
        V(215, 10240, 4320, 64, 27, 2970000, false, 288, 176, 296, true, 16, 20, 144, true),
        V(216, 10240, 4320, 64, 27, 5940000, false, 2192, 176, 592, true, 16, 20, 144, true),
        V(217, 10240, 4320, 64, 27, 5940000, false, 288, 176, 296, true, 16, 20, 144, true),
        V(218, 4096, 2160, 256, 135, 1188000, false, 800, 88, 296, true, 8, 10, 72, true),
        V(219, 4096, 2160, 256, 135, 1188000, false, 88, 88, 128, true, 8, 10, 72, true),
    ]
}
