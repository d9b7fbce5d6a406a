@testable import SoundCard
import Testing

/// Which PCM plays on the driven TV, from ELD texts as the HDA driver prints them.
@Suite struct HDMIAudioTests {
    /// A user's real /proc/asound/card0/eld#3.0 (an AV receiver on an NVIDIA card, 2012; posted
    /// on Ubuntu's forums), first lines. A kernel of then printed no codec_pin_nid lines.
    static let denon = """
        monitor_present\t\t1
        eld_valid\t\t1
        monitor_name\t\tDENON-AVAMP
        connection_type\t\tHDMI
        eld_version\t\t[0x2] CEA-861D or below
        edid_version\t\t[0x3] CEA-861-B, C or D
        manufacture_id\t\t0xee11
        product_id\t\t0x1c
        port_id\t\t\t0x0
        support_hdcp\t\t0
        support_ai\t\t1
        audio_sync_delay\t0
        speakers\t\t[0x5f] FL/FR LFE FC RL/RR RC RLC/RRC
        sad_count\t\t7
        sad0_coding_type\t[0x1] LPCM
        """
    /// The same sink as a kernel ≥ 5.6 prints it (hda_eld.c, snd_hdmi_print_eld_info: the pin,
    /// device entry and converter after eld_valid).
    static let denonNow = denon.replacingFirst("eld_valid\t\t1\n", with: "eld_valid\t\t1\ncodec_pin_nid\t\t0x5\ncodec_dev_id\t\t0x0\ncodec_cvt_nid\t\t0x2\n")
    /// A pin with nothing on it: the kernel stops after the converter line.
    static let empty = "monitor_present\t\t0\neld_valid\t\t0\ncodec_pin_nid\t\t0x6\ncodec_dev_id\t\t0x0\ncodec_cvt_nid\t\t0x3\n"
    /// The same user's other box: an ELD valid but with nothing in it (a DVI adapter).
    static let blank = """
        monitor_present\t\t1
        eld_valid\t\t1
        monitor_name\t\t
        connection_type\t\tHDMI
        manufacture_id\t\t0x0
        product_id\t\t0x0
        sad_count\t\t0
        """
    /// A codec#3 whose pins carry their jack controls (the static PCM mapping).
    static let codecStatic = """
        Codec: Nvidia GPU 0b HDMI/DP
        Address: 3
        Node 0x04 [Pin Complex] wcaps 0x407381: 8-Channels Digital CP
          Control: name="HDMI/DP,pcm=3 Jack", index=0, device=0
          Control: name="IEC958 Playback Con Mask", index=0, device=0
        Node 0x05 [Pin Complex] wcaps 0x407381: 8-Channels Digital CP
          Control: name="HDMI/DP,pcm=7 Jack", index=0, device=0
          Control: name="IEC958 Playback Con Mask", index=1, device=0
        Node 0x06 [Pin Complex] wcaps 0x407381: 8-Channels Digital CP
          Control: name="HDMI/DP,pcm=8 Jack", index=0, device=0
        """
    /// The dynamic mapping's codec#2 (Intel): no control belongs to a pin.
    static let codecDynamic = """
        Codec: Intel Kabylake HDMI
        Address: 2
        Node 0x05 [Pin Complex] wcaps 0x40778d: 8-Channels Digital Amp-Out CP
          Amp-Out caps: ofs=0x00, nsteps=0x00, stepsize=0x00, mute=1
          Devices: 3
        Node 0x06 [Pin Complex] wcaps 0x40778d: 8-Channels Digital Amp-Out CP
        """
    static let denonMonitor = HDMIAudio.Monitor(connector: "HDMI-A-1", manufacturer: "DON", product: 0x1c, name: "DENON-AVAMP")

    @Test func anELDIsReadWithTheManufacturerAsEDIDSpellsIt() {
        let s = HDMIAudio.Sink(card: 0, codec: 3, pin: 0, text: Self.denon)
        #expect(s.present && s.valid)
        #expect(s.monitorName == "DENON-AVAMP")
        // 0xee11 is EDID's bytes 0x11 0xee: 00100 01111 01110, D O N.
        #expect(s.manufacturer == "DON")
        #expect(s.product == 0x1c)
        #expect(s.pinNID == nil)
        #expect(HDMIAudio.Sink(card: 0, codec: 3, pin: 0, text: Self.denonNow).pinNID == 5)
    }

    @Test func theStaticMappingPutsThePinOnItsJacksPCM() {
        let sinks = [HDMIAudio.Sink(card: 1, codec: 3, pin: 0, text: Self.empty.replacingFirst("0x6", with: "0x4")),
                     HDMIAudio.Sink(card: 1, codec: 3, pin: 1, text: Self.denonNow)]
        let c = HDMIAudio.choose(monitor: Self.denonMonitor, eld: sinks, codecs: [1: [3: Self.codecStatic]], pcmELDs: [:], cardIDs: [1: "NVidia"])
        guard case .device(let d, let why) = c else { Issue.record("\(c)"); return }
        #expect(d == "plughw:CARD=NVidia,DEV=7")
        #expect(why.contains("eld#3.1"), "\(why)")
    }

