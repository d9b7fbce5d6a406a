import CALSA
import Glibc

/// The card's own mixer, looked at once when the PCM opens: a fresh HDA codec (and many a
/// box after a reinstall) starts with Master or PCM muted or at 0 %, and the room would hear
/// nothing however well the sounds are timed. Such a control is unmuted and set to
/// `saneLevel`, and each change is said; a control someone set to any level above 0 is left
/// as it is (the venue's choice).
public enum MixerLevel {
    /// Percent of a control's range a silent one is set to.
    public static let saneLevel = 80
    /// The playback controls that gate what the PCM plays, on HDA, USB and HDMI cards alike.
    static let names = ["Master", "PCM", "Speaker", "Headphone", "Front", "HDMI", "IEC958"]

    /// The mixer device of an ALSA PCM name: `default` → `default`, `hw:1,3` / `plughw:1` → `hw:1`,
    /// `hdmi:CARD=vc4hdmi0,DEV=0` → `hw:CARD=vc4hdmi0`; nil when it cannot be told (a PCM
    /// defined in an asoundrc).
    public static func mixerDevice(for pcm: String) -> String? {
        if pcm == "default" || pcm == "sysdefault" { return "default" }
        guard let colon = pcm.firstIndex(of: ":") else { return nil }
        let args = pcm[pcm.index(after: colon)...]
        if let card = args.split(separator: ",").first(where: { $0.hasPrefix("CARD=") }) {
            return "hw:\(card)"
        }
        if let first = args.split(separator: ",").first, Int(first) != nil { return "hw:\(first)" }
        return nil
    }

    /// Unmutes and raises what is silent; returns the lines to say (nothing when all was fine).
    public static func raiseIfSilent(device pcm: String) -> [String] {
        guard let device = mixerDevice(for: pcm) else { return [] }
        qk_alsa_quiet_errors()
        var mixer: OpaquePointer?
        guard snd_mixer_open(&mixer, 0) == 0, let mixer else { return [] }
        defer { snd_mixer_close(mixer) }
        guard snd_mixer_attach(mixer, device) == 0, snd_mixer_selem_register(mixer, nil, nil) == 0,
              snd_mixer_load(mixer) == 0 else { return [] }
        var lines: [String] = []
        var elem = snd_mixer_first_elem(mixer)
        while let e = elem {
            defer { elem = snd_mixer_elem_next(e) }
            guard snd_mixer_selem_is_active(e) != 0, let cname = snd_mixer_selem_get_name(e) else { continue }
            let name = String(cString: cname)
            guard names.contains(where: { name.hasPrefix($0) }) else { continue }
            var changes: [String] = []
            if snd_mixer_selem_has_playback_switch(e) != 0 {
                var on: Int32 = 1
                snd_mixer_selem_get_playback_switch(e, SND_MIXER_SCHN_FRONT_LEFT, &on)
                if on == 0, snd_mixer_selem_set_playback_switch_all(e, 1) == 0 { changes.append("unmuted") }
            }
            if snd_mixer_selem_has_playback_volume(e) != 0 {
                var lo = 0, hi = 0, v = 0
                snd_mixer_selem_get_playback_volume_range(e, &lo, &hi)
                snd_mixer_selem_get_playback_volume(e, SND_MIXER_SCHN_FRONT_LEFT, &v)
                if hi > lo, v <= lo {
                    let target = lo + (hi - lo) * saneLevel / 100
                    if snd_mixer_selem_set_playback_volume_all(e, target) == 0 { changes.append("raised from 0 % to \(saneLevel) %") }
                }
            }
            if !changes.isEmpty {
                lines.append("mixer '\(name)' on \(device) was \(changes.contains("unmuted") ? "muted" : "at 0 %"): \(changes.joined(separator: " and ")) (once, at start; --volume sets the sounds' own level)")
            }
        }
        return lines
    }
}
