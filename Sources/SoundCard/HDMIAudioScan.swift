import CALSA
import Glibc
import Platform

/// Reads what `HDMIAudio.choose` decides on: the ELD and codec files under /proc/asound, each
/// card's id, and the `ELD` control of each of its PCM devices. Cheap (a few small files and one
/// control device per card); run at start and each time a display is shown.
public enum HDMIAudioScan {
    public static func choose(for monitor: HDMIAudio.Monitor?, proc: String = "/proc/asound") -> HDMIAudio.Choice {
        var sinks: [HDMIAudio.Sink] = []
        var codecs: [Int: [Int: String]] = [:]
        var ids: [Int: String] = [:]
        var pcm: [Int: [Int: HDMIAudio.Sink]] = [:]
        for card in entries(proc).compactMap({ $0.hasPrefix("card") ? Int($0.dropFirst(4)) : nil }) {
            let dir = "\(proc)/card\(card)"
            if let id = text("\(dir)/id")?.split(separator: "\n").first { ids[card] = String(id) }
            var hasELD = false
            for name in entries(dir) {
                if name.hasPrefix("eld#"), let t = text("\(dir)/\(name)") {
                    let nums = name.dropFirst(4).split(separator: ".").compactMap { Int($0) }
                    guard nums.count == 2 else { continue }
                    sinks.append(HDMIAudio.Sink(card: card, codec: nums[0], pin: nums[1], text: t))
                    hasELD = true
                } else if name.hasPrefix("codec#"), let c = Int(name.dropFirst(6)), let t = text("\(dir)/\(name)") {
                    codecs[card, default: [:]][c] = t
                }
            }
            if hasELD, proc == "/proc/asound" { pcm[card] = pcmELDs(card: card) }
        }
        return HDMIAudio.choose(monitor: monitor, eld: sinks.sorted { ($0.card, $0.codec ?? 0, $0.pin ?? 0) < ($1.card, $1.codec ?? 0, $1.pin ?? 0) },
                                codecs: codecs, pcmELDs: pcm, cardIDs: ids)
    }

    /// Each playback PCM device of the card whose `ELD` control (iface PCM, device D) holds an ELD.
    static func pcmELDs(card: Int) -> [Int: HDMIAudio.Sink] {
        qk_alsa_quiet_errors()
        var ctl: OpaquePointer?
        guard snd_ctl_open(&ctl, "hw:\(card)", SND_CTL_NONBLOCK) == 0, let ctl else { return [:] }
        defer { snd_ctl_close(ctl) }
        var id: OpaquePointer?, info: OpaquePointer?, value: OpaquePointer?
        guard snd_ctl_elem_id_malloc(&id) == 0, snd_ctl_elem_info_malloc(&info) == 0, snd_ctl_elem_value_malloc(&value) == 0,
              let id, let info, let value else { return [:] }
        defer { snd_ctl_elem_id_free(id); snd_ctl_elem_info_free(info); snd_ctl_elem_value_free(value) }
        var out: [Int: HDMIAudio.Sink] = [:]
        var device: Int32 = -1
        while snd_ctl_pcm_next_device(ctl, &device) == 0, device >= 0 {
            snd_ctl_elem_id_clear(id)
            snd_ctl_elem_id_set_interface(id, SND_CTL_ELEM_IFACE_PCM)
            snd_ctl_elem_id_set_name(id, "ELD")
            snd_ctl_elem_id_set_device(id, UInt32(device))
            snd_ctl_elem_info_set_id(info, id)
            guard snd_ctl_elem_info(ctl, info) == 0 else { continue }
            let count = Int(snd_ctl_elem_info_get_count(info))
            guard count >= 20 else { continue }
            snd_ctl_elem_value_set_id(value, id)
            guard snd_ctl_elem_read(ctl, value) == 0, let bytes = snd_ctl_elem_value_get_bytes(value) else { continue }
            let eld = Array(UnsafeRawBufferPointer(start: bytes, count: count).bindMemory(to: UInt8.self))
            if let sink = HDMIAudio.Sink(card: card, eld: eld) { out[Int(device)] = sink }
        }
        return out
    }

    private static func text(_ path: String) -> String? {
        (try? Files.read(path, limit: 1 << 20)).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func entries(_ path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let e = readdir(dir) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