    @Test func theDynamicMappingIsReadFromThePCMsELDControls() {
        let sinks = [HDMIAudio.Sink(card: 0, codec: 2, pin: 0, text: Self.empty),
                     HDMIAudio.Sink(card: 0, codec: 2, pin: 1, text: Self.denonNow)]
        // PCM 3 free, PCM 7 bound to the receiver (its ELD bytes: name length 11, DON 0x001c).
        var eld = [UInt8](repeating: 0, count: 20)
        eld[4] = 11
        eld[16] = 0x11; eld[17] = 0xee; eld[18] = 0x1c; eld[19] = 0
        eld += Array("DENON-AVAMP".utf8)
        let bound = HDMIAudio.Sink(card: 0, eld: eld)
        #expect(bound?.manufacturer == "DON" && bound?.monitorName == "DENON-AVAMP")
        let c = HDMIAudio.choose(monitor: Self.denonMonitor, eld: sinks, codecs: [0: [2: Self.codecDynamic]],
                                 pcmELDs: [0: [7: bound!]], cardIDs: [0: "PCH"])
        #expect(c == .device("plughw:CARD=PCH,DEV=7", why: "card0/eld#2.1 names HDMI-A-1's DENON-AVAMP; PCM 7's ELD control is that monitor's"))
        // Without the controls the dynamic mapping cannot be told: nil, and `default` plays.
        let blind = HDMIAudio.choose(monitor: Self.denonMonitor, eld: sinks, codecs: [0: [2: Self.codecDynamic]], pcmELDs: [:], cardIDs: [0: "PCH"])
        guard case .none = blind else { Issue.record("\(blind)"); return }
    }

    @Test func anotherMonitorsELDIsNeverChosen() {
        let other = HDMIAudio.Monitor(connector: "HDMI-A-2", manufacturer: "SAM", product: 0x7e1, name: "SAMSUNG")
        let sinks = [HDMIAudio.Sink(card: 1, codec: 3, pin: 1, text: Self.denonNow)]
        let c = HDMIAudio.choose(monitor: other, eld: sinks, codecs: [1: [3: Self.codecStatic]], pcmELDs: [:], cardIDs: [1: "NVidia"])
        guard case .none(let why) = c else { Issue.record("\(c)"); return }
        #expect(why.contains("no ELD names HDMI-A-2's SAMSUNG"), "\(why)")
    }

    @Test func anELDWithoutIdentityNamesNoMonitor() {
        let s = HDMIAudio.Sink(card: 0, codec: 0, pin: 0, text: Self.blank)
        #expect(s.manufacturer == nil && s.monitorName == nil)
        #expect(!s.names(Self.denonMonitor))
    }

    /// QEMU's hda-output is an analog codec: no ELD files at all, so `default` plays.
    @Test func noHDMIAudioIsNoChoice() {
        let none = HDMIAudio.choose(monitor: Self.denonMonitor, eld: [], codecs: [:], pcmELDs: [:], cardIDs: [0: "Intel"])
        #expect(none == .none("no HDMI audio (no ELD in /proc/asound)"))
        let unplugged = HDMIAudio.choose(monitor: Self.denonMonitor, eld: [HDMIAudio.Sink(card: 0, codec: 2, pin: 0, text: Self.empty)],
                                         codecs: [:], pcmELDs: [:], cardIDs: [0: "PCH"])
        guard case .none = unplugged else { Issue.record("\(unplugged)"); return }
    }

    /// Without an EDID the one monitor with audio is taken; with two, none.
    @Test func withoutAnEDIDOnlyALoneMonitorIsTaken() {
        let one = [HDMIAudio.Sink(card: 1, codec: 3, pin: 1, text: Self.denonNow)]
        #expect(HDMIAudio.choose(monitor: nil, eld: one, codecs: [1: [3: Self.codecStatic]], pcmELDs: [:], cardIDs: [1: "NVidia"])
                == .device("plughw:CARD=NVidia,DEV=7", why: "card1/eld#3.1 names the display; codec#3 puts its pin 0x5 on PCM 7"))
        let two = one + [HDMIAudio.Sink(card: 1, codec: 3, pin: 2, text: Self.denonNow.replacingFirst("0x5", with: "0x6"))]
        guard case .none = HDMIAudio.choose(monitor: nil, eld: two, codecs: [1: [3: Self.codecStatic]], pcmELDs: [:], cardIDs: [1: "NVidia"]) else {
            Issue.record("two monitors, no EDID: chosen anyway"); return
        }
    }
}

extension String {
    func replacingFirst(_ a: String, with b: String) -> String {
        guard let i = indices.first(where: { self[$0...].hasPrefix(a) }) else { return self }
        return String(self[..<i]) + b + String(self[index(i, offsetBy: a.count)...])
    }
}
